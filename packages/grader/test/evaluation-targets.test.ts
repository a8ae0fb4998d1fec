import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { CONTENT_DIR, evaluate, readLabelledAnswers, TARGETS } from "../eval/evaluation.ts";

describe("labelled evaluation", () => {
  const labels = readLabelledAnswers();

  it("has at least 12 answers per question and 4 per follow-up, in both splits", () => {
    const count = (item: string): number => labels.filter((l) => l.item === item).length;
    for (const q of ["Q090", "Q091", "Q092"]) {
      expect(count(q)).toBeGreaterThanOrEqual(12);
      for (const f of ["f1", "f2", "f3"]) expect(count(`${q}.${f}`)).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(labels.map((l) => l.split))).toEqual(new Set(["tuning", "held-out"]));
  });

  it("has a second batch of at least 75 answers on all 12 items, every third per item held out, labelled by the rubric", () => {
    const fresh = labels.filter((l) => l.origin === "fresh");
    expect(fresh.length).toBeGreaterThanOrEqual(75);
    expect(new Set(fresh.map((l) => l.item)).size).toBe(12);
    const position = new Map<string, number>();
    for (const label of fresh) {
      const n = (position.get(label.item) ?? 0) + 1;
      position.set(label.item, n);
      expect(label.split, label.id).toBe(n % 3 === 0 ? "held-out" : "tuning");
      expect(label.contradicted, label.id).toBeDefined();
      expect(label.partial, label.id).toBeDefined();
    }
  });

  // Later batches, each written blind and labelled by the rubric: 6 answers per item from the third
  // batch (every third held out), 8 per item from the fifth (the 3rd, 6th and 8th held out).
  it.each([
    ["third", "fresh-3", "G", 6],
    ["fourth", "fresh-4", "H", 6],
    ["fifth", "fresh-5", "J", 8],
    ["sixth", "fresh-6", "K", 8],
    ["seventh", "fresh-7", "L", 8],
    ["eighth", "fresh-8", "M", 8],
  ] as const)("has a %s batch of %s, ids -%s, %i answers on each of the 12 items, its held-out ones in place", (_name, origin, letter, perItem) => {
    const heldOut = (n: number): boolean => (perItem === 6 ? n % 3 === 0 : [3, 6, 8].includes(n));
    const batch = labels.filter((l) => l.origin === origin);
    expect(batch.length).toBeGreaterThanOrEqual(12 * perItem);
    const position = new Map<string, number>();
    for (const label of batch) {
      const n = (position.get(label.item) ?? 0) + 1;
      position.set(label.item, n);
      expect(label.id, label.id).toMatch(new RegExp(`-${letter}\\d{2}$`));
      expect(label.split, label.id).toBe(heldOut(n) ? "held-out" : "tuning");
      expect(label.contradicted, label.id).toBeDefined();
      expect(label.partial, label.id).toBeDefined();
    }
    expect(position.size).toBe(12);
    for (const count of position.values()) {
      if (perItem === 8) expect(count).toBe(8);
      else expect(count).toBeGreaterThanOrEqual(6);
    }
  });

  it("holds its held-out figures as floors and beats the bigram baseline", async () => {
    const bank = await loadBank(CONTENT_DIR);
    const { reports } = evaluate(bank.itemsById, labels);
    const heldOut = reports.find((r) => r.split === "held-out");
    expect(heldOut).toBeDefined();
    const { grader, baseline, batches } = heldOut ?? reports[0]!;
    // The whole held-out split (271 answers) after the seventh round, with the held-out thirds of
    // the sixth, seventh and eighth batches in it: QWK 0.856 (met), Spearman 0.877 (0.880 wanted),
    // misconception precision 46 of 51 flags right (0.902, met), recall 46 of 56 (0.821),
    // contradicted-point recall 47 of 82 (0.573). Targets in TARGETS.
    expect(grader.kappa).toBeGreaterThanOrEqual(TARGETS.kappa);
    expect(grader.spearman).toBeGreaterThanOrEqual(0.87);
    expect(grader.misconceptions.precision).toBeGreaterThanOrEqual(TARGETS.precision);
    expect(grader.misconceptions.recall).toBeGreaterThanOrEqual(0.82);
    expect(grader.contradicted.recall).toBeGreaterThanOrEqual(0.57);
    expect(grader.kappa).toBeGreaterThan(baseline.kappa);
    expect(grader.spearman).toBeGreaterThan(baseline.spearman);

    // The fresh batches alone (see eval/README.md), each held as a floor at its value after the
    // seventh round, with the baseline beaten.
    const batch = (name: string) => {
      const found = batches.find((b) => b.batch === name);
      if (!found) throw new Error(`no ${name} batch`);
      return found;
    };
    const floors = {
      // QWK / Spearman / misconception precision / recall / contradicted recall:
      // 0.947 / 0.914 / 1.000 / 1.000 / 0.75.
      second: { kappa: 0.94, spearman: 0.91, precision: 1, recall: 1, contradictedRecall: 0.75 },
      // 0.903 / 0.827 / 1.000 / 0.667 / 0.667.
      third: { kappa: 0.9, spearman: 0.82, precision: 1, recall: 0.66, contradictedRecall: 0.66 },
      // 0.924 / 0.868 / 1.000 / 0.875 / 0.70.
      "second and third": { kappa: 0.92, spearman: 0.86, precision: 1, recall: 0.87, contradictedRecall: 0.7 },
      // 0.931 / 0.922 / 1.000 / 0.667 (2 of 3) / 0.625.
      fourth: { kappa: 0.93, spearman: 0.92, precision: 1, recall: 0.66, contradictedRecall: 0.62 },
      // 0.927 / 0.888 / 1.000 / 0.818 / 0.667.
      "second to fourth": { kappa: 0.92, spearman: 0.88, precision: 1, recall: 0.81, contradictedRecall: 0.66 },
      // Written blind to stress the two recalls: 0.733 / 0.766 / 1.000 / 0.700 / 0.500.
      fifth: { kappa: 0.73, spearman: 0.76, precision: 1, recall: 0.7, contradictedRecall: 0.5 },
      // 0.877 / 0.860 / 1.000 / 0.762 / 0.583.
      "second to fifth": { kappa: 0.87, spearman: 0.85, precision: 1, recall: 0.76, contradictedRecall: 0.58 },
      // Tuned on its other two thirds this round: 0.678 / 0.761 / 0.778 / 1.000 / 0.615 (0.491 /
      // 0.607 / 0.700 / 1.000 / 0.462 before).
      sixth: { kappa: 0.67, spearman: 0.76, precision: 0.77, recall: 1, contradictedRecall: 0.61 },
      // Kept blind for most of the round, then tuned on its other two thirds: 0.767 / 0.851 / 0.857 /
      // 0.667 / 0.412 before the round, midway and after it.
      seventh: { kappa: 0.76, spearman: 0.85, precision: 0.85, recall: 0.66, contradictedRecall: 0.41 },
      // 0.730 / 0.806 / 0.813 / 0.813 / 0.500.
      "sixth and seventh": { kappa: 0.72, spearman: 0.8, precision: 0.81, recall: 0.81, contradictedRecall: 0.5 },
      // 0.809 / 0.838 / 0.906 / 0.784 / 0.545.
      "second to seventh": { kappa: 0.8, spearman: 0.83, precision: 0.9, recall: 0.78, contradictedRecall: 0.54 },
      // Written after the round, blind, and graded once: 0.918 / 0.886 / 0.875 / 0.875 / 0.688 (the
      // grader before the round: 0.869 / 0.878 / 0.778 / 0.875 / 0.625).
      eighth: { kappa: 0.91, spearman: 0.88, precision: 0.87, recall: 0.87, contradictedRecall: 0.68 },
      // 0.829 / 0.848 / 0.900 / 0.800 / 0.573.
      "second to eighth": { kappa: 0.82, spearman: 0.84, precision: 0.9, recall: 0.8, contradictedRecall: 0.57 },
    } as const;
    for (const [name, floor] of Object.entries(floors)) {
      const { grader: g, baseline: b } = batch(name);
      expect(g.misconceptions.precision, name).toBeGreaterThanOrEqual(floor.precision);
      expect(g.kappa, name).toBeGreaterThanOrEqual(floor.kappa);
      expect(g.spearman, name).toBeGreaterThanOrEqual(floor.spearman);
      expect(g.misconceptions.recall, name).toBeGreaterThanOrEqual(floor.recall);
      expect(g.contradicted.recall, name).toBeGreaterThanOrEqual(floor.contradictedRecall);
      expect(g.kappa, name).toBeGreaterThan(b.kappa);
      expect(g.spearman, name).toBeGreaterThan(b.spearman);
    }
  });
});
