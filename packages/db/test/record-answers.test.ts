// Group commit on the answer path: many answers in one statement (recordAnswers) and many
// members' reads in one statement (membersAndCardsCreating), each request with its own outcome.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LEADERBOARD_POINTS,
  QuizPostClosedError,
  StaleCardError,
  claimQuizPost,
  closeQuizPost,
  getCard,
  introduceItems,
  leaderboard,
  markQuizPostPosted,
  memberExport,
  membersAndCardsCreating,
  recordAnswer,
  recordAnswers,
  syncItems,
  upsertMember,
  upsertStudyGroup,
  type AnswerInput,
  type Database,
  type OpenDatabase,
  type RecordAnswerOutcome,
} from "../src/index.ts";
import { T0, answerInput, at, item, newCard, review } from "./fixtures.ts";
import { targets } from "./targets.ts";

const ITEMS = [item("Q090"), item("Q090.f1"), item("Q090.f2"), item("Q091"), item("Q100"), item("Q100.f1")];
/** Monday 2 March 2026: the tests' local date, and the first day of its ISO week. */
const DAY = "2026-03-02";

describe.each(targets())("answers in batches on $name", (target) => {
  let open: OpenDatabase;
  let db: Database;
  let sequence = 0;

  beforeAll(async () => {
    open = await target.open();
    db = open.db;
    await syncItems(db, ITEMS, T0);
  }, 60_000);

  afterAll(async () => {
    if (open) await target.dispose(open);
  });

  const unique = (prefix: string) => `${prefix}-${++sequence}`;
  const newMember = async () => upsertMember(db, unique("member"), {}, T0);
  const newGroup = async () =>
    upsertStudyGroup(
      db,
      { serverId: unique("guild"), channelId: unique("channel"), dailyTime: "09:00", timezone: "Asia/Shanghai", questionsPerDay: 1, chapters: [12], paused: false },
      T0,
    );
  const count = async (table: string, where: ReturnType<typeof sql>) => {
    const result: unknown = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    return (rows[0] as { n: number }).n;
  };
  /** What an outcome says, in a word: written, duplicate, stale or closed. */
  const kindOf = (outcome: RecordAnswerOutcome | undefined): string => {
    if (!outcome) return "missing";
    if (outcome.ok) return outcome.result.duplicate ? "duplicate" : "written";
    if (outcome.error instanceof StaleCardError) return "stale";
    if (outcome.error instanceof QuizPostClosedError) return "closed";
    return "other";
  };

  it("gives each answer of concurrent batches its own outcome, loses nothing and keeps the rollups right", async () => {
    const group = await newGroup();
    const { post } = await claimQuizPost(db, group.id, DAY, ["Q090"], T0);
    await markQuizPostPosted(db, post.id, unique("message"), T0);
    const { post: closed } = await claimQuizPost(db, (await newGroup()).id, DAY, ["Q090"], T0);
    await closeQuizPost(db, closed.id, T0);
    const [daily, racer, late, studied, reviewer, other] = await Promise.all(Array.from({ length: 6 }, () => newMember()));
    if (!daily || !racer || !late || !studied || !reviewer || !other) throw new Error("members not created");
    // `studied` has reviewed Q100 already: an answer computed from a new card is stale.
    await introduceItems(db, studied.id, ["Q100"], review(newCard(T0), "good", T0).after);

    const now = at(0.01);
    const base = { now, localDate: DAY, before: newCard(T0) };
    const dailyKey = unique("daily");
    const dailyAnswer = answerInput({ ...base, key: dailyKey, memberId: daily.id, itemId: "Q090", source: "daily", quizPostId: post.id, score: 0.9 });
    const racerA = answerInput({ ...base, key: unique("race"), memberId: racer.id, itemId: "Q091" });
    const racerB = answerInput({ ...base, key: unique("race"), memberId: racer.id, itemId: "Q091" });
    const batchA: AnswerInput[] = [
      dailyAnswer,
      // The same key twice in one batch: the first is written, the second is a duplicate.
      { ...dailyAnswer },
      racerA,
      answerInput({ ...base, key: unique("late"), memberId: late.id, itemId: "Q090", source: "daily", quizPostId: closed.id }),
      answerInput({ ...base, key: unique("stale"), memberId: studied.id, itemId: "Q100" }),
      // Two reviews of one member on one day: 2 × 10 review points, one active day, one streak bonus.
      answerInput({ ...base, key: unique("rev"), memberId: reviewer.id, itemId: "Q100", score: 1 }),
      answerInput({ ...base, key: unique("rev"), memberId: reviewer.id, itemId: "Q100.f1", score: 1 }),
    ];
    const batchB: AnswerInput[] = [
      // The same key as batch A's first answer (a re-delivery), in a batch running at the same time.
      { ...dailyAnswer },
      answerInput({ ...base, key: unique("other"), memberId: other.id, itemId: "Q090", source: "daily", quizPostId: post.id, score: 0.5 }),
      // A second first review of the card racerA reviews: one of the two gets through.
      racerB,
    ];
    const [a, b] = await Promise.all([recordAnswers(db, batchA), recordAnswers(db, batchB)]);

    expect(a).toHaveLength(batchA.length);
    expect(b).toHaveLength(batchB.length);
    // The daily answer is written exactly once over both batches; every other delivery sees it.
    const dailyKinds = [kindOf(a[0]), kindOf(a[1]), kindOf(b[0])];
    expect(dailyKinds.filter((kind) => kind === "written")).toHaveLength(1);
    expect(dailyKinds.filter((kind) => kind === "duplicate")).toHaveLength(2);
    const dailyResults = [a[0], a[1], b[0]].map((outcome) => (outcome?.ok ? outcome.result : null));
    expect(new Set(dailyResults.map((result) => result?.answer.id)).size).toBe(1);
    for (const result of dailyResults) expect(result?.answer).toMatchObject({ idempotencyKey: dailyKey, score: 0.9 });
    // Within batch A, the second of the same key is the duplicate whichever batch wrote first.
    expect(kindOf(a[1])).toBe("duplicate");

    expect([kindOf(a[2]), kindOf(b[2])].sort()).toEqual(["stale", "written"]);
    expect(kindOf(a[3])).toBe("closed");
    expect(a[3]?.ok === false && a[3].error).toMatchObject({ quizPostId: closed.id });
    expect(kindOf(a[4])).toBe("stale");
    expect(a[4]?.ok === false && a[4].error).toMatchObject({ memberId: studied.id, itemId: "Q100" });
    expect([kindOf(a[5]), kindOf(a[6]), kindOf(b[1])]).toEqual(["written", "written", "written"]);

    // Nothing lost, nothing twice, nothing of a refused answer.
    expect(await count("answers", sql`member_id = ${daily.id}`)).toBe(1);
    expect(await count("review_logs", sql`member_id = ${daily.id}`)).toBe(1);
    expect(await count("answers", sql`member_id = ${racer.id}`)).toBe(1);
    expect(await count("review_logs", sql`member_id = ${racer.id}`)).toBe(1);
    expect(await count("answers", sql`member_id = ${late.id}`)).toBe(0);
    expect(await getCard(db, late.id, "Q090")).toBeNull();
    expect(await count("answers", sql`member_id = ${studied.id}`)).toBe(0);
    expect(await count("review_logs", sql`member_id = ${studied.id}`)).toBe(0);
    expect(await getCard(db, studied.id, "Q100")).toEqual(review(newCard(T0), "good", T0).after);
    expect(await count("answers", sql`member_id = ${reviewer.id}`)).toBe(2);
    expect(await getCard(db, reviewer.id, "Q100.f1")).toEqual(batchA[6]?.card);
    const winner = a[2]?.ok ? racerA : racerB;
    expect(await getCard(db, racer.id, "Q091")).toEqual(winner.card);

    // Rollups: a day row per member and date, and the same points from the weekly rollup (a whole
    // week) and the daily one (a shorter period).
    expect((await memberExport(db, reviewer.id))?.dailyActivity).toEqual([{ localDate: DAY, quizScore: 0, quizAnswers: 0, reviewScore: 2, reviewAnswers: 2 }]);
    expect((await memberExport(db, daily.id))?.dailyActivity).toEqual([{ localDate: DAY, quizScore: 0.9, quizAnswers: 1, reviewScore: 0, reviewAnswers: 0 }]);
    const p = LEADERBOARD_POINTS;
    const weekly = await leaderboard(db, { scope: "group", id: group.id, from: DAY, to: "2026-03-08", limit: 10 });
    const daysOnly = await leaderboard(db, { scope: "group", id: group.id, from: DAY, to: DAY, limit: 10 });
    const expected = [
      [daily.id, 90 + p.streakPerDay, 1, 1],
      [other.id, 50 + p.streakPerDay, 1, 1],
    ];
    // Answering a group's open post makes the member part of it; the closed post's does not.
    expect(weekly.rows.map((row) => [row.memberId, row.points, row.activeDays, row.answers])).toEqual(expected);
    expect(daysOnly.rows.map((row) => [row.memberId, row.points, row.activeDays, row.answers])).toEqual(expected);
    const reviewerWeek = await db.execute(sql`select review_points, streak_points, active_days, answers from member_weekly_activity where member_id = ${reviewer.id}`);
    const reviewerRows = Array.isArray(reviewerWeek) ? reviewerWeek : (reviewerWeek as { rows: unknown[] }).rows;
    expect(reviewerRows).toEqual([{ review_points: 2 * p.reviewPerScore, streak_points: p.streakPerDay, active_days: 1, answers: 2 }]);

    // Across batches, later: a repeat of a written answer is a duplicate with the first result.
    const again = await recordAnswers(db, [{ ...dailyAnswer, score: 0.3 }, batchA[5]!]);
    expect(again.map(kindOf)).toEqual(["duplicate", "duplicate"]);
    expect(again[0]?.ok && again[0].result.answer.score).toBe(0.9);
    expect(await count("answers", sql`member_id in (${daily.id}, ${reviewer.id})`)).toBe(3);
  });

  it("counts a day once when a member's answers on it are split over batches", async () => {
    const member = await newMember();
    let card = newCard(T0);
    for (const [index, score] of [0.5, 1, 1, 1].entries()) {
      const input = answerInput({ key: unique("split"), memberId: member.id, itemId: "Q090.f2", before: card, now: at(index / 100), localDate: DAY, score });
      const [outcome] = await recordAnswers(db, [input]);
      expect(kindOf(outcome)).toBe("written");
      card = input.card;
    }
    const result: unknown = await db.execute(sql`select review_points, active_days, answers from member_weekly_activity where member_id = ${member.id}`);
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    // 3.5 review score on the day, capped at 30 points.
    expect(rows).toEqual([{ review_points: LEADERBOARD_POINTS.reviewCapPerDay, active_days: 1, answers: 4 }]);
  });

  it("finishes two batches that name the same answers in opposite orders", async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => newMember()));
    const group = await newGroup();
    const { post } = await claimQuizPost(db, group.id, DAY, ["Q090"], T0);
    const inputs = members.flatMap((member) => [
      answerInput({ key: unique("x"), memberId: member.id, itemId: "Q090", before: newCard(T0), now: T0, localDate: DAY, source: "daily", quizPostId: post.id }),
      answerInput({ key: unique("x"), memberId: member.id, itemId: "Q091", before: newCard(T0), now: T0, localDate: DAY }),
    ]);
    const [forward, backward] = await Promise.all([recordAnswers(db, inputs), recordAnswers(db, [...inputs].reverse())]);
    backward.reverse();
    for (const [index] of inputs.entries()) {
      expect([kindOf(forward[index]), kindOf(backward[index])].sort()).toEqual(["duplicate", "written"]);
    }
    expect(await count("answers", sql`quiz_post_id = ${post.id}`)).toBe(members.length);
    expect(await count("group_members", sql`group_id = ${group.id}`)).toBe(members.length);
  });

  it("introduces a written answer's follow-ups with it, and none for a repeat or a refused answer", async () => {
    const [missed, repeated, refused] = await Promise.all([newMember(), newMember(), newMember()]);
    const studied = review(newCard(T0), "good", T0).after;
    await introduceItems(db, missed.id, ["Q090.f2"], studied);
    const firstKey = unique("first");
    await recordAnswer(db, answerInput({ key: firstKey, memberId: repeated.id, itemId: "Q090", before: newCard(T0), now: T0, localDate: DAY, rating: "good" }));
    await introduceItems(db, refused.id, ["Q090"], studied);
    const fresh = newCard(at(0.5));
    const introduce = { itemIds: ["Q090.f1", "Q090.f2"], card: fresh };
    const missedInput = answerInput({ key: unique("miss"), memberId: missed.id, itemId: "Q090", before: newCard(T0), now: at(0.5), localDate: DAY, rating: "again" });
    const outcomes = await recordAnswers(db, [
      { ...missedInput, introduce },
      { ...missedInput, introduce },
      { ...answerInput({ key: unique("again"), memberId: refused.id, itemId: "Q090", before: newCard(T0), now: at(0.5), localDate: DAY, rating: "again" }), introduce },
    ]);
    expect(outcomes.map(kindOf)).toEqual(["written", "duplicate", "stale"]);
    expect(await getCard(db, missed.id, "Q090.f1")).toEqual(fresh);
    // A card the member has is left as it is.
    expect(await getCard(db, missed.id, "Q090.f2")).toEqual(studied);
    expect(await getCard(db, refused.id, "Q090.f1")).toBeNull();

    // A repeat of an answer written earlier (rated Good then) introduces nothing either.
    const repeat = answerInput({ key: firstKey, memberId: repeated.id, itemId: "Q090", before: newCard(T0), now: at(0.5), localDate: DAY, rating: "again" });
    const [again] = await recordAnswers(db, [{ ...repeat, introduce }]);
    expect(kindOf(again)).toBe("duplicate");
    expect(await getCard(db, repeated.id, "Q090.f1")).toBeNull();
  });

  it("keeps recordAnswer's errors for a batch of one", async () => {
    const member = await newMember();
    await recordAnswer(db, answerInput({ key: unique("one"), memberId: member.id, itemId: "Q090.f1", before: newCard(T0), now: T0, localDate: DAY }));
    const stale = answerInput({ key: unique("one"), memberId: member.id, itemId: "Q090.f1", before: newCard(T0), now: at(1), localDate: "2026-03-03" });
    await expect(recordAnswer(db, stale)).rejects.toBeInstanceOf(StaleCardError);
    expect(await recordAnswers(db, [])).toEqual([]);
  });

  it("reads many members with their cards in one statement, creating those never seen once each", async () => {
    const known = await newMember();
    const studiedCard = review(newCard(T0), "good", T0).after;
    await introduceItems(db, known.id, ["Q090"], studiedCard);
    const fresh = unique("fresh");
    const plain = unique("plain");
    const results = await membersAndCardsCreating(db, [
      { discordUserId: fresh, itemId: "Q090", displayName: "小林", locale: "zh-CN", timezone: "Asia/Shanghai", now: T0 },
      { discordUserId: known.discordUserId, itemId: "Q090", displayName: "ignored", locale: "en-US", timezone: "Europe/Berlin", now: T0 },
      // The same new member again in the same batch: created once, from the first request.
      { discordUserId: fresh, itemId: "Q091", displayName: "Lin", locale: "en-US", timezone: null, now: at(1) },
      { discordUserId: plain, itemId: "Q090", displayName: "Sam", locale: "en-US", timezone: null, now: T0 },
      { discordUserId: known.discordUserId, itemId: "Q091", displayName: "ignored", locale: "en-US", timezone: null, now: T0 },
    ]);
    expect(results).toHaveLength(5);
    expect(results[0]?.card).toBeNull();
    expect(results[0]?.member).toMatchObject({ discordUserId: fresh, displayName: "小林", timezone: "Asia/Shanghai", createdAt: T0.toISOString() });
    expect(results[2]?.member).toEqual(results[0]?.member);
    expect(results[1]).toEqual({ member: known, card: studiedCard });
    expect(results[4]).toEqual({ member: known, card: null });
    expect(results[3]?.member).toMatchObject({ discordUserId: plain, displayName: "Sam", timezone: "UTC" });
    expect(await count("members", sql`discord_user_id in (${fresh}, ${plain})`)).toBe(2);
    expect(await membersAndCardsCreating(db, [])).toEqual([]);
  });

  it("creates a member once when two statements meet them at the same moment", async () => {
    const ids = Array.from({ length: 20 }, () => unique("both"));
    const request = (id: string) => ({ discordUserId: id, itemId: "Q090", displayName: id, locale: "zh-CN", timezone: null, now: T0 });
    const [mine, theirs] = await Promise.all([
      membersAndCardsCreating(db, ids.map(request)),
      membersAndCardsCreating(db, [...ids].reverse().map(request)),
    ]);
    theirs.reverse();
    expect(await count("members", sql`discord_user_id like 'both-%'`)).toBe(ids.length);
    for (const [index, id] of ids.entries()) {
      // Each sees the member, or null when the other statement created them meanwhile.
      const seen = [mine[index]?.member, theirs[index]?.member].filter((member) => member !== null);
      expect(seen.length).toBeGreaterThanOrEqual(1);
      for (const member of seen) expect(member).toMatchObject({ discordUserId: id });
    }
  });
});
