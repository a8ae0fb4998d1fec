// One member's optimisation: convert their reviews, fit on the older 80% of items in a child
// process, judge fitted against current weights on the newest 20%, and say which to use.

import { DEFAULT_PARAMETERS } from "@recall/scheduler";
import { decideAdoption } from "./adoption.ts";
import type { FitRunner } from "./fit-runner.ts";
import { fitJobOf, splitByTime, toHistories, type ReviewEvent, type StudyClock } from "./histories.ts";
import { evaluate, type Metrics } from "./metrics.ts";

export interface OptimizeOptions {
  runner: FitRunner;
  /** The weights in use (null: FSRS-6 defaults). */
  current?: readonly number[] | null;
  /** The member's study clock; reviews may carry their own. Default UTC, day start 0. */
  clock?: StudyClock;
}

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
  /** Items (reviews on a later day than the card's previous one), training and held-out. */
  items: number;
  heldOutItems: number;
  logLoss: Comparison;
  rmseBins: Comparison;
}

/** Below this many training items the binding returns the defaults without fitting. */
export const MIN_TRAINING_ITEMS = 8;

export async function optimizeParameters(reviews: readonly ReviewEvent[], options: OptimizeOptions): Promise<OptimizeReport> {
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
  const outcome = await options.runner.fit(fitJobOf(histories, train));
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
