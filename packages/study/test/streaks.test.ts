// Streaks count the member's own local study days: their timezone and the hour their day starts,
// across daylight-saving changes. Answers here are `/review` answers, which count like any other.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenDatabase } from "@recall/db";
import { createStudy, type MemberRef, type StudyService } from "../src/index.ts";
import { contentItems, memberRef, TestClock } from "./fixtures.ts";
import { targets } from "./targets.ts";

vi.setConfig({ testTimeout: 30_000 });

describe.each(targets())("streaks on $name", (target) => {
  const clock = new TestClock("2026-03-01T00:00:00Z");
  let open: OpenDatabase;
  let study: StudyService;
  let sequence = 0;

  beforeAll(async () => {
    open = await target.open();
    study = createStudy({ db: open.db, items: await contentItems(), clock: clock.now });
    await study.syncContent();
  }, 120_000);

  afterAll(async () => {
    if (open) await target.dispose(open);
  });

  async function member(timezone: string, dayStartHour: number): Promise<MemberRef> {
    const ref = memberRef(`streak-${++sequence}`);
    await study.updateMemberSettings(ref, { timezone, dayStartHour });
    return ref;
  }

  /** One answer at each instant (UTC ISO), each to a different follow-up so none is a repeat. */
  async function answerAt(ref: MemberRef, instants: string[]): Promise<void> {
    const items = ["Q090.f1", "Q090.f2", "Q090.f3", "Q091.f1", "Q091.f2", "Q091.f3", "Q092.f1", "Q092.f2"];
    for (const [index, instant] of instants.entries()) {
      clock.set(instant);
      await study.submitAnswer({ deliveryKey: `${ref.userId}-${index}`, member: ref, postId: null, itemId: items[index]!, text: "可以，SFT 用示范。" });
    }
  }

  async function streakOf(ref: MemberRef, at: string) {
    clock.set(at);
    return (await study.stats(ref, null)).streak;
  }

  it("keeps a New York evening streak across the spring-forward night", async () => {
    const ny = await member("America/New_York", 0);
    // 22:30 local on 7, 8 and 9 March 2026; clocks jump from EST to EDT early on the 8th.
    await answerAt(ny, ["2026-03-08T03:30:00Z", "2026-03-09T02:30:00Z", "2026-03-10T02:30:00Z"]);
    expect(await streakOf(ny, "2026-03-10T03:00:00Z")).toEqual({ current: 3, longest: 3 });
  });

  it("counts 23:50 and 00:10 as one study day when the day starts at 04:00, two when it starts at midnight", async () => {
    const late = await member("Asia/Shanghai", 4);
    const midnight = await member("Asia/Shanghai", 0);
    // 23:50 on 2 March and 00:10 on 3 March in Shanghai.
    const instants = ["2026-03-02T15:50:00Z", "2026-03-02T16:10:00Z"];
    await answerAt(late, instants);
    await answerAt(midnight, instants);
    expect(await streakOf(late, "2026-03-02T16:20:00Z")).toEqual({ current: 1, longest: 1 });
    expect(await streakOf(midnight, "2026-03-02T16:20:00Z")).toEqual({ current: 2, longest: 2 });
  });

  it("breaks a streak on a missed local day, and keeps it alive until the next day ends", async () => {
    const auckland = await member("Pacific/Auckland", 4);
    // 20:00 local on 1, 2 and 4 April 2026 (NZDT until the 5th): the 3rd is missed.
    await answerAt(auckland, ["2026-04-01T07:00:00Z", "2026-04-02T07:00:00Z", "2026-04-04T07:00:00Z"]);
    expect(await streakOf(auckland, "2026-04-04T08:00:00Z")).toEqual({ current: 1, longest: 2 });
    // Still alive the next evening (after the autumn change on the 5th), gone the day after.
    expect((await streakOf(auckland, "2026-04-05T08:00:00Z")).current).toBe(1);
    expect((await streakOf(auckland, "2026-04-06T20:00:00Z")).current).toBe(0);
  });
});
