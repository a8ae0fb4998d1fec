// `/interview` against a real database: the interviewer's choices, the report, reviews recorded
// (or not), double submissions, expiry after 15 idle minutes and resuming an open session.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getAnswer, type OpenDatabase } from "@recall/db";
import type { StudyService } from "../src/index.ts";
import { GOOD_Q090_ANSWER, MINUTE } from "./fixtures.ts";
import { POST_TIME, useStudy } from "./study-harness.ts";
import { targets } from "./targets.ts";

vi.setConfig({ testTimeout: 30_000 });

/** Q090 without its first point (locate the fault before changing anything). */
const Q090_WITHOUT_LOCATING = "提示和记忆只改变输入，不等于训练。SFT 用示范，DPO 用偏好对，Agent RL 用环境奖励。最后用独立任务和坏例验收。";

describe.each(targets())("interviews on $name", (target) => {
  const harness = useStudy(target);
  const { clock, unique, newMember, cardOf } = harness;
  let study: StudyService;
  let otherProcess: StudyService;
  let open: OpenDatabase;
  beforeAll(() => {
    ({ study, otherProcess, open } = harness);
  });

  it("probes a weak answer with the follow-up covering the missed point, then reports hits and misses", async () => {
    clock.set(POST_TIME);
    const ann = newMember();
    const first = await study.startInterview(ann, { questions: 1 });
    expect(first).toMatchObject({ step: 0, depth: 0, item: { itemId: "Q090" }, questionNumber: 1, questionCount: 1, record: true, resumed: false });
    expect(Date.parse(first.targetEndsAt) - Date.parse(first.askedAt)).toBe(60_000);

    clock.advance(45_000);
    const turn = await study.answerInterview({ member: ann, sessionId: first.sessionId, step: 0, text: Q090_WITHOUT_LOCATING });
    expect(turn.repeated).toBe(false);
    expect(turn.answer.seconds).toBe(45);
    expect(turn.answer.keyPoints.find((kp) => kp.id === "k1")?.verdict).not.toBe("hit");
    expect(turn.next).toMatchObject({ step: 1, depth: 1, item: { itemId: "Q090.f3" }, reason: "covers-missed" });

    // Through the follow-ups to the end: two or three deep, then the report.
    let next = turn.next;
    let report = turn.report;
    while (next) {
      clock.advance(90_000);
      const answered = await study.answerInterview({ member: ann, sessionId: next.sessionId, step: next.step, text: "不知道" });
      next = answered.next;
      report = answered.report;
    }
    expect(report).not.toBeNull();
    expect(report!.status).toBe("finished");
    expect(report!.answers.length).toBeGreaterThanOrEqual(3);
    expect(report!.answers.length).toBeLessThanOrEqual(4);
    expect(report!.answers[0]!.keyPoints.filter((kp) => kp.verdict === "hit").map((kp) => kp.id)).toEqual(expect.arrayContaining(["k3", "k4"]));
    expect(report!.answers[0]!.keyPoints.find((kp) => kp.id === "k1")?.text).toContain("定位");
    expect(report!.overall).toMatchObject({ answered: report!.answers.length, withinTarget: 1, targetSeconds: 60 });
    expect(["fair", "weak"]).toContain(report!.overall.rating);
    expect(report!.practiseNext.length).toBeGreaterThan(0);
    expect(report!.practiseNext.map((p) => p.itemId)).toContain("Q090.f3");

    // Every answer was a review: the main question and each follow-up asked.
    expect(await cardOf(ann, "Q090")).toMatchObject({ reps: 1 });
    for (const answer of report!.answers) expect(answer.answerId).not.toBeNull();
    expect((await getAnswer(open.db, Number(report!.answers[1]!.answerId)))?.itemId).toBe("Q090.f3");
  });

  it("asks the follow-up the member knows least after a strong answer, and records nothing with record:false", async () => {
    clock.set(POST_TIME);
    const ben = newMember();
    for (const itemId of ["Q090.f1", "Q090.f3"]) {
      await study.selfRate({ deliveryKey: unique("delivery"), member: ben, itemId, rating: "good" });
    }
    clock.advance(MINUTE);
    const first = await study.startInterview(ben, { questions: 1, record: false });
    expect(first.record).toBe(false);
    const turn = await study.answerInterview({ member: ben, sessionId: first.sessionId, step: 0, text: GOOD_Q090_ANSWER });
    expect(turn.answer.keyPoints.every((kp) => kp.verdict === "hit")).toBe(true);
    expect(turn.next).toMatchObject({ item: { itemId: "Q090.f2" }, reason: "least-known" });
    expect(turn.answer.answerId).toBeNull();
    expect(await cardOf(ben, "Q090")).toBeNull();
    expect(await cardOf(ben, "Q090.f1")).toMatchObject({ reps: 1 });

    const report = await study.stopInterview(ben, first.sessionId);
    expect(report).toMatchObject({ status: "finished", record: false, overall: { answered: 1 } });
    expect(report.overall.rating).toBe("strong");
    expect(await study.stopInterview(ben, first.sessionId)).toEqual(report);
  });

  it("counts a form sent twice, or by two processes at once, once", async () => {
    clock.set(POST_TIME);
    const cat = newMember();
    const first = await study.startInterview(cat, { questions: 1 });
    const send = (service: StudyService, text: string) => service.answerInterview({ member: cat, sessionId: first.sessionId, step: 0, text });
    const [a, b] = await Promise.all([send(study, Q090_WITHOUT_LOCATING), send(otherProcess, Q090_WITHOUT_LOCATING)]);
    expect([a.repeated, b.repeated].sort()).toEqual([false, true]);
    expect(b.next).toEqual(a.next);
    const again = await send(study, "完全不同的回答");
    expect(again).toMatchObject({ repeated: true, answer: { score: a.answer.score }, next: { step: 1 } });
    expect(await cardOf(cat, "Q090")).toMatchObject({ reps: 1 });
  });

  it("resumes the open session on a second start, and expires it after 15 idle minutes", async () => {
    clock.set(POST_TIME);
    const dan = newMember();
    const first = await study.startInterview(dan);
    expect(first.questionCount).toBe(2);
    clock.advance(10 * MINUTE);
    const resumed = await otherProcess.startInterview(dan, { questions: 5 });
    expect(resumed).toMatchObject({ sessionId: first.sessionId, step: 0, askedAt: first.askedAt, resumed: true, questionCount: 2 });

    // Resuming was activity: 14 more minutes are fine, 15 and a bit are not.
    clock.advance(14 * MINUTE);
    const turn = await study.answerInterview({ member: dan, sessionId: first.sessionId, step: 0, text: "不知道" });
    clock.advance(15 * MINUTE + 1);
    await expect(study.answerInterview({ member: dan, sessionId: first.sessionId, step: 1, text: "不知道" })).rejects.toMatchObject({
      code: "interview-expired",
    });
    expect(await study.stopInterview(dan, first.sessionId)).toMatchObject({ status: "expired", overall: { answered: 1 } });
    const fresh = await study.startInterview(dan);
    expect(fresh.sessionId).not.toBe(first.sessionId);
    expect(fresh.resumed).toBe(false);
    expect(turn.next?.step).toBe(1);

    // Left idle again, the next start says the last one expired.
    clock.advance(16 * MINUTE);
    expect(await study.startInterview(dan)).toMatchObject({ previousExpired: true, resumed: false });
  });

  it("refuses bad lengths, unknown chapters and another member's session, writing nothing", async () => {
    clock.set(POST_TIME);
    const eve = newMember();
    for (const questions of [0, 6, 1.5]) {
      await expect(study.startInterview(eve, { questions })).rejects.toMatchObject({ code: "invalid-interview-length", params: { min: 1, max: 5 } });
    }
    await expect(study.startInterview(eve, { chapter: 99 })).rejects.toMatchObject({ code: "unknown-chapters" });
    const mine = await study.startInterview(eve, { chapter: 12, questions: 1 });
    const mallory = newMember();
    await expect(study.answerInterview({ member: mallory, sessionId: mine.sessionId, step: 0, text: "x" })).rejects.toMatchObject({ code: "unknown-interview" });
    await expect(study.stopInterview(mallory, mine.sessionId)).rejects.toMatchObject({ code: "unknown-interview" });
    await expect(study.answerInterview({ member: eve, sessionId: mine.sessionId, step: 3, text: "x" })).rejects.toMatchObject({ code: "unknown-interview" });
    await expect(study.answerInterview({ member: eve, sessionId: mine.sessionId, step: 0, text: "长".repeat(4001) })).rejects.toMatchObject({ code: "answer-too-long" });
    expect((await study.startInterview(eve)).resumed).toBe(true);
  });
});
