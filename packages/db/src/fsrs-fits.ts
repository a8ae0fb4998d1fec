// Personal FSRS weights: which members are due a fit, the job queue every bot process shares,
// and the weights each member has. A job is claimed by one process at a time (row lock, skipped
// by the others); a claim not finished within the lease is taken over, as its process died.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Rating } from "@recall/scheduler";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { iso, rowsOf } from "./rows.ts";
import { fsrsFitJobs, memberFsrs, members, reviewLogs } from "./schema.ts";

export type FitOutcome = "adopted" | "kept" | "failed";

export interface FitJobClaim {
  id: number;
  memberId: number;
  /** The member's reviews when the job was queued. */
  reviewCount: number;
  claimedBy: string;
}

export interface FitJobResult {
  outcome: FitOutcome;
  /** Why (never member text): the adoption rule's verdict or the failure. */
  reason: string;
  /** The member's reviews that went into the fit. */
  reviewCount: number;
  /** With outcome "adopted": the new weights and held-out log loss before and after. */
  adopted?: { parameters: number[]; logLossBefore: number | null; logLossAfter: number | null };
}

export interface FsrsStatus {
  kind: "default" | "personal";
  /** When the current weights took effect (for never-fitted members: when they joined). */
  since: string;
  logLossBefore: number | null;
  logLossAfter: number | null;
  optedOut: boolean;
  lastFitAt: string | null;
  lastFitOutcome: FitOutcome | null;
}

export interface ReviewHistoryRow {
  itemId: string;
  rating: Rating;
  reviewedAtMs: number;
}

export interface QueueFitsOptions {
  /** Fewer reviews than this: no fit (fits below about 1,000 are often worse than the defaults). */
  minReviews: number;
  /** A member fitted before this is due again. */
  refitBefore: Date;
}

/**
 * Queues a fit for every member with enough reviews who was never fitted, was last fitted
 * before `refitBefore`, or has doubled their reviews since, unless they chose the defaults or
 * already have an open job. Safe to run from every process at once. Returns how many were queued.
 */
export async function queueDueFits(db: Database, now: Date, options: QueueFitsOptions): Promise<number> {
  return mapErrors(async () => {
    const rows = await rowsOf<{ id: number }>(db, sql`
      insert into ${fsrsFitJobs} (member_id, review_count, queued_at)
      select counted.member_id, counted.reviews, ${now.toISOString()}::timestamptz
      from (
        select ${reviewLogs.memberId} as member_id, count(*)::int as reviews
        from ${reviewLogs}
        where ${reviewLogs.undoneAt} is null
        group by ${reviewLogs.memberId}
        having count(*) >= ${options.minReviews}
      ) counted
      left join ${memberFsrs} fitted on fitted.member_id = counted.member_id
      where fitted.member_id is null
        or (not fitted.opted_out and (
          fitted.last_fit_at is null
          or fitted.last_fit_at < ${options.refitBefore.toISOString()}::timestamptz
          or counted.reviews >= 2 * fitted.last_fit_review_count))
      on conflict (member_id) where finished_at is null do nothing
      returning id`);
    return rows.length;
  });
}

/**
 * Claims the oldest open job nobody holds (or whose holder's lease ran out before
 * `staleBefore`), for `worker`. Concurrent callers never get the same job.
 */
export async function claimFitJob(db: Database, worker: string, now: Date, staleBefore: Date): Promise<FitJobClaim | null> {
  return mapErrors(async () => {
    const rows = await rowsOf<{ id: number | string; member_id: number; review_count: number }>(db, sql`
      update ${fsrsFitJobs} set claimed_at = ${now.toISOString()}::timestamptz, claimed_by = ${worker}
      where id = (
        select id from ${fsrsFitJobs}
        where finished_at is null
          and (claimed_at is null or claimed_at < ${staleBefore.toISOString()}::timestamptz)
        order by id
        limit 1
        for update skip locked
      )
      returning id, member_id, review_count`);
    const [row] = rows;
    if (!row) return null;
    return { id: Number(row.id), memberId: row.member_id, reviewCount: row.review_count, claimedBy: worker };
  });
}

/**
 * Records a claimed job's result, and with "adopted" the member's new weights, in one
 * transaction. False (and nothing written) if the claim was taken over meanwhile.
 */
export async function finishFitJob(db: Database, claim: FitJobClaim, result: FitJobResult, now: Date): Promise<boolean> {
  return mapErrors(() =>
    db.transaction(async (tx) => {
      const [finished] = await tx
        .update(fsrsFitJobs)
        .set({ finishedAt: now, outcome: result.outcome, reason: result.reason.slice(0, 500) })
        .where(and(eq(fsrsFitJobs.id, claim.id), eq(fsrsFitJobs.claimedBy, claim.claimedBy), isNull(fsrsFitJobs.finishedAt)))
        .returning({ id: fsrsFitJobs.id });
      if (!finished) return false;
      const fitted = { lastFitAt: now, lastFitReviewCount: result.reviewCount, lastFitOutcome: result.outcome };
      const adopted = result.outcome === "adopted" ? result.adopted : undefined;
      const weights = adopted
        ? { since: now, logLossBefore: adopted.logLossBefore, logLossAfter: adopted.logLossAfter }
        : {};
      await tx
        .insert(memberFsrs)
        .values({ memberId: claim.memberId, since: now, ...fitted, ...weights })
        .onConflictDoUpdate({ target: memberFsrs.memberId, set: { ...fitted, ...weights } });
      if (adopted) {
        await tx.update(members).set({ fsrsParameters: adopted.parameters }).where(eq(members.id, claim.memberId));
      }
      return true;
    }),
  );
}

/** The member goes back to FSRS-6's default weights and is not fitted again. */
export async function useDefaultFsrsParameters(db: Database, memberId: number, now: Date): Promise<void> {
  await mapErrors(() =>
    db.transaction(async (tx) => {
      await tx.update(members).set({ fsrsParameters: null }).where(eq(members.id, memberId));
      const reset = { since: now, logLossBefore: null, logLossAfter: null, optedOut: true };
      await tx
        .insert(memberFsrs)
        .values({ memberId, ...reset })
        .onConflictDoUpdate({ target: memberFsrs.memberId, set: reset });
    }),
  );
}

/** The member who chose the defaults may be fitted again: from the next fit run on, as anyone else. */
export async function allowFsrsFits(db: Database, memberId: number): Promise<void> {
  await mapErrors(() => db.update(memberFsrs).set({ optedOut: false }).where(eq(memberFsrs.memberId, memberId)));
}

export async function fsrsStatus(db: Database, memberId: number): Promise<FsrsStatus | null> {
  return mapErrors(async () => {
    const [row] = await db
      .select({ parameters: members.fsrsParameters, joined: members.createdAt, fsrs: memberFsrs })
      .from(members)
      .leftJoin(memberFsrs, eq(memberFsrs.memberId, members.id))
      .where(eq(members.id, memberId));
    if (!row) return null;
    const personal = row.parameters !== null;
    return {
      kind: personal ? "personal" : "default",
      since: iso(row.fsrs?.since ?? row.joined),
      logLossBefore: personal ? (row.fsrs?.logLossBefore ?? null) : null,
      logLossAfter: personal ? (row.fsrs?.logLossAfter ?? null) : null,
      optedOut: row.fsrs?.optedOut ?? false,
      lastFitAt: row.fsrs?.lastFitAt ? iso(row.fsrs.lastFitAt) : null,
      lastFitOutcome: (row.fsrs?.lastFitOutcome ?? null) as FitOutcome | null,
    };
  });
}

/** A member's reviews that stand (undone ones left out), oldest first: what a fit learns from. */
export async function memberReviewHistory(db: Database, memberId: number): Promise<ReviewHistoryRow[]> {
  return mapErrors(async () => {
    const rows = await db
      .select({ itemId: reviewLogs.itemId, rating: reviewLogs.rating, reviewedAt: reviewLogs.reviewedAt })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.memberId, memberId), isNull(reviewLogs.undoneAt)))
      .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.id));
    return rows.map((row) => ({ itemId: row.itemId, rating: row.rating as Rating, reviewedAtMs: row.reviewedAt.getTime() }));
  });
}
