import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { CONTENT_DIR, evaluate, readLabelledAnswers } from "../eval/evaluation.ts";

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
    ["ninth", "fresh-9", "N", 8],
    ["tenth", "fresh-10", "P", 8],
    ["eleventh", "fresh-11", "Q", 8],
    ["twelfth", "fresh-12", "R", 8],
    ["thirteenth", "fresh-13", "S", 8],
    ["fourteenth", "fresh-14", "T", 8],
    ["fifteenth", "fresh-15", "U", 8],
    ["sixteenth", "fresh-16", "V", 8],
    ["seventeenth", "fresh-17", "W", 8],
    ["eighteenth", "fresh-18", "X", 8],
    ["nineteenth", "fresh-19", "Y", 8],
    ["twentieth", "fresh-20", "Z", 8],
    ["twenty-first", "fresh-21", "A", 8],
    ["twenty-second", "fresh-22", "B", 8],
    ["twenty-third", "fresh-23", "C", 8],
    ["twenty-fourth", "fresh-24", "D", 8],
    ["twenty-fifth", "fresh-25", "E", 8],
    ["twenty-sixth", "fresh-26", "I", 8],
    ["twenty-seventh", "fresh-27", "AA", 8],
    ["twenty-eighth", "fresh-28", "AB", 8],
    ["twenty-ninth", "fresh-29", "AC", 8],
    ["thirtieth", "fresh-30", "AD", 8],
    ["thirty-first", "fresh-31", "AE", 8],
    ["thirty-second", "fresh-32", "AF", 8],
    ["thirty-third", "fresh-33", "AG", 8],
    ["thirty-fourth", "fresh-34", "AH", 8],
    ["thirty-fifth", "fresh-35", "AI", 8],
    ["thirty-sixth", "fresh-36", "AJ", 8],
    ["thirty-seventh", "fresh-37", "AK", 8],
    ["thirty-eighth", "fresh-38", "AL", 8],
    ["thirty-ninth", "fresh-39", "AM", 8],
    ["fortieth", "fresh-40", "AN", 8],
    ["forty-first", "fresh-41", "AO", 8],
    ["forty-second", "fresh-42", "AP", 8],
    ["forty-third", "fresh-43", "AQ", 8],
    ["forty-fourth", "fresh-44", "AR", 8],
    ["forty-fifth", "fresh-45", "AS", 8],
    ["forty-sixth", "fresh-46", "AT", 8],
    ["forty-seventh", "fresh-47", "AU", 8],
    ["forty-eighth", "fresh-48", "AV", 8],
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
    // The whole held-out split (1,639 answers) after the nineteenth round, with the held-out thirds of the
    // nineteenth to forty-sixth batches in it: QWK 0.772, Spearman 0.857, misconception precision
    // 0.863, recall 0.740, contradicted-point recall 0.580 (the learned layer retrained with the tuning
    // answers of the forty-fourth to forty-sixth batches once they had been graded blind). On the 1,495
    // held-out answers the split held before the forty-third batch: 0.783 / 0.862 / 0.869 / 0.760 /
    // 0.582 (after the eighteenth round 0.765 / 0.841 / 0.862 / 0.748 / 0.577). These are floors; the targets (eval/evaluation.ts)
    // are not met.
    expect(grader.kappa).toBeGreaterThanOrEqual(0.77);
    expect(grader.spearman).toBeGreaterThanOrEqual(0.85);
    expect(grader.misconceptions.precision).toBeGreaterThanOrEqual(0.86);
    expect(grader.misconceptions.recall).toBeGreaterThanOrEqual(0.73);
    expect(grader.contradicted.recall).toBeGreaterThanOrEqual(0.57);
    expect(grader.kappa).toBeGreaterThan(baseline.kappa);
    expect(grader.spearman).toBeGreaterThan(baseline.spearman);

    // The fresh batches alone (see eval/README.md), each held as a floor at its value after the
    // nineteenth round, with the baseline beaten.
    const batch = (name: string) => {
      const found = batches.find((b) => b.batch === name);
      if (!found) throw new Error(`no ${name} batch`);
      return found;
    };
    const floors = {
      // 0.947 / 0.986 / 1.000 / 1.000 / 1.000.
      second: { kappa: 0.94, spearman: 0.98, precision: 0.99, recall: 0.99, contradictedRecall: 0.99 },
      // 0.968 / 0.933 / 1.000 / 0.667 / 1.000.
      third: { kappa: 0.96, spearman: 0.93, precision: 0.99, recall: 0.66, contradictedRecall: 0.99 },
      // 0.958 / 0.962 / 1.000 / 0.875 / 1.000.
      "second and third": { kappa: 0.95, spearman: 0.96, precision: 0.99, recall: 0.87, contradictedRecall: 0.99 },
      // 0.931 / 0.941 / 1.000 / 1.000 / 0.750.
      fourth: { kappa: 0.93, spearman: 0.94, precision: 0.99, recall: 0.99, contradictedRecall: 0.74 },
      // 0.949 / 0.953 / 1.000 / 0.909 / 0.889.
      "second to fourth": { kappa: 0.94, spearman: 0.95, precision: 0.99, recall: 0.9, contradictedRecall: 0.88 },
      // 0.657 / 0.773 / 1.000 / 0.600 / 0.556.
      fifth: { kappa: 0.65, spearman: 0.77, precision: 0.99, recall: 0.59, contradictedRecall: 0.55 },
      // 0.870 / 0.910 / 1.000 / 0.762 / 0.722.
      "second to fifth": { kappa: 0.87, spearman: 0.9, precision: 0.99, recall: 0.76, contradictedRecall: 0.72 },
      // 0.642 / 0.742 / 0.700 / 1.000 / 0.615.
      sixth: { kappa: 0.64, spearman: 0.74, precision: 0.69, recall: 0.99, contradictedRecall: 0.61 },
      // 0.851 / 0.852 / 1.000 / 0.667 / 0.412.
      seventh: { kappa: 0.85, spearman: 0.85, precision: 0.99, recall: 0.66, contradictedRecall: 0.41 },
      // 0.762 / 0.797 / 0.813 / 0.813 / 0.500.
      "sixth and seventh": { kappa: 0.76, spearman: 0.79, precision: 0.81, recall: 0.81, contradictedRecall: 0.49 },
      // 0.820 / 0.862 / 0.906 / 0.784 / 0.621.
      "second to seventh": { kappa: 0.81, spearman: 0.86, precision: 0.9, recall: 0.78, contradictedRecall: 0.62 },
      // 0.900 / 0.911 / 0.857 / 0.750 / 0.813.
      eighth: { kappa: 0.89, spearman: 0.91, precision: 0.85, recall: 0.74, contradictedRecall: 0.81 },
      // 0.834 / 0.871 / 0.897 / 0.778 / 0.659.
      "second to eighth": { kappa: 0.83, spearman: 0.87, precision: 0.89, recall: 0.77, contradictedRecall: 0.65 },
      // 0.813 / 0.880 / 0.818 / 0.900 / 0.647.
      ninth: { kappa: 0.81, spearman: 0.87, precision: 0.81, recall: 0.89, contradictedRecall: 0.64 },
      // 0.817 / 0.884 / 0.875 / 0.778 / 0.556.
      tenth: { kappa: 0.81, spearman: 0.88, precision: 0.87, recall: 0.77, contradictedRecall: 0.55 },
      // 0.766 / 0.910 / 0.750 / 0.857 / 0.667.
      eleventh: { kappa: 0.76, spearman: 0.91, precision: 0.74, recall: 0.85, contradictedRecall: 0.66 },
      // 0.740 / 0.774 / 0.750 / 0.750 / 0.714.
      twelfth: { kappa: 0.73, spearman: 0.77, precision: 0.74, recall: 0.74, contradictedRecall: 0.71 },
      // 0.788 / 0.861 / 0.800 / 0.824 / 0.649.
      "ninth to twelfth": { kappa: 0.78, spearman: 0.86, precision: 0.79, recall: 0.82, contradictedRecall: 0.64 },
      // 0.727 / 0.811 / 1.000 / 0.778 / 0.737.
      thirteenth: { kappa: 0.72, spearman: 0.81, precision: 0.99, recall: 0.77, contradictedRecall: 0.73 },
      // 0.781 / 0.777 / 1.000 / 1.000 / 0.786.
      fourteenth: { kappa: 0.78, spearman: 0.77, precision: 0.99, recall: 0.99, contradictedRecall: 0.78 },
      // 0.536 / 0.799 / 0.875 / 0.583 / 0.480.
      fifteenth: { kappa: 0.53, spearman: 0.79, precision: 0.87, recall: 0.58, contradictedRecall: 0.47 },
      // 0.537 / 0.826 / 1.000 / 0.727 / 0.533.
      sixteenth: { kappa: 0.53, spearman: 0.82, precision: 0.99, recall: 0.72, contradictedRecall: 0.53 },
      // 0.957 / 0.858 / 1.000 / 0.625 / 0.722.
      seventeenth: { kappa: 0.95, spearman: 0.85, precision: 0.99, recall: 0.62, contradictedRecall: 0.72 },
      // 0.741 / 0.835 / 0.714 / 0.625 / 0.438.
      eighteenth: { kappa: 0.74, spearman: 0.83, precision: 0.71, recall: 0.62, contradictedRecall: 0.43 },
      // 0.697 / 0.846 / 0.893 / 0.641 / 0.541.
      "fifteenth to eighteenth": { kappa: 0.69, spearman: 0.84, precision: 0.89, recall: 0.64, contradictedRecall: 0.54 },
      // 0.745 / 0.838 / 0.873 / 0.758 / 0.624.
      "ninth to eighteenth": { kappa: 0.74, spearman: 0.83, precision: 0.87, recall: 0.75, contradictedRecall: 0.62 },
      // 0.781 / 0.850 / 0.881 / 0.765 / 0.635.
      "second to eighteenth": { kappa: 0.78, spearman: 0.84, precision: 0.88, recall: 0.76, contradictedRecall: 0.63 },
      // 0.893 / 0.864 / 0.889 / 0.800 / 0.800.
      nineteenth: { kappa: 0.89, spearman: 0.86, precision: 0.88, recall: 0.79, contradictedRecall: 0.79 },
      // 0.730 / 0.783 / 0.857 / 0.667 / 0.526.
      twentieth: { kappa: 0.73, spearman: 0.78, precision: 0.85, recall: 0.66, contradictedRecall: 0.52 },
      // 0.809 / 0.828 / 0.875 / 0.737 / 0.647.
      "nineteenth and twentieth": { kappa: 0.8, spearman: 0.82, precision: 0.87, recall: 0.73, contradictedRecall: 0.64 },
      // 0.953 / 0.912 / 0.923 / 0.857 / 0.600.
      "twenty-first": { kappa: 0.95, spearman: 0.91, precision: 0.92, recall: 0.85, contradictedRecall: 0.59 },
      // 0.731 / 0.873 / 1.000 / 1.000 / 0.529.
      "twenty-second": { kappa: 0.73, spearman: 0.87, precision: 0.99, recall: 0.99, contradictedRecall: 0.52 },
      // 0.831 / 0.910 / 0.955 / 0.913 / 0.568.
      "twenty-first and twenty-second": { kappa: 0.83, spearman: 0.9, precision: 0.95, recall: 0.91, contradictedRecall: 0.56 },
      // 0.757 / 0.863 / 0.909 / 0.741 / 0.572.
      "fifteenth to twenty-second (clean)": { kappa: 0.75, spearman: 0.86, precision: 0.9, recall: 0.74, contradictedRecall: 0.57 },
      // 0.789 / 0.858 / 0.891 / 0.781 / 0.629.
      "second to twenty-second": { kappa: 0.78, spearman: 0.85, precision: 0.89, recall: 0.78, contradictedRecall: 0.62 },
      // 0.874 / 0.757 / 0.857 / 0.667 / 0.500.
      "twenty-third": { kappa: 0.87, spearman: 0.75, precision: 0.85, recall: 0.66, contradictedRecall: 0.49 },
      // 0.725 / 0.879 / 0.889 / 0.800 / 0.632.
      "twenty-fourth": { kappa: 0.72, spearman: 0.87, precision: 0.88, recall: 0.79, contradictedRecall: 0.63 },
      // 0.792 / 0.828 / 0.875 / 0.737 / 0.561.
      "twenty-third and twenty-fourth": { kappa: 0.79, spearman: 0.82, precision: 0.87, recall: 0.73, contradictedRecall: 0.56 },
      // 0.779 / 0.877 / 0.933 / 1.000 / 0.760.
      "twenty-fifth": { kappa: 0.77, spearman: 0.87, precision: 0.93, recall: 0.99, contradictedRecall: 0.75 },
      // 0.582 / 0.655 / 1.000 / 0.636 / 0.429.
      "twenty-sixth": { kappa: 0.58, spearman: 0.65, precision: 0.99, recall: 0.63, contradictedRecall: 0.42 },
      // 0.683 / 0.776 / 0.955 / 0.840 / 0.609.
      "twenty-fifth and twenty-sixth": { kappa: 0.68, spearman: 0.77, precision: 0.95, recall: 0.83, contradictedRecall: 0.6 },
      // 0.751 / 0.846 / 0.913 / 0.760 / 0.578.
      "fifteenth to twenty-sixth (clean)": { kappa: 0.75, spearman: 0.84, precision: 0.91, recall: 0.75, contradictedRecall: 0.57 },
      // 0.783 / 0.852 / 0.897 / 0.784 / 0.620.
      "second to twenty-sixth": { kappa: 0.78, spearman: 0.85, precision: 0.89, recall: 0.78, contradictedRecall: 0.61 },
      // 0.730 / 0.876 / 1.000 / 0.571 / 0.667.
      "twenty-seventh": { kappa: 0.72, spearman: 0.87, precision: 0.99, recall: 0.57, contradictedRecall: 0.66 },
      // 0.677 / 0.914 / 0.750 / 0.600 / 0.714.
      "twenty-eighth": { kappa: 0.67, spearman: 0.91, precision: 0.74, recall: 0.59, contradictedRecall: 0.71 },
      // 0.714 / 0.888 / 0.833 / 0.588 / 0.688.
      "twenty-seventh and twenty-eighth": { kappa: 0.71, spearman: 0.88, precision: 0.83, recall: 0.58, contradictedRecall: 0.68 },
      // 0.748 / 0.857 / 0.905 / 0.739 / 0.591.
      "fifteenth to twenty-eighth (clean)": { kappa: 0.74, spearman: 0.85, precision: 0.9, recall: 0.73, contradictedRecall: 0.59 },
      // 0.778 / 0.857 / 0.893 / 0.770 / 0.625.
      "second to twenty-eighth": { kappa: 0.77, spearman: 0.85, precision: 0.89, recall: 0.76, contradictedRecall: 0.62 },
      // 0.704 / 0.790 / 0.667 / 0.667 / 0.455.
      "twenty-ninth": { kappa: 0.7, spearman: 0.78, precision: 0.66, recall: 0.66, contradictedRecall: 0.45 },
      // 0.846 / 0.903 / 0.857 / 1.000 / 0.455.
      thirtieth: { kappa: 0.84, spearman: 0.9, precision: 0.85, recall: 0.99, contradictedRecall: 0.45 },
      // 0.763 / 0.830 / 0.750 / 0.800 / 0.455.
      "twenty-ninth and thirtieth": { kappa: 0.76, spearman: 0.82, precision: 0.74, recall: 0.79, contradictedRecall: 0.45 },
      // 0.756 / 0.857 / 0.886 / 0.745 / 0.580.
      "fifteenth to thirtieth (clean)": { kappa: 0.75, spearman: 0.85, precision: 0.88, recall: 0.74, contradictedRecall: 0.58 },
      // 0.779 / 0.856 / 0.883 / 0.772 / 0.617.
      "second to thirtieth": { kappa: 0.77, spearman: 0.85, precision: 0.88, recall: 0.77, contradictedRecall: 0.61 },
      // 0.769 / 0.818 / 0.750 / 0.857 / 0.609.
      "thirty-first": { kappa: 0.76, spearman: 0.81, precision: 0.74, recall: 0.85, contradictedRecall: 0.6 },
      // 0.754 / 0.843 / 1.000 / 0.333 / 0.462.
      "thirty-second": { kappa: 0.75, spearman: 0.84, precision: 0.99, recall: 0.33, contradictedRecall: 0.46 },
      // 0.763 / 0.831 / 0.800 / 0.615 / 0.556.
      "thirty-first and thirty-second": { kappa: 0.76, spearman: 0.83, precision: 0.79, recall: 0.61, contradictedRecall: 0.55 },
      // 0.757 / 0.855 / 0.880 / 0.735 / 0.578.
      "fifteenth to thirty-second (clean)": { kappa: 0.75, spearman: 0.85, precision: 0.88, recall: 0.73, contradictedRecall: 0.57 },
      // 0.778 / 0.854 / 0.879 / 0.764 / 0.613.
      "second to thirty-second": { kappa: 0.77, spearman: 0.85, precision: 0.87, recall: 0.76, contradictedRecall: 0.61 },
      // 0.680 / 0.836 / 0.400 / 0.667 / 0.625.
      "thirty-third": { kappa: 0.67, spearman: 0.83, precision: 0.39, recall: 0.66, contradictedRecall: 0.62 },
      // 0.765 / 0.882 / 1.000 / 0.600 / 0.400.
      "thirty-fourth": { kappa: 0.76, spearman: 0.88, precision: 0.99, recall: 0.59, contradictedRecall: 0.39 },
      // 0.717 / 0.848 / 0.625 / 0.625 / 0.516.
      "thirty-third and thirty-fourth": { kappa: 0.71, spearman: 0.84, precision: 0.62, recall: 0.62, contradictedRecall: 0.51 },
      // 0.755 / 0.857 / 0.867 / 0.730 / 0.572.
      "fifteenth to thirty-fourth (clean)": { kappa: 0.75, spearman: 0.85, precision: 0.86, recall: 0.73, contradictedRecall: 0.57 },
      // 0.775 / 0.856 / 0.871 / 0.760 / 0.607.
      "second to thirty-fourth": { kappa: 0.77, spearman: 0.85, precision: 0.87, recall: 0.75, contradictedRecall: 0.6 },
      // 0.799 / 0.839 / 1.000 / 0.800 / 0.400.
      "thirty-fifth": { kappa: 0.79, spearman: 0.83, precision: 0.99, recall: 0.79, contradictedRecall: 0.39 },
      // 0.540 / 0.824 / 0.800 / 0.571 / 0.100.
      "thirty-sixth": { kappa: 0.53, spearman: 0.82, precision: 0.79, recall: 0.57, contradictedRecall: 0.09 },
      // 0.687 / 0.811 / 0.923 / 0.706 / 0.280.
      "thirty-fifth and thirty-sixth": { kappa: 0.68, spearman: 0.81, precision: 0.92, recall: 0.7, contradictedRecall: 0.27 },
      // 0.749 / 0.852 / 0.871 / 0.728 / 0.553.
      "fifteenth to thirty-sixth (clean)": { kappa: 0.74, spearman: 0.85, precision: 0.87, recall: 0.72, contradictedRecall: 0.55 },
      // 0.771 / 0.853 / 0.874 / 0.757 / 0.593.
      "second to thirty-sixth": { kappa: 0.77, spearman: 0.85, precision: 0.87, recall: 0.75, contradictedRecall: 0.59 },
      // 0.769 / 0.850 / 1.000 / 0.800 / 0.375.
      "thirty-seventh": { kappa: 0.76, spearman: 0.84, precision: 0.99, recall: 0.79, contradictedRecall: 0.37 },
      // 0.619 / 0.875 / 0.667 / 0.333 / 0.462.
      "thirty-eighth": { kappa: 0.61, spearman: 0.87, precision: 0.66, recall: 0.33, contradictedRecall: 0.46 },
      // 0.695 / 0.863 / 0.857 / 0.545 / 0.429.
      "thirty-seventh and thirty-eighth": { kappa: 0.69, spearman: 0.86, precision: 0.85, recall: 0.54, contradictedRecall: 0.42 },
      // 0.747 / 0.857 / 0.871 / 0.718 / 0.546.
      "fifteenth to thirty-eighth (clean)": { kappa: 0.74, spearman: 0.85, precision: 0.87, recall: 0.71, contradictedRecall: 0.54 },
      // 0.767 / 0.856 / 0.873 / 0.749 / 0.587.
      "second to thirty-eighth": { kappa: 0.76, spearman: 0.85, precision: 0.87, recall: 0.74, contradictedRecall: 0.58 },
      // 0.888 / 0.896 / 0.800 / 1.000 / 0.727.
      "thirty-ninth": { kappa: 0.88, spearman: 0.89, precision: 0.79, recall: 0.99, contradictedRecall: 0.72 },
      // 0.787 / 0.898 / 1.000 / 0.857 / 0.316.
      fortieth: { kappa: 0.78, spearman: 0.89, precision: 0.99, recall: 0.85, contradictedRecall: 0.31 },
      // 0.834 / 0.895 / 0.909 / 0.909 / 0.467.
      "thirty-ninth and fortieth": { kappa: 0.83, spearman: 0.89, precision: 0.9, recall: 0.9, contradictedRecall: 0.46 },
      // 0.755 / 0.859 / 0.873 / 0.728 / 0.541.
      "fifteenth to fortieth (clean)": { kappa: 0.75, spearman: 0.85, precision: 0.87, recall: 0.72, contradictedRecall: 0.54 },
      // 0.772 / 0.858 / 0.875 / 0.755 / 0.581.
      "second to fortieth": { kappa: 0.77, spearman: 0.85, precision: 0.87, recall: 0.75, contradictedRecall: 0.58 },
      // 0.828 / 0.886 / 1.000 / 0.750 / 0.786.
      "forty-first": { kappa: 0.82, spearman: 0.88, precision: 0.99, recall: 0.74, contradictedRecall: 0.78 },
      // 0.819 / 0.787 / 0.600 / 0.750 / 0.364.
      "forty-second": { kappa: 0.81, spearman: 0.78, precision: 0.59, recall: 0.74, contradictedRecall: 0.36 },
      // 0.837 / 0.836 / 0.750 / 0.750 / 0.600.
      "forty-first and forty-second": { kappa: 0.83, spearman: 0.83, precision: 0.74, recall: 0.74, contradictedRecall: 0.59 },
      // 0.762 / 0.858 / 0.868 / 0.729 / 0.544.
      "fifteenth to forty-second (clean)": { kappa: 0.76, spearman: 0.85, precision: 0.86, recall: 0.72, contradictedRecall: 0.54 },
      // 0.775 / 0.857 / 0.871 / 0.755 / 0.582.
      "second to forty-second": { kappa: 0.77, spearman: 0.85, precision: 0.87, recall: 0.75, contradictedRecall: 0.58 },
      // 0.605 / 0.835 / 0.714 / 0.455 / 0.765.
      "forty-third": { kappa: 0.6, spearman: 0.83, precision: 0.71, recall: 0.45, contradictedRecall: 0.76 },
      // 0.662 / 0.850 / 0.800 / 0.800 / 0.429.
      "forty-fourth": { kappa: 0.66, spearman: 0.85, precision: 0.79, recall: 0.79, contradictedRecall: 0.42 },
      // 0.662 / 0.849 / 0.765 / 0.619 / 0.613.
      "forty-third and forty-fourth": { kappa: 0.66, spearman: 0.84, precision: 0.76, recall: 0.61, contradictedRecall: 0.61 },
      // 0.467 / 0.658 / 1.000 / 0.444 / 0.500.
      "forty-fifth": { kappa: 0.46, spearman: 0.65, precision: 0.99, recall: 0.44, contradictedRecall: 0.49 },
      // 0.707 / 0.831 / 0.750 / 0.600 / 0.500.
      "forty-sixth": { kappa: 0.7, spearman: 0.83, precision: 0.74, recall: 0.59, contradictedRecall: 0.49 },
      // 0.585 / 0.742 / 0.833 / 0.526 / 0.500.
      "forty-fifth and forty-sixth": { kappa: 0.58, spearman: 0.74, precision: 0.83, recall: 0.52, contradictedRecall: 0.49 },
      // 0.748 / 0.851 / 0.858 / 0.706 / 0.546.
      "fifteenth to forty-sixth (clean)": { kappa: 0.74, spearman: 0.85, precision: 0.85, recall: 0.7, contradictedRecall: 0.54 },
      // 0.764 / 0.852 / 0.864 / 0.735 / 0.580.
      "second to forty-sixth": { kappa: 0.76, spearman: 0.85, precision: 0.86, recall: 0.73, contradictedRecall: 0.57 },
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
