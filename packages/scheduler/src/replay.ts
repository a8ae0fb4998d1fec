// Replays review lines (JSONL) through the scheduler: the machine-readable face used by scripts
// and benchmarks. Each line either yields the card after that review or an error naming the line.

import type { CardState, Rating } from "./card.ts";
import { SchedulerError, describeValue } from "./errors.ts";
import { parseInstant } from "./instants.ts";
import { resolvePreferences, type MemberPreferences } from "./preferences.ts";
import { checkRating, newCard, review } from "./scheduling.ts";

export interface ReplayCardLine {
  line: number;
  card: string;
  due: string;
  stability: number;
  difficulty: number;
  state: CardState["state"];
  reps: number;
  lapses: number;
  scheduledDays: number;
  lastReview: string | null;
}

export interface ReplayErrorLine {
  line: number;
  error: string;
}

export type ReplayOutput = ReplayCardLine | ReplayErrorLine;

const LINE_FIELDS: ReadonlySet<string> = new Set([
  "card",
  "rating",
  "at",
  "timezone",
  "dayStartHour",
  "desiredRetention",
  "maximumInterval",
  "fuzz",
]);

/** Replay defaults differ from a member's: the day starts at midnight unless a line says so. */
const REPLAY_DEFAULTS = { timezone: "UTC", dayStartHour: 0, desiredRetention: 0.9, fuzz: false } as const;

/** Chains reviews per card id, each card starting new at its first line's time. */
export class Replayer {
  private readonly cards = new Map<string, CardState>();

  /** One input line (1-based number). Blank lines give null: they are not reviews. */
  line(text: string, lineNumber: number): ReplayOutput | null {
    if (text.trim() === "") return null;
    try {
      return this.reviewLine(text, lineNumber);
    } catch (error) {
      if (error instanceof SchedulerError || error instanceof ReplayLineError) {
        return { line: lineNumber, error: error.message };
      }
      throw error;
    }
  }

  private reviewLine(text: string, lineNumber: number): ReplayCardLine {
    const { card: cardId, rating, atMs, prefs } = parseReviewLine(text);
    const at = new Date(atMs);
    const before = this.cards.get(cardId) ?? newCard(at);
    const { card } = review(before, rating, at, prefs, cardId);
    this.cards.set(cardId, card);
    return {
      line: lineNumber,
      card: cardId,
      due: card.due,
      stability: card.stability,
      difficulty: card.difficulty,
      state: card.state,
      reps: card.reps,
      lapses: card.lapses,
      scheduledDays: card.scheduledDays,
      lastReview: card.lastReview,
    };
  }
}

/** One review line of the replay format, read and checked. */
export interface ReviewLine {
  card: string;
  rating: Rating;
  atMs: number;
  /** The line's preferences with the replay defaults filled in, validated. */
  prefs: MemberPreferences;
}

/**
 * Reads one replay line (the format other tools, such as the optimizer, also read). Throws a
 * SchedulerError or ReplayLineError naming what is wrong.
 */
export function parseReviewLine(text: string): ReviewLine {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ReplayLineError(`not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ReplayLineError(`a line must be a JSON object, got ${describeValue(parsed)}`);
  }
  const fields = parsed as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!LINE_FIELDS.has(key)) throw new ReplayLineError(`unknown field ${JSON.stringify(key)}`);
  }
  const id = fields.card;
  if (!((typeof id === "string" && id !== "") || (typeof id === "number" && Number.isFinite(id)))) {
    throw new ReplayLineError(`"card" must be a non-empty string or a number, got ${describeValue(id)}`);
  }
  if (fields.rating === undefined) throw new ReplayLineError(`"rating" is missing`);
  if (fields.at === undefined) throw new ReplayLineError(`"at" is missing`);
  const atMs = parseInstant(fields.at, `"at"`);
  const prefs: Partial<MemberPreferences> = {
    timezone: (fields.timezone ?? REPLAY_DEFAULTS.timezone) as string,
    dayStartHour: (fields.dayStartHour ?? REPLAY_DEFAULTS.dayStartHour) as number,
    desiredRetention: (fields.desiredRetention ?? REPLAY_DEFAULTS.desiredRetention) as number,
    fuzz: (fields.fuzz ?? REPLAY_DEFAULTS.fuzz) as boolean,
  };
  if (fields.maximumInterval !== undefined) {
    (prefs as { maximumInterval?: unknown }).maximumInterval = fields.maximumInterval;
  }
  const resolved = resolvePreferences(prefs);
  checkRating(fields.rating);
  return { card: String(id), rating: fields.rating, atMs, prefs: resolved };
}

/** A line that is not a review at all (bad JSON, unknown field); reported, never thrown out. */
export class ReplayLineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReplayLineError";
  }
}
