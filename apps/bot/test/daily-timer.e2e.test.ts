// The daily cycle wakes at the group's daily time rather than on a ticker: with a safety tick of a
// minute, the post still goes out within moments of 09:00. The test clock runs in real time here,
// from half a second before the daily time, because the wake-up is a real timer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CHANNEL_ID, GUILD_ID, livePosts, startHarness, type Harness } from "./harness.ts";

/** A clock that moves with real time from the instant it was last set to. */
function runningClock(startIso: string) {
  let start = Date.parse(startIso);
  let realStart = Date.now();
  const clock = {
    get ms(): number {
      return start + (Date.now() - realStart);
    },
    now: (): Date => new Date(clock.ms),
    set(iso: string): void {
      start = Date.parse(iso);
      realStart = Date.now();
    },
    advance(ms: number): void {
      start += ms;
    },
  };
  return clock;
}

const SAFETY_TICK_MS = 60_000;
let h: Harness;
const clock = runningClock("2026-03-02T00:59:57Z");

beforeAll(async () => {
  h = await startHarness({ clock, tickMs: SAFETY_TICK_MS });
}, 180_000);

afterAll(async () => {
  await h?.stop();
});

describe("the daily timer", () => {
  it("posts within moments of the daily time after /quiz setup, without waiting for the safety tick", async () => {
    // Monday 2 March 2026, 08:59:58 in Shanghai: the set-up has two seconds before 09:00.
    clock.set("2026-03-02T00:59:58Z");
    const setup = h.fake.slashCommand({
      ...ADMIN,
      guildId: GUILD_ID,
      channelId: CHANNEL_ID,
      name: "quiz",
      subcommand: "setup",
      options: { time: "09:00", timezone: "Asia/Shanghai", questions: 1 },
    });
    await setup.waitForReply();

    await h.fake.waitForMessage(CHANNEL_ID, (message) => message.interactionId === null, { timeoutMs: 20_000 });
    const postedAt = clock.ms;
    expect(postedAt).toBeGreaterThanOrEqual(Date.parse("2026-03-02T01:00:00Z"));
    // Far sooner than the safety tick: the timer woke at 09:00 (generous for a loaded machine).
    expect(postedAt - Date.parse("2026-03-02T01:00:00Z")).toBeLessThan(SAFETY_TICK_MS / 4);
    expect(livePosts(h.fake)).toHaveLength(1);
  }, 60_000);
});
