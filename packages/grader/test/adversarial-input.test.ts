import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { adversarialInputs, ADVERSARIAL_LENGTH } from "../bench/adversarial-inputs.ts";
import { CONTENT_DIR } from "../eval/evaluation.ts";
import { grade } from "../src/grade-answer.ts";
import { tooSlow } from "./linear-time.ts";

// Grading runs on the bot's event loop: an answer that takes seconds freezes every member. The bound
// (test/linear-time.ts) is generous, and far below the minute one answer once took.
const bank = await loadBank(CONTENT_DIR);
const gradable = bank.items.filter((item) => item.kind !== "misconception" && item.keyPoints.length > 0);

describe("adversarial 4,000-character answers", () => {
  it("covers every gradable item of the bank", () => {
    expect(gradable.length).toBeGreaterThanOrEqual(12);
  });

  it.each(gradable.map((item) => [item.id, item] as const))("%s: every input is graded within the bound", (_id, item) => {
    // Warm up on a small answer, so the first call does not pay for compiling the item.
    grade(item, "预热");
    const slow: string[] = [];
    for (const input of adversarialInputs(item)) {
      expect(input.answer.length).toBeLessThanOrEqual(ADVERSARIAL_LENGTH);
      expect(input.answer.length).toBeGreaterThan(ADVERSARIAL_LENGTH - 2);
      const measured = tooSlow(item, input.answer);
      if (measured) slow.push(`${input.category} ${JSON.stringify(input.answer.slice(0, 24))}: ${measured}`);
    }
    expect(slow).toEqual([]);
  });
});
