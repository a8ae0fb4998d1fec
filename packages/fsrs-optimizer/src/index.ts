export { MIN_LOG_LOSS_GAIN, decideAdoption, type AdoptionDecision } from "./adoption.ts";
export {
  TRAINING,
  fitJobProblem,
  optimizeRequestProblem,
  type ChildRequest,
  type FitCard,
  type FitItem,
  type FitJob,
  type OptimizeRequest,
} from "./fit-job.ts";
export { FitRunner, type FitOutcome, type FitRunnerOptions, type OptimizeOutcome } from "./fit-runner.ts";
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
export {
  MIN_TRAINING_ITEMS,
  optimizeParameters,
  optimizeWith,
  type Comparison,
  type FitFunction,
  type OptimizeOptions,
  type OptimizeReport,
  type OptimizeSettings,
} from "./optimize.ts";
