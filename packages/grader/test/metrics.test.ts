import { describe, expect, it } from "vitest";
import { averageRanks, precisionRecall, quadraticWeightedKappa, spearman } from "../eval/metrics.ts";

describe("quadraticWeightedKappa", () => {
  it("is 1 for perfect agreement", () => {
    expect(quadraticWeightedKappa([0, 1, 2, 3], [0, 1, 2, 3], 4)).toBe(1);
  });

  it("matches a hand-computed value", () => {
    // Observed disagreement: one pair off by one, weight 1/9. Expected, from the marginals
    // [1,2,0,1] × [1,1,1,1] / 4: (14/9·1 + 6/9·2 + 14/9·1) / 4 = 10/9. So κ = 1 − (1/9)/(10/9) = 0.9.
    expect(quadraticWeightedKappa([0, 1, 1, 3], [0, 1, 2, 3], 4)).toBeCloseTo(0.9, 10);
  });

  it("is negative for systematic reversal", () => {
    expect(quadraticWeightedKappa([3, 2, 1, 0], [0, 1, 2, 3], 4)).toBe(-1);
  });
});

describe("spearman", () => {
  it("gives tied values their mean rank", () => {
    expect(averageRanks([10, 20, 20, 30])).toEqual([1, 2.5, 2.5, 4]);
  });

  it("is 1 for any increasing relation and -1 for a decreasing one", () => {
    expect(spearman([1, 2, 3, 4], [1, 4, 9, 16])).toBeCloseTo(1, 10);
    expect(spearman([1, 2, 3, 4], [8, 4, 2, 1])).toBeCloseTo(-1, 10);
  });

  it("matches a hand-computed value with ties", () => {
    // Ranks of y: [2, 1, 5, 3.5, 3.5]; Σdx·dy = 5.5, Σdx² = 10, Σdy² = 9.5 → 5.5 / √95.
    expect(spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 3])).toBeCloseTo(5.5 / Math.sqrt(95), 10);
  });
});

describe("precisionRecall", () => {
  it("counts label sets per answer", () => {
    expect(precisionRecall([["a"], ["b", "c"], []], [["a"], ["b"], ["d"]])).toMatchObject({ precision: 2 / 3, recall: 2 / 3 });
  });
});
