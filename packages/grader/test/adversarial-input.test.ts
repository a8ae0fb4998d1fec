import { describe, expect, it } from "vitest";
import { loadBank, type QuizItem } from "@recall/content";
import { adversarialInputs, ADVERSARIAL_LENGTH } from "../bench/adversarial-inputs.ts";
import { CONTENT_DIR } from "../eval/evaluation.ts";
import { grade } from "../src/grade-answer.ts";

// Grading runs on the bot's event loop: an answer that takes seconds freezes every member. The bound
// is generous, and far below the minute one answer once took. Time is the process's CPU time, so
// other programs sharing the machine do not count; a collection can still land in any one call,
// so a case fails only if every try is slow.
const BOUND_MS = 50;
const TRIES = 3;

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const bank = await loadBank(CONTENT_DIR);
const gradable = bank.items.filter((item) => item.kind !== "misconception" && item.keyPoints.length > 0);

function fastestMs(item: QuizItem, answer: string): number {
  let fastest = Infinity;
  for (let attempt = 0; attempt < TRIES && fastest >= BOUND_MS; attempt++) {
    fastest = Math.min(fastest, cpuMs(() => grade(item, answer)));
  }
  return fastest;
}

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
      const ms = fastestMs(item, input.answer);
      if (ms >= BOUND_MS) slow.push(`${input.category} ${JSON.stringify(input.answer.slice(0, 24))}: ${ms.toFixed(1)} ms`);
    }
    expect(slow).toEqual([]);
  });
});
