// Choosing what to study: the weakest items to drill, and a day's queue for a study group.
// Every ordering ends in an itemId comparison so the same input always gives the same output.

import type { CardState } from "./card.ts";
import { InvalidSelectionError, describeValue } from "./errors.ts";
import { parseInstant, tryParseInstant } from "./instants.ts";
import { resolvePreferences, type MemberPreferences } from "./preferences.ts";
import { checkCard, retrievability } from "./scheduling.ts";

export interface WeakCandidate {
  itemId: string;
  kind: string;
  card: CardState;
  /** ISO time of the member's most recent Again on this item, if any. */
  lastAgainAt?: string | null;
}

export type RankedCandidate<T extends WeakCandidate> = T & { retrievability: number };

/**
 * The `limit` weakest studied items (new cards are not weak, just unseen): lowest
 * retrievability now first, then most lapses, then the most recent Again, then itemId.
 * Pass `kind` to rank only items of that kind.
 */
export function rankWeakest<T extends WeakCandidate>(
  cards: readonly T[],
  now: Date | string,
  prefs: Partial<MemberPreferences>,
  limit: number,
  kind?: string,
): RankedCandidate<T>[] {
  checkCount("limit", limit);
  parseInstant(now, "now");
  const preferences = resolvePreferences(prefs);
  const ranked: { entry: RankedCandidate<T>; lastAgainMs: number }[] = [];
  for (const candidate of cards) {
    if (kind !== undefined && candidate.kind !== kind) continue;
    if (candidate.card.state === "new") continue;
    const lastAgainAt = candidate.lastAgainAt;
    let lastAgainMs = Number.NEGATIVE_INFINITY;
    if (lastAgainAt !== undefined && lastAgainAt !== null) {
      lastAgainMs = parseInstant(lastAgainAt, `lastAgainAt of ${candidate.itemId}`);
    }
    const entry = { ...candidate, retrievability: retrievability(candidate.card, now, preferences) };
    ranked.push({ entry, lastAgainMs });
  }
  ranked.sort(
    (a, b) =>
      a.entry.retrievability - b.entry.retrievability ||
      b.entry.card.lapses - a.entry.card.lapses ||
      compareDescending(a.lastAgainMs, b.lastAgainMs) ||
      compareIds(a.entry.itemId, b.entry.itemId),
  );
  return ranked.slice(0, limit).map((r) => r.entry);
}

export type Priority = "P0" | "P1" | "P2";

export interface DueCandidate {
  itemId: string;
  card: CardState;
}

export interface FreshCandidate {
  itemId: string;
  priority: Priority;
}

export interface DailyPickRequest<D extends DueCandidate, F extends FreshCandidate> {
  /** Items whose cards are due (the caller decides "due by when", e.g. the end of the study day). */
  due: readonly D[];
  /** Items the members have not studied yet. */
  fresh: readonly F[];
  /** How many items the day holds in all. */
  count: number;
  /** At most this many new items a day, so new material arrives at a steady pace. */
  newPerDay: number;
  /** New items already introduced earlier the same study day (default 0). */
  newAlreadyToday?: number;
}

export interface DailyPick<D extends DueCandidate, F extends FreshCandidate> {
  /** Due items, most overdue first. */
  due: D[];
  /** New items, P0 before P1 before P2, then by itemId. */
  fresh: F[];
  /** The day's order: all due items, then the new ones. */
  itemIds: string[];
}

const PRIORITY_RANK: Record<Priority, number> = { P0: 0, P1: 1, P2: 2 };

/**
 * A day's items: due items first (earliest due first), then new items up to the day's new-item
 * allowance and the room left in `count`. An item listed as both due and new counts as due.
 */
export function pickDailyItems<D extends DueCandidate, F extends FreshCandidate>(
  request: DailyPickRequest<D, F>,
): DailyPick<D, F> {
  const { count, newPerDay } = request;
  const newAlreadyToday = request.newAlreadyToday ?? 0;
  checkCount("count", count);
  checkCount("newPerDay", newPerDay);
  checkCount("newAlreadyToday", newAlreadyToday);

  const dueSorted = request.due
    .map((item) => {
      checkCard(item.card);
      return { item, dueMs: tryParseInstant(item.card.due) as number };
    })
    .sort((a, b) => a.dueMs - b.dueMs || compareIds(a.item.itemId, b.item.itemId))
    .map((entry) => entry.item);
  const due = uniqueById(dueSorted).slice(0, count);

  const taken = new Set(request.due.map((item) => item.itemId));
  const freshSorted = request.fresh
    .map((item) => {
      const rank = PRIORITY_RANK[item.priority] as number | undefined;
      if (rank === undefined) {
        throw new InvalidSelectionError(
          `priority of ${item.itemId} must be "P0", "P1" or "P2", got ${describeValue(item.priority)}`,
        );
      }
      return { item, rank };
    })
    .filter((entry) => !taken.has(entry.item.itemId))
    .sort((a, b) => a.rank - b.rank || compareIds(a.item.itemId, b.item.itemId))
    .map((entry) => entry.item);
  const newRoom = Math.max(0, Math.min(newPerDay - newAlreadyToday, count - due.length));
  const fresh = uniqueById(freshSorted).slice(0, newRoom);

  return { due, fresh, itemIds: [...due, ...fresh].map((item) => item.itemId) };
}

function checkCount(name: string, value: unknown): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new InvalidSelectionError(`${name} must be a whole number ≥ 0, got ${describeValue(value)}`);
  }
}

/** Code-unit order: the same everywhere, unlike localeCompare. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareDescending(a: number, b: number): number {
  return a === b ? 0 : a > b ? -1 : 1;
}

function uniqueById<T extends { itemId: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.itemId)) return false;
    seen.add(item.itemId);
    return true;
  });
}
