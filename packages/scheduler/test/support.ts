// Test helpers: a seeded random source and conversions between our cards and plain ts-fsrs cards.

import type { Card } from "ts-fsrs";
import { CARD_STATES, RATINGS, type CardState, type Rating } from "../src/card.ts";

/** mulberry32: a tiny seeded generator, so "random" sequences are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Ratings weighted roughly like real study: mostly good, some again. */
export function randomRating(random: () => number): Rating {
  const r = random();
  return r < 0.15 ? "again" : r < 0.3 ? "hard" : r < 0.9 ? "good" : "easy";
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Gaps between reviews: minutes (learning steps), hours (same or next day) and days. */
export function randomGapMs(random: () => number): number {
  const kind = random();
  if (kind < 0.25) return Math.floor(random() * 30 * MINUTE) + 1000;
  if (kind < 0.5) return Math.floor(random() * 20 * HOUR);
  return Math.floor(1 + random() * 60) * DAY + Math.floor(random() * DAY);
}

export function toPlainCard(card: CardState): Card {
  return {
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: 0,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: CARD_STATES.indexOf(card.state),
    last_review: card.lastReview === null ? undefined : new Date(card.lastReview),
  };
}

/** The fields both representations share, in a form `toEqual` can compare. */
export function plainFields(card: Card): Omit<CardState, "due" | "lastReview"> & { dueMs: number; lastReviewMs: number | null } {
  return {
    dueMs: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: CARD_STATES[card.state],
    lastReviewMs: card.last_review ? card.last_review.getTime() : null,
  };
}

export function ourFields(card: CardState): ReturnType<typeof plainFields> {
  return {
    dueMs: Date.parse(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduledDays,
    learningSteps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReviewMs: card.lastReview === null ? null : Date.parse(card.lastReview),
  };
}

export function grade(rating: Rating): 1 | 2 | 3 | 4 {
  return (RATINGS.indexOf(rating) + 1) as 1 | 2 | 3 | 4;
}

/** A card in review state, as if last reviewed at `lastReview`. */
export function reviewCard(lastReview: string, overrides: Partial<CardState> = {}): CardState {
  return {
    due: lastReview,
    stability: 12.5,
    difficulty: 5.2,
    scheduledDays: 12,
    learningSteps: 0,
    reps: 6,
    lapses: 1,
    state: "review",
    lastReview,
    ...overrides,
  };
}
