// The fitting child process: receives one FitJob, answers with the fitted weights, exits. Only
// this process ever loads the native binding, so when the binding aborts, only this process dies.

import { FSRSBindingItem, FSRSBindingReview, computeParameters } from "@open-spaced-repetition/binding";
import { TRAINING, fitJobProblem, type FitJob, type FitReply } from "./fit-job.ts";

function reply(message: FitReply): void {
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

process.once("message", (message: unknown) => {
  const problem = fitJobProblem(message);
  if (problem !== null) {
    reply({ ok: false, error: `refused before fitting: ${problem}` });
    return;
  }
  fit(message as FitJob).then(
    (parameters) => reply({ ok: true, parameters }),
    (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
