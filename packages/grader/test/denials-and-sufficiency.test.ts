// Ways of denying or claiming sameness, necessity and sufficiency in speech, each pinned with
// sentences of its own (none of them is a labelled answer).
import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";
import { verdicts, negated } from "./grading-helpers.ts";

describe("denying sameness", () => {
  const sameItem = makeItem({
    id: "D001",
    prompt: "换一种方差口径，结果一样吗？",
    keyPoints: [{ id: "k1", polarity: "deny", concepts: [["一样", "相同", "不同"]] }, { id: "k2", concepts: [["方差"], ["n-1"]] }],
  });
  const interfaceItem = makeItem({
    id: "D002",
    keyPoints: [{ id: "k1", concepts: [["旧版"], ["重构", "阶段"]] }],
    misconceptions: [{ id: "m1", statement: "把旧版和新版当成同一套接口", concepts: [["旧版"], ["一样", "通用"]] }],
  });

  it("reads 不一样 as denying 一样, though 不一样 negates nothing after it", () => {
    expect(negated("两种口径算出来不一样", "一样")).toBe(true);
    expect(negated("不一样的口径要分开写", "口径")).toBe(false);
    expect(negated("能不能一样处理", "一样")).toBe(false);
  });

  it("makes the denial with 不一样 or 不同, and with a leading 不同", () => {
    expect(verdicts(grade(sameItem, "结果会不一样，方差除的是 n-1。")).k1).toBe("hit");
    expect(verdicts(grade(sameItem, "两种算法结果不同。")).k1).toBe("hit");
    expect(verdicts(grade(sameItem, "不同，样本方差除以 n-1。")).k1).toBe("hit");
    expect(verdicts(grade(sameItem, "结果是一样的。")).k1).toBe("contradicted");
  });

  it("does not flag a misconception of sameness in an answer saying they differ", () => {
    expect(grade(interfaceItem, "旧版和新版不一样，代码已经重构。").misconceptions).toEqual([]);
    expect(grade(interfaceItem, "旧版和新版其实一样，可以通用。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });
});

describe("what the point says is not enough, said to be enough", () => {
  const acceptance = makeItem({
    id: "D003",
    keyPoints: [{ id: "k1", text: "上线前用留出任务和失败样例验收，不能只看训练曲线", concepts: [["验收", "评估"], ["留出任务", "失败样例", "训练曲线"]] }],
  });

  it.each([
    "评估时光看训练曲线就够了。",
    "训练曲线一直往上走就足以证明模型变好了。",
    "留出任务犯不着做，训练曲线好看就行。",
  ])("%s contradicts the point", (answer) => {
    expect(verdicts(grade(acceptance, answer)).k1).toBe("contradicted");
  });

  it("does not count the plain mention towards the point", () => {
    expect(verdicts(grade(acceptance, "评估主要看训练曲线。")).k1).not.toBe("hit");
  });

  it.each([
    "评估不能只看训练曲线，要跑留出任务。",
    "除了训练曲线，还要拿失败样例来验收。",
    "训练曲线只能参考，验收靠留出任务。",
  ])("%s makes the point", (answer) => {
    expect(verdicts(grade(acceptance, answer)).k1).toBe("hit");
  });
});

describe("a point that asks which or whether", () => {
  const masking = makeItem({
    id: "D004",
    keyPoints: [{ id: "k1", weight: 2, text: "说清哪些片段计入损失", concepts: [["片段", "token"], ["计入", "参与"]] }],
  });

  it("is made by saying which do not take part", () => {
    expect(verdicts(grade(masking, "工具返回的片段不计入损失，只有模型写的才参与。")).k1).toBe("hit");
    expect(verdicts(grade(masking, "检索回来的 token 不参与。")).k1).toBe("hit");
  });

  it("reaches only what the question word governs: 是否更新要检查计算图 asks about 更新, not 计算图", () => {
    const check = makeItem({ id: "D005", keyPoints: [{ id: "k1", text: "是否更新要检查计算图", concepts: [["计算图"], ["检查"]] }] });
    expect(verdicts(grade(check, "不用检查计算图。")).k1).toBe("contradicted");
  });
});

describe("a hedge closing a clause", () => {
  it("denies the term's claim when a short predicate follows it", () => {
    expect(negated("打分规则越细不一定越好", "越细")).toBe(true);
    expect(negated("加更多的项未必更准", "更多的项")).toBe(true);
    expect(negated("这种评测不见得有用", "评测")).toBe(true);
  });

  it("does not deny it with a long predicate after the hedge, or a second negation there", () => {
    expect(negated("打分规则越细不一定能让模型在所有任务上都学得更好", "越细")).toBe(false);
    expect(negated("打分规则越细未必不好", "越细")).toBe(false);
  });
});

describe("aliases that carry a negation", () => {
  const stillItem = makeItem({
    id: "D006",
    prompt: "这一批奖励都相同时模型还学得到东西吗？",
    keyPoints: [{ id: "k1", polarity: "deny", concepts: [["奖励相同"], ["梯度为零", "没有梯度", "不更新"]] }],
  });
  const denialItem = makeItem({
    id: "D007",
    keyPoints: [{ id: "k1", polarity: "deny", concepts: [["打分模型", "无需打分模型"]] }],
  });
  const sameItem = makeItem({ id: "D008", prompt: "换了口径结果一样吗？", keyPoints: [{ id: "k1", polarity: "deny", concepts: [["一样", "不变"]] }] });

  it("state their concept when the negation is what the concept means (不更新 beside 梯度为零)", () => {
    expect(verdicts(grade(stillItem, "奖励相同并不代表不更新。")).k1).toBe("hit");
    expect(verdicts(grade(stillItem, "奖励相同也不意味着没有梯度。")).k1).toBe("hit");
    expect(verdicts(grade(stillItem, "奖励相同就不更新了。")).k1).toBe("contradicted");
    expect(verdicts(grade(sameItem, "结果不变。")).k1).toBe("contradicted");
  });

  it("deny their concept when they negate another alias of it (无需打分模型 beside 打分模型)", () => {
    expect(verdicts(grade(denialItem, "这种做法无需打分模型。")).k1).toBe("hit");
  });
});

describe("near misses of an alias that holds a negator", () => {
  const item = makeItem({
    id: "D009",
    keyPoints: [{ id: "k1", concepts: [["正则项"]] }],
    misconceptions: [{ id: "m1", statement: "同分就没有梯度", concepts: [["同分"], ["没有梯度"]] }],
  });

  it("are not taken: the same words without the negator say the opposite", () => {
    expect(grade(item, "同分时照样可能有梯度，还有正则项。").misconceptions).toEqual([]);
    expect(grade(item, "同分时就没有梯度了。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });
});

describe("a negator inside a term", () => {
  const item = makeItem({
    id: "D010",
    keyPoints: [
      { id: "k1", concepts: [["验收", "评估"], ["留出任务", "没见过的任务", "失败样例"]] },
      { id: "k2", weight: 2, concepts: [["看不到", "丢失"], ["中间步骤", "纠错"]] },
    ],
    misconceptions: [{ id: "m1", statement: "新旧版本是一回事", concepts: [["新旧版本"], ["一回事"]] }],
  });

  it("belongs to the term and negates nothing around it", () => {
    expect(verdicts(grade(item, "拿没见过的任务和失败样例来验收。")).k1).toBe("hit");
    expect(verdicts(grade(item, "只存结果，中间步骤和纠错就看不到了。")).k2).toBe("hit");
  });

  it("still negates a term it runs into: 不能混 before 混用", () => {
    const versions = makeItem({
      id: "D010b",
      keyPoints: [{ id: "k1", concepts: [["旧版"], ["重构", "不能混"]] }],
      misconceptions: [{ id: "m1", statement: "旧版示例可以混用", concepts: [["旧示例"], ["混用"]] }],
    });
    expect(grade(versions, "旧版重构过了，所以千万不能混用旧示例。").misconceptions).toEqual([]);
  });

  it("still negates a term it holds: 不是一回事 denies 一回事", () => {
    expect(grade(item, "新旧版本不是一回事。").misconceptions).toEqual([]);
    expect(grade(item, "新旧版本就是一回事。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });
});

describe("a fault named in an embedded question", () => {
  const item = makeItem({ id: "D011", keyPoints: [{ id: "k1", weight: 2, concepts: [["先看", "检查", "分析"], ["格式", "入参"]] }] });

  it.each(["先看一下是格式不对还是入参错了。", "检查一下是不是入参不对。", "分析是格式不对还是别的。"])("%s does not deny the fault", (answer) => {
    expect(verdicts(grade(item, answer)).k1).toBe("hit");
  });
});

describe("a point listing three things, said one a sentence", () => {
  const item = makeItem({
    id: "D012",
    keyPoints: [{ id: "k1", weight: 2, concepts: [["监督学习"], ["对比学习"], ["强化学习"]] }, { id: "k2", concepts: [["标注"], ["成本"]] }],
  });

  it("is made by sentences running on", () => {
    expect(verdicts(grade(item, "监督学习靠标签。对比学习靠正负样本。强化学习靠奖励。")).k1).toBe("hit");
  });

  it("takes a concept the point itself removes in its removed form", () => {
    const removal = makeItem({
      id: "D012b",
      keyPoints: [{ id: "k1", weight: 2, text: "拿同组的平均分作参照，减少对单独打分网络的依赖", concepts: [["同组"], ["平均分", "参照"], ["打分网络"]] }],
    });
    expect(verdicts(grade(removal, "每次同组采几个回答。拿它们的平均分作参照。这样就用不着打分网络。")).k1).toBe("hit");
  });

  it("is not made by sentences too far apart, by a denied one, or by a two-concept point split up", () => {
    expect(verdicts(grade(item, "监督学习靠标签。天气不错。周末去哪。对比学习靠正负样本。强化学习靠奖励。")).k1).toBe("partial");
    expect(verdicts(grade(item, "监督学习靠标签。对比学习靠正负样本。这里不用强化学习。")).k1).not.toBe("hit");
    expect(verdicts(grade(item, "标注要仔细。成本要控制。")).k2).toBe("partial");
  });
});

describe("a short answer removing what the point removes", () => {
  const item = makeItem({
    id: "D013",
    keyPoints: [{ id: "k1", weight: 2, text: "拿同组的平均分作参照，减少对单独打分网络的依赖", concepts: [["同组"], ["平均分", "参照"], ["打分网络"]] }],
  });

  it("earns part of the point, not 0", () => {
    const result = grade(item, "这样就用不着单独的打分网络了。");
    expect(verdicts(result).k1).toBe("partial");
    expect(result.score).toBeGreaterThan(0);
    expect(verdicts(grade(item, "这里有个打分网络。")).k1).toBe("missed");
  });
});

describe("saying a removed thing is still needed", () => {
  const item = makeItem({
    id: "D014",
    keyPoints: [{ id: "k1", weight: 2, text: "拿同组的平均分作参照，减少对单独打分网络的依赖", concepts: [["同组"], ["平均分", "参照"], ["打分网络"]] }],
  });

  it.each([
    "同组拿平均分作参照，但照样需要单独的打分网络。",
    "同组拿平均分作参照，打分网络还是少不了。",
    "同组拿平均分作参照，打分网络必不可少。",
    "同组拿平均分作参照，可一定得有打分网络。",
  ])("%s contradicts the point", (answer) => {
    const result = grade(item, answer);
    expect(verdicts(result).k1).toBe("contradicted");
    expect(result.suggestedRating).toBe("again");
  });

  it("reads 少不了 X as X needed, not as X negated", () => {
    expect(negated("少不了打分网络", "打分网络")).toBe(false);
    expect(verdicts(grade(item, "同组拿平均分作参照，就用不着打分网络了。")).k1).toBe("hit");
  });
});

describe("a handling verb closing a clause", () => {
  it("says the term needs no handling, also when the verb starts like an adverb (去重)", () => {
    expect(negated("重复日志也不用去重", "重复日志")).toBe(true);
    expect(negated("新旧版本没必要对齐", "新旧版本")).toBe(true);
    expect(negated("重复日志要去重", "重复日志")).toBe(false);
  });
});

describe("A-not-A questions of any verb", () => {
  it("ask rather than deny (动没动, 变不变)", () => {
    expect(negated("到底动没动参数要看计算图", "计算图")).toBe(false);
    expect(negated("结果变不变要看实现", "实现")).toBe(false);
    expect(negated("不用看计算图", "计算图")).toBe(true);
  });

  it("deny the term when the clause closes saying it does not matter either way", () => {
    expect(negated("中间步骤留不留无所谓", "中间步骤")).toBe(true);
    expect(negated("留不留中间步骤都行", "中间步骤")).toBe(true);
    expect(negated("不能说中间步骤留不留无所谓", "中间步骤")).toBe(false);
  });
});

describe("colloquial negators, split terms and short answers on an item of their own", () => {
  const item = makeItem({
    id: "N001",
    prompt: "离线蒸馏需要教师打分吗？",
    keyPoints: [
      { id: "k1", polarity: "deny", concepts: [["打分模型", "打分"]] },
      { id: "k2", concepts: [["学生模型"], ["软标签", "概率分布"]] },
      { id: "k3", weight: 2, concepts: [["温度"], ["调高", "升高"]] },
    ],
  });

  it.each([
    "用不着打分模型，学生模型直接学软标签。",
    "犯不着搞打分，学生模型学概率分布就行。",
    "打分模型没必要，而是让学生模型学软标签。",
    "别用打分模型，学生模型学软标签就好。",
    "不用打分，但学生模型得学软标签。",
  ])("%s denies k1 and leaves k2 after the contrast or comma alone", (answer) => {
    expect(verdicts(grade(item, answer))).toMatchObject({ k1: "hit", k2: "hit" });
  });

  it.each([
    ["学生模型学的是软的那个标签。", "k2"],
    ["学生的那个模型学软标签。", "k2"],
    ["温度这个参数要调高。", "k3"],
    ["把温度调得高一点。", "k3"],
  ])("finds the term split by a particle, a measure word or 得 in %s", (answer, id) => {
    expect(verdicts(grade(item, answer))[id]).toBe("hit");
  });

  it("gives a short answer stating one point exactly its share", () => {
    expect(grade(item, "无需打分模型。").score).toBeCloseTo(0.25);
    expect(grade(item, "温度要调高。")).toMatchObject({ score: 0.5, suggestedRating: "hard" });
  });
});
