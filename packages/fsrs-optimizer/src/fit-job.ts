// What crosses into the fitting child process: plain arrays only, checked on both sides of the
// process boundary. The binding aborts the whole process (not a catchable error) on an item with
// no review on a later day, so nothing unchecked may reach it.

/** One card's history in time order: ratings 1–4 and whole study days since the previous review. */
export interface FitCard {
  ratings: number[];
  deltaTs: number[];
}

/**
 * A training item is a prefix of one card's history: reviews [0, length) of `cards[card]`, whose
 * last review is the one predicted. Items are listed oldest first (the fit weighs later ones more).
 */
export interface FitItem {
  card: number;
  length: number;
}

export interface FitJob {
  cards: FitCard[];
  items: FitItem[];
}

/** The longest gap accepted, in days: beyond any schedule ts-fsrs makes (36,500 days). */
const MAX_DELTA_T = 100_000;

/** Why the job could crash or mislead the fit, or null when it is safe to hand to the binding. */
export function fitJobProblem(job: unknown): string | null {
  if (typeof job !== "object" || job === null) return "a fit job must be an object";
  const { cards, items } = job as Partial<Record<keyof FitJob, unknown>>;
  if (!Array.isArray(cards)) return "cards must be an array";
  if (!Array.isArray(items) || items.length === 0) return "a fit needs at least one item";
  for (let c = 0; c < cards.length; c++) {
    const card = cards[c] as Partial<Record<keyof FitCard, unknown>> | null;
    if (typeof card !== "object" || card === null) return `card ${c} must be an object`;
    const { ratings, deltaTs } = card;
    if (!Array.isArray(ratings) || !Array.isArray(deltaTs) || ratings.length !== deltaTs.length || ratings.length === 0) {
      return `card ${c} must have as many ratings as day gaps, at least one`;
    }
    for (let i = 0; i < ratings.length; i++) {
      const rating: unknown = ratings[i];
      const deltaT: unknown = deltaTs[i];
      if (rating !== 1 && rating !== 2 && rating !== 3 && rating !== 4) {
        return `card ${c} review ${i}: rating must be 1, 2, 3 or 4`;
      }
      if (typeof deltaT !== "number" || !Number.isInteger(deltaT) || deltaT < 0 || deltaT > MAX_DELTA_T) {
        return `card ${c} review ${i}: day gap must be a whole number from 0 to ${MAX_DELTA_T}`;
      }
      if (i === 0 && deltaT !== 0) return `card ${c}: the first review must have a day gap of 0`;
    }
  }
  for (let k = 0; k < items.length; k++) {
    const item = items[k] as Partial<Record<keyof FitItem, unknown>> | null;
    if (typeof item !== "object" || item === null) return `item ${k} must be an object`;
    const { card, length } = item;
    if (typeof card !== "number" || !Number.isInteger(card) || card < 0 || card >= cards.length) {
      return `item ${k}: no card ${String(card)}`;
    }
    const history = cards[card] as FitCard;
    if (typeof length !== "number" || !Number.isInteger(length) || length < 2 || length > history.ratings.length) {
      return `item ${k}: length must be from 2 to the card's ${history.ratings.length} reviews`;
    }
    if ((history.deltaTs[length - 1] as number) <= 0) {
      return `item ${k}: the predicted review must fall on a later day than the one before it`;
    }
  }
  return null;
}

/** Training settings as Anki uses them (8 epochs, short-term memory on). */
export const TRAINING = Object.freeze({
  enableShortTerm: true,
  // ts-fsrs relearns with one 10-minute step, which stays within the day.
  numRelearningSteps: 1,
  trainingConfig: { numEpochs: 8, batchSize: 512, seed: 2023, maxSeqLen: 256, learningRate: 0.04, gamma: 1 },
  // The binding only settles its promise on a poll tick; its 500 ms default would pad every fit.
  timeout: 20,
});

/** What the child sends back for a fit job. */
export type FitReply = { ok: true; parameters: number[]; peakRssMb: number } | { ok: false; error: string };

/** A whole optimisation for the child: a member's reviews (replay-format fields, times in ms). */
export interface OptimizeRequest {
  reviews: readonly { card: string; rating: "again" | "hard" | "good" | "easy"; atMs: number; timezone?: string; dayStartHour?: number }[];
  current: readonly number[] | null;
  clock: { timezone: string; dayStartHour: number } | null;
}

/** Messages to the child. */
export type ChildRequest = { kind: "fit"; job: FitJob } | { kind: "optimize"; request: OptimizeRequest };

/** Why the request cannot be optimised, or null. Reviews are checked field by field by the conversion. */
export function optimizeRequestProblem(request: unknown): string | null {
  if (typeof request !== "object" || request === null) return "an optimisation request must be an object";
  const { reviews, current, clock } = request as Partial<Record<keyof OptimizeRequest, unknown>>;
  if (!Array.isArray(reviews)) return "reviews must be an array";
  for (let i = 0; i < reviews.length; i++) {
    const review = reviews[i] as Record<string, unknown> | null;
    if (typeof review !== "object" || review === null) return `review ${i} must be an object`;
    if (typeof review.card !== "string") return `review ${i}: card must be a string`;
    if (review.rating !== "again" && review.rating !== "hard" && review.rating !== "good" && review.rating !== "easy") {
      return `review ${i}: rating must be again, hard, good or easy`;
    }
    if (typeof review.atMs !== "number" || !Number.isFinite(review.atMs)) return `review ${i}: atMs must be a finite number`;
  }
  if (current !== null && !Array.isArray(current)) return "current must be null or an array of weights";
  if (clock !== null && (typeof clock !== "object" || clock === undefined)) return "clock must be null or an object";
  return null;
}
