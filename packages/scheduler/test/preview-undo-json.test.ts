// Preview must show exactly what a review would commit (fuzz included), undo must give back the
// card as it was, and cards and logs must survive JSON unchanged (the database stores them so).

import { describe, expect, it } from "vitest";
import { RATINGS, newCard, preview, review, undoReview, UndoMismatchError, type CardState } from "../src/index.ts";
import { randomGapMs, randomRating, reviewCard, seededRandom } from "./support.ts";

const FUZZ = { timezone: "Asia/Shanghai", dayStartHour: 4, fuzz: true };
const START = Date.parse("2024-05-01T02:00:00Z");

describe("preview", () => {
  it("equals what review commits for every rating, with fuzz on, over 1,000 reviews", () => {
    const random = seededRandom(314);
    for (let c = 0; c < 50; c++) {
      const id = `Q${String(c).padStart(3, "0")}`;
      let now = START;
      let card = newCard(new Date(now));
      for (let r = 0; r < 20; r++) {
        const at = new Date(now);
        const outcomes = preview(card, at, FUZZ, id);
        for (const rating of RATINGS) {
          expect(review(card, rating, at, FUZZ, id)).toEqual(outcomes[rating]);
        }
        card = outcomes[randomRating(random)].card;
        now += randomGapMs(random);
      }
    }
  });

  it("gives the same fuzzed interval when the commit comes minutes later the same day", () => {
    const card = reviewCard("2024-01-01T02:00:00Z", { stability: 80, scheduledDays: 80, lastReview: "2024-01-01T02:00:00Z" });
    const shown = preview(card, "2024-03-21T02:00:00Z", FUZZ, "Q090");
    const committed = review(card, "good", "2024-03-21T02:07:00Z", FUZZ, "Q090");
    expect(committed.card.scheduledDays).toBe(shown.good.card.scheduledDays);
    expect(committed.card.stability).toBe(shown.good.card.stability);
  });

  it("spreads fuzzed intervals across card ids", () => {
    const card = reviewCard("2024-01-01T02:00:00Z", { stability: 80, scheduledDays: 80 });
    const intervals = new Set<number>();
    for (let i = 0; i < 30; i++) {
      intervals.add(review(card, "good", "2024-03-21T02:00:00Z", FUZZ, `Q${i}`).card.scheduledDays);
    }
    const unfuzzed = review(card, "good", "2024-03-21T02:00:00Z", { ...FUZZ, fuzz: false }).card.scheduledDays;
    expect(intervals.size).toBeGreaterThan(3);
    for (const interval of intervals) expect(Math.abs(interval - unfuzzed)).toBeLessThanOrEqual(unfuzzed * 0.1);
  });

  it("is deterministic without a card id, seeded by the card's own history", () => {
    const card = reviewCard("2024-01-01T02:00:00Z", { stability: 80, scheduledDays: 80 });
    const first = preview(card, "2024-03-21T02:00:00Z", FUZZ);
    expect(review(card, "good", "2024-03-21T09:00:00Z", FUZZ).card.scheduledDays).toBe(first.good.card.scheduledDays);
  });

  it("does not change the card it is given", () => {
    const card = reviewCard("2024-01-01T02:00:00Z");
    const copy = structuredClone(card);
    preview(card, "2024-02-01T02:00:00Z", FUZZ, "Q1");
    review(card, "again", "2024-02-01T02:00:00Z", FUZZ, "Q1");
    expect(card).toEqual(copy);
  });
});

describe("undo", () => {
  it("restores the exact previous card after each review of a sequence", () => {
    const random = seededRandom(2718);
    let now = START;
    let card: CardState = newCard(new Date(now));
    for (let r = 0; r < 200; r++) {
      const { card: next, log } = review(card, randomRating(random), new Date(now), FUZZ, "Q7");
      expect(undoReview(log)).toEqual(card);
      expect(undoReview(log, next)).toEqual(card);
      expect(log.before).toEqual(card);
      expect(log.after).toEqual(next);
      card = next;
      now += randomGapMs(random);
    }
  });

  it("lets a member override the rating: undo, then review again with another rating", () => {
    const before = reviewCard("2024-01-01T02:00:00Z");
    const suggested = review(before, "good", "2024-01-20T02:00:00Z", FUZZ, "Q3");
    const restored = undoReview(suggested.log, suggested.card);
    const overridden = review(restored, "hard", "2024-01-20T02:00:00Z", FUZZ, "Q3");
    expect(overridden).toEqual(review(before, "hard", "2024-01-20T02:00:00Z", FUZZ, "Q3"));
  });

  it("refuses to undo a review that is not the card's last", () => {
    const first = review(reviewCard("2024-01-01T02:00:00Z"), "good", "2024-01-20T02:00:00Z", FUZZ, "Q3");
    const second = review(first.card, "good", "2024-02-20T02:00:00Z", FUZZ, "Q3");
    expect(() => undoReview(first.log, second.card)).toThrow(UndoMismatchError);
    expect(() => undoReview(first.log, second.card)).toThrow(
      "Cannot undo: the card has changed since the review at 2024-01-20T02:00:00.000Z",
    );
  });

  it("keeps only the card's own fields in the log", () => {
    const stored = { ...reviewCard("2024-01-01T02:00:00Z"), memberId: "m1" };
    const { log } = review(stored, "good", "2024-01-20T02:00:00Z", FUZZ);
    expect(Object.keys(log.before).sort()).toEqual(
      ["difficulty", "due", "lapses", "lastReview", "learningSteps", "reps", "scheduledDays", "stability", "state"],
    );
  });
});

describe("JSON round trip", () => {
  it("keeps cards and logs identical, and a reloaded card reviews identically", () => {
    const random = seededRandom(161);
    let now = START;
    let card = newCard(new Date(now));
    for (let r = 0; r < 300; r++) {
      const rating = randomRating(random);
      const result = review(card, rating, new Date(now), FUZZ, "Q42");
      const reloaded = JSON.parse(JSON.stringify(result)) as typeof result;
      expect(reloaded).toEqual(result);
      expect(undoReview(reloaded.log)).toEqual(card);
      const reloadedCard = JSON.parse(JSON.stringify(card)) as CardState;
      expect(review(reloadedCard, rating, new Date(now), FUZZ, "Q42")).toEqual(result);
      card = reloaded.card;
      now += randomGapMs(random);
    }
    // Every review in the chain was compared above.
    expect(card.reps).toBe(300);
  });
});
