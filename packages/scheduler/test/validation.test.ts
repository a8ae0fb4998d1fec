// Every rejected input names what is wrong, with a typed error and an exact message.

import { describe, expect, it } from "vitest";
import {
  CorruptCardError,
  DEFAULT_PREFERENCES,
  InvalidDateError,
  InvalidPreferencesError,
  InvalidRatingError,
  SchedulerError,
  localDay,
  newCard,
  preview,
  resolvePreferences,
  retrievability,
  review,
  type CardState,
  type Rating,
} from "../src/index.ts";
import { reviewCard } from "./support.ts";

function thrown(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected an error");
}

describe("resolvePreferences", () => {
  it("fills defaults: UTC, day start 4, retention 0.9, 36500 days, no fuzz", () => {
    expect(resolvePreferences()).toEqual({
      timezone: "UTC",
      dayStartHour: 4,
      desiredRetention: 0.9,
      maximumInterval: 36500,
      fuzz: false,
      parameters: null,
    });
    expect(resolvePreferences({ timezone: "Asia/Shanghai" })).toEqual({ ...DEFAULT_PREFERENCES, timezone: "Asia/Shanghai" });
  });

  it("keeps valid values, canonicalises the zone name and freezes the result", () => {
    const prefs = resolvePreferences({ timezone: "america/new_york", dayStartHour: 0, desiredRetention: 0.97, maximumInterval: 1, fuzz: true });
    expect(prefs).toEqual({ timezone: "America/New_York", dayStartHour: 0, desiredRetention: 0.97, maximumInterval: 1, fuzz: true, parameters: null });
    expect(Object.isFrozen(prefs)).toBe(true);
    expect(resolvePreferences(prefs)).toBe(prefs);
    expect(resolvePreferences({ desiredRetention: 0.7, dayStartHour: 23 }).desiredRetention).toBe(0.7);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["unknown zone", { timezone: "Mars/Olympus_Mons" }, "timezone", 'Invalid preferences: timezone "Mars/Olympus_Mons" is not an IANA time zone name'],
    ["raw offset", { timezone: "+08:00" }, "timezone", 'Invalid preferences: timezone "+08:00" is not an IANA time zone name'],
    ["zone not a string", { timezone: 8 }, "timezone", 'Invalid preferences: timezone must be an IANA time zone name such as "Asia/Shanghai", got 8'],
    ["empty zone", { timezone: "" }, "timezone", 'Invalid preferences: timezone must be an IANA time zone name such as "Asia/Shanghai", got ""'],
    ["day start 24", { dayStartHour: 24 }, "dayStartHour", "Invalid preferences: dayStartHour must be an integer from 0 to 23, got 24"],
    ["day start -1", { dayStartHour: -1 }, "dayStartHour", "Invalid preferences: dayStartHour must be an integer from 0 to 23, got -1"],
    ["day start 4.5", { dayStartHour: 4.5 }, "dayStartHour", "Invalid preferences: dayStartHour must be an integer from 0 to 23, got 4.5"],
    ["day start as text", { dayStartHour: "4" }, "dayStartHour", 'Invalid preferences: dayStartHour must be an integer from 0 to 23, got "4"'],
    ["retention 0.69", { desiredRetention: 0.69 }, "desiredRetention", "Invalid preferences: desiredRetention must be a number from 0.7 to 0.97, got 0.69"],
    ["retention 0.98", { desiredRetention: 0.98 }, "desiredRetention", "Invalid preferences: desiredRetention must be a number from 0.7 to 0.97, got 0.98"],
    ["retention NaN", { desiredRetention: Number.NaN }, "desiredRetention", "Invalid preferences: desiredRetention must be a number from 0.7 to 0.97, got NaN"],
    ["retention null", { desiredRetention: null }, "desiredRetention", "Invalid preferences: desiredRetention must be a number from 0.7 to 0.97, got null"],
    ["max interval 0", { maximumInterval: 0 }, "maximumInterval", "Invalid preferences: maximumInterval must be a whole number of days from 1 to 36500, got 0"],
    ["max interval 36501", { maximumInterval: 36501 }, "maximumInterval", "Invalid preferences: maximumInterval must be a whole number of days from 1 to 36500, got 36501"],
    ["max interval 1.5", { maximumInterval: 1.5 }, "maximumInterval", "Invalid preferences: maximumInterval must be a whole number of days from 1 to 36500, got 1.5"],
    ["fuzz as text", { fuzz: "yes" }, "fuzz", 'Invalid preferences: fuzz must be true or false, got "yes"'],
    ["misspelt field", { dayStart: 4 }, "dayStart", 'Invalid preferences: unknown preference "dayStart"'],
  ];
  for (const [name, input, field, message] of cases) {
    it(`rejects ${name}`, () => {
      const error = thrown(() => resolvePreferences(input));
      expect(error).toBeInstanceOf(InvalidPreferencesError);
      expect(error).toBeInstanceOf(SchedulerError);
      expect(error.name).toBe("InvalidPreferencesError");
      expect(error.message).toBe(message);
      expect((error as InvalidPreferencesError).field).toBe(field);
    });
  }

  it("validates preferences passed straight to review", () => {
    expect(() => review(newCard("2024-01-01T00:00:00Z"), "good", "2024-01-01T00:00:00Z", { dayStartHour: 25 })).toThrow(
      "Invalid preferences: dayStartHour must be an integer from 0 to 23, got 25",
    );
    expect(() => localDay("2024-01-01T00:00:00Z", "Nowhere/City", 4)).toThrow(InvalidPreferencesError);
  });
});

describe("ratings", () => {
  const card = newCard("2024-01-01T00:00:00Z");
  for (const rating of ["great", "Good", "", 3, null]) {
    it(`rejects ${JSON.stringify(rating)}`, () => {
      const error = thrown(() => review(card, rating as Rating, "2024-01-01T00:00:00Z"));
      expect(error).toBeInstanceOf(InvalidRatingError);
      expect(error.name).toBe("InvalidRatingError");
      const shown = typeof rating === "string" ? JSON.stringify(rating) : String(rating);
      expect(error.message).toBe(`Invalid rating: ${shown} (expected "again", "hard", "good" or "easy")`);
    });
  }
});

describe("dates", () => {
  const card = newCard("2024-01-01T00:00:00Z");
  const cases: [string, unknown, string][] = [
    ["an impossible date", "2024-13-01T00:00:00Z", 'Invalid date: review time must be an ISO-8601 time with a zone such as "2024-03-10T09:30:00Z", got "2024-13-01T00:00:00Z"'],
    ["a time without a zone", "2024-03-01T10:00:00", 'Invalid date: review time must be an ISO-8601 time with a zone such as "2024-03-10T09:30:00Z", got "2024-03-01T10:00:00"'],
    ["free text", "yesterday", 'Invalid date: review time must be an ISO-8601 time with a zone such as "2024-03-10T09:30:00Z", got "yesterday"'],
    ["an invalid Date", new Date(Number.NaN), "Invalid date: review time is an invalid Date"],
    ["a number", 1_700_000_000_000, "Invalid date: review time must be a Date or an ISO-8601 string, got 1700000000000"],
  ];
  for (const [name, now, message] of cases) {
    it(`rejects ${name}`, () => {
      const error = thrown(() => review(card, "good", now as string));
      expect(error).toBeInstanceOf(InvalidDateError);
      expect(error.name).toBe("InvalidDateError");
      expect(error.message).toBe(message);
    });
  }

  it("accepts an explicit offset", () => {
    expect(review(card, "good", "2024-01-01T08:00:00+08:00").card.lastReview).toBe("2024-01-01T00:00:00.000Z");
  });

  it("rejects a review before the card's last review", () => {
    const reviewed = reviewCard("2024-02-01T00:00:00.000Z");
    expect(() => review(reviewed, "good", "2024-01-31T23:59:59Z")).toThrow(
      new InvalidDateError("review time 2024-01-31T23:59:59.000Z is before the card's last review 2024-02-01T00:00:00.000Z"),
    );
    expect(() => retrievability(reviewed, "2024-01-01T00:00:00Z", { timezone: "UTC", dayStartHour: 0 })).toThrow(
      "Invalid date: now (2024-01-01T00:00:00.000Z) is before the card's last review (2024-02-01T00:00:00.000Z)",
    );
    expect(() => newCard("soon")).toThrow(InvalidDateError);
  });
});

describe("corrupt cards", () => {
  const good = reviewCard("2024-01-01T00:00:00Z");
  const cases: [string, Partial<Record<keyof CardState, unknown>>, string, string][] = [
    ["NaN stability", { stability: Number.NaN }, "stability", "Corrupt card: stability must be a finite number ≥ 0, got NaN"],
    ["stability null (NaN after JSON)", { stability: null }, "stability", "Corrupt card: stability must be a finite number ≥ 0, got null"],
    ["negative reps", { reps: -1 }, "reps", "Corrupt card: reps must be a whole number ≥ 0, got -1"],
    ["fractional lapses", { lapses: 0.5 }, "lapses", "Corrupt card: lapses must be a whole number ≥ 0, got 0.5"],
    ["negative learning step", { learningSteps: -2 }, "learningSteps", "Corrupt card: learningSteps must be a whole number ≥ 0, got -2"],
    ["unknown state", { state: "mastered" }, "state", 'Corrupt card: state must be "new", "learning", "review" or "relearning", got "mastered"'],
    ["unparseable due", { due: "tomorrow" }, "due", 'Corrupt card: due must be an ISO-8601 time with a zone, got "tomorrow"'],
    ["bad last review", { lastReview: 5 }, "lastReview", "Corrupt card: lastReview must be null or an ISO-8601 time with a zone, got 5"],
    ["reviewed card without last review", { lastReview: null }, "lastReview", "Corrupt card: a review card must have a lastReview, got null"],
    ["reviewed card with zero stability", { stability: 0 }, "stability", "Corrupt card: a review card must have stability ≥ 0.001, got 0"],
    ["difficulty above 10", { difficulty: 11 }, "difficulty", "Corrupt card: a review card must have difficulty from 1 to 10, got 11"],
    ["reviewed card with no reps", { reps: 0 }, "reps", "Corrupt card: a review card must have reps ≥ 1, got 0"],
  ];
  for (const [name, change, field, message] of cases) {
    it(`rejects ${name}`, () => {
      const card = { ...good, ...change } as CardState;
      for (const action of [
        () => review(card, "good", "2024-02-01T00:00:00Z"),
        () => preview(card, "2024-02-01T00:00:00Z"),
        () => retrievability(card, "2024-02-01T00:00:00Z"),
      ]) {
        const error = thrown(action);
        expect(error).toBeInstanceOf(CorruptCardError);
        expect(error.name).toBe("CorruptCardError");
        expect(error.message).toBe(message);
        expect((error as CorruptCardError).field).toBe(field);
      }
    });
  }

  it("rejects something that is not a card at all", () => {
    expect(() => review(null as unknown as CardState, "good", "2024-02-01T00:00:00Z")).toThrow(
      "Corrupt card: card must be an object, got null",
    );
  });
});
