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
