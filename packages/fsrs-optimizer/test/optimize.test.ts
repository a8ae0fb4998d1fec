// Simulated learners with known memory: personal weights are adopted when they are truly better
// on the held-out reviews, and a learner who behaves like the defaults keeps the defaults.

import { fileURLToPath } from "node:url";
import { DEFAULT_PARAMETERS, RecallPredictor } from "@recall/scheduler";
import { describe, expect, it } from "vitest";
import { FitRunner, optimizeParameters, splitByTime, toHistories, type Histories, type HistoryItem } from "../src/index.ts";
import { LEARNER_WEIGHTS, simulateReviews } from "./simulate.ts";

const runner = new FitRunner();
const UTC = { timezone: "UTC", dayStartHour: 0 };

/** Mean |predicted − true recall| over held-out items. */
function recallError(histories: Histories, items: readonly HistoryItem[], weights: readonly number[] | null): number {
  const model = new RecallPredictor(weights);
  const truth = new RecallPredictor(LEARNER_WEIGHTS);
  let total = 0;
  for (const item of items) {
    const card = histories.cards[item.card]!;
    total += Math.abs(model.predict(card.ratings, card.deltaTs, item.length) - truth.predict(card.ratings, card.deltaTs, item.length));
  }
  return total / items.length;
}

describe("optimizeParameters", () => {
  it("fits a 1,000-card learner whose memory differs from the defaults, and adopts the fit", async () => {
    const reviews = simulateReviews({ cards: 1_000, seed: 1, truth: LEARNER_WEIGHTS });
    const report = await optimizeParameters(reviews, { runner, clock: UTC });
    expect(report.reviews).toBe(reviews.length);
    expect(report.reviews).toBeGreaterThan(8_000);
    expect(report.fitted).toHaveLength(21);
    expect(report.adopted).toBe(true);
    expect(report.parameters).toEqual(report.fitted);
    expect(report.logLoss.fitted!).toBeLessThan(report.logLoss.current! * 0.99);
    expect(report.rmseBins.fitted!).toBeLessThanOrEqual(report.rmseBins.current!);
    // Judged against the learner's true recall, not just the observed outcomes.
    const histories = toHistories(reviews, UTC);
    const { test } = splitByTime(histories);
    expect(test.length).toBe(report.heldOutItems);
    const fittedError = recallError(histories, test, report.fitted);
    const defaultError = recallError(histories, test, null);
    expect(fittedError).toBeLessThan(defaultError * 0.8);
  });

  it("keeps the defaults for a 1,000-card learner whose memory follows them", async () => {
    const reviews = simulateReviews({ cards: 1_000, seed: 1, truth: null });
    const report = await optimizeParameters(reviews, { runner, clock: UTC });
    expect(report.fitted).toHaveLength(21);
    expect(report.adopted).toBe(false);
    expect(report.reason).toMatch(/at least 1% lower is needed|RMSE\(bins\) worse/);
    expect(report.parameters).toEqual([...DEFAULT_PARAMETERS]);
  });

  it("does not fit on too little history, and reports a failed fit without adopting", async () => {
    const few = ["a", "b", "c"].flatMap((card) => [
      { card, rating: "good" as const, atMs: Date.parse("2026-01-01T09:00:00Z") },
      { card, rating: "good" as const, atMs: Date.parse("2026-01-04T09:00:00Z") },
    ]);
    const report = await optimizeParameters(few, { runner, clock: UTC });
    expect(report).toMatchObject({ adopted: false, fitted: null });
    expect(report.reason).toBe("not enough reviews on later days to fit (3 items)");

    const closed = new FitRunner();
    closed.close();
    const current = [...LEARNER_WEIGHTS];
    const failed = await optimizeParameters(simulateReviews({ cards: 50, seed: 3, truth: null }), { runner: closed, current, clock: UTC });
    expect(failed).toMatchObject({ adopted: false, fitted: null, reason: "the fit runner is closed", parameters: current });
    expect(failed).toMatchObject({ reviews: failed.reviews, items: null, logLoss: { current: null, fitted: null } });

    // The child dies mid-optimisation (as the binding aborts): a report, not a crash.
    const aborting = new FitRunner({ childModule: fileURLToPath(new URL("./fixtures/aborting-child.ts", import.meta.url)) });
    const crashed = await optimizeParameters(simulateReviews({ cards: 50, seed: 3, truth: null }), { runner: aborting, current, clock: UTC });
    expect(crashed).toMatchObject({ adopted: false, fitted: null, parameters: current });
    expect(crashed.reason).toMatch(/^the fit process ended without an answer \(signal SIGABRT\)/);
  });
});
