// When the daily cycle next has work, so the bot can sleep until then instead of polling.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenDatabase } from "@recall/db";
import { createStudy, type StudyService } from "../src/index.ts";
import { adminOf, contentItems, TestClock } from "./fixtures.ts";
import { targets } from "./targets.ts";

vi.setConfig({ testTimeout: 30_000 });

describe.each(targets())("nextDailyEventAt on $name", (target) => {
  // Monday 2 March 2026, 08:00 in Shanghai (00:00 UTC).
  const clock = new TestClock("2026-03-02T00:00:00Z");
  let open: OpenDatabase;
  let study: StudyService;

  beforeAll(async () => {
    open = await target.open();
    study = createStudy({ db: open.db, items: await contentItems(), clock: clock.now });
    await study.syncContent();
  }, 120_000);

  afterAll(async () => {
    if (open) await target.dispose(open);
  });

  const shanghai = { serverId: "server-a", channelId: "channel-a" };
  const london = { serverId: "server-b", channelId: "channel-b" };

  it("is null without study groups", async () => {
    expect(await study.nextDailyEventAt()).toBeNull();
  });

  it("is the earliest daily time to come, in each group's own zone; now while a post is due and not out", async () => {
    await study.setupGroup(adminOf(shanghai.serverId), { ...shanghai, dailyTime: "09:00", timezone: "Asia/Shanghai" });
    await study.setupGroup(adminOf(london.serverId), { ...london, dailyTime: "07:30", timezone: "Europe/London" });
    expect(await study.nextDailyEventAt()).toBe("2026-03-02T01:00:00.000Z");
    clock.set("2026-03-02T01:00:05Z");
    expect(await study.nextDailyEventAt()).toBe("2026-03-02T01:00:05.000Z");

    const due = (await study.duePosts()).find((post) => post.channelId === shanghai.channelId)!;
    const quiz = await study.claimDailyQuiz(due);
    await study.markPosted(quiz!.postId, "900000000000000001");
    expect(await study.nextDailyEventAt()).toBe("2026-03-02T07:30:00.000Z");
  });

  it("skips a paused group's time but keeps the close of its open post", async () => {
    await study.setGroupPaused(adminOf(london.serverId), london, true);
    await study.setGroupPaused(adminOf(shanghai.serverId), shanghai, true);
    // Nothing posts any more, but Shanghai's post closes at tomorrow's 09:00.
    expect(await study.nextDailyEventAt()).toBe("2026-03-03T01:00:00.000Z");
  });

  it("includes the takeover of a claim left pending by a crash", async () => {
    await study.setGroupPaused(adminOf(london.serverId), london, false);
    clock.set("2026-03-02T07:30:00Z");
    const due = (await study.duePosts()).find((post) => post.channelId === london.channelId)!;
    expect(await study.claimDailyQuiz(due)).not.toBeNull();
    // Claimed, never sent: another process may take it over once stale (2 minutes).
    expect(await study.nextDailyEventAt()).toBe("2026-03-02T07:32:00.000Z");
  });
});
