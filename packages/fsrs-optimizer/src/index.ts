export { MIN_LOG_LOSS_GAIN, decideAdoption, type AdoptionDecision } from "./adoption.ts";
export { TRAINING, fitJobProblem, type FitCard, type FitItem, type FitJob } from "./fit-job.ts";
export { FitRunner, type FitOutcome, type FitRunnerOptions } from "./fit-runner.ts";
export {
  fitJobOf,
  splitByTime,
  toHistories,
  type Histories,
  type HistoryItem,
  type ReviewEvent,
  type StudyClock,
} from "./histories.ts";
export { evaluate, type Metrics } from "./metrics.ts";
export { MIN_TRAINING_ITEMS, optimizeParameters, type Comparison, type OptimizeOptions, type OptimizeReport } from "./optimize.ts";
