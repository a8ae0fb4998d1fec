export * from "./card.ts";
export * from "./errors.ts";
export {
  DEFAULT_PREFERENCES,
  MAX_DESIRED_RETENTION,
  MAX_MAXIMUM_INTERVAL,
  MIN_DESIRED_RETENTION,
  resolvePreferences,
  type MemberPreferences,
} from "./preferences.ts";
export { endOfLocalDay, localDay, startOfLocalDay, studyDayNumber } from "./local-day.ts";
export {
  DEFAULT_PARAMETERS,
  PARAMETER_BOUNDS,
  PARAMETER_COUNT,
  RecallPredictor,
  checkParameters,
  parameterProblem,
} from "./parameters.ts";
export {
  checkCard,
  newCard,
  preview,
  retrievability,
  review,
  undoReview,
  type ReviewPreview,
  type ReviewResult,
} from "./scheduling.ts";
export {
  pickDailyItems,
  rankWeakest,
  type DailyPick,
  type DailyPickRequest,
  type DueCandidate,
  type FreshCandidate,
  type Priority,
  type RankedCandidate,
  type WeakCandidate,
} from "./work-selection.ts";
export {
  ReplayLineError,
  Replayer,
  parseReviewLine,
  type ReplayCardLine,
  type ReplayErrorLine,
  type ReplayOutput,
  type ReviewLine,
} from "./replay.ts";
