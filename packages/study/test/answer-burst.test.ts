// Answers in a burst: the member reads and the answer writes of answers arriving together go in
// a few statements (group commit), and every answer still gets its own result: written, shown the
// first result, or refused because its post closed.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createStudy, type StudyService } from "../src/index.ts";
import { ANSWER_STATEMENTS_IN_FLIGHT } from "../src/answer-statements.ts";
import { contentItems, GOOD_Q090_ANSWER } from "./fixtures.ts";
import { hookedStatements, type StatementHook } from "./hooked-statements.ts";
import { POST_TIME, useStudy } from "./study-harness.ts";
import { targets } from "./targets.ts";

vi.setConfig({ testTimeout: 60_000 });

const READS = "recall_members_and_cards_creating";
const WRITES = "recall_record_answers_call";

describe.each(targets())("answers in a burst on $name", (target) => {
  const harness = useStudy(target);
  const { clock, unique, postedQuiz, newMember, cardOf } = harness;
  let study: StudyService;
  let otherProcess: StudyService;
  beforeAll(() => {
    ({ study, otherProcess } = harness);
  });

  /** A study service whose statements are counted by name. */
  async function countedStudy(hook?: StatementHook) {
    const counts = new Map<string, number>();
    const counted = hookedStatements(harness.open.db, (run, name, values) => {
      counts.set(name, (counts.get(name) ?? 0) + 1);
      return hook ? hook(run, name, values) : run();
    });
    const service = createStudy({ db: counted, items: await contentItems(), clock: harness.clock.now });
    return { service, counts };
  }

  it("reads and writes a burst in a few statements, each answer with its own result", async () => {
    const quiz = await postedQuiz();
    const closing = await postedQuiz();
    const { service, counts } = await countedStudy();
    // This process has seen both posts open (and keeps them, with their groups' timezones); another
    // one closes the second before the burst.
    for (const seen of [quiz, closing]) {
      await service.submitAnswer({ deliveryKey: unique("delivery"), member: newMember(seen.serverId), postId: seen.postId, itemId: "Q090", text: "不知道" });
    }
    clock.set("2026-03-03T01:00:00Z");
    expect(await otherProcess.closeDailyQuiz(closing.postId)).not.toBeNull();
    counts.clear();

    const members = Array.from({ length: 40 }, () => newMember(quiz.serverId));
    const twice = newMember(quiz.serverId);
    const late = [newMember(closing.serverId), newMember(closing.serverId)];
    const submit = (member: (typeof members)[number], postId: string, text: string) =>
      service.submitAnswer({ deliveryKey: unique("delivery"), member, postId, itemId: "Q090", text });
    const outcomes = await Promise.allSettled([
      ...members.map((member, index) => submit(member, quiz.postId, index % 2 === 0 ? GOOD_Q090_ANSWER : "不知道")),
      submit(twice, quiz.postId, GOOD_Q090_ANSWER),
      submit(twice, quiz.postId, "不知道"),
      ...late.map((member) => submit(member, closing.postId, GOOD_Q090_ANSWER)),
    ]);

    const results = outcomes.slice(0, members.length).map((outcome) => (outcome.status === "fulfilled" ? outcome.value : null));
    expect(results.every((result) => result !== null && !result.alreadyAnswered)).toBe(true);
    expect(new Set(results.map((result) => result?.answerId)).size).toBe(members.length);
    // Each got its own grading, not a neighbour's.
    for (const [index, result] of results.entries()) {
      if (index % 2 === 0) expect(result?.score).toBeGreaterThan(0.6);
      else expect(result?.score).toBeLessThan(0.2);
    }
    for (const member of members) expect((await cardOf(member, "Q090"))?.reps).toBe(1);

    // The same member twice: one is written (whichever reaches the statement first), the other
    // is shown its result.
    const pair = outcomes.slice(members.length, members.length + 2).map((outcome) => (outcome.status === "fulfilled" ? outcome.value : null));
    expect(pair.map((result) => result?.alreadyAnswered).sort()).toEqual([false, true]);
    const [written, repeat] = pair[0]?.alreadyAnswered ? [pair[1], pair[0]] : [pair[0], pair[1]];
    expect(repeat).toEqual({ ...written, alreadyAnswered: true });
    expect((await cardOf(twice, "Q090"))?.reps).toBe(1);

    for (const outcome of outcomes.slice(members.length + 2)) expect(outcome).toMatchObject({ status: "rejected", reason: { code: "post-closed" } });
    for (const member of late) expect(await cardOf(member, "Q090")).toBeNull();
    expect((await study.dailyQuiz(quiz.postId))?.answerCount).toBe(members.length + 2);

    // 44 answers, 44 reads and 44 writes one by one: the first go at once, the rest wait for a
    // place and go together. The writes follow the reads as they settle, and an answer that comes
    // free while no statement is out goes alone, so the exact split depends on timing.
    expect(counts.get(READS)).toBeLessThanOrEqual(ANSWER_STATEMENTS_IN_FLIGHT + 2);
    expect(counts.get(WRITES)).toBeLessThanOrEqual(2 * ANSWER_STATEMENTS_IN_FLIGHT + 2);
    clock.set(POST_TIME);
  });

  it("sends each answer alone when the database refuses their statement as a whole", async () => {
    const quiz = await postedQuiz();
    let refused = 0;
    const answersIn = (values: unknown): number => (JSON.parse((values as { inputs: string }).inputs) as unknown[]).length;
    const { service, counts } = await countedStudy((run, name, values) => {
      // The first statement of several answers loses a deadlock with another process's.
      if (name === WRITES && refused === 0 && answersIn(values) > 1) {
        refused += 1;
        return Promise.reject(Object.assign(new Error("deadlock detected"), { code: "40P01" }));
      }
      return run();
    });
    const members = Array.from({ length: 12 }, () => newMember(quiz.serverId));
    const results = await Promise.all(
      members.map((member) => service.submitAnswer({ deliveryKey: unique("delivery"), member, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER })),
    );
    expect(refused).toBe(1);
    expect(results.every((result) => !result.alreadyAnswered && result.score > 0.6)).toBe(true);
    for (const member of members) expect((await cardOf(member, "Q090"))?.reps).toBe(1);
    // The refused batch went again one answer per statement.
    expect(counts.get(WRITES)).toBeGreaterThan(ANSWER_STATEMENTS_IN_FLIGHT + 2);
  });

  it("fails every answer of a statement that loses its connection, and takes them afterwards", async () => {
    const quiz = await postedQuiz();
    let failing = true;
    const { service } = await countedStudy((run, name) =>
      failing && name === WRITES ? Promise.reject(Object.assign(new Error("connection reset"), { code: "ECONNRESET" })) : run(),
    );
    const members = Array.from({ length: 5 }, () => newMember(quiz.serverId));
    const submitAll = () =>
      Promise.allSettled(members.map((member) => service.submitAnswer({ deliveryKey: `burst:${member.userId}`, member, postId: quiz.postId, itemId: "Q090", text: GOOD_Q090_ANSWER })));
    const lost = await submitAll();
    expect(lost.every((outcome) => outcome.status === "rejected")).toBe(true);
    for (const member of members) expect(await cardOf(member, "Q090")).toBeNull();
    failing = false;
    const kept = await submitAll();
    expect(kept.every((outcome) => outcome.status === "fulfilled" && !outcome.value.alreadyAnswered)).toBe(true);
  });
});
