// Constructions, not answers: every way of dismissing or requiring a step that Chinese offers,
// applied to the steps the bank's points ask for. A template that works for one point and not
// another shows where negation scope depends on a point's length or wording (a long list before
// "没必要", a double negative like "别忘了"), which no single labelled answer would reveal.
import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { CONTENT_DIR } from "../eval/evaluation.ts";
import { grade } from "../src/index.ts";

const bank = await loadBank(CONTENT_DIR);

/** A point that asks for a step, and the step said plainly (short and long, lists and single verbs). */
const STEPS: ReadonlyArray<readonly [item: string, point: string, step: string]> = [
  ["Q090", "k1", "先定位错误是数据、工具还是模型的问题"],
  ["Q090", "k4", "用独立任务和坏例验收"],
  ["Q090.f2", "k2", "标清角色、动作和工具观察"],
  ["Q090.f2", "k3", "明确哪些 token 参与训练目标"],
  ["Q090.f2", "k4", "检查近重复和泄漏"],
  ["Q090.f3", "k1", "先区分是格式、参数、执行器还是数据问题"],
  ["Q091.f1", "k3", "查看框架的具体实现"],
  ["Q091.f2", "k3", "检查实际的计算图和优化步骤"],
  ["Q091.f3", "k2", "保证奖励可验证、和目标一致"],
  ["Q092", "k4", "区分动作和观察、重复日志和新采样"],
  ["Q092.f2", "k2", "按对应分支和当前架构去读"],
  ["Q092.f3", "k3", "保留必要的轨迹和动作边界"],
];

/** Ways of saying the step is not needed: each contradicts the point. */
const DISMISSALS = [
  "{X}没必要。", "没必要{X}。", "用不着{X}。", "{X}什么的，用不着。", "至于{X}，没必要。", "{X}这一步可以省掉。",
  "{X}纯属多余。", "何必{X}？", "哪用得着{X}？", "{X}意义不大。", "不用{X}，直接上线。", "{X}？没必要吧。",
  "{X}可有可无。", "犯不着{X}。", "{X}是多此一举。", "跳过{X}也行。", "不{X}也没关系。", "{X}不重要。",
  "{X}纯属浪费时间。", "{X}那些就算了，直接训。", "谁还{X}啊，直接训。", "{X}大可不必。", "无需{X}。", "{X}没啥用。",
  "{X}就免了吧。", "省掉{X}也没事。", "不{X}也行。", "其实不需要{X}。", "{X}都是虚的，没用。",
];

/** Ways of saying the step is required, several through two negations: each makes the point, none contradicts it. */
const REQUIREMENTS = [
  "一定要{X}。", "{X}很关键。", "别忘了{X}。", "不能不{X}。", "{X}必不可少。", "没有{X}不行。", "{X}不能省。",
  "千万别跳过{X}。", "不光看训练分数，还要{X}。", "{X}，这一步没法省。", "{X}绝对有必要。", "不{X}的话肯定出问题。", "我觉得{X}是必须的。",
];

function verdictsOf(templates: readonly string[]): Array<{ template: string; verdicts: string[] }> {
  return templates.map((template) => ({
    template,
    verdicts: STEPS.map(([itemId, pointId, step]) => {
      const item = bank.itemsById.get(itemId);
      if (!item) throw new Error(`no item ${itemId}`);
      const point = grade(item, template.replace("{X}", step)).keyPoints.find((p) => p.id === pointId);
      if (!point) throw new Error(`no point ${itemId}.${pointId}`);
      return point.verdict;
    }),
  }));
}

const count = (rows: ReturnType<typeof verdictsOf>, verdict: string): number =>
  rows.reduce((sum, row) => sum + row.verdicts.filter((v) => v === verdict).length, 0);

describe("dismissing a step the point asks for", () => {
  const rows = verdictsOf(DISMISSALS);
  it("contradicts the point in nine cases of ten or more", () => {
    // 329 of 348 when written; the misses are a few rhetorical forms on two points.
    expect(count(rows, "contradicted") / (DISMISSALS.length * STEPS.length)).toBeGreaterThanOrEqual(0.9);
  });
  it("credits the dismissed step as made for two steps at most, in any way of dismissing it", () => {
    // A dismissal read as the point itself is the worst error: the member is told they were right.
    const credited = rows.filter((row) => row.verdicts.filter((v) => v === "hit").length > 2).map((row) => row.template);
    expect(credited).toEqual([]);
  });
  it("works whatever the step's length: lists before the negation are denied as a whole", () => {
    for (const template of ["{X}没必要。", "{X}可有可无。", "{X}什么的，用不着。", "{X}这一步可以省掉。"]) {
      const row = rows.find((r) => r.template === template);
      expect(row?.verdicts.filter((v) => v === "contradicted").length, template).toBeGreaterThanOrEqual(10);
    }
  });
});

describe("requiring a step, plainly or through two negations", () => {
  const rows = verdictsOf(REQUIREMENTS);
  it("never reads it as a contradiction", () => {
    expect(rows.filter((row) => row.verdicts.includes("contradicted")).map((row) => row.template)).toEqual([]);
  });
  it("makes the point", () => {
    expect(count(rows, "hit") / (REQUIREMENTS.length * STEPS.length)).toBeGreaterThanOrEqual(0.95);
  });
});

/**
 * The same steps with the object said first, as spoken Chinese likes it, and a verb of any kind
 * after the negator ("独立任务和坏例没必要再测一遍"): the topic is what is not needed.
 */
const TOPIC_STEPS: ReadonlyArray<readonly [item: string, point: string, topic: string, verb: string]> = [
  ["Q090", "k4", "独立任务和坏例", "再测一遍"],
  ["Q090.f2", "k2", "角色、动作和工具观察", "标出来"],
  ["Q090.f2", "k4", "近重复和泄漏", "专门查"],
  ["Q090.f3", "k1", "格式、参数、执行器还是数据问题", "一个个排"],
  ["Q091.f1", "k3", "框架的具体实现", "去翻"],
  ["Q091.f2", "k3", "计算图和优化步骤", "再核对"],
  ["Q092", "k4", "动作和观察、重复日志和新采样", "分得那么细"],
  ["Q092.f3", "k3", "轨迹和动作边界", "留着"],
];
const TOPIC_DISMISSALS = ["{O}没必要{V}。", "{O}用不着{V}。", "{O}犯不着{V}了。", "{O}就不需要{V}了。", "{O}无需{V}。", "{O}其实不用{V}。", "{O}没啥必要{V}吧。"];
const TOPIC_REQUIREMENTS = ["{O}一定要{V}。", "{O}得{V}。", "{O}不能不{V}。", "{O}还是要{V}的。", "{O}千万别忘了{V}。"];

function topicVerdicts(templates: readonly string[]): string[] {
  return templates.flatMap((template) =>
    TOPIC_STEPS.map(([itemId, pointId, topic, verb]) => {
      const item = bank.itemsById.get(itemId);
      if (!item) throw new Error(`no item ${itemId}`);
      const point = grade(item, template.replace("{O}", topic).replace("{V}", verb)).keyPoints.find((p) => p.id === pointId);
      if (!point) throw new Error(`no point ${itemId}.${pointId}`);
      return point.verdict;
    }));
}

describe("the step said first, then a necessity negator and any verb", () => {
  it("contradicts the point in nine cases of ten or more", () => {
    // 36 of 56 before the verb after the negator could be any verb; 53 of 56 since.
    const verdicts = topicVerdicts(TOPIC_DISMISSALS);
    expect(verdicts.filter((v) => v === "contradicted").length / verdicts.length).toBeGreaterThanOrEqual(0.9);
  });
  it("never reads a requirement said the same way as a contradiction", () => {
    expect(topicVerdicts(TOPIC_REQUIREMENTS).filter((v) => v === "contradicted")).toEqual([]);
  });
  it("reads the words before the negator as its subject when the verb has an object or an agent", () => {
    // "DPO 不需要谁给打个分": DPO is what needs no score, not what is waved away.
    const item = bank.itemsById.get("Q090.f1");
    if (!item) throw new Error("no item Q090.f1");
    const dpo = grade(item, "SFT 照着写好的答案模仿，DPO 也一样不需要谁给打个分。").keyPoints.find((p) => p.id === "k3");
    expect(dpo?.verdict).not.toBe("contradicted");
  });
  it("measures the words before the negator with an English term as one word", () => {
    // "和bad case" is nine characters but two words: the list still closes with the negator.
    const item = bank.itemsById.get("Q090");
    if (!item) throw new Error("no item Q090");
    const checks = grade(item, "独立测试集和bad case没必要专门再跑一遍。").keyPoints.find((p) => p.id === "k4");
    expect(checks?.verdict).toBe("contradicted");
  });
});

describe("a thing a point asks to remove, said not to be kept", () => {
  const verdict = (itemId: string, pointId: string, answer: string): string | undefined => {
    const item = bank.itemsById.get(itemId);
    if (!item) throw new Error(`no item ${itemId}`);
    return grade(item, answer).keyPoints.find((p) => p.id === pointId)?.verdict;
  };
  it("makes the point: 重复样本没必要留 is dedup", () => {
    for (const answer of ["重复样本也没必要留。", "近重复的对话别留着。", "泄漏的样本不能留。"]) expect(verdict("Q090.f2", "k4", answer), answer).toBe("hit");
  });
  it("still denies a point asking to keep it, and a check waved away", () => {
    expect(verdict("Q092.f3", "k3", "轨迹和动作边界没必要留。")).toBe("contradicted");
    expect(verdict("Q090.f2", "k4", "近重复没必要查。")).toBe("contradicted");
  });
});
