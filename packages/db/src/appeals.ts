// Appeals of graded answers and the per-server aliases accepted appeals teach the grader. One
// appeal per answer (a unique index: a doubled click or a re-sent form finds the first); a
// decision is a compare-and-set on `pending`, so two admins deciding at once decide once, and
// everything an acceptance changes (the answer's grade, the leaderboard points it earned, the redone
// review, the aliases) commits with it or not at all.
import { and, asc, count, eq, gte, isNull, min, ne, sql } from "drizzle-orm";
import type { Rating } from "@recall/scheduler";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import type { KeyPointVerdict, ReviewInput } from "./records.ts";
import { answerFromRow, overrideLastReviewIn, type RecordReviewResult } from "./reviews.ts";
import type { AnswerRecord } from "./records.ts";
import { LEADERBOARD_POINTS } from "./leaderboard-points.ts";
import { answers, appeals, memberDailyActivity, members, memberWeeklyActivity, reviewLogs, serverAliases } from "./schema.ts";

export const APPEAL_STATUSES = ["pending", "accepted", "rejected"] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** One alias an acceptance proposed: stored unless `refusal` says why it was not. */
export interface AppealAlias {
  pointId: string;
  concept: number;
  alias: string;
  /** Null when stored; else the grader's refusal (`off-topic-passes`, …) and its message. */
  refusal: { reason: string; message: string } | null;
}

/** What an accepted appeal changed, kept with it so the member and the admin see the same facts. */
export interface AppealOutcome {
  acceptedPoints: string[];
  scoreBefore: number;
  scoreAfter: number;
  ratingBefore: Rating;
  ratingAfter: Rating;
  /** False when the answer was no longer the item's latest review (or the rating did not go up). */
  scheduleChanged: boolean;
  aliases: AppealAlias[];
}

export interface AppealRecord {
  id: number;
  answerId: number;
  memberId: number;
  serverId: string;
  itemId: string;
  note: string;
  status: AppealStatus;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  reason: string | null;
  outcome: AppealOutcome | null;
  notifiedAt: string | null;
}

export interface AppealInput {
  answerId: number;
  memberId: number;
  serverId: string;
  itemId: string;
  note: string;
}

export interface ServerAlias {
  serverId: string;
  itemId: string;
  pointId: string;
  concept: number;
  alias: string;
  createdAt: string;
}

type Row = typeof appeals.$inferSelect;

export function appealFromRow(row: Row): AppealRecord {
  return {
    id: row.id,
    answerId: row.answerId,
    memberId: row.memberId,
    serverId: row.serverId,
    itemId: row.itemId,
    note: row.note,
    status: row.status as AppealStatus,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    reason: row.reason,
    outcome: (row.outcome as AppealOutcome | null) ?? null,
    notifiedAt: row.notifiedAt?.toISOString() ?? null,
  };
}

/** A member's appeals in one server as the rate limit reads them (see memberAppealLoad). */
export interface AppealLoad {
  pending: number;
  recent: string[];
}

/** A rate limit checked as an appeal is filed: `admit` sees the load since `since` and throws to refuse. */
export interface AppealAdmission {
  since: Date;
  admit(load: AppealLoad): void | Promise<void>;
}

/**
 * Files an appeal, or hands back the answer's existing one (`created` false). The admission check
 * runs with the member's row locked, so two appeals filed at the same instant are counted one after
 * the other and cannot both slip under the limit.
 */
export async function createAppeal(
  db: Database,
  input: AppealInput,
  now: Date,
  admission?: AppealAdmission,
): Promise<{ appeal: AppealRecord; created: boolean }> {
  return mapErrors(() =>
    db.transaction(async (tx) => {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, input.memberId)).for("update");
      const existing = await appealOfAnswer(tx, input.answerId);
      if (existing) return { appeal: existing, created: false };
      if (admission) await admission.admit(await memberAppealLoad(tx, input.memberId, input.serverId, admission.since));
      const [inserted] = await tx
        .insert(appeals)
        .values({ ...input, status: "pending", createdAt: now })
        .onConflictDoNothing({ target: appeals.answerId })
        .returning();
      if (!inserted) throw new Error(`appeal of answer ${input.answerId} neither filed nor found`);
      return { appeal: appealFromRow(inserted), created: true };
    }),
  );
}

export async function getAppeal(db: Database, appealId: number): Promise<AppealRecord | null> {
  return mapErrors(async () => {
    const [row] = await db.select().from(appeals).where(eq(appeals.id, appealId));
    return row ? appealFromRow(row) : null;
  });
}

export async function appealOfAnswer(db: Database, answerId: number): Promise<AppealRecord | null> {
  return mapErrors(async () => {
    const [row] = await db.select().from(appeals).where(eq(appeals.answerId, answerId));
    return row ? appealFromRow(row) : null;
  });
}

/**
 * When the answer was reviewed, on the domain's clock (its first review log; an override keeps the
 * time), or null for an answer without one. The answer row's `created_at` is the database's clock.
 */
export async function answerReviewedAt(db: Database, answerId: number): Promise<string | null> {
  return mapErrors(async () => {
    const [row] = await db.select({ at: min(reviewLogs.reviewedAt) }).from(reviewLogs).where(eq(reviewLogs.answerId, answerId));
    return row?.at ? new Date(row.at).toISOString() : null;
  });
}

/**
 * A member's appeals in one server: how many are pending, and the filing times of those filed
 * since `since` (oldest first), from which the rate limit tells when the next one is allowed.
 */
export async function memberAppealLoad(
  db: Database,
  memberId: number,
  serverId: string,
  since: Date,
): Promise<AppealLoad> {
  return mapErrors(async () => {
    const mine = and(eq(appeals.memberId, memberId), eq(appeals.serverId, serverId));
    const [pending] = await db.select({ n: count() }).from(appeals).where(and(mine, eq(appeals.status, "pending")));
    const recent = await db
      .select({ createdAt: appeals.createdAt })
      .from(appeals)
      .where(and(mine, gte(appeals.createdAt, since)))
      .orderBy(asc(appeals.createdAt));
    return { pending: pending?.n ?? 0, recent: recent.map((row) => row.createdAt.toISOString()) };
  });
}

export interface PendingAppeal {
  appeal: AppealRecord;
  answer: AnswerRecord;
  /** The appellant's Discord id. */
  discordUserId: string;
  /** Pending appeals of the server, this one included. */
  pending: number;
}

/**
 * The server's oldest pending appeal with its answer and the appellant, and how many are pending;
 * with `appealId`, that appeal (null unless it is pending in this server).
 */
export async function nextPendingAppeal(db: Database, serverId: string, appealId?: number): Promise<PendingAppeal | null> {
  return mapErrors(async () => {
    const pendingHere = and(eq(appeals.serverId, serverId), eq(appeals.status, "pending"));
    const [row] = await db
      .select({ appeal: appeals, answer: answers, discordUserId: members.discordUserId })
      .from(appeals)
      .innerJoin(answers, eq(answers.id, appeals.answerId))
      .innerJoin(members, eq(members.id, appeals.memberId))
      .where(appealId === undefined ? pendingHere : and(pendingHere, eq(appeals.id, appealId)))
      .orderBy(asc(appeals.createdAt), asc(appeals.id))
      .limit(1);
    if (!row) return null;
    const [total] = await db.select({ n: count() }).from(appeals).where(pendingHere);
    return { appeal: appealFromRow(row.appeal), answer: answerFromRow(row.answer), discordUserId: row.discordUserId, pending: total?.n ?? 1 };
  });
}

export interface AppealDecision {
  appealId: number;
  status: "accepted" | "rejected";
  /** The admin's Discord id. */
  decidedBy: string;
  reason?: string | null;
  outcome?: AppealOutcome | null;
  /** Accepted: the answer's corrected grade. */
  regrade?: {
    score: number;
    verdicts: KeyPointVerdict[];
    suggestedRating: Rating;
    feedback: string;
  };
  /** Accepted and still the item's latest review: the review redone at the corrected rating. */
  redo?: Omit<ReviewInput, "answerId">;
  /** Accepted: the aliases that passed their checks, for the appeal's server. */
  aliases?: Array<{ itemId: string; pointId: string; concept: number; alias: string }>;
}

/**
 * Decides a pending appeal with everything the decision changes, in one transaction. Null when
 * the appeal is no longer pending (decided meanwhile by someone else): nothing is written.
 */
export async function decideAppeal(
  db: Database,
  decision: AppealDecision,
  now: Date,
): Promise<{ appeal: AppealRecord; review: RecordReviewResult | null } | null> {
  return mapErrors(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(appeals)
        .set({
          status: decision.status,
          decidedAt: now,
          decidedBy: decision.decidedBy,
          reason: decision.reason ?? null,
          outcome: decision.outcome ?? null,
        })
        .where(and(eq(appeals.id, decision.appealId), eq(appeals.status, "pending")))
        .returning();
      if (!row) return null;
      if (decision.regrade) {
        const [before] = await tx
          .select({ memberId: answers.memberId, localDate: answers.localDate, source: answers.source, score: answers.score })
          .from(answers)
          .where(eq(answers.id, row.answerId));
        await tx.update(answers).set(decision.regrade).where(eq(answers.id, row.answerId));
        if (before) await moveLeaderboardPoints(tx, before, decision.regrade.score - before.score);
      }
      const review = decision.redo ? await overrideLastReviewIn(tx, decision.redo, now) : null;
      if (decision.aliases && decision.aliases.length > 0) {
        await tx
          .insert(serverAliases)
          .values(decision.aliases.map((alias) => ({ ...alias, serverId: row.serverId, appealId: row.id, createdAt: now })))
          .onConflictDoNothing();
      }
      return { appeal: appealFromRow(row), review };
    }),
  );
}

/**
 * Moves the rollups the leaderboards read by a regraded answer's change of score, as if it had been
 * recorded with the corrected score: the day's quiz or review score, and the week's points (the
 * review cap applies to the day's total, so the week gets the change of the capped value). The
 * streak and the answer counts do not change: the answer was there already.
 */
async function moveLeaderboardPoints(
  tx: Database,
  answer: { memberId: number; localDate: string; source: string; score: number },
  change: number,
): Promise<void> {
  if (change === 0) return;
  const quiz = answer.source === "daily";
  const day = and(eq(memberDailyActivity.memberId, answer.memberId), eq(memberDailyActivity.localDate, answer.localDate));
  const [updated] = await tx
    .update(memberDailyActivity)
    .set(
      quiz
        ? { quizScore: sql`${memberDailyActivity.quizScore} + ${change}` }
        : { reviewScore: sql`${memberDailyActivity.reviewScore} + ${change}` },
    )
    .where(day)
    .returning({ reviewScore: memberDailyActivity.reviewScore });
  if (!updated) return;
  const { quizPerScore, reviewPerScore, reviewCapPerDay } = LEADERBOARD_POINTS;
  const capped = (dayScore: number): number => Math.min(dayScore * reviewPerScore, reviewCapPerDay);
  const points = quiz
    ? { quizPoints: sql`${memberWeeklyActivity.quizPoints} + ${change * quizPerScore}` }
    : { reviewPoints: sql`${memberWeeklyActivity.reviewPoints} + ${capped(updated.reviewScore) - capped(updated.reviewScore - change)}` };
  await tx
    .update(memberWeeklyActivity)
    .set(points)
    .where(
      and(
        eq(memberWeeklyActivity.memberId, answer.memberId),
        // The ISO week (Monday start) of the answer's local date, as recall_record_answer keys it.
        eq(memberWeeklyActivity.weekStart, sql`${answer.localDate}::date - (extract(isodow from ${answer.localDate}::date)::integer - 1)`),
      ),
    );
}

/** The server's accepted aliases (the grader's overlay for that server), oldest first. */
export async function serverAliasesOf(db: Database, serverId: string): Promise<ServerAlias[]> {
  return listAliases(db, serverId);
}

/** Every server's accepted aliases, or one server's: what `pnpm content suggestions` prints. */
export async function acceptedAliases(db: Database, serverId: string | null = null): Promise<ServerAlias[]> {
  return listAliases(db, serverId);
}

async function listAliases(db: Database, serverId: string | null): Promise<ServerAlias[]> {
  return mapErrors(async () => {
    const rows = await db
      .select()
      .from(serverAliases)
      .where(serverId === null ? sql`true` : eq(serverAliases.serverId, serverId))
      .orderBy(asc(serverAliases.createdAt), asc(serverAliases.id));
    return rows.map((row) => ({
      serverId: row.serverId,
      itemId: row.itemId,
      pointId: row.pointId,
      concept: row.concept,
      alias: row.alias,
      createdAt: row.createdAt.toISOString(),
    }));
  });
}

/**
 * The member's decided appeals not yet shown to them, marked shown in the same statement: each
 * decision is told once, by whichever process gets there first.
 */
export async function takeAppealNotices(db: Database, discordUserId: string, now: Date): Promise<AppealRecord[]> {
  return mapErrors(async () => {
    const rows = await db
      .update(appeals)
      .set({ notifiedAt: now })
      .where(
        and(
          ne(appeals.status, "pending"),
          isNull(appeals.notifiedAt),
          eq(appeals.memberId, sql`(select ${members.id} from ${members} where ${members.discordUserId} = ${discordUserId})`),
        ),
      )
      .returning();
    return rows.map(appealFromRow).sort((a, b) => a.id - b.id);
  });
}
