// Once per interaction id: two processes on one database claim a burst of ids side by side, each
// id is owned by exactly one of them, and a burst goes to the database in a few statements.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@recall/db";
import { createStudy, type StudyService } from "../src/index.ts";
import { contentItems } from "./fixtures.ts";
import { useStudy } from "./study-harness.ts";
import { targets } from "./targets.ts";

vi.setConfig({ testTimeout: 30_000 });

/** The database as the study sees it, counting the raw statements it runs. */
function countingExecutes(db: Database): { db: Database; executes: () => number } {
  let count = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== "execute" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        count += 1;
        return Reflect.apply(value, target, args) as unknown;
      };
    },
  });
  return { db: counted, executes: () => count };
}

describe.each(targets())("interaction claims on $name", (target) => {
  const harness = useStudy(target);
  let study: StudyService;
  let otherProcess: StudyService;
  beforeAll(() => {
    ({ study, otherProcess } = harness);
  });

  it("gives each id of a burst to exactly one of two processes", async () => {
    const ids = Array.from({ length: 120 }, () => harness.unique("1100000000000"));
    const [mine, theirs] = await Promise.all([
      Promise.all(ids.map((id) => study.claimInteraction(id))),
      Promise.all([...ids].reverse().map((id) => otherProcess.claimInteraction(id))),
    ]);
    theirs.reverse();
    for (const [index] of ids.entries()) expect([mine[index], theirs[index]].filter(Boolean)).toHaveLength(1);
    // Claimed once, an id stays taken.
    expect(await study.claimInteraction(ids[0] ?? "")).toBe(false);
    expect(await otherProcess.claimInteraction(ids[0] ?? "")).toBe(false);
  });

  it("owns an id once when one process asks for it twice at the same moment", async () => {
    const id = harness.unique("1200000000000");
    const results = await Promise.all([study.claimInteraction(id), study.claimInteraction(id), study.claimInteraction(id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("claims a burst in a few statements, not one per interaction", async () => {
    const counting = countingExecutes(harness.open.db);
    const burstStudy = createStudy({ db: counting.db, items: await contentItems(), clock: harness.clock.now });
    const ids = Array.from({ length: 200 }, () => harness.unique("1300000000000"));
    const owned = await Promise.all(ids.map((id) => burstStudy.claimInteraction(id)));
    expect(owned.every(Boolean)).toBe(true);
    // The first goes alone, the rest wait for it and go together.
    expect(counting.executes()).toBeGreaterThanOrEqual(1);
    expect(counting.executes()).toBeLessThanOrEqual(2);
  });

  it("rejects every claim of a statement that fails, and claims again afterwards", async () => {
    let failing = true;
    const flaky = new Proxy(harness.open.db, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== "execute" || typeof value !== "function") return value;
        return (...args: unknown[]) => (failing ? Promise.reject(new Error("connection lost")) : (Reflect.apply(value, target, args) as unknown));
      },
    });
    const flakyStudy = createStudy({ db: flaky, items: await contentItems(), clock: harness.clock.now });
    const ids = [harness.unique("1400000000000"), harness.unique("1400000000000")];
    const results = await Promise.allSettled(ids.map((id) => flakyStudy.claimInteraction(id)));
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    failing = false;
    expect(await Promise.all(ids.map((id) => flakyStudy.claimInteraction(id)))).toEqual([true, true]);
  });
});
