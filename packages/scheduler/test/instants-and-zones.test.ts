// The arithmetic fast paths (ISO times, cached zone offsets) must agree with the platform's
// own Date and Intl answers everywhere, including the odd cases they hand back to them.

import { describe, expect, it } from "vitest";
import { formatInstant, parseInstant, tryParseInstant } from "../src/instants.ts";
import { TimeZoneClock } from "../src/local-day.ts";
import { seededRandom } from "./support.ts";

describe("ISO instants", () => {
  it("formats exactly like toISOString across four-digit years", () => {
    const random = seededRandom(11);
    const min = Date.UTC(1000, 0, 1);
    const max = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    const mismatches: number[] = [];
    for (let i = 0; i < 50_000; i++) {
      const ms = Math.floor(min + random() * (max - min));
      if (formatInstant(ms) !== new Date(ms).toISOString()) mismatches.push(ms);
    }
    expect(mismatches).toEqual([]);
    for (const ms of [0, -1, Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(2000, 1, 29), Date.UTC(1900, 2, 1) - 1]) {
      expect(formatInstant(ms)).toBe(new Date(ms).toISOString());
    }
    expect(formatInstant(Date.UTC(-5, 0, 1))).toBe(new Date(Date.UTC(-5, 0, 1)).toISOString());
    expect(formatInstant(Date.UTC(10000, 0, 1))).toBe("+010000-01-01T00:00:00.000Z");
  });

  it("parses canonical strings exactly like Date.parse", () => {
    const random = seededRandom(12);
    const mismatches: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const iso = new Date(Math.floor(random() * 4e12)).toISOString();
      if (tryParseInstant(iso) !== Date.parse(iso)) mismatches.push(iso);
    }
    expect(mismatches).toEqual([]);
  });

  it("hands every other accepted form to Date.parse", () => {
    for (const text of [
      "2024-02-29T12:00:00.000Z",
      "2024-02-30T00:00:00.000Z",
      "2024-01-31T23:59:59.999Z",
      "2024-01-01T24:00:00.000Z",
      "2024-03-10T09:30:00Z",
      "2024-03-10T09:30Z",
      "2024-03-10T17:30:00+08:00",
      "2024-03-10T04:30:00.5-0500",
      "0999-12-31T00:00:00.000Z",
    ]) {
      expect(tryParseInstant(text)).toBe(Date.parse(text));
      expect(Number.isNaN(Date.parse(text))).toBe(false);
    }
  });

  it("rejects strings without a zone or with impossible fields", () => {
    for (const text of ["2024-03-10", "2024-03-10T09:30:00", "2024-03-10 09:30:00Z", "2024-13-01T00:00:00.000Z", "2024-01-32T00:00:00.000Z", "2024-01-01T00:60:00.000Z", "2024-0a-01T00:00:00.000Z"]) {
      expect(tryParseInstant(text)).toBeNull();
    }
    expect(parseInstant(new Date(5), "x")).toBe(5);
  });
});

const formats = new Map<string, Intl.DateTimeFormat>();

/** The offset straight from Intl, with no offset cache, for comparison. */
function intlOffset(timeZone: string, ms: number): number {
  const whole = Math.floor(ms / 1000) * 1000;
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(whole);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - whole;
}

describe("time zone offsets", () => {
  const zones = ["America/New_York", "Pacific/Auckland", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "Europe/London", "Asia/Shanghai"];

  for (const zone of zones) {
    it(`match Intl at random instants and around every change in 2024 (${zone})`, () => {
      const clock = new TimeZoneClock(zone);
      const random = seededRandom(zone.length);
      const start = Date.UTC(2024, 0, 1);
      const end = Date.UTC(2025, 0, 1);
      for (let i = 0; i < 300; i++) {
        const ms = Math.floor(start + random() * (end - start));
        expect(clock.offsetAt(ms)).toBe(intlOffset(zone, ms));
      }
      // Walk the year hour by hour; at each change check the seconds either side of it.
      let previous = intlOffset(zone, start);
      for (let ms = start; ms < end; ms += 3_600_000) {
        const offset = intlOffset(zone, ms);
        if (offset !== previous) {
          for (let probe = ms - 3_600_000; probe <= ms; probe += 1000 * 60) {
            expect(clock.offsetAt(probe)).toBe(intlOffset(zone, probe));
          }
          previous = offset;
        }
      }
    });
  }

  it("resolves local wall times: skipped ones move forward, repeated ones take the first", () => {
    const clock = new TimeZoneClock("Australia/Lord_Howe");
    // Lord Howe moves 30 minutes: 02:00 → 02:30 on 2024-10-06 (UTC+10:30 → +11).
    const wall = (text: string): number => Date.parse(`${text}Z`);
    expect(new Date(clock.instantOfWallTime(wall("2024-10-06T02:15:00"))).toISOString()).toBe("2024-10-05T15:45:00.000Z");
    // 01:30–02:00 occurs twice on 2024-04-07 (UTC+11 → +10:30); the first is at UTC+11.
    expect(new Date(clock.instantOfWallTime(wall("2024-04-07T01:45:00"))).toISOString()).toBe("2024-04-06T14:45:00.000Z");
    expect(new Date(clock.instantOfWallTime(wall("2024-06-01T12:00:00"))).toISOString()).toBe("2024-06-01T01:30:00.000Z");
  });
});
