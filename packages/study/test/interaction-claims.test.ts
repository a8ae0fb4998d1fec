// Once per interaction id: two processes on one database claim a burst of ids side by side, each
// id is owned by exactly one of them, and a burst goes to the database in a few statements.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createStudy, type StudyService } from "../src/index.ts";
import { CLAIM_STATEMENTS_IN_FLIGHT } from "../src/interaction-claims.ts";
import { contentItems } from "./fixtures.ts";
import { hookedStatements } from "./hooked-statements.ts";
import { useStudy } from "./study-harness.ts";
import { targets } from "./targets.ts";

vi.setConfig({ testTimeout: 30_000 });

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
    let statements = 0;
    const counted = hookedStatements(harness.open.db, (run) => {
      statements += 1;
      return run();
    });
    const burstStudy = createStudy({ db: counted, items: await contentItems(), clock: harness.clock.now });
    const ids = Array.from({ length: 200 }, () => harness.unique("1300000000000"));
    const owned = await Promise.all(ids.map((id) => burstStudy.claimInteraction(id)));
    expect(owned.every(Boolean)).toBe(true);
    // The first go at once, the rest wait for one of them and go together.
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThanOrEqual(CLAIM_STATEMENTS_IN_FLIGHT + 1);
  });

  it("rejects every claim of a statement that fails, and claims again afterwards", async () => {
    let failing = true;
    const flaky = hookedStatements(harness.open.db, (run) => (failing ? Promise.reject(new Error("connection lost")) : run()));
    const flakyStudy = createStudy({ db: flaky, items: await contentItems(), clock: harness.clock.now });
    const ids = [harness.unique("1400000000000"), harness.unique("1400000000000"), harness.unique("1400000000000")];
    const results = await Promise.allSettled(ids.map((id) => flakyStudy.claimInteraction(id)));
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    failing = false;
    expect(await Promise.all(ids.map((id) => flakyStudy.claimInteraction(id)))).toEqual([true, true, true]);
  });

  it("does not hold claims back behind statements that hang", async () => {
    let hung = 0;
    const stalled = hookedStatements(harness.open.db, (run) => (++hung <= CLAIM_STATEMENTS_IN_FLIGHT ? new Promise(() => undefined) : run()));
    const stalledStudy = createStudy({ db: stalled, items: await contentItems(), clock: harness.clock.now });
    const stuck = Array.from({ length: CLAIM_STATEMENTS_IN_FLIGHT }, () => stalledStudy.claimInteraction(harness.unique("1500000000000")));
    for (const claim of stuck) claim.catch(() => undefined);
    const later = [harness.unique("1500000000000"), harness.unique("1500000000000")];
    // Answered once the hanging statements give up their places (CLAIM_SLOT_MS), not never.
    expect(await Promise.all(later.map((id) => stalledStudy.claimInteraction(id)))).toEqual([true, true]);
  });
});
