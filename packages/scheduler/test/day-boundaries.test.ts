// Days follow the member's own day: 23:50 and 00:10 local are one study day when the day starts
// at 04:00 and two when it starts at midnight, in every zone and across daylight-saving changes.
// Expected instants are written out by hand so the tests do not lean on the code under test.

import { fsrs } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { endOfLocalDay, localDay, newCard, review, startOfLocalDay, type CardState } from "../src/index.ts";
import { ourFields, plainFields, reviewCard, toPlainCard } from "./support.ts";

interface Crossing {
  zone: string;
  /** 23:50 local, as a UTC instant. */
  lateEvening: string;
  /** 00:10 local the next calendar day, as a UTC instant. */
  justAfterMidnight: string;
  eveningDate: string;
  nextDate: string;
}

const CROSSINGS: Crossing[] = [
  // UTC+8, no daylight saving; both instants fall on the same UTC date.
  { zone: "Asia/Shanghai", lateEvening: "2024-03-01T15:50:00Z", justAfterMidnight: "2024-03-01T16:10:00Z", eveningDate: "2024-03-01", nextDate: "2024-03-02" },
  // The night New York springs forward (EST, UTC-5, until 02:00 on 2024-03-10).
  { zone: "America/New_York", lateEvening: "2024-03-10T04:50:00Z", justAfterMidnight: "2024-03-10T05:10:00Z", eveningDate: "2024-03-09", nextDate: "2024-03-10" },
  // The night New York falls back (EDT, UTC-4, until 02:00 on 2024-11-03).
  { zone: "America/New_York", lateEvening: "2024-11-03T03:50:00Z", justAfterMidnight: "2024-11-03T04:10:00Z", eveningDate: "2024-11-02", nextDate: "2024-11-03" },
  // NZDT, UTC+13: the local dates differ while the UTC date is the same.
  { zone: "Pacific/Auckland", lateEvening: "2024-01-15T10:50:00Z", justAfterMidnight: "2024-01-15T11:10:00Z", eveningDate: "2024-01-15", nextDate: "2024-01-16" },
  // The night Auckland's daylight saving ends (03:00 NZDT → 02:00 NZST on 2024-04-07).
  { zone: "Pacific/Auckland", lateEvening: "2024-04-06T10:50:00Z", justAfterMidnight: "2024-04-06T11:10:00Z", eveningDate: "2024-04-06", nextDate: "2024-04-07" },
  { zone: "UTC", lateEvening: "2024-03-01T23:50:00Z", justAfterMidnight: "2024-03-02T00:10:00Z", eveningDate: "2024-03-01", nextDate: "2024-03-02" },
];

/** What FSRS gives for a second Good on the same day (elapsed 0) or the next (elapsed 1). */
function expectedSecondReview(afterFirst: CardState, elapsedDays: 0 | 1): Pick<CardState, "stability" | "difficulty" | "scheduledDays" | "state"> {
  const card = toPlainCard({ ...afterFirst, lastReview: "2024-06-01T12:00:00Z" });
  const at = elapsedDays === 0 ? "2024-06-01T12:20:00Z" : "2024-06-02T12:20:00Z";
  const next = plainFields(fsrs().next(card, new Date(at), 3).card);
  return { stability: next.stability, difficulty: next.difficulty, scheduledDays: next.scheduledDays, state: next.state };
}

describe("23:50 and 00:10 local", () => {
  for (const crossing of CROSSINGS) {
    const label = `${crossing.zone} ${crossing.eveningDate}`;

    it(`are the same study day with day start 4 (${label})`, () => {
      const prefs = { timezone: crossing.zone, dayStartHour: 4 };
      expect(localDay(crossing.lateEvening, crossing.zone, 4)).toBe(crossing.eveningDate);
      expect(localDay(crossing.justAfterMidnight, crossing.zone, 4)).toBe(crossing.eveningDate);
      const first = review(reviewCard("2024-01-01T00:00:00Z"), "good", crossing.lateEvening, prefs).card;
      const second = review(first, "good", crossing.justAfterMidnight, prefs).card;
      expect(second).toMatchObject(expectedSecondReview(first, 0));
    });

    it(`are different study days with day start 0 (${label})`, () => {
      const prefs = { timezone: crossing.zone, dayStartHour: 0 };
      expect(localDay(crossing.lateEvening, crossing.zone, 0)).toBe(crossing.eveningDate);
      expect(localDay(crossing.justAfterMidnight, crossing.zone, 0)).toBe(crossing.nextDate);
      const first = review(reviewCard("2024-01-01T00:00:00Z"), "good", crossing.lateEvening, prefs).card;
      const second = review(first, "good", crossing.justAfterMidnight, prefs).card;
      expect(second).toMatchObject(expectedSecondReview(first, 1));
    });
  }

  it("differ from plain UTC dates, which is why the shift is needed", () => {
    const first = review(reviewCard("2024-01-01T00:00:00Z"), "good", "2024-03-01T15:50:00Z", { timezone: "UTC", dayStartHour: 0 }).card;
    const second = review(first, "good", "2024-03-01T16:10:00Z", { timezone: "UTC", dayStartHour: 0 }).card;
    // The same pair in Shanghai with day start 0 is a new day; in UTC it is the same day.
    expect(second).toMatchObject(expectedSecondReview(first, 0));
    expect(expectedSecondReview(first, 0).stability).not.toBe(expectedSecondReview(first, 1).stability);
  });
});

describe("daylight-saving changes in New York", () => {
  const newYork4 = { timezone: "America/New_York", dayStartHour: 4 };

  it("keeps the local time of day for an interval across spring forward", () => {
    // 10:00 EST on Friday 8 March: learn, then graduate at 10:10 EST with a 2-day interval.
    let card = review(newCard("2024-03-08T15:00:00Z"), "good", "2024-03-08T15:00:00Z", newYork4).card;
    card = review(card, "good", "2024-03-08T15:10:00Z", newYork4).card;
    expect(card.scheduledDays).toBe(2);
    // Sunday 10 March 10:10 EDT is 14:10 UTC: 47 real hours, two study days.
    expect(card.due).toBe("2024-03-10T14:10:00.000Z");
  });

  it("keeps the local time of day for an interval across fall back", () => {
    let card = review(newCard("2024-11-01T14:00:00Z"), "good", "2024-11-01T14:00:00Z", newYork4).card;
    card = review(card, "good", "2024-11-01T14:10:00Z", newYork4).card;
    expect(card.scheduledDays).toBe(2);
    // Sunday 3 November 10:10 EST is 15:10 UTC: 49 real hours.
    expect(card.due).toBe("2024-11-03T15:10:00.000Z");
  });

  it("keeps minute steps in real minutes across the skipped hour", () => {
    // 01:55 EST; ten real minutes later the clocks read 03:05 EDT.
    const card = review(newCard("2024-03-10T06:55:00Z"), "good", "2024-03-10T06:55:00Z", newYork4).card;
    expect(card.due).toBe("2024-03-10T07:05:00.000Z");
  });

  it("treats 01:50 EST and 03:10 EDT (20 real minutes) by the day start", () => {
    const before = "2024-03-10T06:50:00Z";
    const after = "2024-03-10T07:10:00Z";
    expect(localDay(before, "America/New_York", 4)).toBe("2024-03-09");
    expect(localDay(after, "America/New_York", 4)).toBe("2024-03-09");
    expect(localDay(before, "America/New_York", 3)).toBe("2024-03-09");
    expect(localDay(after, "America/New_York", 3)).toBe("2024-03-10");
    const prefs3 = { timezone: "America/New_York", dayStartHour: 3 };
    const first = review(reviewCard("2024-01-01T00:00:00Z"), "good", before, prefs3).card;
    expect(review(first, "good", after, prefs3).card).toMatchObject(expectedSecondReview(first, 1));
    const first4 = review(reviewCard("2024-01-01T00:00:00Z"), "good", before, newYork4).card;
    expect(review(first4, "good", after, newYork4).card).toMatchObject(expectedSecondReview(first4, 0));
  });

  it("counts the repeated hour after fall back in one study day", () => {
    // 01:50 EDT, then 01:10 EST: the wall clock goes back, the study day does not.
    expect(localDay("2024-11-03T05:50:00Z", "America/New_York", 4)).toBe("2024-11-02");
    expect(localDay("2024-11-03T06:10:00Z", "America/New_York", 4)).toBe("2024-11-02");
    expect(localDay("2024-11-03T05:50:00Z", "America/New_York", 1)).toBe("2024-11-03");
    expect(localDay("2024-11-03T06:10:00Z", "America/New_York", 1)).toBe("2024-11-03");
  });
});

describe("start and end of the study day", () => {
  it("starts at the day-start hour in local time", () => {
    expect(startOfLocalDay("2024-03-01T15:50:00Z", "Asia/Shanghai", 4).toISOString()).toBe("2024-02-29T20:00:00.000Z");
    expect(endOfLocalDay("2024-03-01T15:50:00Z", "Asia/Shanghai", 4).toISOString()).toBe("2024-03-01T20:00:00.000Z");
    expect(startOfLocalDay("2024-01-15T11:10:00Z", "Pacific/Auckland", 0).toISOString()).toBe("2024-01-15T11:00:00.000Z");
    expect(startOfLocalDay("2024-03-02T03:59:59Z", "UTC", 4).toISOString()).toBe("2024-03-01T04:00:00.000Z");
    expect(startOfLocalDay("2024-03-02T04:00:00Z", "UTC", 4).toISOString()).toBe("2024-03-02T04:00:00.000Z");
  });

  it("spans 23 and 25 real hours on New York's change days", () => {
    // Day start 4: Saturday 9 March 04:00 EST → Sunday 10 March 04:00 EDT.
    const spring = "2024-03-09T18:00:00Z";
    expect(startOfLocalDay(spring, "America/New_York", 4).toISOString()).toBe("2024-03-09T09:00:00.000Z");
    expect(endOfLocalDay(spring, "America/New_York", 4).toISOString()).toBe("2024-03-10T08:00:00.000Z");
    const autumn = "2024-11-02T18:00:00Z";
    expect(startOfLocalDay(autumn, "America/New_York", 4).toISOString()).toBe("2024-11-02T08:00:00.000Z");
    expect(endOfLocalDay(autumn, "America/New_York", 4).toISOString()).toBe("2024-11-03T09:00:00.000Z");
  });

  it("moves a day start inside the skipped hour to the end of the gap", () => {
    // Day start 2 on 10 March: 02:00 does not exist, so the day starts at 03:00 EDT.
    expect(startOfLocalDay("2024-03-10T12:00:00Z", "America/New_York", 2).toISOString()).toBe("2024-03-10T07:00:00.000Z");
  });

  it("starts a day inside the repeated hour at its first occurrence", () => {
    // Day start 1 on 3 November: 01:00 EDT (05:00 UTC), not 01:00 EST.
    expect(startOfLocalDay("2024-11-03T12:00:00Z", "America/New_York", 1).toISOString()).toBe("2024-11-03T05:00:00.000Z");
  });

  it("gives the Auckland study day across its September spring forward", () => {
    // 02:00 NZST on 2024-09-29 becomes 03:00 NZDT (14:00 UTC on the 28th).
    expect(localDay("2024-09-28T13:59:00Z", "Pacific/Auckland", 4)).toBe("2024-09-28");
    expect(localDay("2024-09-28T14:30:00Z", "Pacific/Auckland", 4)).toBe("2024-09-28");
    expect(localDay("2024-09-28T15:00:00Z", "Pacific/Auckland", 4)).toBe("2024-09-29");
  });
});

describe("review in a member's day", () => {
  it("schedules a Shanghai card due at the same local time N study days later", () => {
    const prefs = { timezone: "Asia/Shanghai", dayStartHour: 4 };
    const { card } = review(reviewCard("2024-03-01T01:00:00Z"), "good", "2024-03-11T01:30:00Z", prefs);
    expect(Date.parse(card.due) - Date.parse("2024-03-11T01:30:00Z")).toBe(card.scheduledDays * 86_400_000);
    expect(card.lastReview).toBe("2024-03-11T01:30:00.000Z");
  });

  it("equals plain ts-fsrs on the shifted clock", () => {
    // Shanghai, day start 4: 2024-03-11 09:30 local is 05:30 on the study clock.
    const prefs = { timezone: "Asia/Shanghai", dayStartHour: 4 };
    const before = reviewCard("2024-03-01T01:00:00Z");
    const ours = review(before, "hard", "2024-03-11T01:30:00Z", prefs).card;
    const plainBefore = toPlainCard({ ...before, lastReview: "2024-03-01T05:00:00Z" });
    const theirs = plainFields(fsrs().next(plainBefore, new Date("2024-03-11T05:30:00Z"), 2).card);
    const oursFields = ourFields(ours);
    expect({ ...oursFields, dueMs: 0, lastReviewMs: 0 }).toEqual({ ...theirs, dueMs: 0, lastReviewMs: 0 });
    expect(theirs.dueMs - Date.parse("2024-03-11T05:30:00Z")).toBe(oursFields.dueMs - Date.parse("2024-03-11T01:30:00Z"));
  });
});
