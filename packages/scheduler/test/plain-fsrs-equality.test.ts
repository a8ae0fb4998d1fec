// In UTC with the day starting at midnight the study clock is the UTC clock, so every review
// must give exactly what plain ts-fsrs gives for the same card and time.

import { GenSeedStrategyWithCardId, StrategyMode, createEmptyCard, forgetting_curve, fsrs, default_w, type Card } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { newCard, preview, retrievability, review, type CardState, type MemberPreferences } from "../src/index.ts";
import { grade, ourFields, plainFields, randomGapMs, randomRating, seededRandom, toPlainCard } from "./support.ts";

const START = Date.parse("2024-01-01T08:00:00Z");

interface Setting {
  name: string;
  prefs: Partial<MemberPreferences>;
}

const SETTINGS: Setting[] = [
  { name: "defaults", prefs: { timezone: "UTC", dayStartHour: 0 } },
  { name: "retention 0.8, max 180 days", prefs: { timezone: "UTC", dayStartHour: 0, desiredRetention: 0.8, maximumInterval: 180 } },
  { name: "retention 0.97", prefs: { timezone: "UTC", dayStartHour: 0, desiredRetention: 0.97 } },
];

describe("UTC with day start 0 equals plain ts-fsrs", () => {
  for (const setting of SETTINGS) {
    it(`matches next() field for field over 6,000 seeded reviews (${setting.name})`, () => {
      const plain = fsrs({
        request_retention: setting.prefs.desiredRetention ?? 0.9,
        maximum_interval: setting.prefs.maximumInterval ?? 36500,
      });
      const random = seededRandom(20240101);
      let compared = 0;
      for (let c = 0; c < 200; c++) {
        let now = START + Math.floor(random() * 86_400_000);
        let ours: CardState = newCard(new Date(now));
        let theirs: Card = createEmptyCard(new Date(now));
        for (let r = 0; r < 30; r++) {
          const rating = randomRating(random);
          ours = review(ours, rating, new Date(now), setting.prefs).card;
          theirs = plain.next(theirs, new Date(now), grade(rating)).card;
          expect(ourFields(ours)).toEqual(plainFields(theirs));
          compared += 1;
          now += randomGapMs(random);
        }
      }
      expect(compared).toBe(6000);
    });
  }

  it("matches next() with fuzz on when ts-fsrs is seeded by the same card id", () => {
    const plain = fsrs({ enable_fuzz: true }).useStrategy(StrategyMode.SEED, GenSeedStrategyWithCardId("cid"));
    const prefs = { timezone: "UTC", dayStartHour: 0, fuzz: true };
    const random = seededRandom(7);
    const intervals = new Set<number>();
    for (let c = 0; c < 50; c++) {
      const id = `Q${c}`;
      let now = START;
      let ours = newCard(new Date(now));
      let theirs: Card & { cid: string } = { ...createEmptyCard(new Date(now)), cid: `${id}#` };
      for (let r = 0; r < 20; r++) {
        const rating = randomRating(random);
        ours = review(ours, rating, new Date(now), prefs, id).card;
        theirs = { ...plain.next(theirs, new Date(now), grade(rating)).card, cid: `${id}#` };
        expect(ourFields(ours)).toEqual(plainFields(theirs));
        intervals.add(ours.scheduledDays);
        now += randomGapMs(random);
      }
    }
    expect(intervals.size).toBeGreaterThan(20);
  });

  it("previews the same four outcomes as repeat()", () => {
    const plain = fsrs();
    const prefs = { timezone: "UTC", dayStartHour: 0 };
    const random = seededRandom(99);
    let now = START;
    let ours = newCard(new Date(now));
    for (let r = 0; r < 200; r++) {
      const outcomes = preview(ours, new Date(now), prefs);
      const expected = plain.repeat(toPlainCard(ours), new Date(now));
      expect(ourFields(outcomes.again.card)).toEqual(plainFields(expected[1].card));
      expect(ourFields(outcomes.hard.card)).toEqual(plainFields(expected[2].card));
      expect(ourFields(outcomes.good.card)).toEqual(plainFields(expected[3].card));
      expect(ourFields(outcomes.easy.card)).toEqual(plainFields(expected[4].card));
      ours = outcomes[randomRating(random)].card;
      now += randomGapMs(random);
    }
  });

  it("computes retrievability with FSRS-6's forgetting curve over elapsed calendar days", () => {
    const card: CardState = {
      due: "2024-01-21T08:00:00.000Z",
      stability: 20,
      difficulty: 5,
      scheduledDays: 20,
      learningSteps: 0,
      reps: 4,
      lapses: 0,
      state: "review",
      lastReview: "2024-01-01T23:00:00.000Z",
    };
    const prefs = { timezone: "UTC", dayStartHour: 0 };
    // 2024-01-11T01:00Z is 9 days 2 hours later but 10 calendar days, which is what review() uses.
    expect(retrievability(card, "2024-01-11T01:00:00Z", prefs)).toBe(forgetting_curve(default_w, 10, 20));
    // At the same time of day both ways of counting agree with ts-fsrs's own function.
    expect(retrievability(card, "2024-01-11T23:00:00Z", prefs)).toBe(
      fsrs().get_retrievability(toPlainCard(card), new Date("2024-01-11T23:00:00Z"), false),
    );
    expect(retrievability(card, "2024-01-01T23:30:00Z", prefs)).toBe(1);
    expect(retrievability(newCard("2024-01-01T00:00:00Z"), "2024-02-01T00:00:00Z", prefs)).toBe(0);
  });
});
