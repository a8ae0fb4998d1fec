import { describe, expect, it } from "vitest";
import { addDays, instantAt, isValidTimezone, localParts, normaliseDailyTime } from "../src/group-clock.ts";

describe("localParts", () => {
  it("reads the wall clock of Shanghai, eight hours ahead of UTC all year", () => {
    expect(localParts(new Date("2026-03-01T16:00:00Z"), "Asia/Shanghai")).toEqual({ date: "2026-03-02", hour: 0, minute: 0, second: 0 });
    expect(localParts(new Date("2026-03-01T15:59:59Z"), "Asia/Shanghai")).toEqual({ date: "2026-03-01", hour: 23, minute: 59, second: 59 });
    expect(localParts(new Date("2026-07-01T01:00:00Z"), "Asia/Shanghai")).toMatchObject({ date: "2026-07-01", hour: 9 });
  });

  it("follows New York across the spring-forward jump", () => {
    expect(localParts(new Date("2026-03-08T06:59:00Z"), "America/New_York")).toMatchObject({ date: "2026-03-08", hour: 1, minute: 59 });
    expect(localParts(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toMatchObject({ date: "2026-03-08", hour: 3, minute: 0 });
  });

  it("puts Auckland a calendar day ahead of UTC in its morning", () => {
    expect(localParts(new Date("2026-03-01T20:00:00Z"), "Pacific/Auckland")).toEqual({ date: "2026-03-02", hour: 9, minute: 0, second: 0 });
    expect(localParts(new Date("2026-07-01T21:00:00Z"), "Pacific/Auckland")).toMatchObject({ date: "2026-07-02", hour: 9 });
  });

  it("reads midnight as hour 0, not 24", () => {
    expect(localParts(new Date("2026-03-02T00:00:00Z"), "UTC")).toMatchObject({ date: "2026-03-02", hour: 0 });
  });
});

describe("instantAt", () => {
  it("places Shanghai's 09:00 at 01:00 UTC", () => {
    expect(instantAt("2026-03-02", "09:00", "Asia/Shanghai").toISOString()).toBe("2026-03-02T01:00:00.000Z");
    expect(instantAt("2026-03-02", "00:00", "Asia/Shanghai").toISOString()).toBe("2026-03-01T16:00:00.000Z");
  });

  it("uses New York's offset in force on the day itself", () => {
    expect(instantAt("2026-03-07", "09:00", "America/New_York").toISOString()).toBe("2026-03-07T14:00:00.000Z");
    expect(instantAt("2026-03-08", "09:00", "America/New_York").toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(instantAt("2026-03-08", "01:30", "America/New_York").toISOString()).toBe("2026-03-08T06:30:00.000Z");
  });

  it("moves a wall time skipped by spring-forward past the jump: 02:30 becomes 03:30 EDT", () => {
    const instant = instantAt("2026-03-08", "02:30", "America/New_York");
    expect(instant.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(localParts(instant, "America/New_York")).toMatchObject({ date: "2026-03-08", hour: 3, minute: 30 });
  });

  it("takes one of the two instants of a wall time repeated in autumn", () => {
    const instant = instantAt("2026-11-01", "01:30", "America/New_York").toISOString();
    expect(["2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"]).toContain(instant);
    expect(localParts(new Date(instant), "America/New_York")).toMatchObject({ date: "2026-11-01", hour: 1, minute: 30 });
  });

  it("handles Auckland's summer and winter offsets and its own spring-forward gap", () => {
    expect(instantAt("2026-03-02", "09:00", "Pacific/Auckland").toISOString()).toBe("2026-03-01T20:00:00.000Z");
    expect(instantAt("2026-07-02", "09:00", "Pacific/Auckland").toISOString()).toBe("2026-07-01T21:00:00.000Z");
    // 27 September 2026: 02:00 NZST jumps to 03:00 NZDT.
    const skipped = instantAt("2026-09-27", "02:30", "Pacific/Auckland");
    expect(skipped.toISOString()).toBe("2026-09-26T14:30:00.000Z");
    expect(localParts(skipped, "Pacific/Auckland")).toMatchObject({ date: "2026-09-27", hour: 3, minute: 30 });
  });

  it("is the inverse of localParts for every hour of a DST-changing day", () => {
    for (const timezone of ["America/New_York", "Pacific/Auckland", "Asia/Shanghai"]) {
      for (let hour = 0; hour < 24; hour++) {
        const time = `${String(hour).padStart(2, "0")}:15`;
        const instant = instantAt("2026-03-08", time, timezone);
        const parts = localParts(instant, timezone);
        expect(parts.date).toBe("2026-03-08");
        // Only New York's skipped hour moves, and by exactly the jump.
        expect(parts.hour).toBe(timezone === "America/New_York" && hour === 2 ? 3 : hour);
        expect(parts.minute).toBe(15);
      }
    }
  });
});

describe("addDays", () => {
  it("crosses month, leap-day and year ends", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("counts calendar days, unaffected by a DST change between them", () => {
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-03-02", 0)).toBe("2026-03-02");
  });
});

describe("normaliseDailyTime", () => {
  it("accepts common spellings of a time of day", () => {
    expect(normaliseDailyTime("09:00")).toBe("09:00");
    expect(normaliseDailyTime("9:00")).toBe("09:00");
    expect(normaliseDailyTime("0900")).toBe("09:00");
    expect(normaliseDailyTime(" 21:30 ")).toBe("21:30");
    expect(normaliseDailyTime("9：30")).toBe("09:30");
    expect(normaliseDailyTime("00:00")).toBe("00:00");
    expect(normaliseDailyTime("23:59")).toBe("23:59");
  });

  it("refuses what is not a time of day", () => {
    for (const input of ["24:00", "12:60", "25:00", "9am", "", "9", "09:00:00", "-1:00", "ab:cd"]) {
      expect(normaliseDailyTime(input), input).toBeNull();
    }
  });
});

describe("isValidTimezone", () => {
  it("accepts IANA zones and refuses made-up ones", () => {
    expect(isValidTimezone("Asia/Shanghai")).toBe(true);
    expect(isValidTimezone("America/New_York")).toBe(true);
    expect(isValidTimezone("UTC")).toBe(true);
    expect(isValidTimezone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimezone("")).toBe(false);
  });
});
