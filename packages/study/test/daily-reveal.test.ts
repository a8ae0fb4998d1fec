// A daily quiz's close against a real database: revealed once across processes, with the model
// answer, the top scorers and the key points the group missed most.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { QuizItem } from "@recall/content";
import type { MemberRef, StudyService } from "../src/index.ts";
import { GOOD_Q090_ANSWER } from "./fixtures.ts";
import { useStudy } from "./study-harness.ts";
import { targets } from "./targets.ts";

// The database does the work here: on a busy two-core machine a test can take seconds.
vi.setConfig({ testTimeout: 30_000 });

describe.each(targets())("daily reveal on $name", (target) => {
  const harness = useStudy(target);
  const { clock, unique, postedQuiz, newMember } = harness;
  let study: StudyService;
  let otherProcess: StudyService;
  let itemsById: Map<string, QuizItem>;
  beforeAll(() => {
    ({ study, otherProcess, itemsById } = harness);
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
});
