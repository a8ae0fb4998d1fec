// Review logs become training items as Anki makes them, counted in the member's study days.

import { describe, expect, it } from "vitest";
import { fitJobOf, splitByTime, toHistories, type ReviewEvent } from "../src/index.ts";

const at = (iso: string) => Date.parse(iso);

describe("toHistories", () => {
  it("makes one item per review on a later day, holding the history before it, same-day steps included", () => {
    const reviews: ReviewEvent[] = [
      { card: "a", rating: "good", atMs: at("2026-01-03T09:00:00Z") },
      { card: "a", rating: "again", atMs: at("2026-01-01T09:00:00Z") },
      { card: "a", rating: "good", atMs: at("2026-01-01T09:10:00Z") },
      { card: "a", rating: "easy", atMs: at("2026-01-10T09:00:00Z") },
      { card: "b", rating: "hard", atMs: at("2026-01-02T08:00:00Z") },
      { card: "b", rating: "good", atMs: at("2026-01-04T08:00:00Z") },
    ];
    const histories = toHistories(reviews, { timezone: "UTC", dayStartHour: 0 });
    expect(histories.cards).toEqual([
      { ratings: [1, 3, 3, 4], deltaTs: [0, 0, 2, 7] },
      { ratings: [2, 3], deltaTs: [0, 2] },
    ]);
    // Oldest first: a's day-3 review, b's day-4 review, a's day-10 review.
    expect(histories.items).toEqual([
      { card: 0, length: 3, atMs: at("2026-01-03T09:00:00Z") },
      { card: 1, length: 2, atMs: at("2026-01-04T08:00:00Z") },
      { card: 0, length: 4, atMs: at("2026-01-10T09:00:00Z") },
    ]);
    expect(histories.reviews).toBe(6);
  });

  it("counts days on the member's study clock, as the scheduler does", () => {
    // 03:30 and 04:30 Shanghai time: one study day with day start 5, two with day start 4.
    const reviews: ReviewEvent[] = [
      { card: "x", rating: "good", atMs: at("2026-02-01T19:30:00Z") },
      { card: "x", rating: "good", atMs: at("2026-02-01T20:30:00Z") },
    ];
    expect(toHistories(reviews, { timezone: "Asia/Shanghai", dayStartHour: 4 }).cards[0]?.deltaTs).toEqual([0, 1]);
    expect(toHistories(reviews, { timezone: "Asia/Shanghai", dayStartHour: 5 }).items).toEqual([]);
    // In UTC, with midnight as the day start, both fall on 1 February.
    expect(toHistories(reviews, { timezone: "UTC", dayStartHour: 0 }).items).toEqual([]);
    // A review may carry its own clock (replay lines do).
    const own = reviews.map((r) => ({ ...r, timezone: "Asia/Shanghai", dayStartHour: 4 }));
    expect(toHistories(own, { timezone: "UTC", dayStartHour: 0 }).items).toHaveLength(1);
  });

  it("splits the newest 20% of items off for judging and ships only the cards a job uses", () => {
    const reviews: ReviewEvent[] = [];
    for (let c = 0; c < 10; c++) {
      reviews.push({ card: `c${c}`, rating: "good", atMs: at("2026-01-01T00:00:00Z") + c * 3_600_000 });
      reviews.push({ card: `c${c}`, rating: "good", atMs: at("2026-01-05T00:00:00Z") + c * 86_400_000 });
    }
    const histories = toHistories(reviews, { timezone: "UTC", dayStartHour: 0 });
    const { train, test } = splitByTime(histories);
    expect(train).toHaveLength(8);
    expect(test.map((item) => histories.cards.indexOf(histories.cards[item.card]!))).toEqual([8, 9]);
    expect(Math.max(...train.map((i) => i.atMs))).toBeLessThan(Math.min(...test.map((i) => i.atMs)));
    const job = fitJobOf(histories, test);
    expect(job).toEqual({
      cards: [histories.cards[8], histories.cards[9]],
      items: [
        { card: 0, length: 2 },
        { card: 1, length: 2 },
      ],
    });
  });
});
