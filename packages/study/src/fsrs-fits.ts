// Personal FSRS weights: members with enough reviews are fitted (monthly, or once their reviews
// have doubled) through a job queue in the database, so with several bot processes each job runs
// once. Fits run in child processes (FitRunner); adopted weights are stored on the member and so
// schedule their very next review. A member can go back to the defaults at any time.
import * as db from "@recall/db";
import type { FitJobClaim } from "@recall/db";
import { optimizeParameters, type FitRunner, type ReviewEvent } from "@recall/fsrs-optimizer";
import type { StudyContext } from "./context.ts";
import type { MemberRef } from "./ports.ts";
import type { FsrsSettingsView } from "./views.ts";

/** Below this, fits are often worse than the defaults. */
export const MIN_REVIEWS_FOR_FIT = 1_000;
export const REFIT_AFTER_MS = 30 * 86_400_000;
/** A claim older than this belongs to a process that died (a fit is killed after 2 minutes). */
export const FIT_LEASE_MS = 30 * 60_000;

export interface FsrsFitRun {
  memberId: number;
  outcome: db.FitOutcome;
  /** The adoption rule's verdict or the failure; never member text. */
  reason: string;
  reviews: number;
  elapsedMs: number;
}

export interface FsrsFitCycleOptions {
  runner: FitRunner;
  /** Names this process in job claims. */
  worker: string;
  /** Fits per call at most, so one call never runs for long (default 5). */
  maxJobs?: number;
}

export function createFsrsFitFeatures(ctx: StudyContext) {
  const { database, clock } = ctx;

  async function runJob(claim: FitJobClaim, runner: FitRunner): Promise<FsrsFitRun> {
    const started = performance.now();
    const member = await db.getMember(database, claim.memberId);
    const history = member ? await db.memberReviewHistory(database, claim.memberId) : [];
    const reviews: ReviewEvent[] = history.map((row) => ({ card: row.itemId, rating: row.rating, atMs: row.reviewedAtMs }));
    let outcome: db.FitOutcome = "failed";
    let reason = "the member is gone";
    let adopted: db.FitJobResult["adopted"];
    if (member) {
      const report = await optimizeParameters(reviews, {
        runner,
        current: ctx.preferencesOf(member).parameters,
        clock: { timezone: member.timezone, dayStartHour: member.dayStartHour },
      });
      reason = report.reason;
      outcome = report.adopted ? "adopted" : report.fitted === null ? "failed" : "kept";
      if (report.adopted) {
        adopted = { parameters: report.parameters, logLossBefore: report.logLoss.current, logLossAfter: report.logLoss.fitted };
      }
    }
    const result: db.FitJobResult = { outcome, reason, reviewCount: reviews.length, ...(adopted ? { adopted } : {}) };
    await db.finishFitJob(database, claim, result, clock());
    return { memberId: claim.memberId, outcome, reason, reviews: reviews.length, elapsedMs: performance.now() - started };
  }

  return {
    /**
     * Queues the fits now due and runs up to `maxJobs` of the open ones, one after another. A
     * failed fit keeps the member's weights; it is reported, never thrown.
     */
    async runFsrsFits(options: FsrsFitCycleOptions): Promise<FsrsFitRun[]> {
      const now = clock();
      await db.queueDueFits(database, now, {
        minReviews: MIN_REVIEWS_FOR_FIT,
        refitBefore: new Date(now.getTime() - REFIT_AFTER_MS),
      });
      const runs: FsrsFitRun[] = [];
      for (let i = 0; i < (options.maxJobs ?? 5); i++) {
        const at = clock();
        const claim = await db.claimFitJob(database, options.worker, at, new Date(at.getTime() - FIT_LEASE_MS));
        if (!claim) break;
        runs.push(await runJob(claim, options.runner));
      }
      return runs;
    },

    async fsrsSettings(ref: MemberRef): Promise<FsrsSettingsView> {
      const member = await ctx.member(ref);
      return viewOf(await db.fsrsStatus(database, member.id));
    },

    /** Back to FSRS-6's default weights from the next review on; no more fits for this member. */
    async useDefaultFsrs(ref: MemberRef): Promise<FsrsSettingsView> {
      const member = await ctx.member(ref);
      await db.useDefaultFsrsParameters(database, member.id, clock());
      return viewOf(await db.fsrsStatus(database, member.id));
    },

    /** Undoes `useDefaultFsrs`'s opt-out: the member is fitted again when the usual rules say so. */
    async allowPersonalFsrs(ref: MemberRef): Promise<FsrsSettingsView> {
      const member = await ctx.member(ref);
      await db.allowFsrsFits(database, member.id);
      return viewOf(await db.fsrsStatus(database, member.id));
    },
  };
}

export type FsrsFitFeatures = ReturnType<typeof createFsrsFitFeatures>;

function viewOf(status: db.FsrsStatus | null): FsrsSettingsView {
  if (!status) return { kind: "default", since: null, logLossBefore: null, logLossAfter: null, optedOut: false };
  return { kind: status.kind, since: status.since, logLossBefore: status.logLossBefore, logLossAfter: status.logLossAfter, optedOut: status.optedOut };
}
