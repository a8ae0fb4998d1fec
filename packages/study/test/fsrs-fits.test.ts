// Personal FSRS weights through the study layer: members with 1,000 reviews are fitted once per
// job however many processes run the cycle, adopted weights schedule the very next review, a
// crashed fit changes nothing, and a member can go back to the defaults.
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { getMemberByDiscordId, schema } from "@recall/db";
import { FitRunner } from "@recall/fsrs-optimizer";
import { DEFAULT_PARAMETERS, type Rating } from "@recall/scheduler";
import type { MemberRef } from "../src/index.ts";
import { DAY } from "./fixtures.ts";
import { useStudy } from "./study-harness.ts";
import { targets } from "./targets.ts";

vi.setConfig({ testTimeout: 120_000 });

/** The weights fixtures/fixed-weights-child.ts answers with. */
const FAST_FORGETTER = [
  0.05, 0.1, 0.2, 0.5, 6.4133, 0.8334, 3.0194, 0.001, 0.4, 0.1192, 0.7, 1.8, 0.0546, 0.3, 2.0, 0.2, 2.9898, 0.51655,
  0.6621, 0.1, 0.1542,
];
const FIXED_CHILD = fileURLToPath(new URL("./fixtures/fixed-weights-child.ts", import.meta.url));
const ABORTING_CHILD = fileURLToPath(new URL("./fixtures/aborting-child.ts", import.meta.url));
const HISTORY_START = Date.parse("2022-01-03T02:00:00.000Z");

describe.each(targets())("personal FSRS weights on $name", (target) => {
  const harness = useStudy(target);
  const { clock, unique, newMember, cardOf } = harness;

  /**
   * Writes `reviews` reviews spread over `itemIds` straight into the log: a learner who forgets
   * within days (Again after a gap of 3 days or more, Good after 1–2), whom the defaults
   * mispredict badly. Returns the member's id.
   */
  async function withHistory(member: MemberRef, itemIds: string[], reviews: number): Promise<number> {
    await harness.study.memberSettings(member);
    const stored = await getMemberByDiscordId(harness.open.db, member.userId);
    const card = { due: new Date(HISTORY_START), stability: 1, difficulty: 5, scheduledDays: 1, learningSteps: 0, reps: 1, lapses: 0, state: "review" as const, lastReview: new Date(HISTORY_START) };
    const before = Object.fromEntries(Object.entries(card).map(([k, v]) => [`before${k[0]!.toUpperCase()}${k.slice(1)}`, v]));
    const after = Object.fromEntries(Object.entries(card).map(([k, v]) => [`after${k[0]!.toUpperCase()}${k.slice(1)}`, v]));
    const rows = [];
    const perItem = Math.ceil(reviews / itemIds.length);
    for (let i = 0; i < itemIds.length && rows.length < reviews; i++) {
      let day = i % 7;
      for (let r = 0; r < perItem && rows.length < reviews; r++) {
        const gap = r === 0 ? 0 : 1 + ((r * 7 + i * 3) % 6);
        day += gap;
        const rating: Rating = r === 0 ? "good" : gap >= 3 ? "again" : "good";
        rows.push({
          idempotencyKey: unique("history"),
          memberId: stored!.id,
          itemId: itemIds[i]!,
          source: "review",
          rating,
          reviewedAt: new Date(HISTORY_START + day * DAY + i * 60_000),
          ...before,
          ...after,
        });
      }
    }
    await harness.open.db.insert(schema.reviewLogs).values(rows as (typeof schema.reviewLogs.$inferInsert)[]);
    return stored!.id;
  }

  const history = () => [...harness.itemsById.keys()].slice(0, 20);
  const fresh = () => [...harness.itemsById.keys()].slice(20);

  it("fits a member with 1,000 reviews once, and their next review uses the adopted weights", async () => {
    clock.set("2026-03-02T01:00:00.000Z");
    const member = newMember();
    const memberId = await withHistory(member, history(), 1_000);
    const few = newMember();
    const fewId = await withHistory(few, history(), 999);
    expect(await harness.study.fsrsSettings(member)).toMatchObject({ kind: "default", logLossBefore: null });

    const runner = new FitRunner({ childModule: FIXED_CHILD });
    // Two processes run the cycle at once: the member's job runs in exactly one of them.
    const [first, second] = await Promise.all([
      harness.study.runFsrsFits({ runner, worker: "process-1" }),
      harness.otherProcess.runFsrsFits({ runner, worker: "process-2" }),
    ]);
    const runs = [...first, ...second].filter((run) => run.memberId === memberId);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: "adopted", reviews: 1_000 });
    expect([...first, ...second].some((run) => run.memberId === fewId)).toBe(false);
    expect(await harness.study.runFsrsFits({ runner, worker: "process-1" })).not.toContainEqual(expect.objectContaining({ memberId }));

    const settings = await harness.study.fsrsSettings(member);
    expect(settings).toMatchObject({ kind: "personal", since: clock.now().toISOString() });
    expect(settings.logLossAfter!).toBeLessThan(settings.logLossBefore! * 0.99);

    // A new card rated Good starts at the adopted initial stability for Good (w2).
    const [itemId] = fresh();
    await harness.study.selfRate({ deliveryKey: unique("rate"), member, itemId: itemId!, rating: "good" });
    expect((await cardOf(member, itemId!))?.stability).toBeCloseTo(FAST_FORGETTER[2]!, 8);

    // Back to the defaults: the next new card starts at the default w2.
    expect(await harness.study.useDefaultFsrs(member)).toMatchObject({ kind: "default", since: clock.now().toISOString(), logLossAfter: null });
    const other = fresh()[1]!;
    await harness.study.selfRate({ deliveryKey: unique("rate"), member, itemId: other, rating: "good" });
    expect((await cardOf(member, other))?.stability).toBeCloseTo(DEFAULT_PARAMETERS[2]!, 8);
    // And is not fitted again, even a month later.
    clock.advance(40 * DAY);
    expect(await harness.study.runFsrsFits({ runner, worker: "process-1" })).not.toContainEqual(expect.objectContaining({ memberId }));
    expect(await harness.study.fsrsSettings(member)).toMatchObject({ kind: "default", optedOut: true });

    // Asking for personal weights again: the next run fits the member as before.
    expect(await harness.study.allowPersonalFsrs(member)).toMatchObject({ kind: "default", optedOut: false });
    expect(await harness.study.runFsrsFits({ runner, worker: "process-1" })).toContainEqual(expect.objectContaining({ memberId, outcome: "adopted" }));
  });

  it("keeps the member's weights when the fit process dies", async () => {
    clock.set("2026-03-02T01:00:00.000Z");
    const member = newMember();
    const memberId = await withHistory(member, history(), 1_000);
    const runs = await harness.study.runFsrsFits({ runner: new FitRunner({ childModule: ABORTING_CHILD }), worker: "p" });
    const run = runs.find((r) => r.memberId === memberId);
    expect(run?.outcome).toBe("failed");
    expect(run?.reason).toMatch(/^the fit process ended without an answer \(signal SIGABRT\)/);
    expect(await harness.study.fsrsSettings(member)).toMatchObject({ kind: "default" });
  });
});
