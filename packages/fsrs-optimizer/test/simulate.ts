// A seeded learner whose memory follows FSRS-6 with known weights, studied by the bot's own
// scheduler (defaults, UTC, day start 0): what a member's review log looks like when the truth
// is known, so fitted weights can be judged against it.

import { RATINGS, RecallPredictor, newCard, resolvePreferences, review, type CardState, type Rating } from "@recall/scheduler";
import type { ReviewEvent } from "../src/index.ts";

/** A learner who forgets differently from the defaults (the guide's generator). */
export const LEARNER_WEIGHTS: readonly number[] = [
  0.35, 0.9, 3.2, 12, 6.9, 0.6, 2.2, 0.03, 1.55, 0.12, 1.0, 1.7, 0.08, 0.35, 1.8, 0.45, 2.2, 0.45, 0.2, 0.1, 0.25,
];

/** mulberry32: the same "random" learner on every run. */
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

const DAY = 86_400_000;
const START = Date.parse("2025-01-01T00:00:00Z");
const HORIZON_DAYS = 365;
const INTRODUCED_WITHIN_DAYS = 270;

export interface SimulationOptions {
  cards: number;
  seed: number;
  /** The learner's true weights (null: FSRS-6 defaults). */
  truth: readonly number[] | null;
}

export function simulateReviews(options: SimulationOptions): ReviewEvent[] {
  const random = seededRandom(options.seed);
  const truth = new RecallPredictor(options.truth);
  const prefs = resolvePreferences({ timezone: "UTC", dayStartHour: 0 });
  const reviews: ReviewEvent[] = [];
  for (let c = 0; c < options.cards; c++) {
    const id = `card-${c}`;
    const introducedDay = Math.floor(random() * INTRODUCED_WITHIN_DAYS);
    let at = START + introducedDay * DAY + Math.floor((8 + random() * 12) * 3_600_000);
    let card: CardState = newCard(new Date(at));
    const ratings: number[] = [];
    const deltaTs: number[] = [];
    let previousDay = Math.floor(at / DAY);
    while (at < START + HORIZON_DAYS * DAY) {
      const day = Math.floor(at / DAY);
      const deltaT = ratings.length === 0 ? 0 : day - previousDay;
      let rating: Rating;
      if (ratings.length === 0) {
        rating = firstRating(random());
      } else {
        ratings.push(1);
        deltaTs.push(deltaT);
        const recall = truth.predict(ratings, deltaTs, ratings.length);
        ratings.pop();
        deltaTs.pop();
        rating = random() < recall ? passRating(random()) : "again";
      }
      ratings.push(RATINGS.indexOf(rating) + 1);
      deltaTs.push(deltaT);
      previousDay = day;
      reviews.push({ card: id, rating, atMs: at });
      card = review(card, rating, new Date(at), prefs, id).card;
      let next = Date.parse(card.due);
      // A quarter of day-level reviews happen late (geometric, mean about 4 days).
      if (next - at >= DAY && random() < 0.25) {
        while (random() < 0.75) next += DAY;
        next += DAY;
      }
      at = next;
    }
  }
  return reviews;
}

function firstRating(u: number): Rating {
  return u < 0.25 ? "again" : u < 0.35 ? "hard" : u < 0.9 ? "good" : "easy";
}

function passRating(u: number): Rating {
  return u < 0.12 ? "hard" : u < 0.9 ? "good" : "easy";
}
