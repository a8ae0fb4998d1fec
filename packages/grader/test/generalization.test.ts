// General causes of disagreement found on the tuning answers of the third batch, each pinned with
// sentences of its own (none of them is a labelled answer).
import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { makeItem, scalarRewardItem } from "./item-fixtures.ts";
import { verdicts, negated } from "./grading-helpers.ts";

const concatItem = makeItem({
  id: "G090.f2",
  prompt: "把成功对话全部拼起来训练行吗？",
  keyPoints: [
    { id: "k1", polarity: "deny", concepts: [["全部拼", "拼起来", "拼接"]] },
    { id: "k2", concepts: [["标注", "区分"], ["角色", "工具输出", "敏感"]] },
  ],
});

describe("spoken yes and no leading an answer", () => {
  it.each(["不行吧，得先标注角色。", "不太行，得先标注角色。"])("reads %s as no", (answer) => {
    expect(verdicts(grade(concatItem, answer)).k1).toBe("hit");
  });

  it("reads 能啊 as yes to a 没有 X 能……吗 question", () => {
    expect(verdicts(grade(scalarRewardItem, "能啊，SFT 照着示范学。")).k1).toBe("hit");
  });
});

describe("negation scope", () => {
  it("reads 没有 X 就没法…… as X required", () => {
    expect(negated("没有奖励模型就没法训", "奖励模型")).toBe(false);
    expect(negated("没有奖励模型也能训", "奖励模型")).toBe(true);
  });

  it("reads 没有 X 的话……没法 as X required, and ends the condition's negation at 的话", () => {
    expect(negated("没有奖励的话 SFT 也没法训", "奖励")).toBe(false);
    expect(negated("没有奖励的话 SFT 也没法训", "SFT")).toBe(false);
    const result = grade(scalarRewardItem, "不行，没有奖励的话 DPO 和 SFT 都没法训。");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m2"]);
    expect(verdicts(result).k1).toBe("contradicted");
  });

  it("starts a new scope at what is only needed instead", () => {
    expect(negated("DPO 不用奖励模型只要偏好对", "偏好对")).toBe(false);
    expect(negated("DPO 不用奖励模型只要偏好对", "奖励模型")).toBe(true);
  });

  it("reads spoken closings: 没啥必要, 过时, 不适用, and 甭 before a term", () => {
    expect(negated("这种奖励模型没啥必要", "奖励模型")).toBe(true);
    expect(negated("旧论文的思路过时了", "旧论文")).toBe(true);
    expect(negated("解耦的思路不适用了", "解耦")).toBe(true);
    expect(negated("甭管奖励模型", "奖励模型")).toBe(true);
  });

  it("keeps a 对……来说 frame out of a closing negation", () => {
    expect(negated("奖励模型对 SFT 来说没必要", "奖励模型")).toBe(true);
    expect(negated("奖励模型对 SFT 来说没必要", "SFT")).toBe(false);
  });

  it("does not deny a fault named inside an embedded question", () => {
    expect(negated("看看是格式不对", "格式")).toBe(false);
    expect(negated("格式不对", "格式")).toBe(true);
  });
});

describe("denial points asked about in a negated question", () => {
  it("takes a restatement of the question as a statement (没有 X 照样能做)", () => {
    expect(verdicts(grade(scalarRewardItem, "没有标量奖励照样能做，SFT 学示范。")).k1).toBe("hit");
  });

  it("takes a denial in the answer's own words", () => {
    expect(verdicts(grade(scalarRewardItem, "SFT 和 DPO 都用不上奖励。")).k1).toBe("hit");
  });

  it("still reads a bare echo of the question as nothing", () => {
    expect(verdicts(grade(scalarRewardItem, "没有标量奖励？")).k1).toBe("missed");
  });

  it("does not take a term denied for the denial as evidence against a point asserting it", () => {
    const result = grade(scalarRewardItem, "能。DPO 不用奖励模型只要偏好对就行。");
    expect(verdicts(result)).toMatchObject({ k1: "hit", k3: "hit", k4: "missed" });
  });
});

describe("misconceptions made of a point's terms", () => {
  const groupItem = makeItem({
    id: "G091",
    keyPoints: [
      { id: "k1", concepts: [["一组", "组内"], ["均值", "基线"]] },
      { id: "k2", polarity: "deny", concepts: [["同分", "都一样"], ["梯度为零", "梯度全是零", "不更新"]] },
    ],
    misconceptions: [{ id: "m2", statement: "全组同分就断言梯度为零", concepts: [["同分", "都一样"], ["梯度为零", "梯度全是零"]] }],
  });

  it("contradict the denial point when asserted", () => {
    const result = grade(groupItem, "组内用均值做基线。全组都一样的话，梯度全是零。");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m2"]);
    expect(verdicts(result)).toEqual({ k1: "hit", k2: "contradicted" });
    expect(result.suggestedRating).toBe("again");
  });

  it("contradict an asserted point made of the same terms", () => {
    const versionItem = makeItem({
      id: "G092",
      keyPoints: [{ id: "k1", concepts: [["原论文", "v1.0"], ["两个阶段", "混用"]] }],
      misconceptions: [{ id: "m2", statement: "把原论文与 v1.0 当作同一接口", concepts: [["原论文", "v1.0"], ["一套接口", "混用"]] }],
    });
    expect(verdicts(grade(versionItem, "原论文和 v1.0 其实是一套接口。"))).toEqual({ k1: "contradicted" });
  });
});

describe("contradictions need what the point is about", () => {
  it("does not read 没必要区分 about other things as denying a point's 区分", () => {
    const item = makeItem({
      id: "G092b",
      keyPoints: [{ id: "k1", concepts: [["原论文", "版本"], ["区分", "混用"]] }, { id: "k2", concepts: [["轨迹"], ["重复", "新采样"]] }],
    });
    expect(verdicts(grade(item, "日志和新采样没必要区分。")).k1).toBe("missed");
    expect(verdicts(grade(item, "原论文和新版没必要区分。")).k1).toBe("contradicted");
  });
});

describe("matching terms in other words", () => {
  it("accepts generic spoken synonyms", () => {
    expect(verdicts(grade(concatItem, "要把角色和工具返回的东西分开。")).k2).toBe("hit");
    expect(verdicts(grade(concatItem, "隐私信息得标注出来。")).k2).toBe("hit");
    const item = makeItem({ id: "G091.f3", keyPoints: [{ id: "k1", concepts: [["可验证"], ["目标一致"]] }] });
    expect(verdicts(grade(item, "奖励要可验证，还得跟目标对得上。")).k1).toBe("hit");
  });

  it("does not take a near miss that has lost the term's head (样本标准差 for 总体标准差)", () => {
    const item = makeItem({ id: "G091.f1", keyPoints: [{ id: "k1", concepts: [["总体标准差"]] }] });
    expect(verdicts(grade(item, "这里用的是样本标准差。")).k1).toBe("missed");
    expect(verdicts(grade(item, "这里用的是总体的标准差。")).k1).toBe("hit");
  });

  it("tolerates one typo in a longer English word, not another ending", () => {
    const item = makeItem({ id: "G090.f2e", keyPoints: [{ id: "k1", concepts: [["label"], ["sensitive"]] }, { id: "k2", concepts: [["trainer"]] }] });
    expect(verdicts(grade(item, "lable the sensitve parts first")).k1).toBe("hit");
    expect(verdicts(grade(item, "the model was trained on it")).k2).toBe("missed");
    expect(verdicts(grade(item, "the trainre updates it")).k2).toBe("hit");
  });
});
