// Whether fitted weights replace the ones in use: judged on the member's newest reviews, which
// the fit never saw. A fit that only matches noise tends to lose there, while in-sample checks
// (what Anki does) adopt it anyway.

import { PARAMETER_BOUNDS, parameterProblem } from "@recall/scheduler";
import type { Metrics } from "./metrics.ts";

/** Fitted weights must cut held-out log loss by at least this share. */
export const MIN_LOG_LOSS_GAIN = 0.01;

export interface AdoptionDecision {
  adopted: boolean;
  reason: string;
}

export function decideAdoption(fitted: readonly number[], current: Metrics, candidate: Metrics): AdoptionDecision {
  const problem = parameterProblem(fitted);
  if (problem !== null) return { adopted: false, reason: `fitted parameters unusable: ${problem}` };
  const atBound = [0, 1, 2, 3].every((i) => {
    const [low, high] = PARAMETER_BOUNDS[i] as readonly [number, number];
    return fitted[i] === low || fitted[i] === high;
  });
  if (atBound) return { adopted: false, reason: "fitted initial stabilities all sit at a bound (degenerate history)" };
  if (![current.logLoss, current.rmseBins, candidate.logLoss, candidate.rmseBins].every(Number.isFinite)) {
    return { adopted: false, reason: "no held-out reviews to compare on" };
  }
  const gain = (current.logLoss - candidate.logLoss) / current.logLoss;
  const change = `held-out log loss ${Math.abs(gain * 100).toFixed(2)}% ${gain >= 0 ? "lower" : "higher"}`;
  if (gain < MIN_LOG_LOSS_GAIN) return { adopted: false, reason: `${change}; at least 1% lower is needed` };
  if (candidate.rmseBins > current.rmseBins) return { adopted: false, reason: `${change} but RMSE(bins) worse` };
  return { adopted: true, reason: `${change} and RMSE(bins) no worse` };
}
