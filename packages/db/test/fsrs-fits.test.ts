// Personal FSRS weights in the database: who is due a fit, a job queue every process shares
// (each job claimed once), adoption, and going back to the defaults.
import { sql } from "drizzle-orm";
import type { CardState } from "@recall/scheduler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  claimFitJob,
  finishFitJob,
  fsrsStatus,
  getMember,
  memberReviewHistory,
  queueDueFits,
  recordReview,
  syncItems,
  undoLastReview,
  upsertMember,
  useDefaultFsrsParameters,
  type Database,
  type OpenDatabase,
} from "../src/index.ts";
import { T0, at, item, newCard, review } from "./fixtures.ts";
import { targets } from "./targets.ts";

const WEIGHTS = [0.35, 0.9, 3.2, 12, 6.9, 0.6, 2.2, 0.03, 1.55, 0.12, 1.0, 1.7, 0.08, 0.35, 1.8, 0.45, 2.2, 0.45, 0.2, 0.1, 0.25];

describe.each(targets())("FSRS fits on $name", (target) => {
  let open: OpenDatabase;
  let db: Database;
  let sequence = 0;

  beforeAll(async () => {
    open = await target.open();
    db = open.db;
    await syncItems(db, [item("F001"), item("F002")], T0);
  });

  afterAll(async () => {
    if (open) await target.dispose(open);
  });

  const unique = (prefix: string) => `${prefix}-${++sequence}`;

  /** A member with `count` chained reviews of one item, a day apart from T0. */
  async function memberWithReviews(count: number) {
    const member = await upsertMember(db, unique("fit"), {}, T0);
    let card = newCard(T0);
    for (let i = 0; i < count; i++) {
      const log = review(card, i % 4 === 0 ? "again" : "good", at(i));
      await recordReview(db, { idempotencyKey: unique("r"), memberId: member.id, itemId: "F001", reviewLog: log, card: log.after, source: "review" });
      card = log.after;
    }
    return member;
  }

  async function openJobs(memberId: number): Promise<number> {
    const result: unknown = await db.execute(sql`select count(*)::int as n from fsrs_fit_jobs where member_id = ${memberId} and finished_at is null`);
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    return (rows[0] as { n: number }).n;
  }

  it("queues members with enough reviews once, claims each job for one worker only, and adopts", async () => {
    const ready = await memberWithReviews(6);
    const few = await memberWithReviews(2);
    const options = { minReviews: 5, refitBefore: at(-30, at(10)) };
    const queuedFirst = await queueDueFits(db, at(10), options);
    expect(queuedFirst).toBeGreaterThanOrEqual(1);
    // Queuing again (another process) adds nothing while the job is open.
    await queueDueFits(db, at(10), options);
    expect(await openJobs(ready.id)).toBe(1);
    expect(await openJobs(few.id)).toBe(0);

    // Several workers at once: each open job goes to exactly one of them.
    const claims = await Promise.all(["w1", "w2", "w3", "w4"].map((w) => claimFitJob(db, w, at(10), at(9))));
    const mine = claims.filter((c) => c?.memberId === ready.id);
    expect(mine).toHaveLength(1);
    const claim = mine[0]!;
    expect(claim.reviewCount).toBe(6);
    // Held and fresh: nobody else can claim it.
    expect((await claimFitJob(db, "w5", at(10), at(9)))?.memberId === ready.id).toBe(false);

    expect(await fsrsStatus(db, ready.id)).toMatchObject({ kind: "default", since: T0.toISOString(), logLossBefore: null });
    const adopted = { parameters: WEIGHTS, logLossBefore: 0.31, logLossAfter: 0.29 };
    expect(await finishFitJob(db, claim, { outcome: "adopted", reason: "better", reviewCount: 6, adopted }, at(10))).toBe(true);
    // A second finish of the same claim writes nothing.
    expect(await finishFitJob(db, claim, { outcome: "failed", reason: "again", reviewCount: 6 }, at(10))).toBe(false);
    expect((await getMember(db, ready.id))?.fsrsParameters).toEqual(WEIGHTS);
    expect(await fsrsStatus(db, ready.id)).toEqual({
      kind: "personal",
      since: at(10).toISOString(),
      logLossBefore: 0.31,
      logLossAfter: 0.29,
      optedOut: false,
      lastFitAt: at(10).toISOString(),
      lastFitOutcome: "adopted",
    });
    expect(await openJobs(ready.id)).toBe(0);
    // Fitted recently, reviews not doubled: not due.
    await queueDueFits(db, at(11), { minReviews: 5, refitBefore: at(-30, at(11)) });
    expect(await openJobs(ready.id)).toBe(0);
    // A month later: due again.
    await queueDueFits(db, at(41), { minReviews: 5, refitBefore: at(-30, at(41)) });
    expect(await openJobs(ready.id)).toBe(1);
  });

  it("refits when the review count has doubled, and takes over a claim whose lease ran out", async () => {
    const member = await memberWithReviews(5);
    await queueDueFits(db, at(10), { minReviews: 5, refitBefore: at(-30, at(10)) });
    let claim = await claimUntil(member.id, "a", at(10));
    // The holder died: after the lease, another worker takes the job over; the old holder cannot finish it.
    const taken = await claimUntil(member.id, "b", at(12), at(11));
    expect(taken.id).toBe(claim.id);
    expect(await finishFitJob(db, claim, { outcome: "kept", reason: "x", reviewCount: 5 }, at(12))).toBe(false);
    claim = taken;
    expect(await finishFitJob(db, claim, { outcome: "kept", reason: "not better", reviewCount: 5 }, at(12))).toBe(true);
    expect((await fsrsStatus(db, member.id))?.kind).toBe("default");
    expect((await getMember(db, member.id))?.fsrsParameters).toBeNull();

    const more = await memberWithReviewsFor(member.id, 5);
    expect(more).toBe(10);
    await queueDueFits(db, at(13), { minReviews: 5, refitBefore: at(-30, at(13)) });
    expect(await openJobs(member.id)).toBe(1);
  });

  it("goes back to the defaults and fits no more; history leaves undone reviews out", async () => {
    const member = await memberWithReviews(6);
    await queueDueFits(db, at(10), { minReviews: 5, refitBefore: at(-30, at(10)) });
    const claim = await claimUntil(member.id, "c", at(10));
    await finishFitJob(db, claim, { outcome: "adopted", reason: "ok", reviewCount: 6, adopted: { parameters: WEIGHTS, logLossBefore: 0.3, logLossAfter: 0.2 } }, at(10));
    await useDefaultFsrsParameters(db, member.id, at(20));
    expect((await getMember(db, member.id))?.fsrsParameters).toBeNull();
    expect(await fsrsStatus(db, member.id)).toMatchObject({ kind: "default", since: at(20).toISOString(), optedOut: true, logLossAfter: null });
    await queueDueFits(db, at(90), { minReviews: 5, refitBefore: at(-30, at(90)) });
    expect(await openJobs(member.id)).toBe(0);

    const history = await memberReviewHistory(db, member.id);
    expect(history).toHaveLength(6);
    expect(history[0]).toEqual({ itemId: "F001", rating: "again", reviewedAtMs: T0.getTime() });
    await undoLastReview(db, member.id, "F001", at(21));
    expect(await memberReviewHistory(db, member.id)).toHaveLength(5);
  });

  /** Claims until this member's job comes up (other tests' jobs may be open too). */
  async function claimUntil(memberId: number, worker: string, now: Date, staleBefore: Date = at(-1, now)) {
    for (let i = 0; i < 50; i++) {
      const claim = await claimFitJob(db, worker, now, staleBefore);
      if (!claim) break;
      if (claim.memberId === memberId) return claim;
    }
    throw new Error(`no job for member ${memberId}`);
  }

  async function memberWithReviewsFor(memberId: number, count: number): Promise<number> {
    const result: unknown = await db.execute(sql`select after_due, after_stability, after_difficulty, after_scheduled_days, after_learning_steps, after_reps, after_lapses, after_state, after_last_review from review_logs where member_id = ${memberId} and item_id = 'F001' and undone_at is null order by reviewed_at desc limit 1`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
    const last = rows[0]!;
    const toIso = (v: unknown) => new Date(v as string).toISOString();
    let card: CardState = {
      due: toIso(last.after_due),
      stability: Number(last.after_stability),
      difficulty: Number(last.after_difficulty),
      scheduledDays: Number(last.after_scheduled_days),
      learningSteps: Number(last.after_learning_steps),
      reps: Number(last.after_reps),
      lapses: Number(last.after_lapses),
      state: last.after_state as CardState["state"],
      lastReview: last.after_last_review === null ? null : toIso(last.after_last_review),
    };
    for (let i = 0; i < count; i++) {
      const log = review(card, "good", at(20 + i));
      await recordReview(db, { idempotencyKey: unique("m"), memberId, itemId: "F001", reviewLog: log, card: log.after, source: "review" });
      card = log.after;
    }
    return (await memberReviewHistory(db, memberId)).length;
  }
});
