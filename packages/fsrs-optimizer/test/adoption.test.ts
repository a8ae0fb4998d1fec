// Metrics on held-out items and the rule that adopts fitted weights.

import { DEFAULT_PARAMETERS, RecallPredictor } from "@recall/scheduler";
import { describe, expect, it } from "vitest";
import { decideAdoption, evaluate, type HistoryItem } from "../src/index.ts";

describe("evaluate", () => {
  it("computes log loss and RMSE(bins) from ts-fsrs's predictions", () => {
    const cards = [
      { ratings: [3, 3], deltaTs: [0, 3] },
      { ratings: [3, 1], deltaTs: [0, 3] },
    ];
    const items: HistoryItem[] = [
      { card: 0, length: 2, atMs: 1 },
      { card: 1, length: 2, atMs: 2 },
    ];
    const p = new RecallPredictor(null).predict([3, 3], [0, 3], 2);
    const metrics = evaluate(cards, items, null);
    expect(metrics.logLoss).toBeCloseTo((-Math.log(p) - Math.log(1 - p)) / 2, 12);
    // Both predictions share a bin whose actual recall is 1/2.
    expect(metrics.rmseBins).toBeCloseTo(Math.abs(p - 0.5), 12);
    expect(evaluate(cards, [], null).logLoss).toBeNaN();
  });
});

describe("decideAdoption", () => {
  const fitted = DEFAULT_PARAMETERS.map((w, i) => (i === 0 ? w * 1.5 : w));
  const current = { logLoss: 0.3, rmseBins: 0.05 };

  it("adopts at 1% lower log loss with RMSE no worse", () => {
    expect(decideAdoption(fitted, current, { logLoss: 0.297, rmseBins: 0.05 })).toEqual({
      adopted: true,
      reason: "held-out log loss 1.00% lower and RMSE(bins) no worse",
    });
  });

  it("keeps the current weights for a smaller gain, a worse RMSE or unusable weights", () => {
    expect(decideAdoption(fitted, current, { logLoss: 0.2975, rmseBins: 0.01 })).toEqual({
      adopted: false,
      reason: "held-out log loss 0.83% lower; at least 1% lower is needed",
    });
    expect(decideAdoption(fitted, current, { logLoss: 0.31, rmseBins: 0.01 }).reason).toBe(
      "held-out log loss 3.33% higher; at least 1% lower is needed",
    );
    expect(decideAdoption(fitted, current, { logLoss: 0.2, rmseBins: 0.0501 })).toEqual({
      adopted: false,
      reason: "held-out log loss 33.33% lower but RMSE(bins) worse",
    });
    const nan = [...fitted];
    nan[7] = Number.NaN;
    expect(decideAdoption(nan, current, { logLoss: 0.2, rmseBins: 0.01 })).toEqual({
      adopted: false,
      reason: "fitted parameters unusable: parameter w7 must be a finite number, got NaN",
    });
    const outside = [...fitted];
    outside[20] = 0.9;
    expect(decideAdoption(outside, current, { logLoss: 0.2, rmseBins: 0.01 }).reason).toBe(
      "fitted parameters unusable: parameter w20 must be from 0.1 to 0.8, got 0.9",
    );
    const floor = [...fitted];
    floor.splice(0, 4, 0.001, 0.001, 0.001, 0.001);
    expect(decideAdoption(floor, current, { logLoss: 0.2, rmseBins: 0.01 }).adopted).toBe(false);
    expect(decideAdoption(fitted, { logLoss: Number.NaN, rmseBins: Number.NaN }, current).reason).toBe(
      "no held-out reviews to compare on",
    );
  });
});
