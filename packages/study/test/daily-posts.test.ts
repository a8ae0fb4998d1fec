// Study groups and their daily posts against a real database: who may set a group up, when a
// post is due, and that exactly one process claims it. One database per target; every test
// uses its own server and channel, and filters the global lists down to its own group.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenDatabase } from "@recall/db";
import { createStudy, StudyError, type DuePost, type GroupRef, type GroupSetupInput, type StudyService } from "../src/index.ts";
import { adminOf, contentItems, MINUTE, plainMemberOf, TestClock } from "./fixtures.ts";
import { targets } from "./targets.ts";

// The database does the work here: on a busy two-core machine a test can take seconds.
vi.setConfig({ testTimeout: 30_000 });

describe.each(targets())("daily posts on $name", (target) => {
  // Monday 2 March 2026, 08:00 in Shanghai.
  const clock = new TestClock("2026-03-02T00:00:00Z");
  let open: OpenDatabase;
  let study: StudyService;
  /** A second bot process on the same database. */
  let otherProcess: StudyService;
  let sequence = 0;
  const unique = (prefix: string) => `${prefix}-${++sequence}`;

  beforeAll(async () => {
    open = await target.open();
    const items = await contentItems();
    study = createStudy({ db: open.db, items, clock: clock.now });
    otherProcess = createStudy({ db: open.db, items, clock: clock.now });
    await study.syncContent();
  }, 120_000);

  afterAll(async () => {
    if (open) await target.dispose(open);
  });

  async function newGroup(settings: Partial<GroupSetupInput> = {}): Promise<GroupRef> {
    const ref = { serverId: unique("server"), channelId: unique("channel") };
    await study.setupGroup(adminOf(ref.serverId), { ...ref, dailyTime: "09:00", timezone: "Asia/Shanghai", ...settings });
    return ref;
  }

  async function dueFor(ref: GroupRef, service = study): Promise<DuePost | null> {
    return (await service.duePosts()).find((due) => due.channelId === ref.channelId) ?? null;
  }

  async function requireDue(ref: GroupRef): Promise<DuePost> {
    const due = await dueFor(ref);
    if (!due) throw new Error(`no post due for ${ref.channelId}`);
    return due;
  }

  describe("setupGroup", () => {
    it("refuses a member without Manage Server and creates nothing", async () => {
      const ref = { serverId: unique("server"), channelId: unique("channel") };
      const member = plainMemberOf(ref.serverId, "u-plain");
      const attempt = study.setupGroup(member, { ...ref, dailyTime: "09:00", timezone: "Asia/Shanghai" });
      await expect(attempt).rejects.toBeInstanceOf(StudyError);
      await expect(attempt).rejects.toMatchObject({ code: "not-allowed", message: "u-plain may not change study groups" });
      await expect(study.groupStatus(ref)).rejects.toMatchObject({ code: "group-not-set-up" });
    });

    it("refuses pausing, resuming and /quiz now from a member without Manage Server", async () => {
      const ref = await newGroup();
      const member = plainMemberOf(ref.serverId);
      await expect(study.setGroupPaused(member, ref, true)).rejects.toMatchObject({ code: "not-allowed" });
      await expect(study.duePostNow(member, ref)).rejects.toMatchObject({ code: "not-allowed" });
      expect((await study.groupStatus(ref)).paused).toBe(false);
    });

    it("names each invalid setting with its own code", async () => {
      const ref = { serverId: unique("server"), channelId: unique("channel") };
      const admin = adminOf(ref.serverId);
      const base = { ...ref, dailyTime: "09:00", timezone: "Asia/Shanghai" };
      await expect(study.setupGroup(admin, { ...base, dailyTime: "25:00" })).rejects.toMatchObject({
        code: "invalid-time",
        message: "not a time of day: 25:00",
      });
      await expect(study.setupGroup(admin, { ...base, timezone: "Mars/Olympus_Mons" })).rejects.toMatchObject({
        code: "invalid-timezone",
        message: "unknown timezone: Mars/Olympus_Mons",
      });
      for (const questionsPerDay of [0, 6, 1.5]) {
        await expect(study.setupGroup(admin, { ...base, questionsPerDay })).rejects.toMatchObject({
          code: "invalid-questions-per-day",
          params: { max: 5 },
        });
      }
      await expect(study.setupGroup(admin, { ...base, chapters: [12, 99, 7] })).rejects.toMatchObject({
        code: "unknown-chapters",
        message: "unknown chapters: 7, 99",
        params: { chapters: "7, 99", known: "12" },
      });
      await expect(study.groupStatus(ref)).rejects.toMatchObject({ code: "group-not-set-up" });
    });

    it("normalises the time and chapters and tells when the next post goes out", async () => {
      clock.set("2026-03-02T00:00:00Z"); // 08:00 in Shanghai
      const ref = { serverId: unique("server"), channelId: unique("channel") };
      const view = await study.setupGroup(adminOf(ref.serverId), {
        ...ref,
        dailyTime: "9:00",
        timezone: "Asia/Shanghai",
        questionsPerDay: 2,
        chapters: [12, 12],
      });
      expect(view).toEqual({
        channelId: ref.channelId,
        dailyTime: "09:00",
        timezone: "Asia/Shanghai",
        questionsPerDay: 2,
        chapters: [12],
        paused: false,
        pausedReason: null,
        nextPostAt: "2026-03-02T01:00:00.000Z",
      });
      expect(await study.groupStatus(ref)).toEqual(view);
    });

    it("keeps a paused group paused when it is set up again", async () => {
      clock.set("2026-03-02T00:00:00Z");
      const ref = await newGroup();
      const admin = adminOf(ref.serverId);
      expect(await study.setGroupPaused(admin, ref, true)).toMatchObject({ paused: true, nextPostAt: null });
      const again = await study.setupGroup(admin, { ...ref, dailyTime: "10:30", timezone: "Asia/Shanghai" });
      expect(again).toMatchObject({ paused: true, dailyTime: "10:30", nextPostAt: null });
      expect(await study.setGroupPaused(admin, ref, false)).toMatchObject({ paused: false, nextPostAt: "2026-03-02T02:30:00.000Z" });
    });
  });

  describe("duePosts and claimDailyQuiz", () => {
    it("has nothing due before the group's local daily time, then the day's post", async () => {
      clock.set("2026-03-02T00:59:59Z"); // 08:59:59 in Shanghai
      const ref = await newGroup();
      expect(await dueFor(ref)).toBeNull();
      clock.set("2026-03-02T01:00:00Z");
      expect(await dueFor(ref)).toEqual({
        groupId: expect.any(String) as unknown,
        serverId: ref.serverId,
        channelId: ref.channelId,
        localDate: "2026-03-02",
        locale: "zh-CN",
      });
    });

    it("lets exactly one of two processes claim the post, and posts the P0 question first", async () => {
      clock.set("2026-03-02T01:00:00Z");
      const ref = await newGroup();
      const due = await requireDue(ref);
      const claims = await Promise.all([study.claimDailyQuiz(due), otherProcess.claimDailyQuiz(due)]);
      const owned = claims.filter((claim) => claim !== null);
      expect(owned).toHaveLength(1);
      const quiz = owned[0]!;
      expect(quiz).toMatchObject({ localDate: "2026-03-02", answerCount: 0, closesAt: "2026-03-03T01:00:00.000Z" });
      expect(quiz.items.map((item) => item.itemId)).toEqual(["Q090"]);
      expect(quiz.items[0]).toMatchObject({ kind: "main", priority: "P0", chapterNumber: 12 });

      // The claim alone stops the post from being due again, even before it is sent.
      expect(await dueFor(ref)).toBeNull();
      expect(await study.claimDailyQuiz(due)).toBeNull();
      await study.markPosted(quiz.postId, "message-1");
      expect(await dueFor(ref, otherProcess)).toBeNull();
      expect(await study.duePostNow(adminOf(ref.serverId), ref)).toEqual({
        due: null,
        existing: { postId: quiz.postId, channelId: ref.channelId, messageId: "message-1", locale: "zh-CN" },
      });
      expect(await study.groupStatus(ref)).toMatchObject({ nextPostAt: "2026-03-03T01:00:00.000Z" });
    });

    it("takes over a claim left pending for more than two minutes, keeping its questions", async () => {
      clock.set("2026-03-02T01:00:00Z");
      // Three a day from a chapter of three: the first claim takes every question there is.
      const ref = await newGroup({ questionsPerDay: 3, chapters: [12] });
      const crashed = await study.claimDailyQuiz(await requireDue(ref));
      expect(crashed?.items.map((item) => item.itemId)).toEqual(["Q090", "Q091", "Q092"]);

      clock.advance(2 * MINUTE);
      expect(await dueFor(ref)).toBeNull();
      // `/quiz now` still offers the unsent post, but only its claimer may send it yet.
      const now = await study.duePostNow(adminOf(ref.serverId), ref);
      expect(now.existing).toBeNull();
      expect(await otherProcess.claimDailyQuiz(now.due!)).toBeNull();

      clock.advance(1);
      const due = await requireDue(ref);
      const taken = await otherProcess.claimDailyQuiz(due);
      expect(taken).not.toBeNull();
      expect(taken!.postId).toBe(crashed!.postId);
      expect(taken!.items.map((item) => item.itemId)).toEqual(["Q090", "Q091", "Q092"]);
      // Taking over renews the claim: a third process does not take it again at once.
      expect(await study.claimDailyQuiz(due)).toBeNull();
      await otherProcess.markPosted(taken!.postId, "message-2");
      const posted = await study.dailyQuiz(taken!.postId);
      expect(posted).toMatchObject({ messageId: "message-2", closed: false, localDate: "2026-03-02" });
    });

    it("sends a post missed while down later the same local day, and a new one the next day", async () => {
      clock.set("2026-03-02T07:00:00Z"); // 15:00 in Shanghai: the bot was down at 09:00
      const ref = await newGroup();
      const missed = await requireDue(ref);
      expect(missed.localDate).toBe("2026-03-02");
      const first = await study.claimDailyQuiz(missed);
      expect(first?.items.map((item) => item.itemId)).toEqual(["Q090"]);
      await study.markPosted(first!.postId, "message-3");

      clock.set("2026-03-02T15:59:59Z"); // 23:59:59 local
      expect(await dueFor(ref)).toBeNull();
      clock.set("2026-03-03T00:59:00Z"); // 08:59 the next day
      expect(await dueFor(ref)).toBeNull();
      clock.set("2026-03-03T01:00:00Z");
      const next = await requireDue(ref);
      expect(next.localDate).toBe("2026-03-03");
      const second = await study.claimDailyQuiz(next);
      expect(second?.postId).not.toBe(first!.postId);
      expect(second?.items.map((item) => item.itemId)).toEqual(["Q091"]);
    });

    it("gives a paused group no post until it is resumed", async () => {
      clock.set("2026-03-02T01:00:00Z");
      const ref = await newGroup();
      await study.setGroupPaused(adminOf(ref.serverId), ref, true);
      expect(await dueFor(ref)).toBeNull();
      clock.set("2026-03-02T03:00:00Z");
      expect(await dueFor(ref)).toBeNull();
      await study.setGroupPaused(adminOf(ref.serverId), ref, false);
      expect((await requireDue(ref)).localDate).toBe("2026-03-02");
    });

    it("posts a daily time skipped by spring-forward just after the jump", async () => {
      clock.set("2026-03-08T07:29:59Z"); // 03:29:59 EDT: 02:30 never happens on 8 March
      const ref = await newGroup({ dailyTime: "02:30", timezone: "America/New_York" });
      expect(await dueFor(ref)).toBeNull();
      clock.set("2026-03-08T07:30:00Z");
      expect((await requireDue(ref)).localDate).toBe("2026-03-08");
    });

    it("uses the group's local date where it is already tomorrow in UTC terms", async () => {
      clock.set("2026-03-01T19:59:00Z"); // 08:59 on 2 March in Auckland
      const ref = await newGroup({ timezone: "Pacific/Auckland" });
      expect(await study.groupStatus(ref)).toMatchObject({ nextPostAt: "2026-03-01T20:00:00.000Z" });
      expect(await dueFor(ref)).toBeNull();
      clock.set("2026-03-01T20:00:00Z");
      const due = await requireDue(ref);
      expect(due.localDate).toBe("2026-03-02");
      expect((await study.claimDailyQuiz(due))?.closesAt).toBe("2026-03-02T20:00:00.000Z");
    });

    it("does not post a second quiz at once when the group's timezone moves west", async () => {
      clock.set("2026-03-02T01:30:00Z"); // 09:30 on 2 March in Shanghai
      const ref = await newGroup();
      const quiz = await study.claimDailyQuiz(await requireDue(ref));
      await study.markPosted(quiz!.postId, "message-west");
      // New York: 20:30 on 1 March, its 09:00 long past and no post dated 1 March.
      await study.setupGroup(adminOf(ref.serverId), { ...ref, dailyTime: "09:00", timezone: "America/New_York" });
      expect(await dueFor(ref)).toBeNull();
      expect((await study.duePostNow(adminOf(ref.serverId), ref)).due).toBeNull();
      // 2 March 09:00 in New York is the open post's own date: still nothing new.
      clock.set("2026-03-02T14:00:00Z");
      expect(await dueFor(ref)).toBeNull();
      // 3 March 09:00 in New York: the next quiz.
      clock.set("2026-03-03T14:00:00Z");
      expect((await requireDue(ref)).localDate).toBe("2026-03-03");
    });

    it("says when a group's channel made the bot pause it, until an admin resumes it", async () => {
      clock.set("2026-03-02T01:30:00Z");
      const ref = await newGroup();
      const due = await requireDue(ref);
      await study.pauseForChannelProblem(due.groupId, "missing-access");
      expect(await study.groupStatus(ref)).toMatchObject({ paused: true, pausedReason: "missing-access", nextPostAt: null });
      expect(await dueFor(ref)).toBeNull();
      await study.setGroupPaused(adminOf(ref.serverId), ref, false);
      expect(await study.groupStatus(ref)).toMatchObject({ paused: false, pausedReason: null });
      expect(await dueFor(ref)).not.toBeNull();
    });

    it("lists a sent post for closing once the next day's post is due, and never an unsent one", async () => {
      clock.set("2026-03-02T01:00:00Z");
      const sent = await newGroup();
      const unsent = await newGroup();
      const quiz = await study.claimDailyQuiz(await requireDue(sent));
      const pending = await study.claimDailyQuiz(await requireDue(unsent));
      await study.markPosted(quiz!.postId, "message-4");
      const closing = async () => (await study.postsToClose()).map((post) => post.postId);

      clock.set("2026-03-03T00:59:59Z");
      expect(await closing()).not.toContain(quiz!.postId);
      clock.set("2026-03-03T01:00:00Z");
      expect(await closing()).toContain(quiz!.postId);
      expect(await closing()).not.toContain(pending!.postId);
      expect(await study.closeDailyQuiz(pending!.postId)).toBeNull();
    });
  });
});
