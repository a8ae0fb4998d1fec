import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, retryWhileUnavailable, StillUnavailableError } from "../src/interactions/retry-unavailable.ts";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const wrapped = () => new Error("Failed query", { cause: refused() });

function fakeTime() {
  let ms = 0;
  const waits: number[] = [];
  const sleep = (wait: number): Promise<void> => {
    waits.push(wait);
    ms += wait;
    return Promise.resolve();
  };
  return { now: () => ms, sleep, waits };
}

describe("retryWhileUnavailable", () => {
  it("recognises an unreachable database under drizzle's wrapper, and nothing else", () => {
    expect(isDatabaseUnavailable(wrapped())).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("shutting down"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("unique"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("bug"))).toBe(false);
  });

  it("keeps retrying with growing waits until the database answers", async () => {
    const time = fakeTime();
    let calls = 0;
    const result = await retryWhileUnavailable(
      () => {
        calls += 1;
        return calls < 5 ? Promise.reject(wrapped()) : Promise.resolve("graded");
      },
      time,
    );
    expect(result).toBe("graded");
    expect(time.waits).toEqual([250, 500, 1_000, 2_000]);
  });

  it("gives up after a minute with StillUnavailableError, and passes other errors through at once", async () => {
    const time = fakeTime();
    await expect(retryWhileUnavailable(() => Promise.reject(wrapped()), time)).rejects.toBeInstanceOf(StillUnavailableError);
    expect(time.now()).toBe(60_000);
    await expect(retryWhileUnavailable(() => Promise.reject(new Error("bug")), fakeTime())).rejects.toThrow("bug");
  });
});
