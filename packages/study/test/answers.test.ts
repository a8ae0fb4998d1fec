// Answers, reviews, overrides, reveals and member settings against a real database. One database
// per target; every test uses its own group and members, so tests do not see each other's cards.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getAnswer, getCard, getMemberByDiscordId, type OpenDatabase } from "@recall/db";
import { newCard, resolvePreferences, review, type CardState } from "@recall/scheduler";
import type { QuizItem } from "@recall/content";
import { createStudy, StudyError, type DailyQuizView, type GroupSetupInput, type MemberRef, type StudyService } from "../src/index.ts";
import { adminOf, contentItems, DAY, GOOD_Q090_ANSWER, memberRef, MINUTE, TestClock } from "./fixtures.ts";
import { targets } from "./targets.ts";

// The database does the work here: on a busy two-core machine a test can take seconds.
vi.setConfig({ testTimeout: 30_000 });

/** 09:00 on Monday 2 March 2026 in Shanghai, when every test group's first post goes out. */
const POST_TIME = "2026-03-02T01:00:00.000Z";

describe.each(targets())("answers and reviews on $name", (target) => {
  const clock = new TestClock(POST_TIME);
  let open: OpenDatabase;
  let study: StudyService;
  let otherProcess: StudyService;
  let itemsById: Map<string, QuizItem>;
  let sequence = 0;
  const unique = (prefix: string) => `${prefix}-${++sequence}`;

  beforeAll(async () => {
    open = await target.open();
    const items = await contentItems();
    itemsById = new Map(items.map((item) => [item.id, item]));
    study = createStudy({ db: open.db, items, clock: clock.now });
    otherProcess = createStudy({ db: open.db, items, clock: clock.now });
    await study.syncContent();
  }, 120_000);

  afterAll(async () => {
    if (open) await target.dispose(open);
  });

  /** A new group with its first daily post sent at POST_TIME (Q090 unless told otherwise). */
  async function postedQuiz(settings: Partial<GroupSetupInput> = {}): Promise<DailyQuizView & { serverId: string }> {
    clock.set(POST_TIME);
    const ref = { serverId: unique("server"), channelId: unique("channel") };
    await study.setupGroup(adminOf(ref.serverId), { ...ref, dailyTime: "09:00", timezone: "Asia/Shanghai", ...settings });
    const due = (await study.duePosts()).find((candidate) => candidate.channelId === ref.channelId);
    const quiz = due ? await study.claimDailyQuiz(due) : null;
    if (!quiz) throw new Error("the test group's post was not claimed");
    await study.markPosted(quiz.postId, unique("message"));
    return { ...quiz, serverId: ref.serverId };
  }

  function newMember(serverId: string | null = null, fields: Partial<MemberRef> = {}): MemberRef {
    return memberRef(unique("user"), { serverId, ...fields });
  }

  async function cardOf(member: MemberRef, itemId: string): Promise<CardState | null> {
    const stored = await getMemberByDiscordId(open.db, member.userId);
    return stored ? getCard(open.db, stored.id, itemId) : null;
  }

  describe("submitAnswer", () => {
    it("grades the answer, stores the card and reports the result privately", async () => {
      const quiz = await postedQuiz();
      const alice = newMember(quiz.serverId);
      clock.advance(5 * MINUTE);
      const result = await study.submitAnswer({ deliveryKey: unique("delivery"), member: alice, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER });

      expect(result.item).toMatchObject({ itemId: "Q090", kind: "main", questionId: "Q090", priority: "P0" });
      expect(result.score).toBeGreaterThan(0.6);
      expect(result.keyPoints.map((kp) => kp.id)).toEqual(["k1", "k2", "k3", "k4"]);
      expect(result.keyPoints.filter((kp) => kp.verdict === "hit").length).toBeGreaterThanOrEqual(3);
      expect(result.keyPoints.find((kp) => kp.verdict === "hit")?.evidence.length).toBeGreaterThan(0);
      expect(result.keyPoints[0]?.text).toBe(itemsById.get("Q090")!.keyPoints[0]!.text);
      expect(result.modelAnswer).toBe(itemsById.get("Q090")!.answer);
      expect(result.rating).toBe(result.suggestedRating);
      expect(["good", "easy"]).toContain(result.rating);
      expect(result).toMatchObject({ alreadyAnswered: false, empty: false, misconceptions: [] });
      expect(result.overrideUntil).toBe(new Date(clock.ms + 10 * MINUTE).toISOString());

      const card = await cardOf(alice, "Q090");
      expect(card).toMatchObject({ reps: 1, lastReview: new Date(clock.ms).toISOString() });
      expect(result.nextDue).toBe(card!.due);
      expect((await study.dailyQuiz(quiz.postId))?.answerCount).toBe(1);
      const stored = await getAnswer(open.db, Number(result.answerId));
      // Met through the group's post, the member starts on the group's clock: 09:05 on 2 March in Shanghai.
      expect(await study.memberSettings(alice)).toMatchObject({ timezone: "Asia/Shanghai" });
      expect(stored).toMatchObject({ text: GOOD_Q090_ANSWER, source: "daily", quizPostId: Number(quiz.postId), localDate: "2026-03-02" });
    });

    it("shows the first result to a second submission and writes nothing", async () => {
      const quiz = await postedQuiz();
      const bob = newMember(quiz.serverId);
      const first = await study.submitAnswer({ deliveryKey: unique("delivery"), member: bob, postId: quiz.postId, itemId: "Q090", text: "不知道" });
      clock.advance(MINUTE);
      const second = await study.submitAnswer({ deliveryKey: unique("delivery"), member: bob, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER });
      expect(second).toEqual({ ...first, alreadyAnswered: true, overrideUntil: first.overrideUntil });
      expect(await study.existingAnswer(bob, quiz.postId, "Q090")).toMatchObject({ answerId: first.answerId, alreadyAnswered: true });
      expect((await cardOf(bob, "Q090"))?.reps).toBe(1);
      expect((await study.dailyQuiz(quiz.postId))?.answerCount).toBe(1);
    });

    it("writes concurrent submissions of one member once, the other showing the first result", async () => {
      const quiz = await postedQuiz();
      const carol = newMember(quiz.serverId);
      const submit = (service: StudyService, text: string) =>
        service.submitAnswer({ deliveryKey: unique("delivery"), member: carol, postId: quiz.postId, itemId: "Q090", text });
      const results = await Promise.all([submit(study, GOOD_Q090_ANSWER), submit(otherProcess, "提示就是训练。")]);

      expect(results.map((r) => r.alreadyAnswered).sort()).toEqual([false, true]);
      const [firstResult, repeat] = results[0].alreadyAnswered ? [results[1], results[0]] : [results[0], results[1]];
      expect(repeat).toEqual({ ...firstResult, alreadyAnswered: true });
      expect((await cardOf(carol, "Q090"))?.reps).toBe(1);
      expect((await study.dailyQuiz(quiz.postId))?.answerCount).toBe(1);
    });

    it("grades an empty answer as empty rather than refusing it", async () => {
      const quiz = await postedQuiz();
      const result = await study.submitAnswer({ deliveryKey: unique("delivery"), member: newMember(quiz.serverId), postId: quiz.postId, itemId: "Q090", text: "  \n " });
      expect(result).toMatchObject({ empty: true, score: 0, rating: "again", alreadyAnswered: false });
      expect(result.keyPoints.every((kp) => kp.verdict === "missed")).toBe(true);
    });

    it("refuses an answer over 4,000 characters and stores nothing, but takes one of exactly 4,000", async () => {
      const quiz = await postedQuiz();
      const dave = newMember(quiz.serverId);
      const tooLong = study.submitAnswer({ deliveryKey: unique("delivery"), member: dave, postId: quiz.postId, itemId: "Q090", text: "训".repeat(4001) });
      await expect(tooLong).rejects.toBeInstanceOf(StudyError);
      await expect(tooLong).rejects.toMatchObject({ code: "answer-too-long", message: "answer longer than 4000 characters", params: { max: 4000 } });
      expect(await study.existingAnswer(dave, quiz.postId, "Q090")).toBeNull();

      const longest = await study.submitAnswer({ deliveryKey: unique("delivery"), member: dave, postId: quiz.postId, itemId: "Q090", text: "训".repeat(4000) });
      expect(longest.alreadyAnswered).toBe(false);
    });

    it("refuses answers to a closed post, an unknown post and an unknown item", async () => {
      const quiz = await postedQuiz();
      const erin = newMember(quiz.serverId);
      clock.set("2026-03-03T01:00:00Z");
      expect(await study.closeDailyQuiz(quiz.postId)).not.toBeNull();
      const input = { deliveryKey: unique("delivery"), member: erin, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER };
      await expect(study.submitAnswer(input)).rejects.toMatchObject({ code: "post-closed", message: `daily post ${quiz.postId} is closed` });
      await expect(study.revealAnswer(input)).rejects.toMatchObject({ code: "post-closed" });
      await expect(study.submitAnswer({ ...input, itemId: "Q091" })).rejects.toMatchObject({ code: "unknown-post" });
      await expect(study.submitAnswer({ ...input, postId: "999999" })).rejects.toMatchObject({ code: "unknown-post" });
      await expect(study.submitAnswer({ ...input, itemId: "Q999" })).rejects.toMatchObject({ code: "unknown-item", params: { itemId: "Q999" } });
      expect(await cardOf(erin, "Q090")).toBeNull();
    });

    it("refuses an answer to a post another process closed after this one saw it open", async () => {
      const quiz = await postedQuiz();
      const [gina, hal] = [newMember(quiz.serverId), newMember(quiz.serverId)];
      // This process has seen the post open (and keeps it); another one reveals it.
      await study.submitAnswer({ deliveryKey: unique("delivery"), member: gina, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER });
      clock.set("2026-03-03T01:00:00Z");
      expect(await otherProcess.closeDailyQuiz(quiz.postId)).not.toBeNull();

      const late = { deliveryKey: unique("delivery"), member: hal, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER };
      await expect(study.submitAnswer(late)).rejects.toMatchObject({ code: "post-closed" });
      await expect(study.revealAnswer(late)).rejects.toMatchObject({ code: "post-closed" });
      expect(await cardOf(hal, "Q090")).toBeNull();
      clock.set(POST_TIME);
    });

    it("makes a /review answer idempotent on its delivery key, and a new delivery a new review", async () => {
      clock.set(POST_TIME);
      const frank = newMember();
      const deliveryKey = unique("delivery");
      const first = await study.submitAnswer({ deliveryKey, member: frank, postId: null, itemId: "Q091", text: "不确定" });
      const retried = await study.submitAnswer({ deliveryKey, member: frank, postId: null, itemId: "Q091", text: "不确定" });
      expect(retried).toEqual({ ...first, alreadyAnswered: true });
      expect((await cardOf(frank, "Q091"))?.reps).toBe(1);
      expect((await getAnswer(open.db, Number(first.answerId)))?.source).toBe("review");

      clock.advance(DAY);
      const later = await study.submitAnswer({ deliveryKey: unique("delivery"), member: frank, postId: null, itemId: "Q091", text: "不确定" });
      expect(later.answerId).not.toBe(first.answerId);
      expect((await cardOf(frank, "Q091"))?.reps).toBe(2);
    });
  });

  describe("revealAnswer", () => {
    it("counts giving up as Again, and shows the same result to a later submission", async () => {
      const quiz = await postedQuiz();
      const gina = newMember(quiz.serverId);
      const revealed = await study.revealAnswer({ deliveryKey: unique("delivery"), member: gina, postId: quiz.postId, itemId: "Q090" });
      expect(revealed).toMatchObject({ rating: "again", suggestedRating: "again", score: 0, empty: true, alreadyAnswered: false, misconceptions: [] });
      expect(revealed.keyPoints.every((kp) => kp.verdict === "missed" && kp.evidence.length === 0)).toBe(true);
      expect(revealed.modelAnswer).toBe(itemsById.get("Q090")!.answer);
      expect(await cardOf(gina, "Q090")).toMatchObject({ reps: 1, state: "learning" });

      const afterwards = await study.submitAnswer({ deliveryKey: unique("delivery"), member: gina, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER });
      expect(afterwards).toMatchObject({ answerId: revealed.answerId, rating: "again", alreadyAnswered: true });
      expect((await cardOf(gina, "Q090"))?.reps).toBe(1);
    });
  });

  describe("overrideRating", () => {

    it("replaces the review: reps unchanged, the card as if rated so from the start, twice over", async () => {
      const quiz = await postedQuiz();
      const hana = newMember(quiz.serverId);
      clock.advance(3 * MINUTE);
      const answeredAt = clock.now();
      const result = await study.submitAnswer({ deliveryKey: unique("delivery"), member: hana, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER });
      const before = newCard(answeredAt);
      const { timezone, dayStartHour, desiredRetention } = await study.memberSettings(hana);
      const prefs = resolvePreferences({ timezone, dayStartHour, desiredRetention });
      expect(await cardOf(hana, "Q090")).toEqual(review(before, result.rating, answeredAt, prefs, "Q090").card);

      clock.advance(4 * MINUTE);
      const toHard = await study.overrideRating({ member: hana, answerId: result.answerId, rating: "hard" });
      expect(toHard).toMatchObject({ answerId: result.answerId, rating: "hard", suggestedRating: result.suggestedRating, score: result.score });
      const hardCard = review(before, "hard", answeredAt, prefs, "Q090").card;
      expect(await cardOf(hana, "Q090")).toEqual(hardCard);
      expect(toHard.nextDue).toBe(hardCard.due);

      clock.advance(MINUTE);
      const toAgain = await study.overrideRating({ member: hana, answerId: result.answerId, rating: "again" });
      expect(toAgain.rating).toBe("again");
      const againCard = review(before, "again", answeredAt, prefs, "Q090").card;
      expect(await cardOf(hana, "Q090")).toEqual(againCard);
      expect(againCard.reps).toBe(1);

      // The same rating again changes nothing.
      const same = await study.overrideRating({ member: hana, answerId: result.answerId, rating: "again" });
      expect(same.rating).toBe("again");
      expect(await cardOf(hana, "Q090")).toEqual(againCard);
      expect((await getAnswer(open.db, Number(result.answerId)))?.rating).toBe("again");
    });

    it("lets only the member who answered override, and only for ten minutes", async () => {
      const quiz = await postedQuiz();
      const ivan = newMember(quiz.serverId);
      const judy = newMember(quiz.serverId);
      const result = await study.submitAnswer({ deliveryKey: unique("delivery"), member: ivan, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER });
      const cardBefore = await cardOf(ivan, "Q090");

      await expect(study.overrideRating({ member: judy, answerId: result.answerId, rating: "again" })).rejects.toMatchObject({
        code: "override-not-yours",
        message: `answer ${result.answerId} is not yours`,
      });
      await expect(study.overrideRating({ member: ivan, answerId: "999999", rating: "again" })).rejects.toMatchObject({ code: "unknown-answer" });

      clock.advance(10 * MINUTE);
      expect((await study.overrideRating({ member: ivan, answerId: result.answerId, rating: "hard" })).rating).toBe("hard");
      clock.advance(1);
      await expect(study.overrideRating({ member: ivan, answerId: result.answerId, rating: "easy" })).rejects.toMatchObject({
        code: "override-expired",
        message: `the override window of answer ${result.answerId} has passed`,
      });
      expect(await study.existingAnswer(ivan, quiz.postId, "Q090")).toMatchObject({ rating: "hard", overrideUntil: null });
      expect((await cardOf(ivan, "Q090"))?.reps).toBe(cardBefore?.reps);
    });

    it("refuses to override an answer whose item was reviewed again since", async () => {
      const quiz = await postedQuiz();
      const kate = newMember(quiz.serverId);
      const daily = await study.submitAnswer({ deliveryKey: unique("delivery"), member: kate, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER });
      clock.advance(MINUTE);
      await study.submitAnswer({ deliveryKey: unique("delivery"), member: kate, postId: null, itemId: "Q090", text: "不知道" });
      const card = await cardOf(kate, "Q090");
      await expect(study.overrideRating({ member: kate, answerId: daily.answerId, rating: "again" })).rejects.toMatchObject({ code: "override-expired" });
      expect(await cardOf(kate, "Q090")).toEqual(card);
    });
  });

  describe("closeDailyQuiz", () => {
    it("reveals once: model answer, top scorers first, and the key points missed most", async () => {
      const quiz = await postedQuiz();
      const lily = newMember(quiz.serverId, { displayName: "Lily" });
      const mike = newMember(quiz.serverId, { displayName: "Mike" });
      const nora = newMember(quiz.serverId, { displayName: "Nora" });
      const answer = (member: MemberRef, text: string) =>
        study.submitAnswer({ deliveryKey: unique("delivery"), member, postId: quiz.postId, itemId: "Q090", text });
      const lilys = await answer(lily, GOOD_Q090_ANSWER);
      const mikes = await answer(mike, "先定位错误属于数据、工具还是上下文。");
      await study.revealAnswer({ deliveryKey: unique("delivery"), member: nora, postId: quiz.postId, itemId: "Q090" });
      expect(lilys.score).toBeGreaterThan(mikes.score);

      clock.set("2026-03-03T01:00:00Z");
      const [reveal, twice] = await Promise.all([study.closeDailyQuiz(quiz.postId), otherProcess.closeDailyQuiz(quiz.postId)]);
      const closed = reveal ?? twice;
      expect([reveal, twice].filter((r) => r !== null)).toHaveLength(1);
      expect(closed).toMatchObject({ postId: quiz.postId, localDate: "2026-03-02", answerCount: 3 });
      expect(closed!.items.map((entry) => [entry.item.itemId, entry.modelAnswer])).toEqual([["Q090", itemsById.get("Q090")!.answer]]);
      expect(closed!.topScorers.map((s) => s.displayName)).toEqual(["Lily", "Mike", "Nora"]);
      expect(closed!.topScorers[0]).toMatchObject({ memberId: lily.userId, score: lilys.score });
      expect(closed!.topScorers[2]?.score).toBe(0);

      expect(closed!.mostMissed.length).toBeGreaterThan(0);
      expect(closed!.mostMissed.length).toBeLessThanOrEqual(3);
      const keyPointTexts = new Map(itemsById.get("Q090")!.keyPoints.map((kp) => [kp.id, kp.text]));
      for (const missed of closed!.mostMissed) {
        expect(missed.itemId).toBe("Q090");
        expect(missed.text).toBe(keyPointTexts.get(missed.keyPointId));
        expect(missed.missRate).toBeGreaterThan(0);
        expect(missed.missRate).toBeLessThanOrEqual(1);
      }
      // Nora missed everything and Mike most of it: the worst key point was missed by at least two of three.
      expect(closed!.mostMissed[0]!.missRate).toBeGreaterThanOrEqual(2 / 3);

      expect(await study.closeDailyQuiz(quiz.postId)).toBeNull();
      expect(await study.dailyQuiz(quiz.postId)).toMatchObject({ closed: true, answerCount: 3 });
      expect((await study.postsToClose()).map((post) => post.postId)).not.toContain(quiz.postId);
    });
  });

  describe("/review", () => {
    it("offers due items one at a time, rated by the member, idempotent on the delivery", async () => {
      clock.set(POST_TIME);
      const olga = newMember();
      expect(await study.nextReview(olga)).toBeNull();
      const forgot = await study.selfRate({ deliveryKey: unique("delivery"), member: olga, itemId: "Q091.f1", rating: "again" });
      expect(Date.parse(forgot.nextDue)).toBeLessThan(clock.ms + DAY);
      clock.advance(DAY);
      const prompt = await study.nextReview(olga);
      expect(prompt?.item).toMatchObject({ itemId: "Q091.f1", kind: "followup" });
      expect(prompt?.dueCount).toBe(1);

      const deliveryKey = unique("delivery");
      const rated = await study.selfRate({ deliveryKey, member: olga, itemId: "Q091.f1", rating: "good" });
      expect(rated).toMatchObject({ rating: "good", modelAnswer: itemsById.get("Q091.f1")!.answer, item: { itemId: "Q091.f1" } });
      expect(Date.parse(rated.nextDue)).toBeGreaterThan(clock.ms);
      const card = await cardOf(olga, "Q091.f1");
      expect(card).toMatchObject({ reps: 2, due: rated.nextDue });

      const retried = await study.selfRate({ deliveryKey, member: olga, itemId: "Q091.f1", rating: "good" });
      expect(retried).toEqual(rated);
      expect(await cardOf(olga, "Q091.f1")).toEqual(card);
      expect(await study.nextReview(olga)).toBeNull();
      await expect(study.selfRate({ deliveryKey: unique("delivery"), member: olga, itemId: "Q999", rating: "good" })).rejects.toMatchObject({ code: "unknown-item" });
    });

    it("counts a self-rating delivered twice at once (a retried delivery) once", async () => {
      clock.set(POST_TIME);
      const sam = newMember();
      const deliveryKey = unique("delivery");
      const rate = (service: StudyService) => service.selfRate({ deliveryKey, member: sam, itemId: "Q092.f1", rating: "hard" });
      const [first, second] = await Promise.all([rate(study), rate(otherProcess)]);
      expect(second).toEqual(first);
      expect(await cardOf(sam, "Q092.f1")).toMatchObject({ reps: 1, due: first.nextDue });
    });

    it("counts a doubled click on one prompt once, whether the clicks come one after the other or together", async () => {
      clock.set(POST_TIME);
      const tess = newMember();
      await study.selfRate({ deliveryKey: unique("delivery"), member: tess, itemId: "Q090.f3", rating: "again" });
      clock.advance(DAY);
      const prompt = await study.nextReview(tess);
      expect(prompt).toMatchObject({ item: { itemId: "Q090.f3" }, reps: 1 });
      const click = (service: StudyService, rating: "good" | "easy") =>
        service.selfRate({ deliveryKey: unique("click"), member: tess, itemId: "Q090.f3", rating, shownReps: prompt!.reps });

      const first = await click(study, "good");
      const late = await click(study, "easy");
      expect(late).toMatchObject({ rating: "good", nextDue: first.nextDue });
      expect(await cardOf(tess, "Q090.f3")).toMatchObject({ reps: 2 });

      clock.advance(30 * DAY);
      const again = await study.nextReview(tess);
      expect(again?.reps).toBe(2);
      const together = await Promise.all([
        study.selfRate({ deliveryKey: unique("click"), member: tess, itemId: "Q090.f3", rating: "hard", shownReps: 2 }),
        otherProcess.selfRate({ deliveryKey: unique("click"), member: tess, itemId: "Q090.f3", rating: "hard", shownReps: 2 }),
      ]);
      expect(together[1].nextDue).toBe(together[0].nextDue);
      expect(await cardOf(tess, "Q090.f3")).toMatchObject({ reps: 3 });
    });

    it("counts a /review answer form sent twice as one answer", async () => {
      clock.set(POST_TIME);
      const uma = newMember();
      await study.selfRate({ deliveryKey: unique("delivery"), member: uma, itemId: "Q091.f2", rating: "again" });
      clock.advance(DAY);
      const prompt = await study.nextReview(uma);
      const send = (deliveryKey: string, text: string) =>
        study.submitAnswer({ deliveryKey, member: uma, postId: null, itemId: "Q091.f2", text, shownReps: prompt!.reps });
      const first = await send(unique("submit"), "不一样。本题算例用总体标准差，样本标准差结果不同。");
      const second = await send(unique("submit"), "完全不同的第二次回答");
      expect(first.alreadyAnswered).toBe(false);
      expect(second).toMatchObject({ alreadyAnswered: true, answerId: first.answerId, score: first.score });
      expect(await cardOf(uma, "Q091.f2")).toMatchObject({ reps: 2 });
    });

    it("judges a misconception statement: calling it wrong is recall, agreeing is a lapse", async () => {
      clock.set(POST_TIME);
      const paul = newMember();
      const quinn = newMember();
      const statement = itemsById.get("Q090.m1")!;
      expect(statement.kind).toBe("misconception");

      const right = await study.judgeStatement({ deliveryKey: unique("delivery"), member: paul, itemId: statement.id, saysRight: false });
      expect(right).toMatchObject({ correct: true, rating: "good", modelAnswer: statement.answer, item: { itemId: "Q090.m1", kind: "misconception" } });
      const wrong = await study.judgeStatement({ deliveryKey: unique("delivery"), member: quinn, itemId: statement.id, saysRight: true });
      expect(wrong).toMatchObject({ correct: false, rating: "again" });
      expect(await cardOf(paul, "Q090.m1")).toMatchObject({ reps: 1, lapses: 0 });
      expect(Date.parse(right.nextDue)).toBeGreaterThan(Date.parse(wrong.nextDue));

      await expect(study.judgeStatement({ deliveryKey: unique("delivery"), member: paul, itemId: "Q090", saysRight: false })).rejects.toMatchObject({
        code: "unknown-item",
        message: "Q090 is not a statement to judge",
      });
      expect(await cardOf(paul, "Q090")).toBeNull();
    });

    it("gives hints that name concepts without the answer", () => {
      const hint = study.hint("Q090");
      expect(hint.item.itemId).toBe("Q090");
      expect(hint.keyPointCount).toBe(4);
      expect(hint.concepts.length).toBeGreaterThan(0);
      const answer = itemsById.get("Q090")!.answer;
      for (const concept of hint.concepts) expect(concept.length).toBeLessThan(answer.length / 4);
      expect(() => study.hint("Q999")).toThrow(StudyError);
    });
  });

  describe("member settings", () => {
    it("starts from the defaults and refuses invalid values with their own codes, changing nothing", async () => {
      clock.set(POST_TIME);
      const rosa = newMember();
      expect(await study.memberSettings(rosa)).toEqual({ timezone: "UTC", dayStartHour: 4, desiredRetention: 0.9 });
      await expect(study.updateMemberSettings(rosa, { timezone: "Mars/Olympus_Mons" })).rejects.toMatchObject({
        code: "invalid-timezone",
        message: "unknown timezone: Mars/Olympus_Mons",
      });
      for (const dayStartHour of [24, -1, 1.5]) {
        await expect(study.updateMemberSettings(rosa, { dayStartHour })).rejects.toMatchObject({ code: "invalid-day-start" });
      }
      for (const desiredRetention of [0.5, 0.99, Number.NaN]) {
        await expect(study.updateMemberSettings(rosa, { desiredRetention })).rejects.toMatchObject({
          code: "invalid-retention",
          params: { min: 0.7, max: 0.97 },
        });
      }
      await expect(study.updateMemberSettings(rosa, { dayStartHour: 6, desiredRetention: 2 })).rejects.toMatchObject({ code: "invalid-retention" });
      expect(await study.memberSettings(rosa)).toEqual({ timezone: "UTC", dayStartHour: 4, desiredRetention: 0.9 });

      expect(await study.updateMemberSettings(rosa, { timezone: "Asia/Shanghai" })).toEqual({ timezone: "Asia/Shanghai", dayStartHour: 4, desiredRetention: 0.9 });
      expect(await study.updateMemberSettings(rosa, { dayStartHour: 0, desiredRetention: 0.85 })).toEqual({
        timezone: "Asia/Shanghai",
        dayStartHour: 0,
        desiredRetention: 0.85,
      });
    });

    it("counts an answer on the member's own local date, by their timezone and day start", async () => {
      // 14:30 UTC on 10 March: 03:30 on 11 March in Auckland, 22:30 on 10 March in Shanghai.
      clock.set("2026-03-10T14:30:00Z");
      const localDateOf = async (member: MemberRef) => {
        const result = await study.submitAnswer({ deliveryKey: unique("delivery"), member, postId: null, itemId: "Q092", text: "不知道" });
        return (await getAnswer(open.db, Number(result.answerId)))?.localDate;
      };
      const utc = newMember();
      const aucklandEarlyBird = newMember();
      const aucklandNightOwl = newMember();
      await study.updateMemberSettings(aucklandEarlyBird, { timezone: "Pacific/Auckland", dayStartHour: 0 });
      await study.updateMemberSettings(aucklandNightOwl, { timezone: "Pacific/Auckland", dayStartHour: 4 });
      expect(await localDateOf(utc)).toBe("2026-03-10");
      expect(await localDateOf(aucklandEarlyBird)).toBe("2026-03-11");
      // Before their 04:00 day start, 03:30 still belongs to the day before.
      expect(await localDateOf(aucklandNightOwl)).toBe("2026-03-10");

      // 02:00 UTC: before a UTC member's 04:00 day start, but 10:00 in Shanghai.
      clock.set("2026-03-11T02:00:00Z");
      const shanghai = newMember();
      await study.updateMemberSettings(shanghai, { timezone: "Asia/Shanghai" });
      expect(await localDateOf(utc)).toBe("2026-03-10");
      expect(await localDateOf(shanghai)).toBe("2026-03-11");
    });
  });
});
