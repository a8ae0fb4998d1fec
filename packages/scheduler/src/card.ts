// The scheduler's plain data: what the database stores as it is and what crosses package
// boundaries. Times are ISO-8601 strings so that a card survives JSON unchanged.

export const RATINGS = ["again", "hard", "good", "easy"] as const;
export type Rating = (typeof RATINGS)[number];

export const CARD_STATES = ["new", "learning", "review", "relearning"] as const;
export type CardStateName = (typeof CARD_STATES)[number];

export interface CardState {
  /** ISO time when the card is next due. */
  due: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  /** Index into the (re)learning steps. */
  learningSteps: number;
  reps: number;
  lapses: number;
  state: CardStateName;
  /** ISO time of the last review, or null for a new card. */
  lastReview: string | null;
}

/** One review, as it happened: enough to audit it and to undo it exactly. */
export interface ReviewLog {
  rating: Rating;
  /** ISO time of the review. */
  reviewedAt: string;
  /** The card before the review (undo restores it as it is). */
  before: CardState;
  /** The card after the review. */
  after: CardState;
}
