import { describe, expect, it } from "vitest";
import { InvalidSelectionError, newCard, pickDailyItems, rankWeakest, retrievability, type WeakCandidate } from "../src/index.ts";
import { reviewCard, seededRandom } from "./support.ts";

const NOW = "2024-06-01T12:00:00Z";
const PREFS = { timezone: "Asia/Shanghai", dayStartHour: 4 };

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

describe("rankWeakest", () => {
  const candidates: WeakCandidate[] = [
    // Low stability, long ago: weakest.
    { itemId: "Q1", kind: "main", card: reviewCard("2024-05-01T12:00:00Z", { stability: 2 }) },
    // Same memory state and timing: tied on retrievability, ordered by lapses.
    { itemId: "Q2", kind: "main", card: reviewCard("2024-05-20T12:00:00Z", { stability: 10, lapses: 1 }) },
    { itemId: "Q3", kind: "main", card: reviewCard("2024-05-20T12:00:00Z", { stability: 10, lapses: 4 }) },
    // Tied on retrievability and lapses: the most recent Again first, none last, then by id.
    { itemId: "Q4", kind: "main", card: reviewCard("2024-05-30T12:00:00Z", { stability: 30, lapses: 2 }), lastAgainAt: "2024-05-01T00:00:00Z" },
    { itemId: "Q5", kind: "main", card: reviewCard("2024-05-30T12:00:00Z", { stability: 30, lapses: 2 }), lastAgainAt: "2024-05-29T00:00:00Z" },
    { itemId: "Q7", kind: "main", card: reviewCard("2024-05-30T12:00:00Z", { stability: 30, lapses: 2 }) },
    { itemId: "Q6", kind: "main", card: reviewCard("2024-05-30T12:00:00Z", { stability: 30, lapses: 2 }), lastAgainAt: null },
    // Another kind and an unseen card.
    { itemId: "Q1.m1", kind: "misconception", card: reviewCard("2024-04-01T12:00:00Z", { stability: 1 }) },
    { itemId: "Q9", kind: "main", card: newCard("2024-05-01T00:00:00Z") },
  ];

  it("orders by retrievability, then lapses, then latest Again, then id", () => {
    const ranked = rankWeakest(shuffled(candidates, 1), NOW, PREFS, 10, "main");
    expect(ranked.map((r) => r.itemId)).toEqual(["Q1", "Q3", "Q2", "Q5", "Q4", "Q6", "Q7"]);
    expect(ranked[0]?.retrievability).toBe(retrievability(candidates[0]!.card, NOW, PREFS));
    for (let i = 1; i < ranked.length; i++) {
      expect(ranked[i]!.retrievability).toBeGreaterThanOrEqual(ranked[i - 1]!.retrievability);
    }
  });

  it("gives the same order whatever the input order", () => {
    const orders = [1, 2, 3, 4].map((seed) => rankWeakest(shuffled(candidates, seed), NOW, PREFS, 10).map((r) => r.itemId));
    for (const order of orders) expect(order).toEqual(orders[0]);
  });

  it("leaves out unseen cards and honours the limit and the kind", () => {
    expect(rankWeakest(candidates, NOW, PREFS, 2).map((r) => r.itemId)).toEqual(["Q1.m1", "Q1"]);
    expect(rankWeakest(candidates, NOW, PREFS, 10, "misconception").map((r) => r.itemId)).toEqual(["Q1.m1"]);
    expect(rankWeakest(candidates, NOW, PREFS, 0)).toEqual([]);
    expect(rankWeakest(candidates, NOW, PREFS, 100).some((r) => r.itemId === "Q9")).toBe(false);
  });

  it("rejects a bad limit", () => {
    expect(() => rankWeakest(candidates, NOW, PREFS, -1)).toThrow(InvalidSelectionError);
    expect(() => rankWeakest(candidates, NOW, PREFS, -1)).toThrow("Invalid selection: limit must be a whole number ≥ 0, got -1");
  });
});

describe("pickDailyItems", () => {
  const due = [
    { itemId: "Q10", card: reviewCard("2024-05-01T00:00:00Z", { due: "2024-05-31T00:00:00Z" }) },
    { itemId: "Q11", card: reviewCard("2024-05-01T00:00:00Z", { due: "2024-05-20T00:00:00Z" }) },
    { itemId: "Q12", card: reviewCard("2024-05-01T00:00:00Z", { due: "2024-05-31T00:00:00Z" }) },
    { itemId: "Q13", card: reviewCard("2024-05-01T00:00:00Z", { due: "2024-06-01T03:00:00Z" }) },
  ];
  const fresh = [
    { itemId: "Q22", priority: "P2" as const },
    { itemId: "Q21", priority: "P1" as const },
    { itemId: "Q20", priority: "P0" as const },
    { itemId: "Q23", priority: "P0" as const },
    { itemId: "Q24", priority: "P1" as const },
  ];

  it("puts due items first, most overdue first, then new items P0 before P1 before P2", () => {
    const pick = pickDailyItems({ due: shuffled(due, 5), fresh: shuffled(fresh, 6), count: 20, newPerDay: 4 });
    expect(pick.itemIds).toEqual(["Q11", "Q10", "Q12", "Q13", "Q20", "Q23", "Q21", "Q24"]);
    expect(pick.due.map((d) => d.itemId)).toEqual(["Q11", "Q10", "Q12", "Q13"]);
    expect(pick.fresh.map((f) => f.itemId)).toEqual(["Q20", "Q23", "Q21", "Q24"]);
  });

  it("adds new items at a steady pace: at most newPerDay, less what today already introduced", () => {
    expect(pickDailyItems({ due: [], fresh, count: 20, newPerDay: 2 }).itemIds).toEqual(["Q20", "Q23"]);
    expect(pickDailyItems({ due: [], fresh, count: 20, newPerDay: 3, newAlreadyToday: 2 }).itemIds).toEqual(["Q20"]);
    expect(pickDailyItems({ due: [], fresh, count: 20, newPerDay: 3, newAlreadyToday: 5 }).itemIds).toEqual([]);
  });

  it("fills the day with due items before any new item", () => {
    expect(pickDailyItems({ due, fresh, count: 3, newPerDay: 5 }).itemIds).toEqual(["Q11", "Q10", "Q12"]);
    expect(pickDailyItems({ due, fresh, count: 5, newPerDay: 5 }).itemIds).toEqual(["Q11", "Q10", "Q12", "Q13", "Q20"]);
  });

  it("counts an item listed as both due and new once, as due", () => {
    const pick = pickDailyItems({ due, fresh: [{ itemId: "Q10", priority: "P0" }, ...fresh], count: 20, newPerDay: 1 });
    expect(pick.itemIds).toEqual(["Q11", "Q10", "Q12", "Q13", "Q20"]);
  });

  it("rejects bad counts and priorities", () => {
    expect(() => pickDailyItems({ due, fresh, count: 1.5, newPerDay: 1 })).toThrow(
      "Invalid selection: count must be a whole number ≥ 0, got 1.5",
    );
    expect(() => pickDailyItems({ due, fresh, count: 5, newPerDay: -2 })).toThrow(
      "Invalid selection: newPerDay must be a whole number ≥ 0, got -2",
    );
    expect(() => pickDailyItems({ due, fresh: [{ itemId: "X", priority: "P3" as "P0" }], count: 5, newPerDay: 2 })).toThrow(
      'Invalid selection: priority of X must be "P0", "P1" or "P2", got "P3"',
    );
  });
});
