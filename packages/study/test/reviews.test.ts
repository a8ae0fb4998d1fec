// `/review` against a real database: due items one at a time, self-rating, statements to judge,
// each counted once however often it is clicked or delivered.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { QuizItem } from "@recall/content";
import type { StudyService } from "../src/index.ts";
import { DAY, GOOD_Q090_ANSWER } from "./fixtures.ts";
import { POST_TIME, useStudy } from "./study-harness.ts";
import { targets } from "./targets.ts";

// The database does the work here: on a busy two-core machine a test can take seconds.
vi.setConfig({ testTimeout: 30_000 });

describe.each(targets())("reviews on $name", (target) => {
  const harness = useStudy(target);
  const { clock, unique, newMember, cardOf } = harness;
  let study: StudyService;
  let otherProcess: StudyService;
  let itemsById: Map<string, QuizItem>;
  beforeAll(() => {
    ({ study, otherProcess, itemsById } = harness);
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

  });

  describe("/weak", () => {
    it("lists the follow-ups of a main question just missed as new, before any review, then the studied ones", async () => {
      clock.set(POST_TIME);
      const vera = newMember();
      expect(await study.weakFollowUps(vera)).toEqual([]);
      const missed = await study.submitAnswer({ deliveryKey: unique("delivery"), member: vera, postId: null, itemId: "Q090", text: "不知道" });
      expect(["again", "hard"]).toContain(missed.rating);

      const followUps = [...itemsById.values()].filter((item) => item.parentId === "Q090" && item.kind === "followup").map((item) => item.id);
      expect(followUps.length).toBeGreaterThan(1);
      const fresh = await study.weakFollowUps(vera);
      expect(fresh.map((row) => row.itemId)).toEqual(followUps);
      for (const row of fresh) expect(row).toMatchObject({ missedIn: "Q090", reps: 0, lapses: 0, prompt: itemsById.get(row.itemId)!.prompt });

      // Drilled once, a follow-up is ranked with the studied ones, after those still new.
      const [first, ...rest] = followUps;
      await study.selfRate({ deliveryKey: unique("delivery"), member: vera, itemId: first!, rating: "again", shownReps: 0 });
      clock.advance(DAY);
      const later = await study.weakFollowUps(vera);
      expect(later.map((row) => row.itemId)).toEqual([...rest, first]);
      expect(later.at(-1)).toMatchObject({ missedIn: null, reps: 1 });
      expect(later.at(-1)!.retrievability).toBeGreaterThan(0);
    });

    it("has nothing weak for a member who has missed nothing, and counts a rating overridden into a miss", async () => {
      clock.set(POST_TIME);
      const will = newMember();
      const strong = await study.submitAnswer({ deliveryKey: unique("delivery"), member: will, postId: null, itemId: "Q090", text: GOOD_Q090_ANSWER });
      expect(["good", "easy"]).toContain(strong.rating);
      expect(await study.weakFollowUps(will)).toEqual([]);
      await study.overrideRating({ member: will, answerId: strong.answerId, rating: "hard" });
      expect((await study.weakFollowUps(will)).every((row) => row.missedIn === "Q090")).toBe(true);
      // Overridden back to Good, the miss is gone, and so is the list.
      await study.overrideRating({ member: will, answerId: strong.answerId, rating: "good" });
      expect(await study.weakFollowUps(will)).toEqual([]);
    });
  });
});
