// A member's settings against a real database: defaults, refusals with their own codes, and the
// local date an answer counts on.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getAnswer, type OpenDatabase } from "@recall/db";
import type { MemberRef, StudyService } from "../src/index.ts";
import { POST_TIME, useStudy } from "./study-harness.ts";
import { targets } from "./targets.ts";

// The database does the work here: on a busy two-core machine a test can take seconds.
vi.setConfig({ testTimeout: 30_000 });

describe.each(targets())("member settings on $name", (target) => {
  const harness = useStudy(target);
  const { clock, unique, newMember } = harness;
  let study: StudyService;
  let open: OpenDatabase;
  beforeAll(() => {
    ({ study, open } = harness);
  });

  describe("member settings", () => {
    it("starts from the defaults and refuses invalid values with their own codes, changing nothing", async () => {
      clock.set(POST_TIME);
      const rosa = newMember();
      expect(await study.memberSettings(rosa)).toEqual({ timezone: "UTC", dayStartHour: 4, desiredRetention: 0.9 });
      await expect(study.updateMemberSettings(rosa, { timezone: "Mars/Olympus_Mons" })).rejects.toMatchObject({
        code: "invalid-timezone",
        message: "unknown timezone: Mars/Olympus_Mons",
      });
      for (const dayStartHour of [24, -1, 1.5]) {
        await expect(study.updateMemberSettings(rosa, { dayStartHour })).rejects.toMatchObject({ code: "invalid-day-start" });
      }
      for (const desiredRetention of [0.5, 0.99, Number.NaN]) {
        await expect(study.updateMemberSettings(rosa, { desiredRetention })).rejects.toMatchObject({
          code: "invalid-retention",
          params: { min: 0.7, max: 0.97 },
        });
      }
      await expect(study.updateMemberSettings(rosa, { dayStartHour: 6, desiredRetention: 2 })).rejects.toMatchObject({ code: "invalid-retention" });
      expect(await study.memberSettings(rosa)).toEqual({ timezone: "UTC", dayStartHour: 4, desiredRetention: 0.9 });

      expect(await study.updateMemberSettings(rosa, { timezone: "Asia/Shanghai" })).toEqual({ timezone: "Asia/Shanghai", dayStartHour: 4, desiredRetention: 0.9 });
      expect(await study.updateMemberSettings(rosa, { dayStartHour: 0, desiredRetention: 0.85 })).toEqual({
        timezone: "Asia/Shanghai",
        dayStartHour: 0,
        desiredRetention: 0.85,
      });
    });

    it("counts an answer on the member's own local date, by their timezone and day start", async () => {
      // 14:30 UTC on 10 March: 03:30 on 11 March in Auckland, 22:30 on 10 March in Shanghai.
      clock.set("2026-03-10T14:30:00Z");
      const localDateOf = async (member: MemberRef) => {
        const result = await study.submitAnswer({ deliveryKey: unique("delivery"), member, postId: null, itemId: "Q092", text: "不知道" });
        return (await getAnswer(open.db, Number(result.answerId)))?.localDate;
      };
      const utc = newMember();
      const aucklandEarlyBird = newMember();
      const aucklandNightOwl = newMember();
      await study.updateMemberSettings(aucklandEarlyBird, { timezone: "Pacific/Auckland", dayStartHour: 0 });
      await study.updateMemberSettings(aucklandNightOwl, { timezone: "Pacific/Auckland", dayStartHour: 4 });
      expect(await localDateOf(utc)).toBe("2026-03-10");
      expect(await localDateOf(aucklandEarlyBird)).toBe("2026-03-11");
      // Before their 04:00 day start, 03:30 still belongs to the day before.
      expect(await localDateOf(aucklandNightOwl)).toBe("2026-03-10");

      // 02:00 UTC: before a UTC member's 04:00 day start, but 10:00 in Shanghai.
      clock.set("2026-03-11T02:00:00Z");
      const shanghai = newMember();
      await study.updateMemberSettings(shanghai, { timezone: "Asia/Shanghai" });
      expect(await localDateOf(utc)).toBe("2026-03-10");
      expect(await localDateOf(shanghai)).toBe("2026-03-11");
    });
  });
});
