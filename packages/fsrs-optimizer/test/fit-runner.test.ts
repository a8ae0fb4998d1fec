// Fits run in child processes: a crash or a hang there is a failed fit, never a dead caller.

import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FitRunner, fitJobProblem, toHistories, type FitJob, type ReviewEvent } from "../src/index.ts";

const ABORTING_CHILD = fileURLToPath(new URL("./fixtures/aborting-child.ts", import.meta.url));
const SILENT_CHILD = fileURLToPath(new URL("./fixtures/silent-child.ts", import.meta.url));

/** Small but real: 40 cards, each Good on day 0, then reviews 2 and 7 days later. */
function smallJob(): FitJob {
  const cards = Array.from({ length: 40 }, (_, i) => ({
    ratings: [3, i % 5 === 0 ? 1 : 3, 3],
    deltaTs: [0, 2, i % 3 === 0 ? 9 : 7],
  }));
  const items = cards.flatMap((_, card) => [
    { card, length: 2 },
    { card, length: 3 },
  ]);
  return { cards, items };
}

describe("FitRunner", () => {
  it("fits 21 finite weights in a child process", async () => {
    const runner = new FitRunner();
    const outcome = await runner.fit(smallJob());
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.parameters).toHaveLength(21);
    expect(outcome.parameters.every(Number.isFinite)).toBe(true);
  });

  it("refuses, without starting a child, inputs that would abort the binding", async () => {
    const starts: unknown[] = [];
    const runner = new FitRunner({ onChildStart: (info) => starts.push(info) });
    const sameDayOnly: FitJob = { cards: [{ ratings: [3, 3], deltaTs: [0, 0] }], items: [{ card: 0, length: 2 }] };
    const singleReview: FitJob = { cards: [{ ratings: [3], deltaTs: [0] }], items: [{ card: 0, length: 1 }] };
    const badRating: FitJob = { cards: [{ ratings: [3, 5], deltaTs: [0, 2] }], items: [{ card: 0, length: 2 }] };
    const fractionalDays: FitJob = { cards: [{ ratings: [3, 3], deltaTs: [0, 1.5] }], items: [{ card: 0, length: 2 }] };
    const empty: FitJob = { cards: [], items: [] };
    for (const [job, message] of [
      [sameDayOnly, "item 0: the predicted review must fall on a later day than the one before it"],
      [singleReview, "item 0: length must be from 2 to the card's 1 reviews"],
      [badRating, "card 0 review 1: rating must be 1, 2, 3 or 4"],
      [fractionalDays, "card 0 review 1: day gap must be a whole number from 0 to 100000"],
      [empty, "a fit needs at least one item"],
    ] as const) {
      const outcome = await runner.fit(job);
      expect(outcome).toMatchObject({ ok: false, reason: `input refused: ${message}` });
    }
    expect(starts).toEqual([]);
  });

  it("never turns same-day-only cards or single reviews into items", () => {
    const at = Date.parse("2026-01-01T09:00:00Z");
    const reviews: ReviewEvent[] = [
      { card: "once", rating: "good", atMs: at },
      { card: "today", rating: "again", atMs: at },
      { card: "today", rating: "good", atMs: at + 600_000 },
    ];
    const histories = toHistories(reviews, { timezone: "UTC", dayStartHour: 0 });
    expect(histories.items).toEqual([]);
    expect(histories.reviews).toBe(3);
    expect(fitJobProblem({ cards: histories.cards, items: histories.items })).toBe("a fit needs at least one item");
  });

  it("reports a child the binding aborted (SIGABRT) as a failed fit, and keeps working", async () => {
    const exits: { code: number | null; signal: string | null }[] = [];
    const crashing = new FitRunner({ childModule: ABORTING_CHILD, onChildExit: ({ code, signal }) => exits.push({ code, signal }) });
    const outcome = await crashing.fit(smallJob());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.reason).toMatch(/^the fit process ended without an answer \(signal SIGABRT\)/);
    expect(outcome.reason).toContain("delta_t > 0");
    expect(exits).toEqual([{ code: null, signal: "SIGABRT" }]);
    // This process is still here, and a sound fit still works.
    expect((await new FitRunner().fit(smallJob())).ok).toBe(true);
  });

  it("stops a fit that runs past its time limit", async () => {
    const runner = new FitRunner({ childModule: SILENT_CHILD, timeoutMs: 3_000 });
    const outcome = await runner.fit(smallJob());
    expect(outcome).toMatchObject({ ok: false, reason: "the fit took longer than 3000 ms and was stopped" });
    expect(outcome.elapsedMs).toBeGreaterThanOrEqual(2_900);
  });

  it("runs one fit at a time, in order", async () => {
    const events: string[] = [];
    const runner = new FitRunner({
      onChildStart: () => events.push("start"),
      onChildExit: () => events.push("exit"),
    });
    const outcomes = await Promise.all([runner.fit(smallJob()), runner.fit(smallJob()), runner.fit(smallJob())]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true]);
    expect(events).toEqual(["start", "exit", "start", "exit", "start", "exit"]);
  });

  it("refuses fits after close", async () => {
    const runner = new FitRunner();
    runner.close();
    expect(await runner.fit(smallJob())).toMatchObject({ ok: false, reason: "the fit runner is closed" });
  });
});
