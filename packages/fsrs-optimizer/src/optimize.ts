// One member's optimisation: convert their reviews, fit on the older 80% of items, judge fitted
// against current weights on the newest 20%, and say which to use. The whole of it runs in the
// fit's child process (optimizeParameters → FitRunner.optimize → optimizeWith): converting and
// evaluating 100k reviews takes seconds of CPU that would otherwise stall the bot's event loop.

import { DEFAULT_PARAMETERS } from "@recall/scheduler";
import { decideAdoption } from "./adoption.ts";
import type { FitJob } from "./fit-job.ts";
import type { FitOutcome, FitRunner } from "./fit-runner.ts";
import { fitJobOf, splitByTime, toHistories, type ReviewEvent, type StudyClock } from "./histories.ts";
import { evaluate, type Metrics } from "./metrics.ts";

export interface OptimizeSettings {
  /** The weights in use (null: FSRS-6 defaults). */
  current?: readonly number[] | null;
  /** The member's study clock; reviews may carry their own. Default UTC, day start 0. */
  clock?: StudyClock;
}

export interface OptimizeOptions extends OptimizeSettings {
  runner: FitRunner;
}

/** Runs one fit job (in the child: the binding itself). */
export type FitFunction = (job: FitJob) => Promise<FitOutcome>;

export interface Comparison {
  current: number | null;
  fitted: number | null;
}

export interface OptimizeReport {
  /** The 21 weights to schedule with from now on: the fitted ones if adopted, else the current. */
  parameters: number[];
  adopted: boolean;
  reason: string;
  /** What the fit produced, adopted or not (null when no fit ran or it failed). */
  fitted: number[] | null;
  reviews: number;
  /** Items (reviews on a later day than the card's previous one), training and held-out; null when the child died before counting. */
  items: number | null;
  heldOutItems: number | null;
  /** The fit alone (child process start included) and the child's peak memory; null without a fit. */
  fitMs: number | null;
  fitPeakRssMb: number | null;
  logLoss: Comparison;
  rmseBins: Comparison;
}

/** Below this many training items the binding returns the defaults without fitting. */
export const MIN_TRAINING_ITEMS = 8;

/**
 * Optimises in a child process of `options.runner`. Never rejects: a crash, a timeout or a refused
 * input comes back as a report with `adopted: false`, the current weights and the reason.
 */
export async function optimizeParameters(reviews: readonly ReviewEvent[], options: OptimizeOptions): Promise<OptimizeReport> {
  const current = options.current ?? null;
  const outcome = await options.runner.optimize({ reviews, current, clock: options.clock ?? null });
  if (outcome.ok) return outcome.report;
  return {
    parameters: [...(current ?? DEFAULT_PARAMETERS)],
    adopted: false,
    reason: outcome.reason,
    fitted: null,
    reviews: reviews.length,
    items: null,
    heldOutItems: null,
    fitMs: null,
    fitPeakRssMb: null,
    logLoss: { current: null, fitted: null },
    rmseBins: { current: null, fitted: null },
  };
}

/** The optimisation itself, with `fit` running each fit job (the child passes the binding). */
export async function optimizeWith(reviews: readonly ReviewEvent[], fit: FitFunction, options: OptimizeSettings): Promise<OptimizeReport> {
  const current = options.current ?? null;
  const inUse = [...(current ?? DEFAULT_PARAMETERS)];
  const histories = toHistories(reviews, options.clock ?? { timezone: "UTC", dayStartHour: 0 });
  const { train, test } = splitByTime(histories);
  // Keys in the order the command line prints them.
  const base: OptimizeReport = {
    parameters: inUse,
    adopted: false,
    reason: "",
    fitted: null,
    reviews: histories.reviews,
    items: histories.items.length,
    heldOutItems: test.length,
    fitMs: null,
    fitPeakRssMb: null,
    logLoss: { current: null, fitted: null },
    rmseBins: { current: null, fitted: null },
  };
  const report = (fields: Partial<OptimizeReport> & Pick<OptimizeReport, "reason">): OptimizeReport => ({
    ...base,
    ...fields,
  });
  if (train.length < MIN_TRAINING_ITEMS || test.length === 0) {
    return report({ reason: `not enough reviews on later days to fit (${histories.items.length} items)` });
  }
  const baseline = evaluate(histories.cards, test, current);
  const outcome = await fit(fitJobOf(histories, train));
  if (!outcome.ok) {
    return report({ reason: outcome.reason, ...compare(baseline, null) });
  }
  const candidate = evaluate(histories.cards, test, outcome.parameters);
  const decision = decideAdoption(outcome.parameters, baseline, candidate);
  return report({
    parameters: decision.adopted ? [...outcome.parameters] : inUse,
    fitted: [...outcome.parameters],
    adopted: decision.adopted,
    reason: decision.reason,
    fitMs: outcome.elapsedMs,
    fitPeakRssMb: outcome.peakRssMb,
    ...compare(baseline, candidate),
  });
}

function compare(current: Metrics, fitted: Metrics | null): Pick<OptimizeReport, "logLoss" | "rmseBins"> {
  return {
    logLoss: { current: finite(current.logLoss), fitted: fitted === null ? null : finite(fitted.logLoss) },
    rmseBins: { current: finite(current.rmseBins), fitted: fitted === null ? null : finite(fitted.rmseBins) },
  };
}

function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}
