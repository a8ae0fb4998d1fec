// `/interview` sessions: one open session per member (a partial unique index), and every change
// compared against the step it was computed from, so two processes, a doubled click or a re-sent
// form change a session once. What a session holds (`state`) is the study layer's plain data.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { CardState } from "@recall/scheduler";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { cardFromRow } from "./rows.ts";
import { cards, interviewSessions } from "./schema.ts";

export type InterviewStatus = "open" | "finished" | "expired";

export interface InterviewSessionRecord {
  id: number;
  memberId: number;
  status: InterviewStatus;
  /** Answers taken so far. */
  step: number;
  state: unknown;
  lastActivityAt: string;
  createdAt: string;
  endedAt: string | null;
}

type Row = typeof interviewSessions.$inferSelect;

export function interviewFromRow(row: Row): InterviewSessionRecord {
  return {
    id: row.id,
    memberId: row.memberId,
    status: row.status as InterviewStatus,
    step: row.step,
    state: row.state,
    lastActivityAt: row.lastActivityAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/**
 * Opens a session for the member, or hands back the one already open (`created` false): of two
 * concurrent starts, one creates and the other finds it.
 */
export async function openInterview(
  db: Database,
  memberId: number,
  state: unknown,
  now: Date,
): Promise<{ session: InterviewSessionRecord; created: boolean }> {
  return mapErrors(async () => {
    const [inserted] = await db
      .insert(interviewSessions)
      .values({ memberId, status: "open", step: 0, state, lastActivityAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { session: interviewFromRow(inserted), created: true };
    const open = await findOpenInterview(db, memberId);
    if (!open) throw new Error(`interview of member ${memberId} neither opened nor found open`);
    return { session: open, created: false };
  });
}

export async function findOpenInterview(db: Database, memberId: number): Promise<InterviewSessionRecord | null> {
  return mapErrors(async () => {
    const [row] = await db
      .select()
      .from(interviewSessions)
      .where(and(eq(interviewSessions.memberId, memberId), eq(interviewSessions.status, "open")))
      .limit(1);
    return row ? interviewFromRow(row) : null;
  });
}

export async function getInterview(db: Database, id: number): Promise<InterviewSessionRecord | null> {
  if (!Number.isSafeInteger(id)) return null;
  return mapErrors(async () => {
    const [row] = await db.select().from(interviewSessions).where(eq(interviewSessions.id, id)).limit(1);
    return row ? interviewFromRow(row) : null;
  });
}

/** The member's latest sessions, newest first. */
export async function listInterviews(db: Database, memberId: number, limit: number): Promise<InterviewSessionRecord[]> {
  return mapErrors(async () => {
    const rows = await db
      .select()
      .from(interviewSessions)
      .where(eq(interviewSessions.memberId, memberId))
      .orderBy(desc(interviewSessions.createdAt), desc(interviewSessions.id))
      .limit(limit);
    return rows.map(interviewFromRow);
  });
}

/**
 * Writes the session's next state if it is still open at `fromStep`; `status` other than open
 * ends it. Null when it has moved on or ended meanwhile (the caller reads it again).
 */
export async function advanceInterview(
  db: Database,
  id: number,
  change: { fromStep: number; toStep: number; state: unknown; status?: InterviewStatus },
  now: Date,
): Promise<InterviewSessionRecord | null> {
  return mapErrors(async () => {
    const status = change.status ?? "open";
    const [row] = await db
      .update(interviewSessions)
      .set({ step: change.toStep, state: change.state, status, lastActivityAt: now, ...(status === "open" ? {} : { endedAt: now }) })
      .where(and(eq(interviewSessions.id, id), eq(interviewSessions.step, change.fromStep), eq(interviewSessions.status, "open")))
      .returning();
    return row ? interviewFromRow(row) : null;
  });
}

/** Ends an open session (finished or expired), keeping its state; null when it was not open. */
export async function endInterview(
  db: Database,
  id: number,
  status: Exclude<InterviewStatus, "open">,
  now: Date,
): Promise<InterviewSessionRecord | null> {
  return mapErrors(async () => {
    const [row] = await db
      .update(interviewSessions)
      .set({ status, endedAt: now })
      .where(and(eq(interviewSessions.id, id), eq(interviewSessions.status, "open")))
      .returning();
    return row ? interviewFromRow(row) : null;
  });
}

/** The member's cards of these items (those they have), in one read. */
export async function cardsOf(db: Database, memberId: number, itemIds: readonly string[]): Promise<Map<string, CardState>> {
  if (itemIds.length === 0) return new Map();
  return mapErrors(async () => {
    const rows = await db
      .select()
      .from(cards)
      .where(and(eq(cards.memberId, memberId), inArray(cards.itemId, [...itemIds])));
    return new Map(rows.map((row) => [row.itemId, cardFromRow(row)]));
  });
}
