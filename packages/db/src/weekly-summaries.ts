// Weekly summary posts: claimed before they are sent, like daily posts, so each group gets one a week.
import { and, eq, isNull, lt } from "drizzle-orm";
import { groupDateIn } from "./rows.ts";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { weeklySummaries } from "./schema.ts";

export interface WeeklySummaryClaim {
  id: number;
  /** True for exactly one caller per group and week (or the taker of a stale claim). */
  owned: boolean;
  posted: boolean;
}

/** Claims the group's summary for the week; a claim unposted since before `staleBefore` is taken over. */
export async function claimWeeklySummary(
  db: Database,
  groupId: number,
  weekStart: string,
  now: Date,
  staleBefore: Date,
): Promise<WeeklySummaryClaim> {
  return mapErrors(async () => {
    const [claimed] = await db
      .insert(weeklySummaries)
      .values({ groupId, weekStart, claimedAt: now })
      .onConflictDoNothing({ target: [weeklySummaries.groupId, weeklySummaries.weekStart] })
      .returning({ id: weeklySummaries.id });
    if (claimed) return { id: claimed.id, owned: true, posted: false };
    const [retaken] = await db
      .update(weeklySummaries)
      .set({ claimedAt: now })
      .where(
        and(
          eq(weeklySummaries.groupId, groupId),
          eq(weeklySummaries.weekStart, weekStart),
          isNull(weeklySummaries.postedAt),
          lt(weeklySummaries.claimedAt, staleBefore),
        ),
      )
      .returning({ id: weeklySummaries.id });
    if (retaken) return { id: retaken.id, owned: true, posted: false };
    const [existing] = await db
      .select()
      .from(weeklySummaries)
      .where(and(eq(weeklySummaries.groupId, groupId), eq(weeklySummaries.weekStart, weekStart)));
    return { id: existing?.id ?? 0, owned: false, posted: existing?.postedAt != null };
  });
}

export async function findWeeklySummary(db: Database, groupId: number, weekStart: string): Promise<{ id: number; posted: boolean; claimedAt: string } | null> {
  return mapErrors(async () => {
    const [row] = await db
      .select()
      .from(weeklySummaries)
      .where(and(eq(weeklySummaries.groupId, groupId), eq(weeklySummaries.weekStart, weekStart)));
    return row ? { id: row.id, posted: row.postedAt !== null, claimedAt: row.claimedAt.toISOString() } : null;
  });
}

/** The summaries of many (group, week) pairs in one query, for the daily cycle (see findQuizPosts). */
export async function findWeeklySummaries(
  db: Database,
  keys: readonly { groupId: number; weekStart: string }[],
): Promise<Array<{ id: number; groupId: number; weekStart: string; posted: boolean; claimedAt: string }>> {
  if (keys.length === 0) return [];
  return mapErrors(async () => {
    const rows = await db
      .select()
      .from(weeklySummaries)
      .where(
        groupDateIn(weeklySummaries.groupId, weeklySummaries.weekStart, keys.map((k) => [k.groupId, k.weekStart])),
      );
    return rows.map((row) => ({
      id: row.id,
      groupId: row.groupId,
      weekStart: row.weekStart,
      posted: row.postedAt !== null,
      claimedAt: row.claimedAt.toISOString(),
    }));
  });
}

export async function markWeeklySummaryPosted(db: Database, id: number, channelMessageId: string, now: Date): Promise<void> {
  await mapErrors(() => db.update(weeklySummaries).set({ channelMessageId, postedAt: now }).where(eq(weeklySummaries.id, id)));
}
