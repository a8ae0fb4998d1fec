import { describe, expect, it } from "vitest";
import { createWorkLimiter } from "../src/interactions/work-limiter.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("the work limiter", () => {
  it("runs at most N at once and starts waiting work first in, first out", async () => {
    const limiter = createWorkLimiter(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const jobs = gates.map((gate, index) =>
      limiter.run(async () => {
        started.push(index);
        running += 1;
        peak = Math.max(peak, running);
        await gate.promise;
        running -= 1;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await jobs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
  });

  it("runs narrow while acknowledgements are owed and widens once they are done", async () => {
    let owed = true;
    const limiter = createWorkLimiter({ narrow: 1, wide: 3, acknowledging: () => owed });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const jobs = gates.map((gate, index) =>
      limiter.run(async () => {
        started.push(index);
        await gate.promise;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0]);
    owed = false;
    limiter.admit();
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    // Owed again: nothing more starts until the running work is down to the narrow width.
    owed = true;
    gates[0]!.resolve();
    await jobs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    await Promise.all([jobs[1], jobs[2]]);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[3]!.resolve();
    await jobs[3];
  });

  it("frees its place when work fails", async () => {
    const limiter = createWorkLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limiter.run(() => Promise.resolve("next"))).toBe("next");
  });
});
