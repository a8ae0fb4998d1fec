import { describe, expect, it } from "vitest";
import { loadBank, type QuizItem } from "@recall/content";
import { adversarialInputs, ADVERSARIAL_LENGTH } from "../bench/adversarial-inputs.ts";
import { CONTENT_DIR } from "../eval/evaluation.ts";
import { grade } from "../src/grade-answer.ts";

// Grading runs on the bot's event loop: an answer that takes seconds freezes every member. The bound
// is generous, and far below the minute one answer once took. Time is the process's CPU time, so
// other programs sharing the machine count less; but that time includes the engine's own threads
// (collector, compiler), which a busy machine slows too. So an input over the bound fails only if
// it is also super-linear: its CPU time grows more than 3.5× when its length doubles (linear work
// grows 2×, quadratic 4×, the cubic backtracking once seen 8×). Past FREEZE_MS it fails outright.
const BOUND_MS = 50;
const FREEZE_MS = 1000;
const MAX_GROWTH_PER_DOUBLING = 3.5;
const TRIES = 3;

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const bank = await loadBank(CONTENT_DIR);
const gradable = bank.items.filter((item) => item.kind !== "misconception" && item.keyPoints.length > 0);

function fastestMs(item: QuizItem, answer: string, tries = TRIES): number {
  let fastest = Infinity;
  for (let attempt = 0; attempt < tries && fastest >= BOUND_MS; attempt++) {
    fastest = Math.min(fastest, cpuMs(() => grade(item, answer)));
  }
  return fastest;
}

/** How much the CPU time grows from the first half of `answer` to the whole (min of several tries each). */
function growthPerDoubling(item: QuizItem, answer: string): number {
  let half = Infinity;
  let whole = Infinity;
  for (let attempt = 0; attempt < TRIES; attempt++) {
    half = Math.min(half, cpuMs(() => grade(item, answer.slice(0, answer.length >> 1))));
    whole = Math.min(whole, cpuMs(() => grade(item, answer)));
  }
  return whole / Math.max(half, 0.001);
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
      if (ms < BOUND_MS) continue;
      const growth = growthPerDoubling(item, input.answer);
      if (ms >= FREEZE_MS || growth > MAX_GROWTH_PER_DOUBLING) {
        slow.push(`${input.category} ${JSON.stringify(input.answer.slice(0, 24))}: ${ms.toFixed(1)} ms, ×${growth.toFixed(1)} per doubling`);
      }
    }
    expect(slow).toEqual([]);
  });
});
