// Appeals: one per answer however often filed, decided once (compare-and-set on pending) with
// the regrade, the redone review and the server's aliases in the same transaction; notices told once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptedAliases,
  answerReviewedAt,
  appealOfAnswer,
  createAppeal,
  decideAppeal,
  forgetMember,
  memberExport,
  getAnswer,
  getCard,
  lastReview,
  memberAppealLoad,
  nextPendingAppeal,
  recordAnswer,
  serverAliasesOf,
  syncItems,
  takeAppealNotices,
  upsertMember,
  schema,
  type Database,
  type OpenDatabase,
} from "../src/index.ts";
import { T0, answerInput, at, item, newCard, review } from "./fixtures.ts";
import { targets } from "./targets.ts";

const SERVER = "900000000000000001";
const OTHER_SERVER = "900000000000000002";

describe.each(targets())("appeals on $name", (target) => {
  let open: OpenDatabase;
  let db: Database;
  let sequence = 0;

  async function answered(itemId = "A001") {
    const discordUserId = `appellant-${++sequence}`;
    const member = await upsertMember(db, discordUserId, {}, T0);
    const stored = await recordAnswer(db, answerInput({
      key: `appeal-test-${sequence}`,
      memberId: member.id,
      itemId,
      before: newCard(T0),
      now: T0,
      localDate: "2026-03-02",
      score: 0.4,
      rating: "hard",
    }));
    return { member, discordUserId, answer: stored.answer };
  }

  beforeAll(async () => {
    open = await target.open();
    db = open.db;
    await syncItems(db, [item("A001"), item("A002")], T0);
  }, 120_000);

  afterAll(async () => {
    if (open) await target.dispose(open);
  });

  it("files one appeal per answer, even when two arrive at once", async () => {
    const { member, answer } = await answered();
    const input = { answerId: answer.id, memberId: member.id, serverId: SERVER, itemId: "A001", note: "我说的就是奖励模型" };
    const [a, b] = await Promise.all([createAppeal(db, input, T0), createAppeal(db, { ...input, note: "second" }, T0)]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.appeal.id).toBe(b.appeal.id);
    expect(await answerReviewedAt(db, answer.id)).toBe(T0.toISOString());
    expect(await answerReviewedAt(db, -1)).toBeNull();
    const stored = await appealOfAnswer(db, answer.id);
    expect(stored).toMatchObject({ status: "pending", serverId: SERVER, createdAt: T0.toISOString(), decidedAt: null });
    expect(["我说的就是奖励模型", "second"]).toContain(stored?.note);
  });

  it("checks the limit with the member's appeals locked: two filed at once are counted one after the other", async () => {
    const first = await answered();
    const second = await recordAnswer(db, answerInput({
      key: `appeal-test-${sequence}-b`, memberId: first.member.id, itemId: "A002", before: newCard(T0), now: T0, localDate: "2026-03-02",
      score: 0.4, rating: "hard",
    }));
    // Each admission waits (up to a moment) for the other to have counted too: without the lock
    // both would count no appeal and both be filed; with it the second counts the first.
    const counted: number[] = [];
    let arrived = 0;
    const admission = {
      since: T0,
      async admit(load: { pending: number }) {
        counted.push(load.pending);
        arrived += 1;
        for (let waited = 0; arrived < 2 && waited < 300; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
        if (load.pending >= 1) throw new Error("limit reached");
      },
    };
    const filing = (answerId: number, itemId: string) =>
      createAppeal(db, { answerId, memberId: first.member.id, serverId: SERVER, itemId, note: "" }, at(0.01), admission);
    const outcomes = await Promise.allSettled([filing(first.answer.id, "A001"), filing(second.answer.id, "A002")]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(counted).toEqual([0, 1]);
  });

  it("counts a member's pending and recent appeals per server", async () => {
    const { member, answer } = await answered();
    const second = await recordAnswer(db, answerInput({
      key: `appeal-load-${sequence}`, memberId: member.id, itemId: "A002", before: newCard(T0), now: T0, localDate: "2026-03-02",
    }));
    await createAppeal(db, { answerId: answer.id, memberId: member.id, serverId: SERVER, itemId: "A001", note: "" }, at(0.1));
    await createAppeal(db, { answerId: second.answer.id, memberId: member.id, serverId: OTHER_SERVER, itemId: "A002", note: "" }, at(0.2));
    expect(await memberAppealLoad(db, member.id, SERVER, T0)).toEqual({ pending: 1, recent: [at(0.1).toISOString()] });
    expect(await memberAppealLoad(db, member.id, SERVER, at(0.5))).toEqual({ pending: 1, recent: [] });
    expect((await memberAppealLoad(db, member.id, OTHER_SERVER, T0)).pending).toBe(1);
  });

  it("accepts once: the answer regraded, the review redone, the aliases stored for the server, the member told once", async () => {
    const fresh = "900000000000000077";
    const { member, discordUserId, answer } = await answered("A002");
    const { appeal } = await createAppeal(db, { answerId: answer.id, memberId: member.id, serverId: fresh, itemId: "A002", note: "" }, at(0.01));
    const pending = await nextPendingAppeal(db, fresh);
    expect(pending).toMatchObject({ pending: 1, discordUserId, appeal: { id: appeal.id }, answer: { id: answer.id, score: 0.4 } });

    const last = (await lastReview(db, member.id, "A002"))!;
    const redone = review(last.before, "good", new Date(last.reviewedAt));
    const outcome = {
      acceptedPoints: ["k3"], scoreBefore: 0.4, scoreAfter: 0.9, ratingBefore: "hard" as const, ratingAfter: "good" as const,
      scheduleChanged: true, aliases: [{ pointId: "k3", concept: 0, alias: "KL 惩罚", refusal: null }],
    };
    const decision = {
      appealId: appeal.id,
      status: "accepted" as const,
      decidedBy: "admin-1",
      outcome,
      regrade: { score: 0.9, verdicts: [{ id: "k1", verdict: "hit" as const }], suggestedRating: "good" as const, feedback: "ok" },
      redo: { idempotencyKey: `appeal:${appeal.id}`, memberId: member.id, itemId: "A002", reviewLog: redone, card: redone.after, source: "review" as const },
      aliases: [{ itemId: "A002", pointId: "k3", concept: 0, alias: "KL 惩罚" }],
    };
    const [first, second] = await Promise.all([decideAppeal(db, decision, at(0.5)), decideAppeal(db, { ...decision, status: "rejected" as const }, at(0.5))]);
    const winners = [first, second].filter((result) => result !== null);
    expect(winners).toHaveLength(1);
    const decided = winners[0]!.appeal;
    expect(decided.status === "accepted" || decided.status === "rejected").toBe(true);
    if (decided.status === "accepted") {
      expect(decided.outcome).toEqual(outcome);
      expect(await getAnswer(db, answer.id)).toMatchObject({ score: 0.9, suggestedRating: "good", rating: "good", feedback: "ok" });
      expect(await getCard(db, member.id, "A002")).toEqual(redone.after);
      expect(await serverAliasesOf(db, fresh)).toMatchObject([{ itemId: "A002", pointId: "k3", concept: 0, alias: "KL 惩罚" }]);
      expect(await serverAliasesOf(db, OTHER_SERVER)).toEqual([]);
      expect((await acceptedAliases(db)).some((alias) => alias.serverId === fresh)).toBe(true);
    }
    expect(await nextPendingAppeal(db, fresh)).toBeNull();
    expect(await decideAppeal(db, decision, at(0.6))).toBeNull();

    const notices = await takeAppealNotices(db, discordUserId, at(0.7));
    expect(notices.map((notice) => notice.id)).toEqual([appeal.id]);
    expect(await takeAppealNotices(db, discordUserId, at(0.8))).toEqual([]);
  });

  it("rejects with a reason; a forgotten member's appeals go with them while the server keeps its aliases", async () => {
    const fresh = "900000000000000088";
    const { member, discordUserId, answer } = await answered();
    const { appeal } = await createAppeal(db, { answerId: answer.id, memberId: member.id, serverId: fresh, itemId: "A001", note: "" }, at(0.01));
    const rejected = await decideAppeal(db, { appealId: appeal.id, status: "rejected", decidedBy: "admin-2", reason: "没提到 KL" }, at(0.1));
    expect(rejected?.appeal).toMatchObject({ status: "rejected", reason: "没提到 KL", decidedBy: "admin-2" });
    expect(await getAnswer(db, answer.id)).toMatchObject({ score: 0.4, rating: "hard" });

    const other = await answered();
    const filed = await createAppeal(db, { answerId: other.answer.id, memberId: other.member.id, serverId: fresh, itemId: "A001", note: "" }, at(0.01));
    await decideAppeal(db, { appealId: filed.appeal.id, status: "accepted", decidedBy: "a", aliases: [{ itemId: "A001", pointId: "k1", concept: 0, alias: "RM" }] }, at(0.2));
    expect((await memberExport(db, other.member.id))?.appeals.map((exported) => exported.id)).toEqual([filed.appeal.id]);
    await forgetMember(db, other.member.id);
    expect(await appealOfAnswer(db, other.answer.id)).toBeNull();
    expect((await serverAliasesOf(db, fresh)).map((alias) => alias.alias)).toEqual(["RM"]);
    expect((await takeAppealNotices(db, discordUserId, at(1))).map((notice) => notice.status)).toEqual(["rejected"]);
  });

  it("moves the leaderboard points by the regrade, within the day's review cap", async () => {
    const rollups = async (memberId: number) => {
      const [day] = await db.select().from(schema.memberDailyActivity).where(eq(schema.memberDailyActivity.memberId, memberId));
      const [week] = await db.select().from(schema.memberWeeklyActivity).where(eq(schema.memberWeeklyActivity.memberId, memberId));
      return { reviewScore: day!.reviewScore, streak: day!.streak, reviewAnswers: day!.reviewAnswers, reviewPoints: week!.reviewPoints, answers: week!.answers };
    };
    /** Review answers of one member on one day, scored as given; returns the last one. */
    const answersScored = async (scores: number[]) => {
      const member = await upsertMember(db, `points-${++sequence}`, {}, T0);
      const cards = new Map<string, ReturnType<typeof newCard>>();
      const recorded = [];
      for (const [index, score] of scores.entries()) {
        const itemId = index % 2 === 0 ? "A001" : "A002";
        const stored = await recordAnswer(db, answerInput({
          key: `points-${sequence}-${index}`, memberId: member.id, itemId, before: cards.get(itemId) ?? newCard(T0),
          now: at(index * 0.001), localDate: "2026-03-04", score, rating: "hard",
        }));
        cards.set(itemId, stored.card);
        recorded.push(stored.answer);
      }
      return { member, answer: recorded[recorded.length - 1]! };
    };
    const accept = async (memberId: number, answerId: number, itemId: string, score: number) => {
      const { appeal } = await createAppeal(db, { answerId, memberId, serverId: SERVER, itemId, note: "" }, at(0.01));
      const regrade = { score, verdicts: [{ id: "k1", verdict: "hit" as const }], suggestedRating: "good" as const, feedback: "" };
      expect(await decideAppeal(db, { appealId: appeal.id, status: "accepted", decidedBy: "admin", regrade }, at(0.02))).not.toBeNull();
    };

    // Under the cap: 1.0 + 0.4 is 14 review points; the 0.4 regraded to 0.9 makes 19.
    const under = await answersScored([1, 0.4]);
    const before = await rollups(under.member.id);
    expect(before.reviewPoints).toBeCloseTo(14, 9);
    expect(before).toMatchObject({ streak: 1, reviewAnswers: 2, answers: 2 });
    await accept(under.member.id, under.answer.id, "A002", 0.9);
    const after = await rollups(under.member.id);
    expect(after.reviewScore).toBeCloseTo(1.9, 9);
    expect(after.reviewPoints).toBeCloseTo(19, 9);
    expect(after).toMatchObject({ streak: 1, reviewAnswers: 2, answers: 2 });

    // Over the cap: 1.0 + 1.0 + 0.6 + 0.5 is 3.1, capped at 30 points; a higher grade adds nothing.
    const over = await answersScored([1, 1, 0.6, 0.5]);
    expect((await rollups(over.member.id)).reviewPoints).toBeCloseTo(30, 9);
    await accept(over.member.id, over.answer.id, "A002", 0.9);
    const capped = await rollups(over.member.id);
    expect(capped.reviewScore).toBeCloseTo(3.5, 9);
    expect(capped.reviewPoints).toBeCloseTo(30, 9);
  });
});
