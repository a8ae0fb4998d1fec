// Partial credit rests on a few of a point's words. Words that only ever serve a misconception the
// answer asserts, or the opposite of another point, earn that point nothing.
import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";

const item = makeItem({
  id: "W001",
  prompt: "SFT 训练前要准备什么？",
  keyPoints: [
    { id: "k1", concepts: [["奖励"], ["强化学习", "rl"]] },
    { id: "k2", concepts: [["示范"], ["监督"]] },
  ],
  misconceptions: [{ id: "m1", statement: "SFT 也需要奖励模型", concepts: [["sft"], ["奖励模型"]] }],
});

const verdictOf = (answer: string, id: string): string | undefined => grade(item, answer).keyPoints.find((k) => k.id === id)?.verdict;

describe("partial credit beside a wrong claim", () => {
  it("gives none to a point whose only words state a misconception", () => {
    const result = grade(item, "SFT 也得先训练一个奖励模型。");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(verdictOf("SFT 也得先训练一个奖励模型。", "k1")).toBe("missed");
  });

  it("keeps it when the point's words also stand in a sentence of their own", () => {
    expect(verdictOf("SFT 也得先训练一个奖励模型。奖励这件事很关键。", "k1")).toBe("partial");
  });

  it("keeps it when no wrong claim is made", () => {
    expect(verdictOf("奖励这件事很关键。", "k1")).toBe("partial");
  });
});
