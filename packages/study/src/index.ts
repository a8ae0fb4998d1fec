export * from "./views.ts";
export * from "./ports.ts";
export * from "./errors.ts";
export * from "./study-service.ts";
export * from "./group-clock.ts";
export { createStudy, DEFAULT_OVERRIDE_WINDOW_MS, MAX_QUESTIONS_PER_DAY, type StudyOptions } from "./create-study.ts";
export { chooseDailyItems } from "./daily-pick.ts";
export {
  createProgressFeatures,
  weekStartOf,
  LEADERBOARD_PAGE_SIZE,
  STATS_FORECAST_DAYS,
  STATS_RETENTION_DAYS,
  type LeaderboardRequest,
  type ProgressFeatures,
} from "./progress.ts";
export {
  FIT_LEASE_MS,
  MIN_REVIEWS_FOR_FIT,
  REFIT_AFTER_MS,
  type FsrsFitCycleOptions,
  type FsrsFitRun,
} from "./fsrs-fits.ts";
export { DECK_IMPORT_TIMEOUT_MS, MAX_DECK_FILE_BYTES, MAX_DECK_NAME_LENGTH, type DeckImportView, type DeckUpload, type DeckView } from "./decks.ts";
export {
  INTERVIEW_IDLE_MS,
  INTERVIEW_QUESTIONS,
  INTERVIEW_TARGET_SECONDS,
  INTERVIEW_FOLLOW_UPS,
  chooseFollowUp,
  chooseMainQuestions,
  coverage,
  uncovered,
} from "./interview-rules.ts";
export { type AppealFeatures } from "./appeals.ts";
export {
  APPEAL_WINDOW_MS,
  MAX_APPEAL_NOTE_LENGTH,
  MAX_APPEALS_PER_DAY,
  MAX_PENDING_APPEALS,
  MAX_REJECT_REASON_LENGTH,
  appealLimit,
  guessAliases,
  type AliasGuess,
} from "./appeal-rules.ts";
export { ALIAS_OVERLAY_TTL_MS } from "./alias-overlays.ts";
