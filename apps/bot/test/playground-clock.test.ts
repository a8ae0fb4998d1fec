import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "@recall/discord-fake";
import { followClock, takeEvents } from "../src/playground-clock.ts";

let fake: FakeDiscord | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe("the playground clock", () => {
  it("parses complete server-sent events and keeps a partial one", () => {
    expect(takeEvents(': hi\n\nevent: clock\ndata: {"offsetMs":5}\n\nevent: clock\ndata: {"off')).toEqual({
      events: [{ event: "clock", data: '{"offsetMs":5}' }],
      rest: 'event: clock\ndata: {"off',
    });
  });

  it("follows the local Discord's clock as it moves forward, and tells listeners", async () => {
    fake = await startFakeDiscord({ guilds: [] });
    fake.advanceClock(60_000);
    const clock = await followClock(`${fake.pageUrl}_local/clock/events`, pino({ level: "silent" }));
    try {
      const skew = (): number => clock.now().getTime() - Date.now();
      expect(Math.abs(skew() - 60_000)).toBeLessThan(1_000);
      const moved = new Promise<void>((resolve) => clock.onChange(resolve));
      fake.advanceClock(7 * 86_400_000);
      await moved;
      expect(Math.abs(skew() - (60_000 + 7 * 86_400_000))).toBeLessThan(1_000);
    } finally {
      clock.stop();
    }
  });

  it("fails clearly when nothing answers at the address", async () => {
    fake = await startFakeDiscord({ guilds: [] });
    const url = `${fake.pageUrl}_local/clock/events`;
    await fake.close();
    fake = undefined;
    await expect(followClock(url, pino({ level: "silent" }))).rejects.toThrow(/could not follow the playground clock/);
  });
});
