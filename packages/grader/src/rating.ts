export const RATINGS = ["again", "hard", "good", "easy"] as const;
/** The FSRS rating suggested to the member, who may override it. */
export type Rating = (typeof RATINGS)[number];

/** Lowest score for each rating above `again`. */
export interface RatingThresholds {
  easy: number;
  good: number;
  hard: number;
}

/**
 * The labelling rubric's own cut-offs (eval/RUBRIC.md §4). Fitted to the tuning split's scores as
 * graded out of fold (each batch by models trained without its writer: `eval:cv`), they are also the
 * ones that fit best (QWK 0.913 → 0.919 against the earlier 0.425 for `hard`, chosen when partial
 * credit ran high). `pnpm --filter @recall/grader eval --tune` prints the in-sample fit.
 */
export const DEFAULT_THRESHOLDS: RatingThresholds = { easy: 0.85, good: 0.65, hard: 0.35 };

export interface RatingSignals {
  score: number;
  /** A misconception asserted or a key point contradicted: the answer is at best `hard`. */
  wrongClaim: boolean;
  /** A misconception asserted or a weight-2 key point contradicted: the answer is `again`. */
  seriousWrongClaim?: boolean;
  /** Terms without claims: never more than `again`. */
  keywordSalad: boolean;
  empty: boolean;
}

export function ratingFromScore(score: number, thresholds: RatingThresholds): Rating {
  if (score >= thresholds.easy) return "easy";
  if (score >= thresholds.good) return "good";
  if (score >= thresholds.hard) return "hard";
  return "again";
}

export function suggestRating(signals: RatingSignals, thresholds: RatingThresholds = DEFAULT_THRESHOLDS): Rating {
  if (signals.empty || signals.keywordSalad || signals.seriousWrongClaim === true) return "again";
  const rating = ratingFromScore(signals.score, thresholds);
  if (signals.wrongClaim && (rating === "good" || rating === "easy")) return "hard";
  return rating;
}
