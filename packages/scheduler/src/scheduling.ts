// Reviews in the member's own day: times go onto the study clock before FSRS sees them and
// come back to real instants afterwards. Plain JSON cards in, plain JSON cards out.

import type { CardState, Rating, ReviewLog } from "./card.ts";
import { CorruptCardError, InvalidDateError, InvalidRatingError, UndoMismatchError, describeValue } from "./errors.ts";
import { fsrsEngine, type FsrsEngine, type StudyClockCard } from "./fsrs-adapter.ts";
import {
  MS_PER_DAY,
  clockFor,
  fromStudyClock,
  studyDaysBetween,
  toStudyClock,
  type TimeZoneClock,
} from "./local-day.ts";
import { formatInstant, parseInstant, tryParseInstant } from "./instants.ts";
import { resolvePreferences, type MemberPreferences } from "./preferences.ts";

export interface ReviewResult {
  card: CardState;
  log: ReviewLog;
}

export type ReviewPreview = Record<Rating, ReviewResult>;

/** Stability and difficulty bounds ts-fsrs enforces on a reviewed card. */
const MIN_STABILITY = 0.001;
const MIN_DIFFICULTY = 1;
const MAX_DIFFICULTY = 10;

/** A card nobody has studied yet, due at once. */
export function newCard(now: Date | string): CardState {
  const nowMs = parseInstant(now, "now");
  return {
    due: formatInstant(nowMs),
    stability: 0,
    difficulty: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    state: "new",
    lastReview: null,
  };
}

/**
 * Reviews a card at `now`. `cardId` seeds fuzz (when the member has it on) so the same card,
 * review count and study day always get the same interval — pass the item's stable id.
 */
export function review(
  card: CardState,
  rating: Rating,
  now: Date | string,
  prefs: Partial<MemberPreferences> = {},
  cardId?: string,
): ReviewResult {
  const context = reviewContext(card, now, prefs, cardId);
  checkRating(rating);
  return reviewWith(context, rating);
}

/** What each rating would do at `now`: every outcome equals what `review` would commit. */
export function preview(
  card: CardState,
  now: Date | string,
  prefs: Partial<MemberPreferences> = {},
  cardId?: string,
): ReviewPreview {
  const context = reviewContext(card, now, prefs, cardId);
  return {
    again: reviewWith(context, "again"),
    hard: reviewWith(context, "hard"),
    good: reviewWith(context, "good"),
    easy: reviewWith(context, "easy"),
  };
}

/**
 * Probability (0..1) that the member recalls the card at `now`, counting elapsed time in
 * whole study days as FSRS does when it reviews. A new card has 0.
 */
export function retrievability(card: CardState, now: Date | string, prefs: Partial<MemberPreferences> = {}): number {
  const nowMs = parseInstant(now, "now");
  const parsed = checkCard(card);
  if (card.state === "new" || parsed.lastReviewMs === null) return 0;
  const preferences = resolvePreferences(prefs);
  const { clock, engine } = setupOf(preferences);
  const elapsed = studyDaysBetween(clock, preferences.dayStartHour, parsed.lastReviewMs, nowMs);
  if (elapsed < 0) {
    throw new InvalidDateError(
      `now (${formatInstant(nowMs)}) is before the card's last review (${card.lastReview})`,
    );
  }
  return engine.retrievability(elapsed, card.stability);
}

/**
 * The card as it was before the review in `log`. With `current`, also checks that the log is
 * that card's last review, so an undo cannot rewind a card that has moved on since.
 */
export function undoReview(log: ReviewLog, current?: CardState): CardState {
  checkRating(log.rating);
  checkCard(log.before);
  if (current !== undefined && !sameCard(current, log.after)) {
    throw new UndoMismatchError(`the card has changed since the review at ${log.reviewedAt}`);
  }
  return copyCard(log.before);
}

/** Validates a stored card; throws CorruptCardError naming the first bad field. */
export function checkCard(card: unknown): { dueMs: number; lastReviewMs: number | null } {
  if (typeof card !== "object" || card === null) {
    throw new CorruptCardError("card", `card must be an object, got ${describeValue(card)}`);
  }
  const c = card as Record<keyof CardState, unknown>;
  const dueMs = tryParseInstant(c.due);
  if (dueMs === null) {
    throw new CorruptCardError("due", `due must be an ISO-8601 time with a zone, got ${describeValue(c.due)}`);
  }
  if (!isCardState(c.state)) {
    throw new CorruptCardError(
      "state",
      `state must be "new", "learning", "review" or "relearning", got ${describeValue(c.state)}`,
    );
  }
  // Field by field rather than in a loop over names: this runs on every review.
  checkCount("reps", c.reps);
  checkCount("lapses", c.lapses);
  checkCount("learningSteps", c.learningSteps);
  checkCount("scheduledDays", c.scheduledDays);
  checkMemory("stability", c.stability);
  checkMemory("difficulty", c.difficulty);
  const lastReviewMs = c.lastReview === null ? null : tryParseInstant(c.lastReview);
  if (c.lastReview !== null && lastReviewMs === null) {
    throw new CorruptCardError(
      "lastReview",
      `lastReview must be null or an ISO-8601 time with a zone, got ${describeValue(c.lastReview)}`,
    );
  }
  if (c.state !== "new") {
    if (lastReviewMs === null) {
      throw new CorruptCardError("lastReview", `a ${c.state} card must have a lastReview, got null`);
    }
    const stability = c.stability as number;
    const difficulty = c.difficulty as number;
    if (stability < MIN_STABILITY) {
      throw new CorruptCardError(
        "stability",
        `a ${c.state} card must have stability ≥ ${MIN_STABILITY}, got ${describeValue(stability)}`,
      );
    }
    if (difficulty < MIN_DIFFICULTY || difficulty > MAX_DIFFICULTY) {
      throw new CorruptCardError(
        "difficulty",
        `a ${c.state} card must have difficulty from ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}, got ${describeValue(difficulty)}`,
      );
    }
    if ((c.reps as number) < 1) {
      throw new CorruptCardError("reps", `a ${c.state} card must have reps ≥ 1, got ${describeValue(c.reps)}`);
    }
  }
  return { dueMs, lastReviewMs };
}

function isCardState(value: unknown): value is CardState["state"] {
  return value === "review" || value === "learning" || value === "relearning" || value === "new";
}

function checkCount(field: string, value: unknown): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new CorruptCardError(field, `${field} must be a whole number ≥ 0, got ${describeValue(value)}`);
  }
}

function checkMemory(field: string, value: unknown): void {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new CorruptCardError(field, `${field} must be a finite number ≥ 0, got ${describeValue(value)}`);
  }
}

export function checkRating(rating: unknown): asserts rating is Rating {
  if (rating !== "good" && rating !== "again" && rating !== "hard" && rating !== "easy") {
    throw new InvalidRatingError(rating);
  }
}

interface ReviewContext {
  card: CardState;
  nowMs: number;
  nowIso: string;
  engine: FsrsEngine;
  clock: TimeZoneClock;
  dayStartHour: number;
  studyCard: StudyClockCard;
  studyNowMs: number;
  seed: string;
}

function reviewContext(
  card: CardState,
  now: Date | string,
  prefs: Partial<MemberPreferences>,
  cardId: string | undefined,
): ReviewContext {
  const preferences = setups.has(prefs as MemberPreferences) ? (prefs as MemberPreferences) : resolvePreferences(prefs);
  const nowMs = parseInstant(now, "review time");
  const { lastReviewMs } = checkCard(card);
  if (lastReviewMs !== null && nowMs < lastReviewMs) {
    throw new InvalidDateError(
      `review time ${formatInstant(nowMs)} is before the card's last review ${card.lastReview}`,
    );
  }
  if (cardId !== undefined && typeof cardId !== "string") {
    throw new CorruptCardError("cardId", `cardId must be a string, got ${describeValue(cardId)}`);
  }
  const { clock, engine } = setupOf(preferences);
  const { dayStartHour } = preferences;
  const studyCard: StudyClockCard = {
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduledDays,
    learningSteps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReviewMs: lastReviewMs === null ? null : toStudyClock(clock, dayStartHour, lastReviewMs),
  };
  return {
    card,
    nowMs,
    nowIso: formatInstant(nowMs),
    engine,
    clock,
    dayStartHour,
    studyCard,
    studyNowMs: toStudyClock(clock, dayStartHour, nowMs),
    // The seed only matters with fuzz on; building it costs a number-to-string conversion.
    seed: preferences.fuzz ? (cardId ?? fallbackSeed(card)) : "",
  };
}

function reviewWith(context: ReviewContext, rating: Rating): ReviewResult {
  const outcome = context.engine.next(context.studyCard, context.studyNowMs, rating, context.seed);
  const wait = outcome.dueMs - context.studyNowMs;
  // Day intervals keep the local time of day across daylight-saving changes (due "in 3 study
  // days" stays on the right study day); minute steps are real elapsed time.
  const dueMs =
    outcome.scheduledDays > 0 && wait >= MS_PER_DAY
      ? fromStudyClock(context.clock, context.dayStartHour, outcome.dueMs)
      : context.nowMs + wait;
  const after: CardState = {
    due: formatInstant(dueMs),
    stability: outcome.stability,
    difficulty: outcome.difficulty,
    scheduledDays: outcome.scheduledDays,
    learningSteps: outcome.learningSteps,
    reps: outcome.reps,
    lapses: outcome.lapses,
    state: outcome.state,
    lastReview: context.nowIso,
  };
  return {
    card: after,
    log: { rating, reviewedAt: context.nowIso, before: copyCard(context.card), after: copyCard(after) },
  };
}

/** Without a card id, a seed from the card's own history, which a later preview sees unchanged. */
function fallbackSeed(card: CardState): string {
  return `${card.lastReview ?? card.due}|${card.stability}|${card.difficulty}`;
}

interface Setup {
  engine: FsrsEngine;
  clock: TimeZoneClock;
}

/** Resolved preferences are frozen, so what they compile to is kept with them. */
const setups = new WeakMap<MemberPreferences, Setup>();

function setupOf(preferences: MemberPreferences): Setup {
  let setup = setups.get(preferences);
  if (setup === undefined) {
    setup = { engine: fsrsEngine(preferences), clock: clockFor(preferences.timezone) };
    setups.set(preferences, setup);
  }
  return setup;
}

/** Only the card's own fields, so a log never carries whatever else a caller attached. */
function copyCard(card: CardState): CardState {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduledDays,
    learningSteps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.lastReview,
  };
}

function sameCard(a: CardState, b: CardState): boolean {
  return (
    tryParseInstant(a.due) === tryParseInstant(b.due) &&
    a.stability === b.stability &&
    a.difficulty === b.difficulty &&
    a.scheduledDays === b.scheduledDays &&
    a.learningSteps === b.learningSteps &&
    a.reps === b.reps &&
    a.lapses === b.lapses &&
    a.state === b.state &&
    (a.lastReview === null ? b.lastReview === null : tryParseInstant(a.lastReview) === tryParseInstant(b.lastReview))
  );
}
