// How well weights predict recall on a set of items, computed with ts-fsrs's memory model (via
// @recall/scheduler) rather than the binding's evaluate, which silently drops small groups of
// items and so cannot judge a member's newest reviews.

import { RecallPredictor } from "@recall/scheduler";
import type { FitCard } from "./fit-job.ts";
import type { HistoryItem } from "./histories.ts";

export interface Metrics {
  /** Mean binary cross-entropy of predicted recall against recalled (not Again) or not. */
  logLoss: number;
  /** Calibration error: RMSE between mean predicted and actual recall over 20 prediction bins. */
  rmseBins: number;
}

const BINS = 20;
/** Predictions are kept off 0 and 1 so one confident miss cannot make the loss infinite. */
const EPSILON = 1e-4;

export function evaluate(cards: readonly FitCard[], items: readonly HistoryItem[], parameters: readonly number[] | null): Metrics {
  if (items.length === 0) return { logLoss: Number.NaN, rmseBins: Number.NaN };
  const predictor = new RecallPredictor(parameters);
  let loss = 0;
  const binCount = new Float64Array(BINS);
  const binPredicted = new Float64Array(BINS);
  const binRecalled = new Float64Array(BINS);
  for (const item of items) {
    const card = cards[item.card] as FitCard;
    const predicted = Math.min(1 - EPSILON, Math.max(EPSILON, predictor.predict(card.ratings, card.deltaTs, item.length)));
    const recalled = (card.ratings[item.length - 1] as number) > 1 ? 1 : 0;
    loss -= recalled === 1 ? Math.log(predicted) : Math.log(1 - predicted);
    const bin = binOf(predicted);
    binCount[bin] = (binCount[bin] as number) + 1;
    binPredicted[bin] = (binPredicted[bin] as number) + predicted;
    binRecalled[bin] = (binRecalled[bin] as number) + recalled;
  }
  let squared = 0;
  for (let b = 0; b < BINS; b++) {
    const count = binCount[b] as number;
    if (count === 0) continue;
    const gap = ((binPredicted[b] as number) - (binRecalled[b] as number)) / count;
    squared += gap * gap * count;
  }
  return { logLoss: loss / items.length, rmseBins: Math.sqrt(squared / items.length) };
}

/**
 * Bins narrow towards 1, where most predictions fall: bin = floor((21^p − 1)), so an even spread
 * of 20 bins in 21^p rather than in p.
 */
function binOf(predicted: number): number {
  const bin = Math.floor(Math.exp(predicted * Math.log(BINS + 1)) - 1);
  return Math.min(BINS - 1, Math.max(0, bin));
}
