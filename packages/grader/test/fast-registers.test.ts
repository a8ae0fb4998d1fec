// Registers of the fourth labelled batch, each pinned with sentences of its own (none of them is a
// labelled answer): fast typing, rambling speech, ways of denying a point and follow-up claims.
import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";
import { verdicts, negated } from "./grading-helpers.ts";
import { tooSlow } from "./linear-time.ts";

describe("English contractions typed without the apostrophe", () => {
  const retrainItem = makeItem({
    id: "R001",
    keyPoints: [{ id: "k1", polarity: "deny", concepts: [["retrain", "blame the model"]] }],
  });

  it("negates like the contraction it stands for", () => {
    expect(negated("you dont retrain it", "retrain")).toBe(true);
    expect(negated("it doesnt need a critic", "critic")).toBe(true);
    expect(negated("we cant skip the eval", "eval")).toBe(true);
    expect(negated("you don't retrain it", "retrain")).toBe(true);
    expect(negated("you should retrain it", "retrain")).toBe(false);
  });

  it("makes a denying point instead of contradicting it", () => {
    expect(verdicts(grade(retrainItem, "i wouldnt blame the model first, look at the logs")).k1).toBe("hit");
    expect(verdicts(grade(retrainItem, "we shouldnt retrain right away")).k1).toBe("hit");
    expect(verdicts(grade(retrainItem, "we should retrain right away")).k1).toBe("contradicted");
  });
});

describe("a term that only sets the time of another action", () => {
  const mergeItem = makeItem({
    id: "R002",
    keyPoints: [
      { id: "k1", polarity: "deny", concepts: [["合并", "混在一起"]] },
      { id: "k2", concepts: [["去重"], ["日志"]] },
    ],
  });

  it("does not assert what a denying point denies", () => {
    expect(verdicts(grade(mergeItem, "合并之前先把日志去重。")).k1).not.toBe("contradicted");
    expect(verdicts(grade(mergeItem, "混在一起的时候要先给日志去重。")).k1).not.toBe("contradicted");
  });

  it("still asserts it when the term is the claim itself", () => {
    expect(verdicts(grade(mergeItem, "全部合并就行，日志不用去重。")).k1).toBe("contradicted");
    expect(verdicts(grade(mergeItem, "直接混在一起，省事。")).k1).toBe("contradicted");
  });
});

describe("a term said to be overturned or thrown out", () => {
  it("is denied by a closing that says so", () => {
    expect(negated("旧的那套接口到了新版全都推翻了", "接口")).toBe(true);
    expect(negated("这个做法早就被淘汰了", "做法")).toBe(true);
    expect(negated("老的配置已经作废", "配置")).toBe(true);
    expect(negated("老的配置还在用", "配置")).toBe(false);
  });
});

describe("every concept of a point said to be unneeded in one sentence", () => {
  const logItem = makeItem({
    id: "R003",
    keyPoints: [{ id: "k1", concepts: [["请求", "响应"], ["重复", "重试", "新采样"]] }],
  });

  it("contradicts the point though a concept is named elsewhere in the sentence", () => {
    const result = grade(logItem, "说到重试，全都并成一条就好，犯不着分哪次是重复的，请求和响应也没必要拆开。");
    expect(result.keyPoints[0]?.verdict).toBe("contradicted");
  });

  it("reads a short verb of telling apart as a verb of attention", () => {
    expect(verdicts(grade(logItem, "请求和响应犯不着分，重复的也用不着拆开。")).k1).toBe("contradicted");
  });

  it("does not contradict a point when only one concept is denied or the denial is the point's", () => {
    expect(verdicts(grade(logItem, "请求和响应要分开存，重试的那条用不着再去重。")).k1).not.toBe("contradicted");
    expect(verdicts(grade(logItem, "请求和响应都要留，重复和新采样要分开。")).k1).toBe("hit");
  });
});

describe("a thing the point says cannot be done, said to be still possible", () => {
  const explainItem = makeItem({
    id: "R004",
    keyPoints: [{ id: "k1", text: "没有日志就无法复现故障", concepts: [["复现", "重现"]] }],
  });

  it("contradicts the point", () => {
    expect(verdicts(grade(explainItem, "就算日志丢了也不妨碍复现故障，看监控就行。")).k1).toBe("contradicted");
    expect(verdicts(grade(explainItem, "没有日志照样能重现出来。")).k1).toBe("contradicted");
  });

  it("makes the point when the answer says it cannot be done", () => {
    expect(verdicts(grade(explainItem, "日志没了就没法复现。")).k1).toBe("hit");
  });

  it("reads a denied hindrance as no negation of what follows", () => {
    expect(negated("这个不影响训练继续跑", "训练")).toBe(false);
    expect(negated("没有奖励照样能训练", "训练")).toBe(false);
    expect(negated("没有奖励就不能训练", "训练")).toBe(true);
  });
});

describe("a rhetorical question about a missing thing", () => {
  const labelItem = makeItem({
    id: "R005",
    prompt: "没有人工标签能做蒸馏吗？",
    keyPoints: [{ id: "k1", polarity: "deny", concepts: [["人工标签", "标签"]] }],
    misconceptions: [{ id: "m1", statement: "蒸馏也离不开人工标签", concepts: [["蒸馏"], ["标签", "人工标签"]] }],
  });

  it("says the thing is required", () => {
    expect(negated("没有标签模型往哪学", "标签")).toBe(false);
    expect(negated("没有标签它凭什么知道对错", "标签")).toBe(false);
    expect(negated("没有标签怎么办", "标签")).toBe(true);
    expect(negated("没有标签也能学", "标签")).toBe(true);
  });

  it("asserts the misconception and contradicts the denial", () => {
    const result = grade(labelItem, "不行，蒸馏说到底也是拟合，没有标签学生模型靠什么学？");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(verdicts(result).k1).toBe("contradicted");
  });
});

describe("terms typed half in English or clipped in speech", () => {
  const normItem = makeItem({
    id: "R006",
    keyPoints: [{ id: "k1", concepts: [["减均值除标准差", "标准化"], ["优势"]] }],
    misconceptions: [{ id: "m1", statement: "标准化算完就训练完成", concepts: [["减均值除标准差", "标准化"], ["训练完成", "就训练好了"]] }],
  });

  it("matches a Chinese term with its English abbreviation inside", () => {
    expect(verdicts(grade(normItem, "分数先减均值除 std，得到的就是优势。")).k1).toBe("hit");
    expect(verdicts(grade(normItem, "减均值除std 以后得到优势。")).k1).toBe("hit");
    expect(verdicts(grade(normItem, "I mean the std is fine, 优势 is whatever.")).k1).not.toBe("hit");
  });

  it("matches a verb clipped to its first character", () => {
    expect(grade(normItem, "分数减均值除 std 一算，模型就训完了。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(grade(normItem, "标准化做完模型就训好了。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(grade(normItem, "标准化做完并不等于模型训完了。").misconceptions).toEqual([]);
  });
});

describe("a list joined by 、 and closed by a negation", () => {
  const ideaItem = makeItem({
    id: "R007",
    keyPoints: [{ id: "k1", concepts: [["缓存"], ["批处理"]] }],
  });

  it("denies every item of the list", () => {
    expect(verdicts(grade(ideaItem, "缓存、批处理这些老办法现在都过时了。")).k1).toBe("contradicted");
    expect(verdicts(grade(ideaItem, "缓存、批处理那一套早就被淘汰了。")).k1).toBe("contradicted");
  });

  it("leaves a list whose items are affirmed, or a comma that is no list, alone", () => {
    expect(verdicts(grade(ideaItem, "缓存、批处理这些办法现在还有用。")).k1).toBe("hit");
    expect(verdicts(grade(ideaItem, "缓存要加上，批处理早就过时了。")).k1).not.toBe("hit");
    expect(verdicts(grade(ideaItem, "缓存能省时间，批处理已经过时了。")).k1).not.toBe("contradicted");
  });
});

describe("everyday words for written terms", () => {
  const recoveryItem = makeItem({
    id: "R008",
    keyPoints: [
      { id: "k1", concepts: [["丢失", "丢掉"], ["工具选择", "恢复"]] },
      { id: "k2", polarity: "deny", concepts: [["越复杂越好"]] },
    ],
  });

  it("reads 拆开看 as 拆解", () => {
    const triageItem = makeItem({ id: "R017", keyPoints: [{ id: "k1", concepts: [["拆解", "排查"], ["日志", "配置"]] }] });
    expect(verdicts(grade(triageItem, "先拆开看：是配置写错了吗？")).k1).toBe("hit");
  });

  it("reads 怎么挑, 救回来 and 花哨 as the written terms", () => {
    expect(verdicts(grade(recoveryItem, "只留结果的话，工具怎么挑的就丢掉了。")).k1).toBe("hit");
    expect(verdicts(grade(recoveryItem, "出了错是怎么救回来的，这些全丢掉了。")).k1).toBe("hit");
    expect(verdicts(grade(recoveryItem, "规则并不是越花哨越好。")).k2).toBe("hit");
    expect(verdicts(grade(recoveryItem, "规则当然越花哨越好。")).k2).toBe("contradicted");
  });
});

describe("the term of a negating alias, negated by other words", () => {
  const sameItem = makeItem({
    id: "R009",
    keyPoints: [
      { id: "k1", concepts: [["旧版"], ["不是一回事", "两回事"]] },
      { id: "k2", concepts: [["分数"], ["不更新", "没梯度"]] },
    ],
  });

  it("says what the alias says", () => {
    expect(verdicts(grade(sameItem, "旧版和新版根本没法当成一回事。")).k1).toBe("hit");
    expect(verdicts(grade(sameItem, "旧版跟新版压根算不上一回事。")).k1).toBe("hit");
    expect(verdicts(grade(sameItem, "分数全一样的话参数就没有更新。")).k2).toBe("hit");
  });

  it("is not the alias when nothing negates it", () => {
    expect(verdicts(grade(sameItem, "旧版和新版就是一回事。")).k1).not.toBe("hit");
    expect(verdicts(grade(sameItem, "分数一样参数照常更新。")).k2).not.toBe("hit");
  });
});

describe("denials the brief of the fourth batch names", () => {
  const diagnoseItem = makeItem({
    id: "R010",
    keyPoints: [
      { id: "k1", concepts: [["区分", "排查"], ["数据", "模型"]] },
      { id: "k2", concepts: [["丢失", "丢掉"], ["中间过程"]] },
      { id: "k3", polarity: "deny", concepts: [["一样", "相同"]] },
    ],
  });

  it("denies the asking verb itself when a negator comes before it", () => {
    expect(verdicts(grade(diagnoseItem, "犯不着区分是数据还是模型出的错，直接再训一轮。")).k1).toBe("contradicted");
    expect(verdicts(grade(diagnoseItem, "先区分是数据还是模型出的错。")).k1).toBe("hit");
    expect(negated("看看是数据不对还是模型不行", "数据")).toBe(false);
  });

  it("reads a loss said to do no harm as denying that it matters", () => {
    expect(verdicts(grade(diagnoseItem, "中间过程丢掉了也不要紧。")).k2).toBe("contradicted");
    expect(verdicts(grade(diagnoseItem, "中间过程一丢掉，模型就学不到纠错。")).k2).toBe("hit");
  });

  it("reads 一个样 as 一样", () => {
    expect(verdicts(grade(diagnoseItem, "两种算法其实一个样。")).k3).toBe("contradicted");
    expect(verdicts(grade(diagnoseItem, "两种算法可不是一个样。")).k3).toBe("hit");
  });
});

describe("spoken comparatives, short words for a score and adverbs inside a term", () => {
  const rewardItem = makeItem({
    id: "R011",
    keyPoints: [{ id: "k1", polarity: "deny", concepts: [["更复杂"]] }],
    misconceptions: [{ id: "m1", statement: "同分就说明梯度全为零", concepts: [["分数一样", "一样的奖励"], ["梯度全为零"]] }],
  });

  it("reads 复杂点 and 复杂一点 as 更复杂", () => {
    expect(verdicts(grade(rewardItem, "规则还是复杂点好。")).k1).toBe("contradicted");
    expect(verdicts(grade(rewardItem, "规则没必要复杂一点。")).k1).toBe("hit");
  });

  it("reads 分 for 分数 or 奖励 inside a longer term, and 肯定 inside a spread one", () => {
    expect(grade(rewardItem, "一组里分一样时梯度全为零。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(grade(rewardItem, "一组里一样的分时梯度肯定全为零。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(grade(rewardItem, "分是一样的。").misconceptions).toEqual([]);
  });
});

describe("a condition and its consequence in two clauses", () => {
  const gradientItem = makeItem({
    id: "R012",
    keyPoints: [{ id: "k1", concepts: [["正则"], ["梯度"]] }],
    misconceptions: [{ id: "m1", statement: "同分就说明梯度全为零", concepts: [["同分"], ["梯度全为零"]] }],
  });

  it("asserts the misconception the two clauses make", () => {
    expect(grade(gradientItem, "一组都同分，梯度全为零。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });

  it("asserts nothing when the clauses are items of a list or part of a longer sentence", () => {
    expect(grade(gradientItem, "同分、梯度全为零").misconceptions).toEqual([]);
    expect(grade(gradientItem, "同分，梯度全为零，这两种说法都不对。").misconceptions).toEqual([]);
  });

  it("asserts it across clauses running on, when the later clause is a predicate by itself", () => {
    expect(grade(gradientItem, "一组都同分，优势全是 0，梯度全为零。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(grade(gradientItem, "一组都同分、优势、梯度全为零").misconceptions).toEqual([]);
  });
});

describe("long lists stay fast", () => {
  const listItem = makeItem({
    id: "R013",
    keyPoints: [{ id: "k1", concepts: [["缓存"], ["批处理"]] }],
  });

  it("grades a 4,000-character list joined by 、 without freezing (linear in the list)", () => {
    const answer = "缓存、批处理、".repeat(571).slice(0, 3990) + "都过时了";
    grade(listItem, "预热");
    expect(tooSlow(listItem, answer)).toBeNull();
  });
});

describe("plain words for equal numbers and for decoupling", () => {
  const numberItem = makeItem({
    id: "R014",
    keyPoints: [
      { id: "k1", polarity: "deny", concepts: [["相等", "一样"]] },
      { id: "k2", concepts: [["解耦"], ["采样"]] },
    ],
  });

  it("reads 不是一个数 as denying equality", () => {
    expect(verdicts(grade(numberItem, "两种口径算出来不是一个数。")).k1).toBe("hit");
    expect(verdicts(grade(numberItem, "两种口径算出来是同一个数。")).k1).toBe("contradicted");
  });

  it("reads 分开 as 解耦", () => {
    expect(verdicts(grade(numberItem, "把采样和训练分开跑。")).k2).toBe("hit");
  });
});

describe("a thing said to be another thing altogether", () => {
  const memoItem = makeItem({
    id: "R015",
    keyPoints: [
      { id: "k1", polarity: "deny", concepts: [["笔记", "提示"], ["训练"]] },
      { id: "k2", concepts: [["旧版"], ["两码事", "两回事"]] },
      { id: "k3", concepts: [["拦截"], ["请求"]] },
    ],
  });

  it("denies the term compared with", () => {
    expect(verdicts(grade(memoItem, "写笔记只是换了输入，跟训练完全是两码事。")).k1).toBe("hit");
    expect(verdicts(grade(memoItem, "写笔记其实就是训练。")).k1).toBe("contradicted");
    expect(negated("改提示和训练是两回事", "训练")).toBe(true);
    expect(negated("改提示和训练是两回事", "改提示")).toBe(false);
  });

  it("keeps the subject of the comparison", () => {
    expect(verdicts(grade(memoItem, "旧版和新版是两回事。")).k2).toBe("hit");
  });

  it("reads 截下来 as capturing", () => {
    expect(verdicts(grade(memoItem, "把每次请求都截下来。")).k3).toBe("hit");
  });
});

describe("sameness and reuse said in speech", () => {
  const versionItem = makeItem({
    id: "R016",
    keyPoints: [{ id: "k1", concepts: [["旧版"], ["重构"]] }],
    misconceptions: [{ id: "m1", statement: "旧版与新版是同一接口", concepts: [["旧版", "旧示例"], ["一套接口", "拿来用"]] }],
  });

  it("asserts the misconception with 是一套 or 拿来跑", () => {
    expect(grade(versionItem, "旧版跟新版其实是一套。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(grade(versionItem, "旧示例直接拿来跑就行。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(grade(versionItem, "旧版和新版不是一套，主分支重构过。").misconceptions).toEqual([]);
  });
});
