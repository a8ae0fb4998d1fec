// The only file that imports ts-fsrs. ts-fsrs 6 renames most of this API (fsrs() becomes a
// Scheduler, elapsed_days goes away), so everything it touches stays here, behind plain numbers.
// Importing ts-fsrs 5 also adds methods to Date.prototype; nothing in this package uses them.

import {
  CLAMP_PARAMETERS,
  FSRSAlgorithm,
  GenSeedStrategyWithCardId,
  StrategyMode,
  W17_W18_Ceiling,
  default_w,
  fsrs,
  generatorParameters,
  type Card,
  type FSRS,
  type FSRSState,
  type Grade,
} from "ts-fsrs";
import { CARD_STATES, RATINGS, type CardStateName, type Rating } from "./card.ts";

/** The FSRS side of member preferences (the time zone is applied before FSRS sees a date). */
export interface FsrsSettings {
  desiredRetention: number;
  maximumInterval: number;
  fuzz: boolean;
  /** The member's own 21 FSRS-6 weights, or null for the defaults. */
  parameters: readonly number[] | null;
}

/** FSRS-6's default weights, as ts-fsrs ships them. */
export const DEFAULT_PARAMETERS: readonly number[] = Object.freeze([...default_w]);

/** The range ts-fsrs clamps each weight into (short-term memory on, as the scheduler uses it). */
export const PARAMETER_BOUNDS: readonly (readonly [number, number])[] = Object.freeze(
  CLAMP_PARAMETERS(W17_W18_Ceiling, true).map((pair) => Object.freeze([pair[0] as number, pair[1] as number] as const)),
);

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
      ...(settings.parameters === null ? {} : { w: [...settings.parameters] }),
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
  const weights = settings.parameters === null ? "" : settings.parameters.join(",");
  const key = `${settings.desiredRetention}|${settings.maximumInterval}|${settings.fuzz}|${weights}`;
  let engine = engines.get(key);
  if (engine === undefined) {
    engine = new FsrsEngine(settings);
    engines.set(key, engine);
  }
  return engine;
}

/**
 * Predicts recall at the last review of a history from the reviews before it, with FSRS-6
 * memory states as ts-fsrs computes them. Histories are ratings 1–4 and whole study days since
 * the previous review (0 for the first review and for same-day steps, which train short-term
 * stability). Used to compare weights on held-out reviews.
 */
export class RecallPredictor {
  private readonly algorithm: FSRSAlgorithm;

  constructor(parameters: readonly number[] | null) {
    this.algorithm = new FSRSAlgorithm(
      generatorParameters(parameters === null ? {} : { w: [...parameters], enable_short_term: true }),
    );
  }

  /** Probability of recall at reviews[length-1], given reviews[0..length-2]. */
  predict(ratings: ArrayLike<number>, deltaTs: ArrayLike<number>, length: number): number {
    let state: FSRSState | null = null;
    for (let i = 0; i < length - 1; i++) {
      state = this.algorithm.next_state(state, deltaTs[i] as number, ratings[i] as number);
    }
    if (state === null) return Number.NaN;
    return this.algorithm.forgetting_curve(deltaTs[length - 1] as number, state.stability);
  }
}
