// Repeating the question's own words is not an answer; saying what goes with them is, even when
// the concept's name appears in the question.
import { beforeAll, describe, expect, it } from "vitest";
import { loadBank, type QuizItem } from "@recall/content";
import { grade } from "../src/index.ts";
import { CONTENT_DIR } from "../eval/evaluation.ts";
let q090: QuizItem;

beforeAll(async () => {
  const bank = await loadBank(CONTENT_DIR);
  q090 = bank.itemsById.get("Q090")!;
});

function verdictOf(answer: string, keyPointId: string): string | undefined {
  return grade(q090, answer).keyPoints.find((kp) => kp.id === keyPointId)?.verdict;
}

describe("answers that echo the question", () => {
  it("gives nothing for the question's list of methods repeated back", () => {
    expect(verdictOf("SFT、DPO 或 Agent RL", "k3")).toBe("missed");
    expect(grade(q090, "SFT、DPO 或 Agent RL").score).toBe(0);
  });

  it("gives partial credit for naming what two of the three methods need", () => {
    expect(verdictOf("SFT 需要示范数据，DPO 需要偏好对。", "k3")).toBe("partial");
  });

  it("gives the point for what all three need", () => {
    expect(verdictOf("SFT 需要示范数据，DPO 需要偏好对，Agent RL 需要环境和奖励。", "k3")).toBe("hit");
  });
});
