import { describe, expect, it } from "vitest";
import { CHANNEL_REQUESTS_PER_SECOND, channelRequestsPerSecond, createRequestPacer } from "../src/jobs/request-pacer.ts";

/** A clock that only moves when the pacer sleeps, so the schedule is exact. */
function virtualTime() {
  let nowMs = 1_000;
  const sleeps: number[] = [];
  return {
    now: () => nowMs,
    sleep: (ms: number) => {
      sleeps.push(ms);
      nowMs += ms;
      return Promise.resolve();
    },
    advance: (ms: number) => void (nowMs += ms),
    sleeps,
  };
}

describe("request pacer", () => {
  it("lets the first request go at once and spaces the following ones evenly at the rate", async () => {
    const time = virtualTime();
    const pacer = createRequestPacer(50, time);
    const sentAt: number[] = [];
    for (let i = 0; i < 5; i++) {
      await pacer.slot();
      sentAt.push(time.now());
    }
    expect(sentAt).toEqual([1_000, 1_020, 1_040, 1_060, 1_080]);
  });

  it("never lets more than the rate through in any second, however many wait at once", async () => {
    const nowMs = 0;
    const wakeAt: number[] = [];
    const pacer = createRequestPacer(47, {
      now: () => nowMs,
      sleep: (ms) => {
        wakeAt.push(nowMs + ms);
        return Promise.resolve();
      },
    });
    await Promise.all(Array.from({ length: 500 }, () => pacer.slot()));
    const times = [0, ...wakeAt].sort((a, b) => a - b);
    expect(times).toHaveLength(500);
    for (let i = 0; i + 47 < times.length; i++) expect(times[i + 47]! - times[i]!).toBeGreaterThanOrEqual(1_000 - 1e-6);
  });

  it("does not bank unused time: after a quiet spell the next request goes at once, then the spacing resumes", async () => {
    const time = virtualTime();
    const pacer = createRequestPacer(10, time);
    await pacer.slot();
    time.advance(5_000);
    await pacer.slot();
    await pacer.slot();
    expect(time.sleeps).toEqual([100]);
  });

  it("refuses a rate that is not positive", () => {
    expect(() => createRequestPacer(0)).toThrow("a request pacer needs a positive rate, not 0");
  });

  it("splits the bot's channel budget between processes by the shards each runs", () => {
    expect(channelRequestsPerSecond([0], 1)).toBe(CHANNEL_REQUESTS_PER_SECOND);
    expect(channelRequestsPerSecond([1], 2)).toBe(CHANNEL_REQUESTS_PER_SECOND / 2);
    expect(channelRequestsPerSecond([0, 1, 2], 4)).toBe((CHANNEL_REQUESTS_PER_SECOND * 3) / 4);
    expect(CHANNEL_REQUESTS_PER_SECOND).toBeLessThan(50);
  });
});
