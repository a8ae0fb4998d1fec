import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";
import { verdicts } from "./grading-helpers.ts";

const acceptanceItem = makeItem({
  id: "T100",
  prompt: "选型后怎么验收？",
  keyPoints: [
    { id: "k1", weight: 2, concepts: [["定位", "排查"], ["数据", "工具"]] },
    { id: "k2", text: "用独立任务、坏例验收，不能只看训练分数", concepts: [["验收", "评估"], ["独立任务", "坏例", "训练分数"]] },
  ],
});

const environmentItem = makeItem({
  id: "T101",
  prompt: "接入代理后为什么还需要环境？",
  keyPoints: [
    { id: "k1", concepts: [["代理"], ["捕获", "记录"]] },
    { id: "k2", weight: 2, concepts: [["初始状态", "奖励"], ["环境"]] },
  ],
});

/** Modelled on Q092.f1: the page names f1.k1 as denied by the belief that the proxy is a whole trainer. */
const proxyBelief = { id: "m1", statement: "把采集代理当作完整训练器", concepts: [["代理", "网关"], ["训练器", "自己训练", "完整训练"]] };
const proxyFollowUp = (contradicts?: string[]) =>
  makeItem({
    id: "T103.f1",
    prompt: "接入代理后为什么还需要环境？",
    keyPoints: [
      { id: "k1", text: "代理只能捕获模型调用", concepts: [["代理"], ["捕获", "记录", "调用"]] },
      { id: "k2", weight: 2, text: "初始状态、奖励都来自环境", concepts: [["初始状态", "奖励"], ["环境"]] },
    ],
    misconceptions: [contradicts === undefined ? proxyBelief : { ...proxyBelief, contradicts }],
  });

describe("contradicted points", () => {
  it("reports a point whose key term the answer says is not needed as contradicted, with the words", () => {
    const result = grade(acceptanceItem, "先排查是数据还是工具的问题。独立任务和坏例没必要再看。");
    expect(verdicts(result)).toEqual({ k1: "hit", k2: "contradicted" });
    expect(result.keyPoints[1]?.evidence).toEqual(["独立任务和坏例没必要再看"]);
    expect(result.keyPoints[1]?.contradicted).toBe(true);
    // A weight-1 point contradicted caps the rating at hard.
    expect(result.suggestedRating).not.toMatch(/good|easy/);
  });

  it("rates an answer that contradicts a weight-2 point again, whatever else it hits", () => {
    const result = grade(environmentItem, "代理会记录所有调用，其实不需要环境。");
    expect(verdicts(result)).toMatchObject({ k1: "hit", k2: "contradicted" });
    expect(result.suggestedRating).toBe("again");
  });

  it("does not take a claim denied as a whole (不能说 X) or the point's own negation for a contradiction", () => {
    expect(verdicts(grade(acceptanceItem, "评估时不能只看训练分数。")).k2).toBe("partial");
    expect(verdicts(grade(environmentItem, "不能说环境就不重要。")).k2).not.toBe("contradicted");
  });

  it("does not read a negator that belongs to an earlier term into a later one", () => {
    const item = makeItem({ id: "T104", keyPoints: [{ id: "k1", polarity: "deny", concepts: [["奖励"]] }, { id: "k2", concepts: [["SFT"], ["示范"]] }] });
    expect(verdicts(grade(item, "没有奖励的话 SFT 也能训练。")).k2).not.toBe("contradicted");
  });
});

describe("colloquial negators and questions", () => {
  const item = makeItem({
    id: "T102",
    prompt: "把成功对话全部拼起来训练行吗？",
    keyPoints: [{ id: "k1", polarity: "deny", concepts: [["全部拼", "拼起来"]] }, { id: "k2", concepts: [["去重"]] }],
  });

  it.each(["别直接全拼起来训。", "犯不着全部拼起来。", "没必要全部拼起来训练。", "用不着拼起来。"])("%s denies the point", (answer) => {
    expect(verdicts(grade(item, answer)).k1).toBe("hit");
  });

  it.each(["行啊，全部拼起来就好。", "没问题。", "能啊"])("%s answers yes, which contradicts it", (answer) => {
    expect(verdicts(grade(item, answer)).k1).toBe("contradicted");
  });

  it.each(["嗯，行啊，直接训就好。", "我觉得行，直接训就好。", "嗯可以吧，直接训。"])("%s answers yes after a filler", (answer) => {
    expect(verdicts(grade(item, answer)).k1).toBe("contradicted");
  });

  it.each(["嗯，不行，得先去重。", "嗯不行吧，得先去重。"])("%s answers no after a filler", (answer) => {
    expect(verdicts(grade(item, answer)).k1).toBe("hit");
  });

  it("reads nothing as denied inside an A-not-A question", () => {
    const diagnosis = makeItem({ id: "T103", keyPoints: [{ id: "k1", concepts: [["先看", "区分"], ["格式", "参数"]] }] });
    expect(verdicts(grade(diagnosis, "先看看是不是参数格式不对。")).k1).toBe("hit");
  });
});

describe("a point that removes something", () => {
  const item = makeItem({
    id: "T105",
    keyPoints: [{ id: "k1", weight: 2, text: "用组内均值作基准，减少对单独价值模型的依赖", concepts: [["一组", "组内"], ["均值", "基准"], ["价值模型"]] }],
  });

  it("is contradicted by an answer saying the removed thing is still needed", () => {
    const result = grade(item, "用组内均值做基准，但还是得单独训练一个价值模型。");
    expect(verdicts(result)).toEqual({ k1: "contradicted" });
    expect(result.suggestedRating).toBe("again");
  });

  it("is made by an answer that removes it", () => {
    expect(verdicts(grade(item, "用组内均值做基准，用不着单独的价值模型。"))).toEqual({ k1: "hit" });
  });

  it("is contradicted by the thing said first, then still needed with a short verb", () => {
    expect(verdicts(grade(item, "GRPO 就是换了个皮，价值模型还是得单独训一个，组内均值只是顺手做的基准。"))).toEqual({ k1: "contradicted" });
    expect(verdicts(grade(item, "价值模型仍需另外训练。"))).toEqual({ k1: "contradicted" });
  });

  it("is not contradicted by asking whether the thing is still needed, at the end of the answer or before another sentence", () => {
    for (const answer of ["价值模型还要不要？", "还要单独的价值模型吗？", "还要单独的价值模型吗？我觉得不用了。"]) {
      expect(verdicts(grade(item, answer)).k1).not.toBe("contradicted");
    }
  });
});

describe("a clause whose last word on the point dismisses it", () => {
  const item = makeItem({ id: "T107", keyPoints: [{ id: "k1", text: "对齐框架要查看具体实现", concepts: [["框架", "实现"], ["对齐", "查看", "查"]] }] });

  it("contradicts the point, though it named the point's words before", () => {
    expect(verdicts(grade(item, "所以对齐框架时不用去查实现。"))).toEqual({ k1: "contradicted" });
  });

  it("leaves the point made when the clause comes back to it", () => {
    expect(verdicts(grade(item, "对齐框架时不用猜，去查实现。"))).toEqual({ k1: "hit" });
  });
});

describe("a denied claim made over two clauses", () => {
  const item = makeItem({ id: "T109", keyPoints: [{ id: "k1", polarity: "deny", text: "提示和记忆只改变推理输入，不等于训练", concepts: [["提示", "prompt", "记忆"], ["训练"]] }] });

  it("contradicts the point when the second clause goes on about the first", () => {
    expect(verdicts(grade(item, "改 prompt、加记忆，这些其实也是一种训练。"))).toEqual({ k1: "contradicted" });
    expect(verdicts(grade(item, "prompt 和记忆调好，本质上就是一种训练。"))).toEqual({ k1: "contradicted" });
  });

  it("makes the point when the second clause denies it", () => {
    expect(verdicts(grade(item, "改 prompt、加记忆，这些都不是训练。"))).toEqual({ k1: "hit" });
  });
});

describe("a key term denied after the other named only as the topic", () => {
  const item = makeItem({ id: "T110", keyPoints: [{ id: "k1", text: "SFT 使用示范作为目标", concepts: [["SFT"], ["示范"]] }] });

  it("contradicts the point", () => {
    expect(verdicts(grade(item, "SFT 的话，其实不需要什么示范答案，拿模型自己的输出回灌就行。"))).toEqual({ k1: "contradicted" });
  });

  it("leaves a clause that says something of the other alone", () => {
    expect(verdicts(grade(item, "SFT 照样能训，不需要示范答案的那部分另说。")).k1).not.toBe("contradicted");
  });
});

describe("a term opening with a modal after another term", () => {
  const item = makeItem({ id: "T111", keyPoints: [{ id: "k1", text: "保留轨迹与动作边界", concepts: [["轨迹", "动作边界"], ["得留", "要留"]] }, { id: "k2", text: "可用于示范任务", concepts: [["示范"], ["可以"]] }] });

  it("is a predicate of it, so a terse answer is no keyword list", () => {
    const result = grade(item, "示范任务可以。轨迹和动作边界得留");
    expect(result.keywordSalad).toBe(false);
    expect(verdicts(result).k1).toBe("hit");
  });
});

describe("terms a colon introduces after a claim", () => {
  const item = makeItem({ id: "T108", keyPoints: [{ id: "k1", text: "仍能帮助理解解耦与轨迹转换", concepts: [["解耦"], ["轨迹转换"]] }, { id: "k2", text: "按分支读取", concepts: [["分支"], ["按", "看"]] }] });

  it("complete the claim, so terse notes are no keyword list", () => {
    const result = grade(item, "旧论文仍有价值：解耦+轨迹转换。写代码看分支。");
    expect(result.keywordSalad).toBe(false);
    expect(verdicts(result)).toEqual({ k1: "hit", k2: "hit" });
  });

  it("leave a bare list a list", () => {
    expect(grade(item, "解耦+轨迹转换，分支。").keywordSalad).toBe(true);
  });
});

describe("spoken synonyms and English inflections", () => {
  it("matches 分清 for 区分 and blaming for blame", () => {
    const item = makeItem({ id: "T106", keyPoints: [{ id: "k1", concepts: [["区分"], ["格式"]] }, { id: "k2", polarity: "deny", concepts: [["blame the model"]] }] });
    expect(verdicts(grade(item, "先分清是不是格式错了。Don't keep blaming the model."))).toEqual({ k1: "hit", k2: "hit" });
  });
});

describe("points a misconception denies (相反要点)", () => {
  it("reports a point the page names under a misconception's 相反要点 as contradicted when the answer asserts it", () => {
    const answer = "其实不需要环境，代理接上以后它自己就是完整训练器。";
    const linked = grade(proxyFollowUp(["f1.k1"]), answer);
    expect(linked.misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(verdicts(linked)).toMatchObject({ k1: "contradicted" });
    expect(linked.keyPoints[0]?.evidence).toEqual(linked.misconceptions[0]?.evidence);
    // Without the link the belief is flagged, and the point is only missed.
    expect(verdicts(grade(proxyFollowUp(), answer))).toMatchObject({ k1: "missed" });
    // A link to the main answer's k1 ("k1") is not one to this follow-up's.
    expect(verdicts(grade(proxyFollowUp(["k1"]), answer))).toMatchObject({ k1: "missed" });
  });

  it("keeps a linked point hit when the answer makes it, whatever belief it also asserts", () => {
    const result = grade(proxyFollowUp(["f1.k1"]), "代理只能记录模型调用；不过接上代理它自己就是完整训练器。");
    expect(verdicts(result)).toMatchObject({ k1: "hit" });
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });
});

describe("things a point says differ, called one thing", () => {
  const rolesItem = makeItem({
    id: "T104",
    prompt: "v1 的组件怎样分工？",
    keyPoints: [{ id: "k1", text: "训练端、调用代理和控制器职责不同", concepts: [["训练端", "trainer"], ["代理", "gateway"], ["控制器", "controller"]] }],
  });

  it.each([
    "Trainer、Gateway 和 Controller 其实是同一个进程的三个名字。",
    "训练端跟代理、控制器实为一体，不用分。",
    "Honestly the trainer, the gateway and the controller are one process.",
  ])("contradicts the point: %s", (answer) => {
    expect(verdicts(grade(rolesItem, answer))).toEqual({ k1: "contradicted" });
  });

  it("leaves the point made when the identity is denied, or a difference is said beside it", () => {
    expect(verdicts(grade(rolesItem, "Trainer、Gateway 和 Controller 并不是同一个进程，各管各的。"))).toEqual({ k1: "hit" });
    expect(verdicts(grade(rolesItem, "Trainer、Gateway 和 Controller 可以跑在一个进程里，但职责不同。"))).toEqual({ k1: "hit" });
  });

  it("leaves the point made in another sentence standing", () => {
    expect(verdicts(grade(rolesItem, "训练端、代理和控制器职责不同。部署时 trainer 和 gateway 可以是同一个进程。"))).toEqual({ k1: "hit" });
  });
});

describe("a point that says a thing may happen", () => {
  const riskItem = makeItem({
    id: "T130.f3",
    prompt: "奖励越复杂越好吗？",
    keyPoints: [{ id: "k1", text: "复杂加权可能掩盖严重错误或留下可投机的捷径", concepts: [["掩盖", "漏洞", "loophole", "捷径"]] }],
  });

  it("is not denied by saying there is no need to look for the thing", () => {
    expect(verdicts(grade(riskItem, "曲线一直涨就行，没必要专门去找漏洞。")).k1).not.toBe("contradicted");
    expect(verdicts(grade(riskItem, "reward 涨就 ok，不用另外去 check 什么 loophole。")).k1).not.toBe("contradicted");
  });

  it("is denied by saying the thing cannot happen", () => {
    expect(verdicts(grade(riskItem, "加权再复杂也不会有漏洞。")).k1).toBe("contradicted");
  });
});
