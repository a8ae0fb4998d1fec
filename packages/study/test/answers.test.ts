// Answers and overrides against a real database: grading, idempotent submissions, giving up,
// overriding the suggested rating, and hints.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getAnswer, getMemberByDiscordId, type OpenDatabase } from "@recall/db";
import { newCard, resolvePreferences, review } from "@recall/scheduler";
import type { QuizItem } from "@recall/content";
import { StudyError, type StudyService } from "../src/index.ts";
import { DAY, GOOD_Q090_ANSWER, MINUTE } from "./fixtures.ts";
import { POST_TIME, useStudy } from "./study-harness.ts";
import { targets } from "./targets.ts";

// The database does the work here: on a busy two-core machine a test can take seconds.
vi.setConfig({ testTimeout: 30_000 });

describe.each(targets())("answers on $name", (target) => {
  const harness = useStudy(target);
  const { clock, unique, postedQuiz, newMember, cardOf } = harness;
  let study: StudyService;
  let otherProcess: StudyService;
  let itemsById: Map<string, QuizItem>;
  let open: OpenDatabase;
  beforeAll(() => {
    ({ study, otherProcess, itemsById, open } = harness);
  });

  it("grades every item in memory once, at start-up, without an error", () => {
    // Every item in memory, each graded on its own model answer: an item the grader could not
    // grade would throw here, at start-up, not in a member's answer.
    expect(otherProcess.prepareGrading()).toBe(itemsById.size);
    expect(itemsById.size).toBeGreaterThan(0);
  });

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

    it("creates a member on their first answer and renames them on a later one", async () => {
      const quiz = await postedQuiz();
      const chen = newMember(quiz.serverId, { displayName: "小陈" });
      await study.submitAnswer({ deliveryKey: unique("delivery"), member: chen, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER });
      const created = await getMemberByDiscordId(open.db, chen.userId);
      expect(created).toMatchObject({ displayName: "小陈", locale: chen.locale, timezone: "Asia/Shanghai" });
      const later = await postedQuiz();
      clock.advance(MINUTE);
      await study.submitAnswer({ deliveryKey: unique("delivery"), member: { ...chen, displayName: "Chen" }, postId: later.postId, itemId: "Q090", text: "不知道" });
      expect(await getMemberByDiscordId(open.db, chen.userId)).toMatchObject({ id: created?.id, displayName: "Chen", timezone: "Asia/Shanghai" });
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

  describe("hint", () => {
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
});
