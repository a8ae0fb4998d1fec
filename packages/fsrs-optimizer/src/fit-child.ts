// The fitting child process: receives one request, answers, exits. Only this process ever loads
// the native binding, so when the binding aborts, only this process dies. A whole optimisation
// (conversion, fit, held-out evaluation) runs here too, so its CPU never stalls the bot.

import { FSRSBindingItem, FSRSBindingReview, computeParameters } from "@open-spaced-repetition/binding";
import { TRAINING, fitJobProblem, optimizeRequestProblem, type ChildRequest, type FitJob, type FitReply } from "./fit-job.ts";
import type { FitOutcome } from "./fit-runner.ts";
import { optimizeWith } from "./optimize.ts";

function reply(message: unknown): void {
  process.send?.(message, () => process.exit(0));
}

async function fit(job: FitJob): Promise<number[]> {
  // One review object per card review, shared by every prefix of that card: the binding copies
  // the values, and building a fresh one per prefix multiplies memory by the history length.
  const reviews = job.cards.map((card) => card.ratings.map((rating, i) => new FSRSBindingReview(rating, card.deltaTs[i] as number)));
  const items = job.items.map((item) => new FSRSBindingItem((reviews[item.card] as FSRSBindingReview[]).slice(0, item.length)));
  return computeParameters(items, {
    enableShortTerm: TRAINING.enableShortTerm,
    numRelearningSteps: TRAINING.numRelearningSteps,
    trainingConfig: { ...TRAINING.trainingConfig },
    timeout: TRAINING.timeout,
  });
}

/** A fit inside this process: checked first, since a bad item aborts the process. */
async function fitHere(job: FitJob): Promise<FitOutcome> {
  const started = performance.now();
  const elapsedMs = () => performance.now() - started;
  const problem = fitJobProblem(job);
  if (problem !== null) return { ok: false, reason: `input refused: ${problem}`, elapsedMs: elapsedMs() };
  try {
    const parameters = await fit(job);
    // maxRSS is in kilobytes: this process's peak, binding memory included.
    return { ok: true, parameters, elapsedMs: elapsedMs(), peakRssMb: process.resourceUsage().maxRSS / 1024 };
  } catch (error) {
    return { ok: false, reason: `the fit failed: ${error instanceof Error ? error.message : String(error)}`, elapsedMs: elapsedMs() };
  }
}

async function handle(message: ChildRequest): Promise<unknown> {
  if (message.kind === "fit") {
    const outcome = await fitHere(message.job);
    return outcome.ok
      ? ({ ok: true, parameters: outcome.parameters, peakRssMb: outcome.peakRssMb } satisfies FitReply)
      : ({ ok: false, error: outcome.reason } satisfies FitReply);
  }
  const problem = optimizeRequestProblem(message.request);
  if (problem !== null) return { ok: false, error: `refused before fitting: ${problem}` };
  const { reviews, current, clock } = message.request;
  const report = await optimizeWith(reviews, fitHere, { current, ...(clock ? { clock } : {}) });
  return { ok: true, report };
}

process.once("message", (message: ChildRequest) => {
  handle(message).then(reply, (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }));
});
