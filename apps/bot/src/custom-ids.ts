// Component custom_ids: the only state a button or modal carries back to the bot. Each is
// `v1:<code>:<field>:…`, ≤ 100 characters (Discord's limit), and decoding is strict so that an id
// from an older version, another bot or a tampered client comes back as null, never half-parsed.
import type { Rating } from "@recall/scheduler";

export const LEADERBOARD_SCOPES = ["group", "server"] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];
export const LEADERBOARD_PERIODS = ["week", "month", "all"] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const JUDGE_VERDICTS = ["right", "wrong"] as const;
export type JudgeVerdict = (typeof JUDGE_VERDICTS)[number];

export type CustomId =
  | { kind: "answer"; postId: string; itemId: string }
  | { kind: "hint"; postId: string; itemId: string }
  | { kind: "reveal"; postId: string; itemId: string }
  /** postId null: answering outside a daily post (`/review`, `/weak` drill). */
  /** `reps` (outside a daily post): the card's review count when the prompt was shown. */
  | { kind: "answer-modal"; postId: string | null; itemId: string; reps: number | null }
  | { kind: "override"; answerId: string; rating: Rating }
  | { kind: "review-answer"; itemId: string; reps: number }
  /** `reps`: the card's review count when the prompt was shown, so a doubled click counts once. */
  | { kind: "review-show"; itemId: string; reps: number }
  | { kind: "self-rate"; itemId: string; rating: Rating; reps: number }
  | { kind: "review-next" }
  | { kind: "judge"; itemId: string; verdict: JudgeVerdict; reps: number }
  | { kind: "leaderboard-page"; scope: LeaderboardScope; period: LeaderboardPeriod; page: number }
  | { kind: "drill"; itemId: string; reps: number }
  | { kind: "forget-confirm" }
  | { kind: "forget-cancel" }
  /** `/settings`: go back to FSRS's default weights. */
  | { kind: "fsrs-defaults" }
  /** `/settings`: a member who chose the defaults asks to be fitted again. */
  | { kind: "fsrs-personal" }
  /** `/interview`: the question shown at `step` of a session (the form carries the step back). */
  | { kind: "interview-answer"; sessionId: string; step: number; itemId: string }
  | { kind: "interview-modal"; sessionId: string; step: number }
  | { kind: "interview-stop"; sessionId: string }
  /** On a graded result: appeal the grading of the answer (opens the appeal form). */
  | { kind: "appeal"; answerId: string }
  | { kind: "appeal-modal"; answerId: string }
  /** `/appeals`: the select menu of the points an admin rules hit. */
  | { kind: "appeal-points"; appealId: string }
  /** `/appeals`: accept with these points ruled hit (opens the alias form). */
  | { kind: "appeal-accept"; appealId: string; pointIds: string[] }
  | { kind: "appeal-accept-modal"; appealId: string; pointIds: string[] }
  | { kind: "appeal-reject"; appealId: string }
  | { kind: "appeal-reject-modal"; appealId: string };

export type CustomIdKind = CustomId["kind"];

/** The custom_id of the text input inside the answer modal. */
export const ANSWER_INPUT_ID = "answer";
/** The appeal form's note, and the rejection form's reason. */
export const APPEAL_NOTE_INPUT_ID = "note";
export const REJECT_REASON_INPUT_ID = "reason";
/** The accept form's alias inputs: `alias.<point id>.<concept>`. */
export function aliasInputId(pointId: string, concept: number): string {
  return `alias.${pointId}.${concept}`;
}
export function parseAliasInputId(id: string): { pointId: string; concept: number } | null {
  const match = /^alias\.(k[1-9][0-9]{0,2})\.([0-9]{1,2})$/.exec(id);
  return match?.[1] !== undefined && match[2] !== undefined ? { pointId: match[1], concept: Number(match[2]) } : null;
}

export const CUSTOM_ID_VERSION = "v1";
export const MAX_CUSTOM_ID_LENGTH = 100;
export const MAX_LEADERBOARD_PAGE = 9999;

export class CustomIdError extends Error {
  override readonly name = "CustomIdError";
}

const SEPARATOR = ":";
const NO_POST = "-";
// Item ids are human-readable (`Q090`, `Q090.f2`, `Q090.m3`); anything else is refused.
const ITEM_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
const SNOWFLAKE_OR_SERIAL = /^[0-9]{1,20}$/;
const PAGE = /^(0|[1-9][0-9]{0,3})$/;
const REPS = /^(0|[1-9][0-9]{0,5})$/;
// Key point ids are `k1`, `k2`, …; a list of them is joined with dots, each at most once.
const POINT_ID = /^k[1-9][0-9]{0,2}$/;
const POINT_SEPARATOR = ".";
/** At most this many points in one id: 14 of `k999` and the longest appeal id still fit in 100 characters. */
export const MAX_POINTS_IN_ID = 14;
export const MAX_REPS_IN_ID = 999_999;

const RATING_CODES = { again: "1", hard: "2", good: "3", easy: "4" } as const satisfies Record<Rating, string>;
const VERDICT_CODES = { right: "r", wrong: "w" } as const satisfies Record<JudgeVerdict, string>;
const SCOPE_CODES = { group: "g", server: "s" } as const satisfies Record<LeaderboardScope, string>;
const PERIOD_CODES = { week: "w", month: "m", all: "a" } as const satisfies Record<LeaderboardPeriod, string>;

// Short codes keep ids well under 100 characters and are part of the v1 format: never reuse one.
const KIND_CODES = {
  answer: "a",
  hint: "h",
  reveal: "r",
  "answer-modal": "am",
  override: "o",
  "review-answer": "ra",
  "review-show": "rs",
  "self-rate": "sr",
  "review-next": "rn",
  judge: "j",
  "leaderboard-page": "lb",
  drill: "d",
  "forget-confirm": "fc",
  "forget-cancel": "fx",
  "fsrs-defaults": "fd",
  "fsrs-personal": "fp",
  "interview-answer": "ia",
  "interview-modal": "im",
  "interview-stop": "is",
  appeal: "ap",
  "appeal-modal": "apm",
  "appeal-points": "aps",
  "appeal-accept": "apa",
  "appeal-accept-modal": "apam",
  "appeal-reject": "apr",
  "appeal-reject-modal": "aprm",
} as const satisfies Record<CustomIdKind, string>;

function reverse<V extends string, C extends string>(codes: Record<V, C>): ReadonlyMap<string, V> {
  return new Map(Object.entries<C>(codes).map(([value, code]) => [code, value as V]));
}
const KIND_BY_CODE = reverse(KIND_CODES);
const RATING_BY_CODE = reverse(RATING_CODES);
const VERDICT_BY_CODE = reverse(VERDICT_CODES);
const SCOPE_BY_CODE = reverse(SCOPE_CODES);
const PERIOD_BY_CODE = reverse(PERIOD_CODES);

function itemId(value: string): string {
  if (!ITEM_ID.test(value)) throw new CustomIdError(`Invalid item id for a custom_id: "${value}"`);
  return value;
}

function serial(value: string, what: string): string {
  if (!SNOWFLAKE_OR_SERIAL.test(value)) throw new CustomIdError(`Invalid ${what} for a custom_id: "${value}"`);
  return value;
}

function reps(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > MAX_REPS_IN_ID) throw new CustomIdError(`Invalid review count for a custom_id: ${value}`);
  return String(value);
}

function pointList(ids: readonly string[]): string {
  if (ids.length === 0 || ids.length > MAX_POINTS_IN_ID || new Set(ids).size !== ids.length || !ids.every((id) => POINT_ID.test(id))) {
    throw new CustomIdError(`Invalid key point list for a custom_id: "${ids.join(",")}"`);
  }
  return ids.join(POINT_SEPARATOR);
}

function decodePoints(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const ids = value.split(POINT_SEPARATOR);
  const valid = ids.length > 0 && ids.length <= MAX_POINTS_IN_ID && new Set(ids).size === ids.length && ids.every((id) => POINT_ID.test(id));
  return valid ? ids : null;
}

function fieldsOf(id: CustomId): string[] {
  switch (id.kind) {
    case "answer":
    case "hint":
    case "reveal":
      return [serial(id.postId, "post id"), itemId(id.itemId)];
    case "answer-modal":
      return [id.postId === null ? NO_POST : serial(id.postId, "post id"), itemId(id.itemId), id.reps === null ? NO_POST : reps(id.reps)];
    case "override":
      return [serial(id.answerId, "answer id"), RATING_CODES[id.rating]];
    case "review-answer":
    case "drill":
    case "review-show":
      return [itemId(id.itemId), reps(id.reps)];
    case "self-rate":
      return [itemId(id.itemId), RATING_CODES[id.rating], reps(id.reps)];
    case "judge":
      return [itemId(id.itemId), VERDICT_CODES[id.verdict], reps(id.reps)];
    case "leaderboard-page":
      if (!Number.isInteger(id.page) || id.page < 0 || id.page > MAX_LEADERBOARD_PAGE) {
        throw new CustomIdError(`Invalid leaderboard page for a custom_id: ${id.page}`);
      }
      return [SCOPE_CODES[id.scope], PERIOD_CODES[id.period], String(id.page)];
    case "review-next":
    case "forget-confirm":
    case "forget-cancel":
    case "fsrs-defaults":
    case "fsrs-personal":
      return [];
    case "interview-answer":
      return [serial(id.sessionId, "session id"), reps(id.step), itemId(id.itemId)];
    case "interview-modal":
      return [serial(id.sessionId, "session id"), reps(id.step)];
    case "interview-stop":
      return [serial(id.sessionId, "session id")];
    case "appeal":
    case "appeal-modal":
      return [serial(id.answerId, "answer id")];
    case "appeal-points":
    case "appeal-reject":
    case "appeal-reject-modal":
      return [serial(id.appealId, "appeal id")];
    case "appeal-accept":
    case "appeal-accept-modal":
      return [serial(id.appealId, "appeal id"), pointList(id.pointIds)];
  }
}

/** Throws CustomIdError when a field could not be decoded again (a bug in the caller). */
export function encodeCustomId(id: CustomId): string {
  const encoded = [CUSTOM_ID_VERSION, KIND_CODES[id.kind], ...fieldsOf(id)].join(SEPARATOR);
  if (encoded.length > MAX_CUSTOM_ID_LENGTH) {
    throw new CustomIdError(`custom_id is ${encoded.length} characters, over Discord's ${MAX_CUSTOM_ID_LENGTH}`);
  }
  return encoded;
}

function decodeItem(value: string | undefined): string | null {
  return value !== undefined && ITEM_ID.test(value) ? value : null;
}

function decodeSerial(value: string | undefined): string | null {
  return value !== undefined && SNOWFLAKE_OR_SERIAL.test(value) ? value : null;
}

function decodeReps(value: string | undefined): number | null {
  return value !== undefined && REPS.test(value) ? Number(value) : null;
}

function decodeCode<V>(map: ReadonlyMap<string, V>, value: string | undefined): V | null {
  return value === undefined ? null : (map.get(value) ?? null);
}

/** The component a custom_id names, or null for anything this version did not encode. */
export function decodeCustomId(raw: string): CustomId | null {
  if (raw.length > MAX_CUSTOM_ID_LENGTH) return null;
  const [version, code, ...fields] = raw.split(SEPARATOR);
  if (version !== CUSTOM_ID_VERSION || code === undefined) return null;
  const kind = KIND_BY_CODE.get(code);
  if (kind === undefined) return null;
  const [first, second, third] = fields;
  const arity = (n: number): boolean => fields.length === n;

  switch (kind) {
    case "answer":
    case "hint":
    case "reveal": {
      const postId = decodeSerial(first);
      const item = decodeItem(second);
      return arity(2) && postId !== null && item !== null ? { kind, postId, itemId: item } : null;
    }
    case "answer-modal": {
      const postId = first === NO_POST ? null : decodeSerial(first);
      const item = decodeItem(second);
      const count = third === NO_POST ? null : decodeReps(third);
      if (!arity(3) || item === null || (postId === null && first !== NO_POST) || (count === null && third !== NO_POST)) return null;
      return { kind, postId, itemId: item, reps: count };
    }
    case "override": {
      const answerId = decodeSerial(first);
      const rating = decodeCode(RATING_BY_CODE, second);
      return arity(2) && answerId !== null && rating !== null ? { kind, answerId, rating } : null;
    }
    case "review-answer":
    case "drill":
    case "review-show": {
      const item = decodeItem(first);
      const count = decodeReps(second);
      return arity(2) && item !== null && count !== null ? { kind, itemId: item, reps: count } : null;
    }
    case "self-rate": {
      const item = decodeItem(first);
      const rating = decodeCode(RATING_BY_CODE, second);
      const count = decodeReps(third);
      return arity(3) && item !== null && rating !== null && count !== null ? { kind, itemId: item, rating, reps: count } : null;
    }
    case "judge": {
      const item = decodeItem(first);
      const verdict = decodeCode(VERDICT_BY_CODE, second);
      const count = decodeReps(third);
      return arity(3) && item !== null && verdict !== null && count !== null ? { kind, itemId: item, verdict, reps: count } : null;
    }
    case "leaderboard-page": {
      const scope = decodeCode(SCOPE_BY_CODE, first);
      const period = decodeCode(PERIOD_BY_CODE, second);
      const page = third !== undefined && PAGE.test(third) ? Number(third) : null;
      return arity(3) && scope !== null && period !== null && page !== null
        ? { kind, scope, period, page }
        : null;
    }
    case "review-next":
    case "forget-confirm":
    case "forget-cancel":
    case "fsrs-defaults":
    case "fsrs-personal":
      return arity(0) ? { kind } : null;
    case "interview-answer": {
      const sessionId = decodeSerial(first);
      const step = decodeReps(second);
      const item = decodeItem(third);
      return arity(3) && sessionId !== null && step !== null && item !== null ? { kind, sessionId, step, itemId: item } : null;
    }
    case "interview-modal": {
      const sessionId = decodeSerial(first);
      const step = decodeReps(second);
      return arity(2) && sessionId !== null && step !== null ? { kind, sessionId, step } : null;
    }
    case "interview-stop": {
      const sessionId = decodeSerial(first);
      return arity(1) && sessionId !== null ? { kind, sessionId } : null;
    }
    case "appeal":
    case "appeal-modal": {
      const answerId = decodeSerial(first);
      return arity(1) && answerId !== null ? { kind, answerId } : null;
    }
    case "appeal-points":
    case "appeal-reject":
    case "appeal-reject-modal": {
      const appealId = decodeSerial(first);
      return arity(1) && appealId !== null ? { kind, appealId } : null;
    }
    case "appeal-accept":
    case "appeal-accept-modal": {
      const appealId = decodeSerial(first);
      const pointIds = decodePoints(second);
      return arity(2) && appealId !== null && pointIds !== null ? { kind, appealId, pointIds } : null;
    }
  }
}
