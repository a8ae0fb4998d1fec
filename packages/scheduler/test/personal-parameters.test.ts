// Per-member FSRS-6 weights: reviews use them, bad ones are refused by name, and the recall
// predictor used to evaluate them agrees with what a review schedules.

import { fsrs, generatorParameters } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PARAMETERS,
  InvalidPreferencesError,
  PARAMETER_BOUNDS,
  RecallPredictor,
  newCard,
  resolvePreferences,
  review,
  studyDayNumber,
} from "../src/index.ts";

const PERSONAL = [
  0.35, 0.9, 3.2, 12, 6.9, 0.6, 2.2, 0.03, 1.55, 0.12, 1.0, 1.7, 0.08, 0.35, 1.8, 0.45, 2.2, 0.45, 0.2, 0.1, 0.25,
];

describe("personal parameters", () => {
  it("defaults to null (FSRS-6 defaults), and personal weights change the schedule", () => {
    expect(resolvePreferences().parameters).toBeNull();
    const start = "2026-01-01T10:00:00Z";
    const personal = resolvePreferences({ timezone: "UTC", dayStartHour: 0, parameters: PERSONAL });
    const standard = resolvePreferences({ timezone: "UTC", dayStartHour: 0 });
    const withPersonal = review(newCard(start), "good", start, personal).card;
    const withDefault = review(newCard(start), "good", start, standard).card;
    expect(withPersonal.stability).toBeCloseTo(3.2, 6);
    expect(withDefault.stability).toBeCloseTo(DEFAULT_PARAMETERS[2] as number, 6);
    // The same as plain ts-fsrs built with those weights.
    const ours = review(withPersonal, "again", "2026-01-05T10:00:00Z", personal).card;
    const plainAll = fsrs(generatorParameters({ w: PERSONAL }));
    const first = plainAll.next(emptyCard(start), new Date(start), 3).card;
    const second = plainAll.next(first, new Date("2026-01-05T10:00:00Z"), 1).card;
    expect(ours.stability).toBe(second.stability);
    expect(ours.difficulty).toBe(second.difficulty);
  });

  it("refuses weights of the wrong length, non-finite or outside ts-fsrs's bounds", () => {
    expect(() => resolvePreferences({ parameters: PERSONAL.slice(0, 19) })).toThrow(
      new InvalidPreferencesError("parameters", "parameters must hold 21 numbers, got 19"),
    );
    const withNaN = [...PERSONAL];
    withNaN[4] = Number.NaN;
    expect(() => resolvePreferences({ parameters: withNaN })).toThrow(/w4 must be a finite number/);
    const tooBig = [...PERSONAL];
    tooBig[0] = 101;
    expect(() => resolvePreferences({ parameters: tooBig })).toThrow("parameter w0 must be from 0.001 to 100, got 101");
    expect(PARAMETER_BOUNDS).toHaveLength(21);
  });

  it("predicts recall at a history's last review as a review's memory state implies", () => {
    const predictor = new RecallPredictor(PERSONAL);
    // Good on day 0, a same-day Good step, Good on day 3, then the target 7 days later.
    const p = predictor.predict([3, 3, 3, 1], [0, 0, 3, 7], 4);
    const algorithm = fsrs(generatorParameters({ w: PERSONAL }));
    let state = algorithm.next_state(null, 0, 3);
    state = algorithm.next_state(state, 0, 3);
    state = algorithm.next_state(state, 3, 3);
    expect(p).toBeCloseTo(algorithm.forgetting_curve(7, state.stability), 12);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
    expect(new RecallPredictor(null).predict([3, 3], [0, 2], 2)).not.toBeCloseTo(p, 3);
  });

  it("numbers study days on the member's clock", () => {
    // 03:59 in Shanghai with day start 4 is still the previous study day.
    const before = studyDayNumber("2026-03-01T19:59:00Z", "Asia/Shanghai", 4);
    const after = studyDayNumber("2026-03-01T20:00:00Z", "Asia/Shanghai", 4);
    expect(after - before).toBe(1);
    expect(studyDayNumber(Date.parse("1970-01-02T00:00:00Z"), "UTC", 0)).toBe(1);
  });
});

function emptyCard(at: string) {
  return {
    due: new Date(at),
    stability: 0,
    difficulty: 0,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reps: 0,
    lapses: 0,
    state: 0,
    last_review: undefined,
  };
}
