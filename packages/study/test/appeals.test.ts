// Appeals against a real database: who may appeal what and when, the per-member limits, an
// acceptance that regrades, redoes the review and teaches the server an alias (and only that
// server), refused aliases, rejections with a reason, and the member told each decision once.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getAnswer, type OpenDatabase } from "@recall/db";
import {
  ALIAS_OVERLAY_TTL_MS,
  MAX_APPEALS_PER_DAY,
  MAX_PENDING_APPEALS,
  StudyError,
  guessAliases,
  type MemberRef,
  type StudyService,
} from "../src/index.ts";
import { adminOf, DAY, MINUTE, plainMemberOf } from "./fixtures.ts";
import { useStudy } from "./study-harness.ts";
import { targets } from "./targets.ts";

vi.setConfig({ testTimeout: 60_000 });

/** Q090 with its last point (check on held-out tasks and bad cases) in words the bank does not list. */
const Q090_OWN_WORDS =
  "先定位错误属于数据、工具还是上下文，缺资料先修系统。提示和记忆只改变输入，不等于训练。SFT 用示范，DPO 用偏好对，Agent RL 用环境奖励。最后拿新题和翻车案例回测。";

async function studyError(promise: Promise<unknown>): Promise<StudyError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StudyError) return error;
    throw error;
  }
  throw new Error("expected a StudyError");
}

describe.each(targets())("appeals on $name", (target) => {
  const harness = useStudy(target);
  const { clock, unique, newMember } = harness;
  let study: StudyService;
  let otherProcess: StudyService;
  let open: OpenDatabase;
  beforeAll(() => {
    ({ study, otherProcess, open } = harness);
  });

  async function answer(member: MemberRef, itemId: string, text: string, on: StudyService = study) {
    return on.submitAnswer({ deliveryKey: unique("delivery"), member, postId: null, itemId, text });
  }

  const k4 = (result: { keyPoints: Array<{ id: string; verdict: string }> }) => result.keyPoints.find((kp) => kp.id === "k4")?.verdict;

  it("opens an answer to appeal for a day, once, to its author only", async () => {
    const server = unique("server");
    const ann = newMember(server);
    const result = await answer(ann, "Q090", Q090_OWN_WORDS);
    expect(k4(result)).toBe("missed");
    expect(result.appealUntil).toBe(new Date(clock.ms + DAY).toISOString());
    expect(result.appealStatus).toBeNull();

    const intruder = newMember(server);
    expect((await studyError(study.appealAnswer({ member: intruder, answerId: result.answerId, note: "" }))).code).toBe("appeal-not-yours");
    expect((await studyError(study.appealAnswer({ member: { ...ann, serverId: null }, answerId: result.answerId, note: "" }))).code).toBe("appeal-needs-server");
    expect((await studyError(study.appealAnswer({ member: ann, answerId: result.answerId, note: "长".repeat(501) }))).code).toBe("appeal-note-too-long");

    clock.advance(MINUTE);
    const [first, second] = await Promise.all([
      study.appealAnswer({ member: ann, answerId: result.answerId, note: "回测就是验收" }),
      otherProcess.appealAnswer({ member: ann, answerId: result.answerId, note: "again" }),
    ]);
    expect(first.appealId).toBe(second.appealId);
    expect([first.alreadyFiled, second.alreadyFiled].sort()).toEqual([false, true]);
    const again = await study.appealAnswer({ member: ann, answerId: result.answerId, note: "" });
    expect(again).toMatchObject({ alreadyFiled: true, status: "pending" });

    // Shown again (an override), the result no longer offers an appeal.
    const overridden = await study.overrideRating({ member: ann, answerId: result.answerId, rating: "hard" });
    expect(overridden).toMatchObject({ appealUntil: null, appealStatus: "pending" });

    const late = await answer(ann, "Q091", "不知道");
    clock.advance(DAY + MINUTE);
    expect((await studyError(study.appealAnswer({ member: ann, answerId: late.answerId, note: "" }))).code).toBe("appeal-window-passed");
    const revealed = await study.revealAnswer({ deliveryKey: unique("reveal"), member: ann, postId: null, itemId: "Q092" });
    expect(revealed.appealUntil).toBeNull();
    expect((await studyError(study.appealAnswer({ member: ann, answerId: revealed.answerId, note: "" }))).code).toBe("appeal-not-graded");
  });

  it("limits a member to a few pending appeals and a number a day, and says when they may appeal again", async () => {
    const server = unique("server");
    const admin = adminOf(server);
    const bea = newMember(server);
    const started = clock.ms;
    const appealOne = async () => {
      const result = await answer(bea, "Q091", "不知道");
      return study.appealAnswer({ member: bea, answerId: result.answerId, note: "" });
    };
    const filed: string[] = [];
    for (let round = 0; filed.length < MAX_APPEALS_PER_DAY; round++) {
      while (filed.length < MAX_APPEALS_PER_DAY && filed.length < (round + 1) * MAX_PENDING_APPEALS) {
        filed.push((await appealOne()).appealId);
        clock.advance(MINUTE);
      }
      if (filed.length % MAX_PENDING_APPEALS === 0 && filed.length < MAX_APPEALS_PER_DAY) {
        const extra = await answer(bea, "Q091", "不知道");
        const refused = await studyError(study.appealAnswer({ member: bea, answerId: extra.answerId, note: "" }));
        expect(refused.code).toBe("appeal-too-many-pending");
        expect(refused.params).toEqual({ max: MAX_PENDING_APPEALS });
      }
      for (;;) {
        const next = await study.nextAppeal(admin);
        if (!next) break;
        await study.rejectAppeal({ actor: admin, appealId: next.appealId, reason: "不够" });
      }
    }
    const extra = await answer(bea, "Q091", "不知道");
    const limited = await studyError(study.appealAnswer({ member: bea, answerId: extra.answerId, note: "" }));
    expect(limited.code).toBe("appeal-rate-limited");
    expect(limited.params).toEqual({ max: MAX_APPEALS_PER_DAY, until: new Date(started + DAY).toISOString() });
    // Another server's limits are its own.
    const inOtherServer = { ...bea, serverId: unique("server") };
    const elsewhere = await answer(inOtherServer, "Q091", "不知道");
    expect((await study.appealAnswer({ member: inOtherServer, answerId: elsewhere.answerId, note: "" })).alreadyFiled).toBe(false);
  });

  it("counts appeals filed at the same instant one after the other, across processes", async () => {
    const server = unique("server");
    const dan = newMember(server);
    for (let i = 0; i < MAX_PENDING_APPEALS - 1; i++) {
      const result = await answer(dan, "Q091", "不知道");
      await study.appealAnswer({ member: dan, answerId: result.answerId, note: "" });
      clock.advance(MINUTE);
    }
    // One place left: of two appeals for different answers filed at once, one gets it. Whether the
    // two really interleave here depends on timing; @recall/db's appeals test forces them to.
    const [a, b] = [await answer(dan, "Q091", "不知道"), await answer(dan, "Q092", "不知道")];
    const outcomes = await Promise.allSettled([
      study.appealAnswer({ member: dan, answerId: a.answerId, note: "" }),
      otherProcess.appealAnswer({ member: dan, answerId: b.answerId, note: "" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason instanceof StudyError && refused.reason.code).toBe("appeal-too-many-pending");
  });

  it("accepts: chosen points hit, the review redone, the alias graded as hit in this server only, the member told once", async () => {
    const server = unique("server");
    const elsewhere = unique("server");
    const admin = adminOf(server);
    const cai = newMember(server);
    const result = await answer(cai, "Q090", Q090_OWN_WORDS);
    const cardBefore = await harness.cardOf(cai, "Q090");
    const filed = await study.appealAnswer({ member: cai, answerId: result.answerId, note: "回测就是验收" });

    expect((await studyError(study.nextAppeal(plainMemberOf(server)))).code).toBe("not-allowed");
    expect(await study.nextAppeal(adminOf(elsewhere))).toBeNull();
    const shown = (await study.nextAppeal(admin))!;
    expect(shown).toMatchObject({
      appealId: filed.appealId,
      pending: 1,
      memberUserId: cai.userId,
      answerText: Q090_OWN_WORDS,
      note: "回测就是验收",
      item: { itemId: "Q090" },
      score: result.score,
      rating: result.rating,
    });
    expect(shown.appealablePoints.map((point) => point.id)).toContain("k4");
    expect(shown.keyPoints.find((kp) => kp.id === "k1")).toMatchObject({ verdict: "hit" });

    const guesses = await study.appealAliasGuesses(admin, filed.appealId, ["k4"]);
    expect(guesses.map((guess) => [guess.pointId, guess.concept])).toEqual([["k4", 0], ["k4", 1]]);
    expect(guesses[0]?.guess).toBe("最后拿新题和翻车案例回测");
    expect((await studyError(study.acceptAppeal({ actor: adminOf(elsewhere), appealId: filed.appealId, pointIds: ["k4"], aliases: [] }))).code).toBe("unknown-appeal");
    expect((await studyError(study.acceptAppeal({ actor: admin, appealId: filed.appealId, pointIds: ["k1"], aliases: [] }))).code).toBe("appeal-no-points");

    clock.advance(5 * MINUTE);
    const decided = await study.acceptAppeal({
      actor: admin,
      appealId: filed.appealId,
      pointIds: ["k4"],
      aliases: [
        { pointId: "k4", concept: 0, alias: "回测" },
        { pointId: "k4", concept: 1, alias: "翻车案例" },
        { pointId: "k4", concept: 1, alias: "  " },
      ],
    });
    expect(decided).toMatchObject({ status: "accepted", memberUserId: cai.userId, next: null, reason: null });
    const outcome = decided.outcome!;
    expect(outcome).toMatchObject({ acceptedPoints: ["k4"], scoreBefore: result.score, ratingBefore: result.rating, scheduleChanged: true });
    expect(outcome.scoreAfter).toBeGreaterThan(result.score);
    expect(["good", "easy"]).toContain(outcome.ratingAfter);
    expect(outcome.aliases).toEqual([
      { pointId: "k4", concept: 0, alias: "回测", refusal: null },
      { pointId: "k4", concept: 1, alias: "翻车案例", refusal: null },
    ]);
    const stored = (await getAnswer(open.db, Number(result.answerId)))!;
    expect(stored).toMatchObject({ score: outcome.scoreAfter, rating: outcome.ratingAfter, suggestedRating: outcome.ratingAfter });
    expect(stored.verdicts.find((verdict) => verdict.id === "k4")?.verdict).toBe("hit");
    // Redone as if rated so from the start: same review time, the card from before the answer.
    const cardAfter = await harness.cardOf(cai, "Q090");
    expect(cardAfter?.lastReview).toBe(cardBefore?.lastReview);
    expect(Date.parse(cardAfter!.due)).toBeGreaterThan(Date.parse(cardBefore!.due));
    expect((await studyError(study.acceptAppeal({ actor: admin, appealId: filed.appealId, pointIds: ["k4"], aliases: [] }))).code).toBe("appeal-decided");

    // The same words now hit k4 in this server, at once in this process; not in another server.
    const dan = newMember(server);
    expect(k4(await answer(dan, "Q090", Q090_OWN_WORDS))).toBe("hit");
    expect(k4(await answer({ ...newMember(elsewhere) }, "Q090", Q090_OWN_WORDS))).toBe("missed");
    // Interviews in the server grade with its aliases too, recorded or not.
    for (const record of [false, true]) {
      const interviewee = newMember(server);
      const started = await study.startInterview(interviewee, { questions: 1, record });
      expect(started.item.itemId).toBe("Q090");
      const turn = await study.answerInterview({ member: interviewee, sessionId: started.sessionId, step: started.step, text: Q090_OWN_WORDS });
      expect(k4(turn.answer)).toBe("hit");
    }
    // Another process reads the server's aliases again once its copy is older than the time to live.
    clock.advance(ALIAS_OVERLAY_TTL_MS + 1);
    expect(k4(await answer(newMember(server), "Q090", Q090_OWN_WORDS, otherProcess))).toBe("hit");

    const notices = await study.takeAppealNotices(cai);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ appealId: filed.appealId, item: { itemId: "Q090" }, status: "accepted", reason: null, outcome });
    expect(await otherProcess.takeAppealNotices(cai)).toEqual([]);
  });

  it("keeps the accepted grade but refuses an alias that would make an off-topic answer pass", async () => {
    const server = unique("server");
    const admin = adminOf(server);
    const eve = newMember(server);
    const result = await answer(eve, "Q091.f1", "不知道");
    const filed = await study.appealAnswer({ member: eve, answerId: result.answerId, note: "" });
    const decided = await study.acceptAppeal({
      actor: admin,
      appealId: filed.appealId,
      pointIds: ["k2"],
      aliases: [
        { pointId: "k2", concept: 0, alias: "预算" },
        { pointId: "k2", concept: 0, alias: "不用组内" },
        { pointId: "k2", concept: 0, alias: "组" },
        { pointId: "k1", concept: 0, alias: "别的点" },
      ],
    });
    const aliases = decided.outcome?.aliases ?? [];
    expect(aliases.map((alias) => [alias.pointId, alias.alias, alias.refusal?.reason])).toEqual([
      ["k2", "预算", "off-topic-passes"],
      ["k2", "不用组内", "negates"],
      ["k2", "组", "too-short"],
    ]);
    expect(aliases.every((alias) => (alias.refusal?.message.length ?? 0) > 0)).toBe(true);
    expect(decided.outcome?.scoreAfter).toBeGreaterThan(result.score);
    // Nothing was learnt: the off-topic words still earn nothing in this server.
    const probe = await answer(newMember(server), "Q091.f1", "我觉得关键看预算和人手，其他都好说。");
    expect(probe.suggestedRating).toBe("again");
    expect(probe.keyPoints.find((kp) => kp.id === "k2")?.verdict).not.toBe("hit");
  });

  it("rejects with a reason the member is told; a later review leaves the schedule alone on accept", async () => {
    const server = unique("server");
    const admin = adminOf(server);
    const fay = newMember(server);
    const rejectedAnswer = await answer(fay, "Q091", "不知道");
    const rejectedAppeal = await study.appealAnswer({ member: fay, answerId: rejectedAnswer.answerId, note: "" });
    expect((await studyError(study.rejectAppeal({ actor: admin, appealId: rejectedAppeal.appealId, reason: "  " }))).code).toBe("appeal-reason-needed");
    expect((await studyError(study.rejectAppeal({ actor: plainMemberOf(server), appealId: rejectedAppeal.appealId, reason: "x" }))).code).toBe("not-allowed");

    const earlier = await answer(fay, "Q090", Q090_OWN_WORDS);
    const acceptedAppeal = await study.appealAnswer({ member: fay, answerId: earlier.answerId, note: "" });
    clock.advance(MINUTE);
    await answer(fay, "Q090", "不知道");
    const cardBefore = await harness.cardOf(fay, "Q090");

    const rejected = await study.rejectAppeal({ actor: admin, appealId: rejectedAppeal.appealId, reason: "没有提到 <@everyone> 组内基准" });
    expect(rejected).toMatchObject({ status: "rejected", reason: "没有提到 <@everyone> 组内基准", next: { appealId: acceptedAppeal.appealId, pending: 1 } });
    expect(await getAnswer(open.db, Number(rejectedAnswer.answerId))).toMatchObject({ score: rejectedAnswer.score, rating: rejectedAnswer.rating });

    const accepted = await study.acceptAppeal({ actor: admin, appealId: acceptedAppeal.appealId, pointIds: ["k4"], aliases: [] });
    expect(accepted.outcome).toMatchObject({ scheduleChanged: false, ratingAfter: earlier.rating, aliases: [] });
    expect(accepted.outcome!.scoreAfter).toBeGreaterThan(earlier.score);
    expect(await harness.cardOf(fay, "Q090")).toEqual(cardBefore);

    const notices = await study.takeAppealNotices(fay);
    expect(notices.map((notice) => [notice.status, notice.reason])).toEqual([
      ["rejected", "没有提到 <@everyone> 组内基准"],
      ["accepted", null],
    ]);
  });
});

describe("alias guesses", () => {
  it("offers the clause most like each concept the answer does not name", async () => {
    const { contentItems } = await import("./fixtures.ts");
    const q090 = (await contentItems()).find((item) => item.id === "Q090")!;
    expect(guessAliases(q090, Q090_OWN_WORDS, ["k4"]).map((guess) => guess.guess)).toEqual([
      "最后拿新题和翻车案例回测",
      "最后拿新题和翻车案例回测",
    ]);
    // A concept the answer names needs no alias.
    expect(guessAliases(q090, "最后用坏例回测", ["k4"]).map((guess) => guess.concept)).toEqual([0]);
    expect(guessAliases(q090, `${"x".repeat(100)}验收`, ["k4"])[0]?.guess).toHaveLength(40);
    // Words that share nothing with the point are not offered: the admin types the alias.
    expect(guessAliases(q090, "说不太清楚，大概就是这样", ["k4"]).map((guess) => guess.guess)).toEqual(["", ""]);
  });
});
