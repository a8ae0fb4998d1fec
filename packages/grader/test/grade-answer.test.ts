import { describe, expect, it } from "vitest";
import { AnswerTooLongError, GraderError, grade, MAX_ANSWER_LENGTH } from "../src/index.ts";
import { makeItem, scalarRewardItem } from "./item-fixtures.ts";
import { verdicts } from "./grading-helpers.ts";

describe("grading key points", () => {
  it("gives full marks and easy to an answer that makes every point", () => {
    const result = grade(scalarRewardItem, "可以的。SFT 用示范数据，DPO 用候选之间的偏好对，都不需要奖励；奖励是 RL 才需要的。");
    expect(verdicts(result)).toEqual({ k1: "hit", k2: "hit", k3: "hit", k4: "hit" });
    expect(result.score).toBe(1);
    expect(result.suggestedRating).toBe("easy");
    expect(result.feedback).toBe("要点全部答到。");
  });

  it("quotes the learner's own words as evidence, traditional characters included", () => {
    const result = grade(scalarRewardItem, "SFT 用示範資料，DPO 用偏好對。");
    expect(result.keyPoints.find((p) => p.id === "k2")?.evidence).toEqual(["SFT", "示範"]);
    expect(result.keyPoints.find((p) => p.id === "k3")?.evidence).toEqual(["DPO", "偏好對"]);
  });

  it("gives partial credit when only some of a point's concepts appear", () => {
    const item = makeItem({ keyPoints: [{ id: "k1", concepts: [["裁剪", "clip"], ["正则", "KL"]] }, { id: "k2", concepts: [["基线"]] }] });
    const result = grade(item, "还要做裁剪。");
    expect(verdicts(result)).toEqual({ k1: "partial", k2: "missed" });
    expect(result.score).toBe(0.25);
  });

  it("weights points by their authored weight", () => {
    const item = makeItem({ keyPoints: [{ id: "k1", weight: 3, concepts: [["示范"]] }, { id: "k2", concepts: [["偏好"]] }] });
    expect(grade(item, "SFT 用示范数据训练。").score).toBe(0.75);
  });

  it("accepts a near miss of a longer Chinese term", () => {
    const item = makeItem({ keyPoints: [{ id: "k1", concepts: [["参考策略概率"]] }] });
    const result = grade(item, "要计算参考的策略概率。");
    expect(verdicts(result)).toEqual({ k1: "hit" });
    expect(result.keyPoints[0]?.evidence).toEqual(["参考的策略概率"]);
  });

  it("does not accept a different term that shares a character pair", () => {
    const item = makeItem({ keyPoints: [{ id: "k1", concepts: [["组内标准化"]] }] });
    expect(verdicts(grade(item, "要做组内归一化。"))).toEqual({ k1: "missed" });
  });

  it("matches a four-character term with particles in between and reads a negation there", () => {
    const item = makeItem({ keyPoints: [{ id: "k1", concepts: [["参数更新"]] }, { id: "k2", polarity: "deny", concepts: [["权重更新"]] }] });
    const result = grade(item, "参数已经被更新。权重并没有更新。");
    expect(verdicts(result)).toEqual({ k1: "hit", k2: "hit" });
  });

  it("matches English aliases as words and stems, not inside other words", () => {
    const item = makeItem({ keyPoints: [{ id: "k1", concepts: [["normaliz"]] }, { id: "k2", concepts: [["rl"]] }] });
    expect(verdicts(grade(item, "Normalization matters; the world is big."))).toEqual({ k1: "hit", k2: "missed" });
  });
});

describe("polarity and negation", () => {
  it("hits a denial when its concept is negated before it", () => {
    expect(verdicts(grade(scalarRewardItem, "DPO 并不需要奖励模型。")).k1).toBe("hit");
  });

  it("hits a denial when its concept is negated after it", () => {
    expect(verdicts(grade(scalarRewardItem, "对 SFT 来说奖励模型不需要了。")).k1).toBe("hit");
  });

  it("treats an unnegated denial concept as a contradiction that costs score and caps the rating", () => {
    const item = makeItem({
      keyPoints: [
        { id: "k1", text: "提示不等于训练", polarity: "deny", concepts: [["提示", "记忆"], ["训练"]] },
        { id: "k2", concepts: [["示范"]] },
        { id: "k3", concepts: [["偏好"]] },
      ],
    });
    const result = grade(item, "改提示本身就是在训练模型。SFT 用示范，DPO 用偏好。");
    expect(result.keyPoints[0]).toMatchObject({ id: "k1", verdict: "contradicted", contradicted: true });
    expect(result.score).toBeCloseTo(2 / 3 - 0.5 / 3, 2);
    expect(result.suggestedRating).toBe("hard");
    expect(result.feedback).toBe("与要点相反：提示不等于训练");
  });

  it("treats a negated assertion as a contradiction", () => {
    const item = makeItem({ keyPoints: [{ id: "k1", concepts: [["DPO"], ["偏好对"]] }] });
    const result = grade(item, "DPO 不用偏好对。");
    expect(result.keyPoints[0]).toMatchObject({ verdict: "contradicted", contradicted: true });
    expect(result.score).toBe(0);
  });

  it("is not fooled by false cues such as 不仅 and 不同", () => {
    const item = makeItem({ keyPoints: [{ id: "k1", concepts: [["示范"]] }, { id: "k2", concepts: [["偏好对"]] }] });
    expect(verdicts(grade(item, "不仅要有示范，不同的任务还要偏好对。"))).toEqual({ k1: "hit", k2: "hit" });
  });

  it("reads a leading yes or no as the answer to a yes/no follow-up", () => {
    const item = makeItem({
      prompt: "把成功对话全部拼起来训练行吗？",
      keyPoints: [{ id: "k1", polarity: "deny", concepts: [["全部拼", "拼起来"]] }, { id: "k2", concepts: [["去重"]] }],
    });
    expect(verdicts(grade(item, "不行，要先去重。")).k1).toBe("hit");
    expect(grade(item, "可以，直接训。").keyPoints[0]).toMatchObject({ verdict: "contradicted", contradicted: true });
  });
});

describe("misconceptions", () => {
  it("flags a misconception whose concepts all appear unnegated, with the content's feedback and the matched words", () => {
    const result = grade(scalarRewardItem, "不行，SFT 也需要奖励模型来打分。");
    expect(result.misconceptions).toEqual([
      { id: "m2", statement: "把所有训练都说成需要在线奖励", feedback: "SFT 只需要示范，DPO 只需要偏好对。", evidence: ["SFT", "奖励模型"] },
    ]);
    expect(result.feedback).toBe("注意误区：把所有训练都说成需要在线奖励");
  });

  it("does not flag it when the answer negates it", () => {
    expect(grade(scalarRewardItem, "SFT 不需要奖励模型。").misconceptions).toEqual([]);
  });

  it("does not flag terms that make correct points in the same sentence", () => {
    expect(grade(scalarRewardItem, "SFT 用示范，DPO 用偏好，奖励是在线 RL 的需求。").misconceptions).toEqual([]);
  });

  it("rates an answer that asserts a misconception again, even when the score is high", () => {
    const result = grade(scalarRewardItem, "SFT 用示范，DPO 用候选偏好，强化学习要奖励。不过 DPO 其实也需要奖励模型。");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m2"]);
    expect(result.score).toBeGreaterThan(0.5);
    expect(result.suggestedRating).toBe("again");
  });
});

describe("keyword salad", () => {
  it("scores a bare list of the right terms far below an explanation and rates it again", () => {
    const salad = grade(scalarRewardItem, "SFT，DPO，RL，示范，偏好，奖励");
    const explained = grade(scalarRewardItem, "SFT 用示范，DPO 用偏好，奖励是 RL 才需要的。");
    expect(salad.keywordSalad).toBe(true);
    expect(salad.suggestedRating).toBe("again");
    expect(salad.score).toBeLessThan(0.3);
    expect(explained.keywordSalad).toBe(false);
    expect(explained.score).toBeGreaterThan(0.7);
  });

  it("also catches terms separated only by spaces", () => {
    expect(grade(scalarRewardItem, "SFT 示范 DPO 偏好对 RL 奖励").keywordSalad).toBe(true);
  });
});

describe("input limits and odd input", () => {
  it("rejects an answer over 4,000 characters with a typed error", () => {
    const tooLong = "好".repeat(MAX_ANSWER_LENGTH + 1);
    expect(() => grade(scalarRewardItem, tooLong)).toThrow(AnswerTooLongError);
    expect(() => grade(scalarRewardItem, tooLong)).toThrow("answer is 4001 characters long; the limit is 4000");
    try {
      grade(scalarRewardItem, tooLong);
    } catch (error) {
      expect(error).toBeInstanceOf(GraderError);
      expect((error as AnswerTooLongError).name).toBe("AnswerTooLongError");
    }
  });

  it("accepts exactly 4,000 characters, counting an emoji as one", () => {
    expect(() => grade(scalarRewardItem, `${"好".repeat(MAX_ANSWER_LENGTH - 1)}😀`)).not.toThrow();
  });

  it.each(["", "   ", "\n\t ", "？？？", "😀😀", "<@123456789> @everyone", "\u200b\u200b"])(
    "grades %j as no answer rather than failing",
    (answer) => {
      const result = grade(scalarRewardItem, answer);
      expect(result).toMatchObject({ empty: true, score: 0, suggestedRating: "again", misconceptions: [] });
      expect(result.keyPoints.every((point) => point.verdict === "missed")).toBe(true);
    },
  );

  it("grades through emoji, zero-width characters, markdown and mentions", () => {
    const result = grade(scalarRewardItem, "<@!42> 可以 😀 **SFT** 用示\u200b范，`DPO` 用偏好，都 *不需要* 獎勵模型 🎉");
    expect(verdicts(result)).toMatchObject({ k1: "hit", k2: "hit", k3: "hit" });
    expect(result.keyPoints.find((p) => p.id === "k2")?.evidence).toEqual(["SFT", "示范"]);
  });

  it("returns plain JSON-safe data", () => {
    const result = grade(scalarRewardItem, "SFT 用示范。");
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });
});

describe("items with derived key points", () => {
  it("grades derived points that carry candidate terms", () => {
    const item = makeItem({ keyPoints: [{ id: "k1", derived: true, concepts: [["示范"]] }, { id: "k2", derived: true, concepts: [["偏好"]] }] });
    expect(grade(item, "SFT 靠示范。").score).toBe(0.5);
  });

  it("grades derived points without concepts by their text", () => {
    const item = makeItem({
      keyPoints: [
        { id: "k1", derived: true, text: "先定位错误属于数据还是模型行为", concepts: [] },
        { id: "k2", derived: true, text: "选型后用独立任务验收", concepts: [] },
      ],
    });
    const result = grade(item, "先定位错误是属于数据还是模型行为。");
    expect(verdicts(result)).toEqual({ k1: "hit", k2: "missed" });
    expect(result.score).toBe(0.5);
  });
});
