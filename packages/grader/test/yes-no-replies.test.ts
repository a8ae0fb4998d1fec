import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";
import { verdicts } from "./grading-helpers.ts";

// Modelled on Q091.f2 and Q090.f1 of the seed page, whose questions ask whether a misconception holds:
// the page names the reply that states it (`肯定回答：f2`, `否定回答：f1`).
const sameScoreBelief = { id: "m2", statement: "全组同分就断言全部梯度为零", concepts: [["同分", "奖励相同"], ["梯度为零", "不更新"]] };
const sameScoreFollowUp = (answeredBy?: { followUp: string; reply: "yes" | "no" }[]) =>
  makeItem({
    id: "T120.f2",
    prompt: "全组奖励相同就一定不更新了吗？",
    keyPoints: [
      { id: "k1", text: "只能说明组内相对信号没有差异", concepts: [["相对信号", "优势"], ["没有差异", "为零"]] },
      { id: "k2", weight: 2, text: "总损失可能还含其他项，例如正则", concepts: [["其他项", "正则", "KL"]] },
      { id: "k3", text: "是否更新要检查实际计算图", concepts: [["计算图", "优化器"], ["检查", "看"]] },
    ],
    misconceptions: [answeredBy === undefined ? sameScoreBelief : { ...sameScoreBelief, answeredBy }],
  });

const rewardBelief = { id: "m2", statement: "把所有训练都说成需要在线奖励", concepts: [["所有训练", "都"], ["奖励"]] };
const scalarRewardFollowUp = makeItem({
  id: "T121.f1",
  prompt: "没有标量奖励能做 SFT 或 DPO 吗？",
  keyPoints: [
    { id: "k1", polarity: "deny", text: "可以：SFT 和 DPO 都不需要标量奖励", concepts: [["标量奖励", "奖励"]] },
    { id: "k2", text: "SFT 使用示范作为目标", concepts: [["SFT"], ["示范"]] },
  ],
  misconceptions: [{ ...rewardBelief, answeredBy: [{ followUp: "f1", reply: "no" }] }],
});

const flagged = (result: ReturnType<typeof grade>): string[] => result.misconceptions.map((m) => m.id);

describe("a yes or no that states a misconception", () => {
  it("flags the belief when the answer opens with the reply the page names, and shows that reply as the words", () => {
    const result = grade(sameScoreFollowUp([{ followUp: "f2", reply: "yes" }]), "对，这一步等于白跑。");
    expect(flagged(result)).toEqual(["m2"]);
    expect(result.misconceptions[0]?.evidence).toEqual(["对"]);
    expect(result.suggestedRating).toBe("again");
    expect(flagged(grade(sameScoreFollowUp([{ followUp: "f2", reply: "yes" }]), "Yes, nothing moves in that step."))).toEqual(["m2"]);
    expect(flagged(grade(scalarRewardFollowUp, "不行吧，没有分数模型学不到好坏。"))).toEqual(["m2"]);
    expect(flagged(grade(sameScoreFollowUp([{ followUp: "f2", reply: "yes" }]), "Pretty much, yeah. Nothing moves."))).toEqual(["m2"]);
    expect(flagged(grade(scalarRewardFollowUp, "I don't think so, the model can't tell good from bad without a score."))).toEqual(["m2"]);
  });

  it("flags nothing for the other reply, for an answer that opens otherwise, or on a follow-up the page does not name", () => {
    const named = sameScoreFollowUp([{ followUp: "f2", reply: "yes" }]);
    expect(flagged(grade(named, "不一定，这一步白跑不白跑要看正则项。"))).toEqual([]);
    expect(flagged(grade(named, "这一步白跑不白跑，要看计算图。"))).toEqual([]);
    expect(flagged(grade(sameScoreFollowUp(), "对，这一步等于白跑。"))).toEqual([]);
    expect(flagged(grade(sameScoreFollowUp([{ followUp: "f1", reply: "yes" }]), "对，这一步等于白跑。"))).toEqual([]);
    expect(flagged(grade(scalarRewardFollowUp, "可以，SFT 拿示范当目标就行。"))).toEqual([]);
  });

  it("takes the reply back when the answer makes the point that matters most", () => {
    const result = grade(sameScoreFollowUp([{ followUp: "f2", reply: "yes" }]), "对，相对信号没有差异，但总损失里还有 KL 正则，照样可能更新。");
    expect(verdicts(result).k2).toBe("hit");
    expect(flagged(result)).toEqual([]);
  });
});
