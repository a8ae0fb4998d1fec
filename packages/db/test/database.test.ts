import { mkdtemp, readFile, writeFile, mkdir, cp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuizItem } from "@recall/content";
import {
  ConstraintViolationError,
  LEADERBOARD_POINTS,
  MIGRATIONS_FOLDER,
  MigrationError,
  QuizPostClosedError,
  StaleCardError,
  addGroupMember,
  claimQuizPost,
  claimWeeklySummary,
  findQuizPosts,
  findDailyAnswer,
  memberAndCard,
  memberAndCardCreating,
  findWeeklySummaries,
  createDatabase,
  dailyPickInputs,
  dueItems,
  forgetMember,
  getCard,
  getMember,
  lastReview,
  leaderboard,
  leaderboardPosition,
  listItems,
  listPendingQuizPosts,
  listUnclosedQuizPosts,
  mapDbError,
  closeQuizPost,
  quizPostResults,
  getAnswer,
  findAnswerByKey,
  markQuizPostPosted,
  memberExport,
  mostMissedKeyPoints,
  overrideLastReview,
  reclaimStaleQuizPost,
  recordAnswer,
  recordReview,
  schema,
  streak,
  syncItems,
  undoLastReview,
  upsertMember,
  upsertStudyGroup,
  weakestFollowUps,
  missedFollowUps,
  introduceItems,
  type Database,
  type OpenDatabase,
  type StudyGroupSettings,
} from "../src/index.ts";
import { T0, answerInput, at, item, newCard, review, verdicts } from "./fixtures.ts";
import { targets } from "./targets.ts";

/** Every test syncs at least these, so no test retires another test's items. */
const FIXTURE_ITEMS: QuizItem[] = [
  item("Q090"),
  item("Q090.f1"),
  item("Q090.f2"),
  item("Q090.f3"),
  item("Q090.m1"),
  item("Q091"),
  item("Q091.f1"),
  item("Q100", { chapterNumber: 13, chapterName: "评测" }),
  item("Q100.f1", { chapterNumber: 13, chapterName: "评测" }),
];

describe.each(targets())("database on $name", (target) => {
  let open: OpenDatabase;
  let db: Database;
  let sequence = 0;

  beforeAll(async () => {
    open = await target.open();
    db = open.db;
    await syncItems(db, FIXTURE_ITEMS, T0);
  });

  afterAll(async () => {
    if (open) await target.dispose(open);
  });

  const unique = (prefix: string) => `${prefix}-${++sequence}`;
  const newMember = async (name = "member") => upsertMember(db, unique(name), {}, T0);
  const newGroup = async (overrides: Partial<StudyGroupSettings> = {}) =>
    upsertStudyGroup(
      db,
      {
        serverId: overrides.serverId ?? unique("guild"),
        channelId: unique("channel"),
        dailyTime: "09:00",
        timezone: "Asia/Shanghai",
        questionsPerDay: 1,
        chapters: [12],
        paused: false,
        ...overrides,
      },
      T0,
    );
  const count = async (table: string, where: ReturnType<typeof sql>) => {
    const result: unknown = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    return (rows[0] as { n: number }).n;
  };

  describe("migrations", () => {
    it("are recorded, and applying them again changes nothing", async () => {
      await open.migrate();
      expect(await count("quiz_items", sql`true`)).toBeGreaterThanOrEqual(FIXTURE_ITEMS.length);
    });

    it("stop with a MigrationError carrying the database's reason when one fails", async () => {
      const folder = await mkdtemp(join(tmpdir(), "recall-migrations-"));
      await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalPath = join(folder, "meta", "_journal.json");
      const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[] };
      const last = journal.entries[journal.entries.length - 1]!;
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: "9999_broken" });
      await writeFile(journalPath, JSON.stringify(journal));
      await writeFile(join(folder, "9999_broken.sql"), "ALTER TABLE no_such_table ADD COLUMN x integer;");

      const failure = await open.migrate(folder).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as MigrationError).message).toBe(
        'database migration failed: relation "no_such_table" does not exist (42P01)',
      );
      expect((failure as MigrationError).cause).toBeDefined();
      // The failed migration rolled back: the database still works.
      expect((await listItems(db)).length).toBeGreaterThan(0);
    });
  });

  describe("content sync", () => {
    it("inserts new items, updates edited ones by hash, retires missing ones and keeps them", async () => {
      const extra = [item("X001"), item("X001.f1"), item("X002")];
      expect(await syncItems(db, [...FIXTURE_ITEMS, ...extra], T0)).toEqual({
        inserted: 3,
        updated: 0,
        retired: 0,
        unchanged: FIXTURE_ITEMS.length,
      });

      const edited = item("X001", { prompt: "改过的问题？", contentHash: "hash-X001-2" });
      expect(await syncItems(db, [...FIXTURE_ITEMS, edited, item("X001.f1")], at(1))).toEqual({
        inserted: 0,
        updated: 1,
        retired: 1,
        unchanged: FIXTURE_ITEMS.length + 1,
      });
      const stored = await listItems(db, { includeRetired: true });
      expect(stored.find((row) => row.id === "X001")).toMatchObject({ prompt: "改过的问题？", contentHash: "hash-X001-2", retiredAt: null });
      expect(stored.find((row) => row.id === "X002")?.retiredAt).toBe(at(1).toISOString());
      expect((await listItems(db)).map((row) => row.id)).not.toContain("X002");

      // Coming back un-retires it; then everything not synced is retired, fixtures excepted.
      expect(await syncItems(db, [...FIXTURE_ITEMS, edited, item("X001.f1"), item("X002")], at(2))).toMatchObject({ updated: 1, retired: 0 });
      expect(await syncItems(db, FIXTURE_ITEMS, at(3))).toEqual({ inserted: 0, updated: 0, retired: 3, unchanged: FIXTURE_ITEMS.length });
    });
  });

  describe("recording answers", () => {
    it("writes the answer, its review log and the card once under concurrent duplicate deliveries", async () => {
      const member = await newMember();
      const input = answerInput({ key: unique("interaction"), memberId: member.id, itemId: "Q090", before: newCard(T0), now: T0, localDate: "2026-03-02" });
      const results = await Promise.all(Array.from({ length: 6 }, () => recordAnswer(db, input)));

      expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
      expect(new Set(results.map((result) => result.answer.id)).size).toBe(1);
      for (const result of results) expect(result.card).toEqual(input.card);
      expect(await count("answers", sql`member_id = ${member.id}`)).toBe(1);
      expect(await count("review_logs", sql`member_id = ${member.id}`)).toBe(1);
      expect(await getCard(db, member.id, "Q090")).toEqual(input.card);
      const exported = await memberExport(db, member.id);
      expect(exported?.dailyActivity).toEqual([{ localDate: "2026-03-02", quizScore: 0, quizAnswers: 0, reviewScore: 0.8, reviewAnswers: 1 }]);
    });

    it("refuses an answer to a closed or unknown daily post and writes nothing", async () => {
      const member = await newMember();
      const group = await newGroup();
      const { post } = await claimQuizPost(db, group.id, "2026-03-02", ["Q090"], T0);
      await markQuizPostPosted(db, post.id, "message-closed", T0);
      await closeQuizPost(db, post.id, at(1));
      const late = answerInput({ key: unique("late"), memberId: member.id, itemId: "Q090", before: newCard(T0), now: at(1.1), localDate: "2026-03-02", source: "daily", quizPostId: post.id });
      await expect(recordAnswer(db, late)).rejects.toBeInstanceOf(QuizPostClosedError);
      await expect(recordAnswer(db, { ...late, idempotencyKey: unique("nowhere"), quizPostId: 2_000_000_000 })).rejects.toBeInstanceOf(QuizPostClosedError);
      expect(await count("answers", sql`member_id = ${member.id}`)).toBe(0);
      expect(await getCard(db, member.id, "Q090")).toBeNull();
    });

    it("reads a member with their card, and their answer to a daily post, by Discord id", async () => {
      expect(await memberAndCard(db, unique("nobody"), "Q090")).toEqual({ member: null, card: null });
      const member = await newMember();
      expect(await memberAndCard(db, member.discordUserId, "Q090")).toEqual({ member, card: null });

      const group = await newGroup();
      const { post } = await claimQuizPost(db, group.id, "2026-03-02", ["Q090"], T0);
      expect(await findDailyAnswer(db, member.discordUserId, post.id, "Q090")).toBeNull();
      const { answer, card } = await recordAnswer(db, answerInput({ key: unique("a"), memberId: member.id, itemId: "Q090", before: newCard(T0), now: T0, localDate: "2026-03-02", source: "daily", quizPostId: post.id }));

      expect(await memberAndCard(db, member.discordUserId, "Q090")).toEqual({ member, card });
      expect(await findDailyAnswer(db, member.discordUserId, post.id, "Q090")).toEqual(answer);
      expect(await findDailyAnswer(db, member.discordUserId, post.id, "Q091")).toBeNull();
      expect(await findDailyAnswer(db, unique("other"), post.id, "Q090")).toBeNull();
    });

    it("keeps the first answer when a member answers the same daily post again under another key", async () => {
      const member = await newMember();
      const group = await newGroup();
      const { post } = await claimQuizPost(db, group.id, "2026-03-02", ["Q091"], T0);
      const first = await recordAnswer(db, answerInput({ key: unique("a"), memberId: member.id, itemId: "Q091", before: newCard(T0), now: T0, localDate: "2026-03-02", source: "daily", quizPostId: post.id, score: 0.9 }));
      const second = await recordAnswer(db, answerInput({ key: unique("b"), memberId: member.id, itemId: "Q091", before: newCard(T0), now: at(0.01), localDate: "2026-03-02", source: "daily", quizPostId: post.id, score: 0.1 }));

      expect(first.duplicate).toBe(false);
      expect(second).toMatchObject({ duplicate: true, answer: { id: first.answer.id, score: 0.9 } });
      expect(second.card).toEqual(first.card);
      // Answering a group's post makes the member part of the group.
      expect((await memberExport(db, member.id))?.groupIds).toEqual([group.id]);
    });

    it("refuses a review computed from a card that has moved on, and writes nothing", async () => {
      const member = await newMember();
      await recordAnswer(db, answerInput({ key: unique("k"), memberId: member.id, itemId: "Q090", before: newCard(T0), now: T0, localDate: "2026-03-02" }));
      const stale = answerInput({ key: unique("k"), memberId: member.id, itemId: "Q090", before: newCard(T0), now: at(1), localDate: "2026-03-03" });

      await expect(recordAnswer(db, stale)).rejects.toThrow(StaleCardError);
      expect(await count("answers", sql`member_id = ${member.id}`)).toBe(1);
    });

    it("lets exactly one of two concurrent first reviews of a new card through", async () => {
      const member = await newMember();
      const inputs = ["a", "b"].map((suffix) =>
        answerInput({ key: unique(suffix), memberId: member.id, itemId: "Q090.f1", before: newCard(T0), now: T0, localDate: "2026-03-02" }),
      );
      const outcomes = await Promise.allSettled(inputs.map((input) => recordAnswer(db, input)));

      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const rejected = outcomes.find((outcome) => outcome.status === "rejected");
      expect(rejected?.reason).toBeInstanceOf(StaleCardError);
      expect(await count("review_logs", sql`member_id = ${member.id}`)).toBe(1);
    });

    it("accepts a review of a card whose stored time carries microseconds", async () => {
      const member = await newMember();
      const first = answerInput({ key: unique("k"), memberId: member.id, itemId: "Q091", before: newCard(T0), now: T0, localDate: "2026-03-02" });
      await recordAnswer(db, first);
      await db.execute(sql`update cards set last_review = last_review + interval '0.000123 seconds' where member_id = ${member.id}`);
      const stored = await getCard(db, member.id, "Q091");
      expect(stored?.lastReview).toBe(T0.toISOString());

      const next = answerInput({ key: unique("k"), memberId: member.id, itemId: "Q091", before: stored!, now: at(4), localDate: "2026-03-06" });
      expect((await recordAnswer(db, next)).duplicate).toBe(false);
      expect(await getCard(db, member.id, "Q091")).toEqual(next.card);
    });

    it("stores FSRS numbers and times exactly", async () => {
      const member = await newMember();
      const before = { ...newCard(T0), stability: 0, difficulty: 0 };
      const input = answerInput({ key: unique("k"), memberId: member.id, itemId: "Q091.f1", before, now: new Date("2026-03-02T08:00:00.123Z"), localDate: "2026-03-02" });
      input.card = { ...input.card, stability: 3.141592653589793, difficulty: 5.000000000000001 };
      input.reviewLog = { ...input.reviewLog, after: input.card };
      await recordAnswer(db, input);

      expect(await getCard(db, member.id, "Q091.f1")).toEqual(input.card);
      expect((await lastReview(db, member.id, "Q091.f1"))?.after).toEqual(input.card);
    });
  });

  describe("undo and rating overrides", () => {
    it("undoes reviews one at a time back to the new card, marking each log undone", async () => {
      const member = await newMember();
      const first = answerInput({ key: unique("k"), memberId: member.id, itemId: "Q090", before: newCard(T0), now: T0, localDate: "2026-03-02" });
      await recordAnswer(db, first);
      const second = answerInput({ key: unique("k"), memberId: member.id, itemId: "Q090", before: first.card, now: at(4), localDate: "2026-03-06", rating: "again" });
      await recordAnswer(db, second);

      const undone = await undoLastReview(db, member.id, "Q090", at(4.1));
      expect(undone?.card).toEqual(first.card);
      expect(undone?.log).toMatchObject({ rating: "again", undoneAt: at(4.1).toISOString() });
      expect(await getCard(db, member.id, "Q090")).toEqual(first.card);
      expect((await undoLastReview(db, member.id, "Q090", at(4.2)))?.card).toEqual(newCard(T0));
      expect(await undoLastReview(db, member.id, "Q090", at(4.3))).toBeNull();
      // Append-only: both logs are still there.
      expect(await count("review_logs", sql`member_id = ${member.id} and undone_at is not null`)).toBe(2);
    });

    it("replaces the last review with an overriding rating in one step, idempotently", async () => {
      const member = await newMember();
      const graded = answerInput({ key: unique("k"), memberId: member.id, itemId: "Q090.f2", before: newCard(T0), now: T0, localDate: "2026-03-02", rating: "hard" });
      const { answer } = await recordAnswer(db, graded);
      const redo = review(graded.reviewLog.before, "easy", T0);
      const override = { idempotencyKey: unique("override"), memberId: member.id, itemId: "Q090.f2", reviewLog: redo, card: redo.after, source: "review" as const };

      const [once, twice] = await Promise.all([overrideLastReview(db, override, at(0.001)), overrideLastReview(db, override, at(0.002))]);
      expect([once.duplicate, twice.duplicate].sort()).toEqual([false, true]);
      expect(await getCard(db, member.id, "Q090.f2")).toEqual(redo.after);
      const exported = await memberExport(db, member.id);
      expect(exported?.answers.map((row) => [row.id, row.suggestedRating, row.rating])).toEqual([[answer.id, "hard", "easy"]]);
      expect(exported?.reviewLogs.map((log) => [log.rating, log.undoneAt !== null, log.answerId])).toEqual([
        ["hard", true, answer.id],
        ["easy", false, answer.id],
      ]);
    });

    it("records a self-rated review once per key", async () => {
      const member = await newMember();
      const log = review(newCard(T0), "good", T0);
      const input = { idempotencyKey: unique("self"), memberId: member.id, itemId: "Q091", reviewLog: log, card: log.after, source: "review" as const };
      const results = await Promise.all([recordReview(db, input), recordReview(db, input), recordReview(db, input)]);

      expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
      expect(await count("review_logs", sql`member_id = ${member.id}`)).toBe(1);
    });
  });

  describe("due items", () => {
    it("lists a member's due cards, most overdue first, without retired items, up to the limit", async () => {
      const member = await newMember();
      const schedule: [string, number][] = [["Q090", 3], ["Q090.f1", 1], ["Q091", 2], ["Q100", 30]];
      for (const [itemId, days] of schedule) {
        const log = review(newCard(T0), "good", T0);
        const card = { ...log.after, due: at(days).toISOString() };
        await recordReview(db, { idempotencyKey: unique("due"), memberId: member.id, itemId, reviewLog: { ...log, after: card }, card, source: "review" });
      }
      expect((await dueItems(db, member.id, at(5), 10)).map((due) => due.itemId)).toEqual(["Q090.f1", "Q091", "Q090"]);
      expect((await dueItems(db, member.id, at(5), 2)).map((due) => due.itemId)).toEqual(["Q090.f1", "Q091"]);
      expect(await dueItems(db, member.id, at(0.5), 10)).toEqual([]);
    });
  });

  describe("daily posts", () => {
    it("gives the post to exactly one of many concurrent claimers", async () => {
      const group = await newGroup();
      const claims = await Promise.all(Array.from({ length: 8 }, (_, index) => claimQuizPost(db, group.id, "2026-03-02", [`Q09${index % 2}`], at(index / 1000))));

      expect(claims.filter((claim) => claim.owned)).toHaveLength(1);
      expect(new Set(claims.map((claim) => claim.post.id)).size).toBe(1);
      expect(await count("quiz_posts", sql`group_id = ${group.id}`)).toBe(1);
      // Another local date is another post.
      expect((await claimQuizPost(db, group.id, "2026-03-03", ["Q091"], at(1))).owned).toBe(true);
    });

    it("moves a post from pending to posted to closed, and lets a stale pending claim be taken over once", async () => {
      const group = await newGroup();
      const { post } = await claimQuizPost(db, group.id, "2026-03-02", ["Q090"], T0);
      expect((await listPendingQuizPosts(db)).map((row) => row.id)).toContain(post.id);

      expect(await reclaimStaleQuizPost(db, post.id, at(-1), at(0.01))).toMatchObject({ owned: false });
      const [a, b] = await Promise.all([reclaimStaleQuizPost(db, post.id, at(0.02), at(0.03)), reclaimStaleQuizPost(db, post.id, at(0.02), at(0.03))]);
      expect([a?.owned, b?.owned].sort()).toEqual([false, true]);

      const posted = await markQuizPostPosted(db, post.id, "message-1", at(0.04));
      expect(posted).toMatchObject({ status: "posted", channelMessageId: "message-1", postedAt: at(0.04).toISOString() });
      expect((await listPendingQuizPosts(db)).map((row) => row.id)).not.toContain(post.id);
      expect((await listUnclosedQuizPosts(db)).map((row) => row.id)).toContain(post.id);

      const closers = await Promise.all([closeQuizPost(db, post.id, at(1)), closeQuizPost(db, post.id, at(1))]);
      expect(closers.filter((closed) => closed !== null)).toEqual([expect.objectContaining({ status: "closed", closedAt: at(1).toISOString() })]);
      expect(await closeQuizPost(db, post.id, at(2))).toBeNull();
      expect((await listUnclosedQuizPosts(db)).map((row) => row.id)).not.toContain(post.id);
    });

    it("finds the posts and weekly summaries of many (group, date) pairs in one query", async () => {
      const [first, second, third] = [await newGroup(), await newGroup(), await newGroup()];
      const a = await claimQuizPost(db, first.id, "2026-03-02", ["Q090"], T0);
      const b = await claimQuizPost(db, second.id, "2026-03-03", ["Q091"], T0);
      await claimQuizPost(db, second.id, "2026-03-02", ["Q090"], T0);

      const found = await findQuizPosts(db, [
        { groupId: first.id, localDate: "2026-03-02" },
        { groupId: second.id, localDate: "2026-03-03" },
        // No post on this date, and a group without posts: nothing for either.
        { groupId: first.id, localDate: "2026-03-03" },
        { groupId: third.id, localDate: "2026-03-02" },
      ]);
      expect(found.map((post) => post.id).sort()).toEqual([a.post.id, b.post.id].sort());
      expect(await findQuizPosts(db, [])).toEqual([]);

      const summary = await claimWeeklySummary(db, first.id, "2026-03-02", T0, at(-1));
      const summaries = await findWeeklySummaries(db, [
        { groupId: first.id, weekStart: "2026-03-02" },
        { groupId: second.id, weekStart: "2026-03-02" },
      ]);
      expect(summaries).toEqual([{ id: summary.id, groupId: first.id, weekStart: "2026-03-02", posted: false, claimedAt: T0.toISOString() }]);
    });
  });

  describe("reveal", () => {
    it("counts a post's answers and ranks its top scorers by total, then by who finished first", async () => {
      const group = await newGroup({ questionsPerDay: 2, locale: "en-US" });
      expect(group.locale).toBe("en-US");
      const { post } = await claimQuizPost(db, group.id, "2026-03-02", ["Q090", "Q091"], T0);
      const fast = await upsertMember(db, unique("fast"), { displayName: "Fast 快" }, T0);
      const slow = await upsertMember(db, unique("slow"), {}, T0);
      const single = await newMember();
      const plan: [number, string, number, number][] = [
        // member, item, score, minutes after T0
        [fast.id, "Q090", 0.5, 1],
        [fast.id, "Q091", 0.5, 2],
        [slow.id, "Q090", 0.5, 3],
        [slow.id, "Q091", 0.5, 4],
        [single.id, "Q090", 0.9, 0],
      ];
      for (const [memberId, itemId, score, minutes] of plan) {
        const now = new Date(T0.getTime() + minutes * 60_000);
        await recordAnswer(db, { ...answerInput({ key: unique("r"), memberId, itemId, before: newCard(now), now, localDate: "2026-03-02", source: "daily", quizPostId: post.id, score }), feedback: `feedback ${score}` });
      }
      const results = await quizPostResults(db, post.id, 2);

      expect(results.answerCount).toBe(5);
      expect(results.topScorers).toEqual([
        { memberId: fast.id, discordUserId: fast.discordUserId, displayName: "Fast 快", score: 1, answers: 2 },
        { memberId: slow.id, discordUserId: slow.discordUserId, displayName: null, score: 1, answers: 2 },
      ]);
      expect((await quizPostResults(db, post.id, 0)).topScorers).toEqual([]);
    });

    it("finds an answer by id and by idempotency key, with its feedback", async () => {
      const member = await newMember();
      const key = unique("find");
      const { answer } = await recordAnswer(db, { ...answerInput({ key, memberId: member.id, itemId: "Q091", before: newCard(T0), now: T0, localDate: "2026-03-02" }), feedback: "说到了偏好数据。" });

      expect(await getAnswer(db, answer.id)).toEqual(answer);
      expect(await findAnswerByKey(db, key)).toMatchObject({ id: answer.id, feedback: "说到了偏好数据。" });
      expect(await findAnswerByKey(db, unique("absent"))).toBeNull();
    });
  });

  describe("leaderboards and streaks", () => {
    /** Answers on the given local dates; `daily` scores are daily-quiz answers, `reviews` count graded reviews. */
    async function activity(memberId: number, days: { date: string; daily?: number; reviews?: number }[]) {
      let card = (await getCard(db, memberId, "Q100.f1")) ?? newCard(T0);
      for (const [index, day] of days.entries()) {
        const now = new Date(`${day.date}T12:00:00Z`);
        const entries = [
          ...(day.daily === undefined ? [] : [{ score: day.daily, source: "daily" as const }]),
          ...Array.from({ length: day.reviews ?? 0 }, () => ({ score: 1, source: "review" as const })),
        ];
        for (const [step, entry] of entries.entries()) {
          const input = answerInput({ key: unique(`act-${index}-${step}`), memberId, itemId: "Q100.f1", before: card, now: new Date(now.getTime() + step * 1000), localDate: day.date, score: entry.score, source: entry.source });
          card = (await recordAnswer(db, input)).card;
        }
      }
    }

    it("ranks by quality and consistency, caps review points per day and breaks ties deterministically", async () => {
      const group = await newGroup();
      // One after another: the tie-break is by member id, so creation order matters.
      const steady = await newMember("steady");
      const spammer = await newMember("spammer");
      const tiedFirst = await newMember("tied-a");
      const tiedSecond = await newMember("tied-b");
      const outsider = await newMember("outsider");
      for (const member of [steady, spammer, tiedFirst, tiedSecond]) await addGroupMember(db, group.id, member.id);
      await activity(steady.id, [
        { date: "2026-03-02", daily: 0.9 },
        { date: "2026-03-03", daily: 0.8 },
        { date: "2026-03-04", daily: 0.7 },
      ]);
      await activity(spammer.id, [{ date: "2026-03-02", reviews: 12 }]);
      await activity(tiedFirst.id, [{ date: "2026-03-03", daily: 0.5 }]);
      await activity(tiedSecond.id, [{ date: "2026-03-03", daily: 0.5 }]);
      await activity(outsider.id, [{ date: "2026-03-03", daily: 1 }]);
      // Outside the period: does not count.
      await activity(spammer.id, [{ date: "2026-03-20", daily: 1 }]);

      const page = await leaderboard(db, { scope: "group", id: group.id, from: "2026-03-02", to: "2026-03-08", limit: 10 });
      const p = LEADERBOARD_POINTS;
      expect(page.total).toBe(4);
      expect(page.rows.map((row) => [row.rank, row.memberId, row.points])).toEqual([
        [1, steady.id, Math.round(240 + 3 * p.streakPerDay + 2 * p.streakPerDay + p.streakPerDay)],
        [2, tiedFirst.id, 50 + p.streakPerDay],
        [3, tiedSecond.id, 50 + p.streakPerDay],
        [4, spammer.id, p.reviewCapPerDay + p.streakPerDay],
      ]);
      expect(page.rows[3]).toMatchObject({ reviewPoints: p.reviewCapPerDay, answers: 12, activeDays: 1 });
      // Streaks alive at the period's end: none by Sunday the 8th, steady's 3 days as of the 5th.
      expect(page.rows.map((row) => row.currentStreak)).toEqual([0, 0, 0, 0]);
      const midweek = await leaderboard(db, { scope: "group", id: group.id, from: "2026-03-02", to: "2026-03-05", limit: 1 });
      expect(midweek.rows[0]).toMatchObject({ memberId: steady.id, currentStreak: 3 });
      // All time (open-ended, from the weekly rollup) with streaks read on a given day.
      const allTime = await leaderboard(db, { scope: "group", id: group.id, streakAsOf: "2026-03-05", limit: 1 });
      expect(allTime.rows[0]).toMatchObject({ memberId: steady.id, currentStreak: 3 });

      // A period that is not whole weeks is summed from the days: the same ranking.
      const fromDays = await leaderboard(db, { scope: "group", id: group.id, from: "2026-03-01", to: "2026-03-08", limit: 10 });
      expect(fromDays).toEqual(page);

      // A member's own place, as the full ranking has it, wherever the page is.
      const period = { scope: "group" as const, id: group.id, from: "2026-03-02", to: "2026-03-08" };
      expect(await leaderboardPosition(db, period, spammer.id)).toEqual({ rank: 4, points: page.rows[3]!.points });
      expect(await leaderboardPosition(db, period, tiedSecond.id)).toEqual({ rank: 3, points: 50 + p.streakPerDay });
      expect(await leaderboardPosition(db, period, outsider.id)).toBeNull();

      const second = await leaderboard(db, { scope: "group", id: group.id, from: "2026-03-02", to: "2026-03-08", limit: 2, offset: 2 });
      expect(second.rows.map((row) => row.rank)).toEqual([3, 4]);
      expect(second.total).toBe(4);
      expect((await leaderboard(db, { scope: "group", id: group.id, from: "2026-03-02", to: "2026-03-08", limit: 2, offset: 10 })).total).toBe(4);
    });

    it("ranks a server across its groups, counting a member of two groups once", async () => {
      const serverId = unique("guild");
      const [groupA, groupB, other] = await Promise.all([newGroup({ serverId }), newGroup({ serverId }), newGroup()]);
      const [both, onlyB, elsewhere] = await Promise.all([newMember(), newMember(), newMember()]);
      await addGroupMember(db, groupA.id, both.id);
      await addGroupMember(db, groupB.id, both.id);
      await addGroupMember(db, groupB.id, onlyB.id);
      await addGroupMember(db, other.id, elsewhere.id);
      await activity(both.id, [{ date: "2026-04-01", daily: 1 }]);
      await activity(onlyB.id, [{ date: "2026-04-01", daily: 0.2 }]);
      await activity(elsewhere.id, [{ date: "2026-04-01", daily: 1 }]);

      const page = await leaderboard(db, { scope: "server", id: serverId, limit: 10 });
      expect(page.rows.map((row) => row.memberId)).toEqual([both.id, onlyB.id]);
    });

    it("counts consecutive local days, alive until the end of the day after the last answer", async () => {
      const member = await newMember();
      await activity(member.id, [
        { date: "2026-02-27", reviews: 1 },
        { date: "2026-02-28", reviews: 1 },
        { date: "2026-03-01", daily: 0.5 },
        { date: "2026-03-02", reviews: 1 },
        { date: "2026-03-04", daily: 0.6 },
        { date: "2026-03-05", daily: 0.7 },
      ]);
      expect(await streak(db, member.id, "2026-03-05")).toEqual({ current: 2, longest: 4, lastActiveDate: "2026-03-05", activeToday: true });
      expect(await streak(db, member.id, "2026-03-06")).toMatchObject({ current: 2, activeToday: false });
      expect(await streak(db, member.id, "2026-03-07")).toMatchObject({ current: 0, longest: 4 });
      // As of an earlier day, later answers do not count.
      expect(await streak(db, member.id, "2026-03-02")).toEqual({ current: 4, longest: 4, lastActiveDate: "2026-03-02", activeToday: true });
      expect(await streak(db, (await newMember()).id, "2026-03-02")).toEqual({ current: 0, longest: 0, lastActiveDate: null, activeToday: false });
    });
  });

  describe("weak follow-ups and missed key points", () => {
    it("ranks reviewed follow-ups by retrievability, then lapses, leaving out other kinds", async () => {
      const member = await newMember();
      const cards: [string, number, number][] = [
        // item, stability (days), lapses; all last reviewed at T0
        ["Q090.f1", 2, 0],
        ["Q090.f2", 20, 3],
        ["Q090.f3", 20, 1],
        ["Q091.f1", 100, 0],
        ["Q090", 0.5, 5],
      ];
      for (const [itemId, stability, lapses] of cards) {
        const log = review(newCard(T0), "good", T0);
        const card = { ...log.after, stability, lapses };
        await recordReview(db, { idempotencyKey: unique("weak"), memberId: member.id, itemId, reviewLog: { ...log, after: card }, card, source: "drill" });
      }
      const weak = await weakestFollowUps(db, member.id, at(10), 10);

      expect(weak.map((row) => row.itemId)).toEqual(["Q090.f1", "Q090.f2", "Q090.f3", "Q091.f1"]);
      // FSRS-6 curve: at t = S, retrievability is 0.9.
      const decay = 0.1542;
      const expected = Math.pow(1 + (Math.pow(0.9, -1 / decay) - 1) * (10 / 2), -decay);
      expect(weak[0]?.retrievability).toBeCloseTo(expected, 9);
      expect((await weakestFollowUps(db, member.id, at(20), 10)).find((row) => row.itemId === "Q090.f2")?.retrievability).toBeCloseTo(0.9, 9);
      expect(await weakestFollowUps(db, member.id, at(10), 1)).toHaveLength(1);
    });

    it("lists the unstudied follow-ups of main questions missed (Again or Hard), latest miss first", async () => {
      const member = await newMember();
      const rate = async (itemId: string, rating: "again" | "hard" | "good", when: Date) => {
        const before = (await getCard(db, member.id, itemId)) ?? newCard(when);
        const log = review(before, rating, when);
        await recordReview(db, { idempotencyKey: unique("miss"), memberId: member.id, itemId, reviewLog: log, card: log.after, source: "review" });
      };
      expect(await missedFollowUps(db, member.id, 10)).toEqual([]);
      await rate("Q100", "good", at(0));
      expect(await missedFollowUps(db, member.id, 10)).toEqual([]);
      await rate("Q091", "hard", at(1));
      await rate("Q090", "again", at(2));
      // Introduced by the miss (a new card) or not introduced at all: both are unstudied.
      await introduceItems(db, member.id, ["Q090.f1", "Q090.f2"], newCard(at(2)));
      // A follow-up studied since leaves this list (it is ranked with the studied ones).
      await rate("Q090.f3", "good", at(3));
      const missed = await missedFollowUps(db, member.id, 10);
      expect(missed.map((row) => [row.itemId, row.parentId, row.reps])).toEqual([
        ["Q090.f1", "Q090", 0],
        ["Q090.f2", "Q090", 0],
        ["Q091.f1", "Q091", 0],
      ]);
      expect(missed[0]).toMatchObject({ prompt: "Q090.f1 的问题？", missedAt: at(2).toISOString() });
      expect(await missedFollowUps(db, member.id, 1)).toHaveLength(1);
      // A miss undone (an override to a better rating) is no miss.
      await undoLastReview(db, member.id, "Q091", at(4));
      expect((await missedFollowUps(db, member.id, 10)).map((row) => row.itemId)).toEqual(["Q090.f1", "Q090.f2"]);
    });

    it("finds the key points a group's daily answers missed most in a period", async () => {
      const group = await newGroup();
      const { post } = await claimQuizPost(db, group.id, "2026-03-10", ["Q090"], T0);
      const { post: later } = await claimQuizPost(db, group.id, "2026-03-20", ["Q090"], T0);
      const marks = [
        verdicts(["k1"], ["k2"], ["k3"]),
        verdicts(["k1"], [], ["k2", "k3"]),
        verdicts(["k1", "k2"], ["k3"], []),
      ];
      for (const [index, marked] of marks.entries()) {
        const member = await newMember();
        await recordAnswer(db, answerInput({ key: unique("miss"), memberId: member.id, itemId: "Q090", before: newCard(T0), now: T0, localDate: "2026-03-10", source: "daily", quizPostId: post.id, verdicts: marked, score: index / 4 }));
        await recordAnswer(db, answerInput({ key: unique("later"), memberId: member.id, itemId: "Q090", before: (await getCard(db, member.id, "Q090"))!, now: at(10), localDate: "2026-03-20", source: "daily", quizPostId: later.id, verdicts: verdicts([], [], ["k1"]) }));
      }
      const missed = await mostMissedKeyPoints(db, group.id, "2026-03-09", "2026-03-15", 10);

      expect(missed).toEqual([
        { itemId: "Q090", keyPointId: "k3", text: "KL 约束", missed: 2, partial: 1, answers: 3, missRate: 2.5 / 3 },
        { itemId: "Q090", keyPointId: "k2", text: "偏好数据", missed: 1, partial: 1, answers: 3, missRate: 1.5 / 3 },
      ]);
      expect(await mostMissedKeyPoints(db, group.id, "2026-03-09", "2026-03-15", 1)).toHaveLength(1);
    });
  });

  describe("daily pick inputs", () => {
    it("counts, per active item in the group's chapters, members due and members who saw it", async () => {
      const group = await newGroup({ chapters: [13] });
      const [a, b, notInGroup] = await Promise.all([newMember(), newMember(), newMember()]);
      await addGroupMember(db, group.id, a.id);
      await addGroupMember(db, group.id, b.id);
      for (const memberId of [a.id, b.id, notInGroup.id]) {
        await recordAnswer(db, answerInput({ key: unique("pick"), memberId, itemId: "Q100", before: newCard(T0), now: T0, localDate: "2026-03-02", rating: memberId === a.id ? "again" : "easy" }));
      }
      await claimQuizPost(db, group.id, "2026-03-02", ["Q100"], T0);
      const inputs = await dailyPickInputs(db, group.id, at(2));

      expect(inputs.memberCount).toBe(2);
      expect(inputs.candidates.map((candidate) => [candidate.itemId, candidate.dueMembers, candidate.seenMembers, candidate.lastPostedOn])).toEqual([
        ["Q100", 1, 2, "2026-03-02"],
        ["Q100.f1", 0, 0, null],
      ]);
    });
  });

  describe("constraint violations", () => {
    it("surface as ConstraintViolationError naming the constraint", async () => {
      const check = await newGroup({ dailyTime: "25:00" }).catch((error: unknown) => error);
      expect(check).toBeInstanceOf(ConstraintViolationError);
      expect(check).toMatchObject({ kind: "check", constraint: "study_groups_daily_time_format", message: "check constraint study_groups_daily_time_format violated" });

      const retention = await upsertMember(db, unique("u"), { desiredRetention: 1.5 }, T0).catch((error: unknown) => error);
      expect(retention).toMatchObject({ kind: "check", constraint: "members_desired_retention_range" });

      const member = await newMember();
      const foreign = await recordAnswer(db, answerInput({ key: unique("fk"), memberId: member.id, itemId: "NO_SUCH_ITEM", before: newCard(T0), now: T0, localDate: "2026-03-02" })).catch((error: unknown) => error);
      expect(foreign).toBeInstanceOf(ConstraintViolationError);
      expect(foreign).toMatchObject({ kind: "foreign-key", constraint: "answers_item_id_quiz_items_id_fk" });

      const group = await newGroup();
      await claimQuizPost(db, group.id, "2026-03-02", ["Q090"], T0);
      const second = await db
        .insert(schema.quizPosts)
        .values({ groupId: group.id, localDate: "2026-03-02", itemIds: ["Q091"], claimedAt: T0 })
        .then(
          () => null,
          (error: unknown) => error,
        );
      // Raw drizzle calls are not mapped; the mapping is what query functions add.
      expect(second).not.toBeNull();
      expect(mapDbError(second)).toMatchObject({ kind: "unique", constraint: "quiz_posts_group_date_unique" });
    });
  });

  describe("members", () => {
    it("creates a member with first-seen preferences, keeps them over later ones, and writes only changes", async () => {
      const id = unique("u");
      const created = await upsertMember(db, id, { locale: "zh-CN", displayName: "小明" }, T0, { timezone: "Asia/Shanghai" });
      expect(created).toMatchObject({ discordUserId: id, locale: "zh-CN", displayName: "小明", timezone: "Asia/Shanghai", updatedAt: T0.toISOString() });

      // Nothing changed: the stored row comes back untouched, first-seen preferences do not apply.
      const same = await upsertMember(db, id, { locale: "zh-CN", displayName: "小明" }, at(1), { timezone: "Europe/Berlin" });
      expect(same).toEqual(created);

      const renamed = await upsertMember(db, id, { locale: "en-US", displayName: "Ming" }, at(2), { timezone: "Europe/Berlin" });
      expect(renamed).toMatchObject({ id: created.id, locale: "en-US", displayName: "Ming", timezone: "Asia/Shanghai", updatedAt: at(2).toISOString() });
      expect(await upsertMember(db, id, {}, at(3))).toEqual(renamed);
    });

    it("reads a member and their card for an answer, creating a member never seen in the same statement", async () => {
      const id = unique("u");
      const first = await memberAndCardCreating(db, id, "Q090", { displayName: "小林", locale: "zh-CN", timezone: "Asia/Shanghai", now: T0 });
      expect(first.card).toBeNull();
      expect(first.member).toMatchObject({ discordUserId: id, displayName: "小林", locale: "zh-CN", timezone: "Asia/Shanghai", createdAt: T0.toISOString() });
      expect(await memberAndCard(db, id, "Q090")).toEqual({ member: first.member, card: null });

      // Seen before: only read, whatever the interaction says now (renaming is the caller's upsert).
      const card = review(newCard(T0), "good", T0).after;
      await introduceItems(db, first.member?.id ?? 0, ["Q090"], card);
      const again = await memberAndCardCreating(db, id, "Q090", { displayName: "Lin", locale: "en-US", timezone: null, now: at(1) });
      expect(again).toEqual({ member: first.member, card });
      expect(await memberAndCardCreating(db, id, "Q091", { displayName: "Lin", locale: "en-US", timezone: null, now: at(1) })).toEqual({ member: first.member, card: null });

      // No timezone given: the column's default.
      const other = await memberAndCardCreating(db, unique("u"), "Q090", { displayName: "Sam", locale: "en-US", timezone: null, now: T0 });
      expect(other.member).toMatchObject({ timezone: "UTC", dayStartHour: 4, desiredRetention: 0.9, fsrsParameters: null });
    });

    it("introduces new cards for the items a member has none for, leaving existing cards alone", async () => {
      const member = await newMember();
      const studied = review(newCard(T0), "good", T0).after;
      await introduceItems(db, member.id, ["Q090.f2"], studied);
      const fresh = newCard(at(2));
      expect(await introduceItems(db, member.id, ["Q090.f1", "Q090.f2", "Q090.f1"], fresh)).toBe(1);
      expect(await getCard(db, member.id, "Q090.f1")).toEqual(fresh);
      expect(await getCard(db, member.id, "Q090.f2")).toEqual(studied);
      expect(await introduceItems(db, member.id, [], fresh)).toBe(0);
    });

    it("trusts the member the caller already read: none found creates, an unchanged one is returned as is", async () => {
      const id = unique("u");
      const created = await upsertMember(db, id, { displayName: "Lin" }, T0, { timezone: "Asia/Shanghai" }, null);
      expect(created).toMatchObject({ discordUserId: id, displayName: "Lin", timezone: "Asia/Shanghai" });
      // Read as missing by a caller that raced another process: the upsert still finds the row.
      const raced = await upsertMember(db, id, { displayName: "Lin" }, at(1), { timezone: "Europe/Berlin" }, null);
      expect(raced).toMatchObject({ id: created.id, displayName: "Lin", timezone: "Asia/Shanghai" });
      const known = { ...created, displayName: "as the caller read it" };
      expect(await upsertMember(db, id, {}, at(2), {}, known)).toBe(known);
      const renamed = await upsertMember(db, id, { displayName: "Lin 林" }, at(3), {}, created);
      expect(renamed).toMatchObject({ id: created.id, displayName: "Lin 林", updatedAt: at(3).toISOString() });
    });
  });

  describe("member data", () => {
    it("exports everything about a member and forgets it all", async () => {
      const member = await upsertMember(db, unique("u"), { locale: "en-US", timezone: "America/New_York", dayStartHour: 5, desiredRetention: 0.85 }, T0);
      const updated = await upsertMember(db, member.discordUserId, { dayStartHour: 6 }, at(1));
      expect(updated).toMatchObject({ id: member.id, locale: "en-US", dayStartHour: 6, desiredRetention: 0.85 });
      const group = await newGroup();
      const { post } = await claimQuizPost(db, group.id, "2026-03-02", ["Q090"], T0);
      await recordAnswer(db, answerInput({ key: unique("x"), memberId: member.id, itemId: "Q090", before: newCard(T0), now: T0, localDate: "2026-03-02", source: "daily", quizPostId: post.id }));

      const exported = await memberExport(db, member.id);
      expect(exported).toMatchObject({ member: { id: member.id }, groupIds: [group.id] });
      expect(exported?.cards).toHaveLength(1);
      expect(exported?.reviewLogs).toHaveLength(1);
      expect(exported?.answers[0]?.text).toContain("DPO");
      expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);

      expect(await forgetMember(db, member.id)).toBe(true);
      expect(await getMember(db, member.id)).toBeNull();
      expect(await memberExport(db, member.id)).toBeNull();
      for (const table of ["cards", "review_logs", "answers", "member_daily_activity", "group_members"]) {
        expect(await count(table, sql`member_id = ${member.id}`)).toBe(0);
      }
      expect(await forgetMember(db, member.id)).toBe(false);
    });
  });

  if (target.name === "postgres") {
    it("stops start-up with a MigrationError when a migration fails on a server", async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const folder = await mkdtemp(join(tmpdir(), "recall-empty-"));
      await mkdir(join(folder, "meta"));
      await writeFile(join(folder, "meta", "_journal.json"), JSON.stringify({ version: "7", dialect: "postgresql", entries: [{ idx: 0, version: "7", when: 1, tag: "0000_bad", breakpoints: true }] }));
      await writeFile(join(folder, "0000_bad.sql"), "SELECT * FROM;");
      const failure = await createDatabase({ url, migrationsFolder: folder }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as Error).message).toMatch(/^database migration failed: syntax error at or near ";" \(42601\)$/);
    });
  }
});
