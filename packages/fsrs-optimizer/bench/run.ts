// `pnpm bench` for the optimizer: figures measured on simulated members (seeded), every ratio
// against a baseline taken in the same run.
//  1. Fit time and peak memory for about 10k and 100k reviews: the whole optimisation as the bot
//     runs it (child start, conversion, fit and held-out evaluation, all in a child process), the
//     fit alone with the child's peak RSS, and this process's RSS growth.
//  2. The /review path's work (the member and card read, the FSRS review, the review write, the
//     next due item: what `/review` does per step) on PGlite in this process: p99 latency while a
//     100k-review optimisation runs beside it, against the same without one, measured
//     without / with / without so drift on a shared machine shows. Target ≤ 1.2×.
// Always exits 0: a measurement, not a test.

import type { QuizItem } from "@recall/content";
import { createDatabase, dueItems, memberAndCard, recordReview, syncItems, upsertMember, type Database } from "@recall/db";
import { newCard, resolvePreferences, review, RATINGS, type Rating } from "@recall/scheduler";
import { FitRunner, optimizeParameters, type ReviewEvent } from "../src/index.ts";
import { LEARNER_WEIGHTS, seededRandom, simulateReviews } from "../test/simulate.ts";

const TARGET_RATIO = 1.2;
const log = (line = ""): void => void process.stdout.write(`${line}\n`);
const mb = (bytes: number): string => (bytes / 1_048_576).toFixed(0);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function fitFigures(runner: FitRunner, cards: number): Promise<ReviewEvent[]> {
  const reviews = simulateReviews({ cards, seed: 7, truth: LEARNER_WEIGHTS });
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const report = await optimizeParameters(reviews, { runner });
  const totalMs = performance.now() - started;
  const rssAfter = process.memoryUsage().rss;
  log(
    `  ${String(reviews.length).padStart(7)} reviews, ${String(report.items).padStart(6)} items: whole optimisation ${(totalMs / 1000).toFixed(2)} s, ` +
      `fit in child ${((report.fitMs ?? Number.NaN) / 1000).toFixed(2)} s (peak RSS ${report.fitPeakRssMb?.toFixed(0) ?? "?"} MB), ` +
      `this process RSS ${mb(rssBefore)} → ${mb(rssAfter)} MB; adopted ${report.adopted} (${report.reason})`,
  );
  return reviews;
}

/** Synthetic items: the path under test reads ids and cards, not question text. */
function benchItems(count: number): QuizItem[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `B${String(i).padStart(3, "0")}`;
    return {
      id,
      kind: "main",
      parentId: null,
      questionId: id,
      chapterNumber: 1,
      chapterName: "bench",
      priority: "P0",
      prompt: `${id}?`,
      answer: `${id}.`,
      keyPoints: [],
      misconceptions: [],
      contentHash: `hash-${id}`,
      source: { file: "bench.md", line: i + 1 },
    };
  });
}

interface ReviewPath {
  step(): Promise<number>;
}

async function reviewPath(db: Database): Promise<ReviewPath> {
  const items = benchItems(60);
  const start = new Date("2026-01-01T00:00:00Z");
  await syncItems(db, items, start);
  const members = await Promise.all(Array.from({ length: 20 }, (_, i) => upsertMember(db, `bench-${i}`, {}, start)));
  const prefs = resolvePreferences({ timezone: "UTC", dayStartHour: 4 });
  const random = seededRandom(11);
  let nowMs = start.getTime();
  let sequence = 0;
  return {
    async step() {
      nowMs += 60_000;
      const now = new Date(nowMs);
      const member = members[Math.floor(random() * members.length)]!;
      const item = items[Math.floor(random() * items.length)]!;
      const rating = RATINGS[Math.floor(random() * 4)] as Rating;
      const started = performance.now();
      const read = await memberAndCard(db, member.discordUserId, item.id);
      const { card, log: reviewLog } = review(read.card ?? newCard(now), rating, now, prefs, item.id);
      await recordReview(db, { idempotencyKey: `bench-${++sequence}`, memberId: member.id, itemId: item.id, reviewLog, card, source: "review" });
      await dueItems(db, member.id, now, 1);
      return performance.now() - started;
    },
  };
}

async function latencies(path: ReviewPath, steps: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < steps; i++) out.push(await path.step());
  return out;
}

async function main(): Promise<void> {
  const runner = new FitRunner({ timeoutMs: 300_000 });
  log("== fit time and peak memory (whole optimisation in a child process: start, conversion, fit, held-out evaluation)");
  await fitFigures(runner, 1_100);
  const large = await fitFigures(runner, 11_000);

  log("== /review path p99 (PGlite in this process) with a 100k-review optimisation beside it vs without");
  const open = await createDatabase({ inMemory: true });
  const path = await reviewPath(open.db);
  await latencies(path, 200); // warm-up
  const steps = 400;
  const before = await latencies(path, steps);
  const withFit: number[] = [];
  let fits = 0;
  let fitting = true;
  const fitsBeside = (async () => {
    while (fitting) {
      await optimizeParameters(large, { runner });
      fits += 1;
    }
  })();
  // Let the first fit get going (conversion done, child started) before measuring.
  await new Promise((resolve) => setTimeout(resolve, 200));
  while (withFit.length < steps) withFit.push(await path.step());
  fitting = false;
  await fitsBeside;
  const after = await latencies(path, steps);
  await open.close();

  const without = [...before, ...after];
  const p99Without = percentile(without, 99);
  const p99With = percentile(withFit, 99);
  const ratio = p99With / p99Without;
  log(`  without a fit (before and after): p50 ${percentile(without, 50).toFixed(2)} ms, p99 ${p99Without.toFixed(2)} ms (before ${percentile(before, 99).toFixed(2)}, after ${percentile(after, 99).toFixed(2)})`);
  log(`  with a fit beside (${fits} optimisations overlapped): p50 ${percentile(withFit, 50).toFixed(2)} ms, p99 ${p99With.toFixed(2)} ms`);
  log(`  ratio p99 with/without ${ratio.toFixed(2)}× — target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? "PASS" : "MISS"}`);
}

await main();
