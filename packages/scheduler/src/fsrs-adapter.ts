// The only file that imports ts-fsrs. ts-fsrs 6 renames most of this API (fsrs() becomes a
// Scheduler, elapsed_days goes away), so everything it touches stays here, behind plain numbers.
// Importing ts-fsrs 5 also adds methods to Date.prototype; nothing in this package uses them.

import {
  GenSeedStrategyWithCardId,
  StrategyMode,
  fsrs,
  type Card,
  type FSRS,
  type Grade,
} from "ts-fsrs";
import { CARD_STATES, RATINGS, type CardStateName, type Rating } from "./card.ts";

/** The FSRS side of member preferences (the time zone is applied before FSRS sees a date). */
export interface FsrsSettings {
  desiredRetention: number;
  maximumInterval: number;
  fuzz: boolean;
}

/**
 * A card on the study clock: every time is shifted so that its UTC date is the member's
 * study day, which is the only calendar ts-fsrs understands.
 */
export interface StudyClockCard {
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: CardStateName;
  lastReviewMs: number | null;
}

/** The card FSRS computes; `dueMs` is on the study clock, like the input. */
export interface FsrsOutcome {
  dueMs: number;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: CardStateName;
}

/**
 * Card field that carries the fuzz seed into ts-fsrs's seed strategy. Written as a plain key
 * in the literal below: a computed key made ts-fsrs's card copy markedly slower.
 */
const SEED_FIELD = "recall_seed";

type SeededCard = Card & { recall_seed: string };

export class FsrsEngine {
  private readonly scheduler: FSRS;

  constructor(settings: FsrsSettings) {
    this.scheduler = fsrs({
      request_retention: settings.desiredRetention,
      maximum_interval: settings.maximumInterval,
      enable_fuzz: settings.fuzz,
    });
    // ts-fsrs builds the seed as String(card[SEED_FIELD] + reps) (reps after this review).
    // The seed field ends in "#" so "ab1"+2 and "ab"+12 stay different.
    this.scheduler.useStrategy(StrategyMode.SEED, GenSeedStrategyWithCardId(SEED_FIELD));
  }

  /**
   * One review. `seed` identifies the card (and must not depend on the review time), so the
   * fuzzed interval is the same whenever the same card is reviewed for the same time.
   */
  next(card: StudyClockCard, nowMs: number, rating: Rating, seed: string): FsrsOutcome {
    const now = new Date(nowMs);
    const input: SeededCard = {
      // ts-fsrs schedules from last_review and never reads due in next(); sharing the review
      // time's Date saves an allocation.
      due: now,
      stability: card.stability,
      difficulty: card.difficulty,
      // Deprecated and recomputed by ts-fsrs from last_review; the value here is never read.
      elapsed_days: 0,
      scheduled_days: card.scheduledDays,
      learning_steps: card.learningSteps,
      reps: card.reps,
      lapses: card.lapses,
      state: CARD_STATES.indexOf(card.state),
      last_review: card.lastReviewMs === null ? undefined : new Date(card.lastReviewMs),
      recall_seed: `${seed}#`,
    };
    const grade = (RATINGS.indexOf(rating) + 1) as Grade;
    const { card: next } = this.scheduler.next(input, now, grade);
    return {
      dueMs: next.due.getTime(),
      stability: next.stability,
      difficulty: next.difficulty,
      scheduledDays: next.scheduled_days,
      learningSteps: next.learning_steps,
      reps: next.reps,
      lapses: next.lapses,
      state: CARD_STATES[next.state],
    };
  }

  /** Probability of recall after `elapsedDays` whole days, FSRS-6's forgetting curve. */
  retrievability(elapsedDays: number, stability: number): number {
    return this.scheduler.forgetting_curve(elapsedDays, stability);
  }
}

const engines = new Map<string, FsrsEngine>();

/** Engines are cached per setting: building one clips parameters and computes constants. */
export function fsrsEngine(settings: FsrsSettings): FsrsEngine {
  const key = `${settings.desiredRetention}|${settings.maximumInterval}|${settings.fuzz}`;
  let engine = engines.get(key);
  if (engine === undefined) {
    engine = new FsrsEngine(settings);
    engines.set(key, engine);
  }
  return engine;
}
