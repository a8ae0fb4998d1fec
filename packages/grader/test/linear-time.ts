// Whether grading an answer freezes the bot's event loop, judged so that a busy machine does not
// fail a fast grader. Time is the process's CPU time, so other programs sharing the machine count
// less; but it includes the engine's own threads (collector, compiler), which a busy machine slows
// too. So an answer over BOUND_MS is too slow only if grading it is also super-linear: its CPU time
// grows more than 3.5× when its length doubles (linear work grows 2×, quadratic 4×, the cubic
// backtracking once seen 8×). Past FREEZE_MS it is too slow outright.
import type { QuizItem } from "@recall/content";
import { grade } from "../src/grade-answer.ts";

export const BOUND_MS = 50;
const FREEZE_MS = 1000;
const MAX_GROWTH_PER_DOUBLING = 3.5;
const TRIES = 3;

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

function fastestMs(item: QuizItem, answer: string): number {
  let fastest = Infinity;
  for (let attempt = 0; attempt < TRIES && fastest >= BOUND_MS; attempt++) {
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

/** Null when grading `answer` is fast enough by the rule above; else what was measured. */
export function tooSlow(item: QuizItem, answer: string): string | null {
  const ms = fastestMs(item, answer);
  if (ms < BOUND_MS) return null;
  const growth = growthPerDoubling(item, answer);
  return ms >= FREEZE_MS || growth > MAX_GROWTH_PER_DOUBLING ? `${ms.toFixed(1)} ms, ×${growth.toFixed(1)} per doubling` : null;
}
