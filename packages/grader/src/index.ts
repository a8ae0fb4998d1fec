export { grade, MAX_ANSWER_LENGTH, VERDICTS } from "./grade-answer.ts";
export type { GradeOptions, GradeResult, KeyPointResult, MisconceptionResult, Verdict } from "./grade-answer.ts";
export { DEFAULT_THRESHOLDS, RATINGS, ratingFromScore, suggestRating } from "./rating.ts";
export type { Rating, RatingThresholds, RatingSignals } from "./rating.ts";
export { AnswerTooLongError, GraderError } from "./errors.ts";
export { normalizeText, normalizeTerm } from "./normalize-text.ts";
export type { NormalizedText } from "./normalize-text.ts";
export { bigramDiceBaseline } from "./bigram-baseline.ts";
