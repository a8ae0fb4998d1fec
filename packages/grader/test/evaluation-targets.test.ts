import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { CONTENT_DIR, evaluate, meetsTargets, readLabelledAnswers } from "../eval/evaluation.ts";

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
    ["forty-ninth", "fresh-49", "AW", 8],
    ["fiftieth", "fresh-50", "AX", 8],
    ["fifty-first", "fresh-51", "AY", 8],
    ["fifty-second", "fresh-52", "AZ", 8],
    ["fifty-third", "fresh-53", "BA", 8],
    ["fifty-fourth", "fresh-54", "BB", 8],
    ["fifty-fifth", "fresh-55", "BC", 8],
    ["fifty-sixth", "fresh-56", "BD", 8],
    ["fifty-seventh", "fresh-57", "BE", 8],
    ["fifty-eighth", "fresh-58", "BF", 8],
    ["fifty-ninth", "fresh-59", "BG", 8],
    ["sixtieth", "fresh-60", "BH", 8],
    ["sixty-first", "fresh-61", "BI", 8],
    ["sixty-second", "fresh-62", "BJ", 8],
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
    // The whole held-out split (2,215 answers) after the twenty-second round, which retrained the learned
    // layer on the tuning answers of the first fifty-nine batches, lets a point's opposition model take
    // back a contradiction the rules read, and reads contradictions at 0.25 / 0.3 / 0.5: QWK 0.892,
    // Spearman 0.903, misconception precision 0.939, recall 0.867, contradicted-point precision 0.784,
    // recall 0.804 (on the 1,783 answers of the first fifty batches after the twenty-first round: 0.866 /
    // 0.903 / 0.939 / 0.869 / 0.768). The sixtieth to sixty-second batches are kept out of training, so
    // their held-out thirds are read by models that never saw their writers. These are floors; every
    // target (eval/evaluation.ts) is met on this split.
    expect(grader.kappa).toBeGreaterThanOrEqual(0.89);
    expect(grader.spearman).toBeGreaterThanOrEqual(0.90);
    expect(grader.misconceptions.precision).toBeGreaterThanOrEqual(0.93);
    expect(grader.misconceptions.recall).toBeGreaterThanOrEqual(0.86);
    expect(grader.contradicted.recall).toBeGreaterThanOrEqual(0.80);
    expect(meetsTargets(grader)).toBe(true);
    expect(grader.kappa).toBeGreaterThan(baseline.kappa);
    expect(grader.spearman).toBeGreaterThan(baseline.spearman);

    // The fresh batches alone (see eval/README.md), each held as a floor at its value after the
    // twenty-second round, with the baseline beaten.
    const batch = (name: string) => {
      const found = batches.find((b) => b.batch === name);
      if (!found) throw new Error(`no ${name} batch`);
      return found;
    };
    const floors = {
      // 0.947 / 0.990 / 1.000 / 1.000 / 1.000.
      second: { kappa: 0.94, spearman: 0.98, precision: 0.99, recall: 0.99, contradictedRecall: 0.99 },
      // 0.968 / 0.933 / 1.000 / 0.667 / 1.000.
      third: { kappa: 0.96, spearman: 0.93, precision: 0.99, recall: 0.66, contradictedRecall: 0.99 },
      // 0.958 / 0.966 / 1.000 / 0.875 / 1.000.
      "second and third": { kappa: 0.95, spearman: 0.96, precision: 0.99, recall: 0.87, contradictedRecall: 0.99 },
      // 0.965 / 0.962 / 1.000 / 1.000 / 1.000.
      fourth: { kappa: 0.96, spearman: 0.96, precision: 0.99, recall: 0.99, contradictedRecall: 0.99 },
      // 0.960 / 0.962 / 1.000 / 0.909 / 1.000.
      "second to fourth": { kappa: 0.95, spearman: 0.96, precision: 0.99, recall: 0.90, contradictedRecall: 0.99 },
      // 0.802 / 0.848 / 1.000 / 0.600 / 0.722.
      fifth: { kappa: 0.80, spearman: 0.84, precision: 0.99, recall: 0.59, contradictedRecall: 0.72 },
      // 0.924 / 0.941 / 1.000 / 0.762 / 0.861.
      "second to fifth": { kappa: 0.92, spearman: 0.94, precision: 0.99, recall: 0.76, contradictedRecall: 0.86 },
      // 0.899 / 0.890 / 0.875 / 1.000 / 0.923.
      sixth: { kappa: 0.89, spearman: 0.88, precision: 0.87, recall: 0.99, contradictedRecall: 0.92 },
      // 0.911 / 0.942 / 1.000 / 0.667 / 0.706.
      seventh: { kappa: 0.91, spearman: 0.94, precision: 0.99, recall: 0.66, contradictedRecall: 0.70 },
      // 0.906 / 0.916 / 0.929 / 0.813 / 0.800.
      "sixth and seventh": { kappa: 0.90, spearman: 0.91, precision: 0.92, recall: 0.81, contradictedRecall: 0.79 },
      // 0.916 / 0.931 / 0.967 / 0.784 / 0.833.
      "second to seventh": { kappa: 0.91, spearman: 0.93, precision: 0.96, recall: 0.78, contradictedRecall: 0.83 },
      // 0.970 / 0.959 / 1.000 / 0.875 / 0.938.
      eighth: { kappa: 0.96, spearman: 0.95, precision: 0.99, recall: 0.87, contradictedRecall: 0.93 },
      // 0.926 / 0.935 / 0.973 / 0.800 / 0.854.
      "second to eighth": { kappa: 0.92, spearman: 0.93, precision: 0.97, recall: 0.79, contradictedRecall: 0.85 },
      // 0.899 / 0.855 / 0.900 / 0.900 / 0.882.
      ninth: { kappa: 0.89, spearman: 0.85, precision: 0.89, recall: 0.89, contradictedRecall: 0.88 },
      // 0.904 / 0.840 / 1.000 / 0.889 / 0.667.
      tenth: { kappa: 0.90, spearman: 0.83, precision: 0.99, recall: 0.88, contradictedRecall: 0.66 },
      // 0.925 / 0.956 / 0.857 / 0.857 / 0.833.
      eleventh: { kappa: 0.92, spearman: 0.95, precision: 0.85, recall: 0.85, contradictedRecall: 0.83 },
      // 0.855 / 0.799 / 0.667 / 0.750 / 0.952.
      twelfth: { kappa: 0.85, spearman: 0.79, precision: 0.66, recall: 0.74, contradictedRecall: 0.95 },
      // 0.902 / 0.878 / 0.853 / 0.853 / 0.838.
      "ninth to twelfth": { kappa: 0.90, spearman: 0.87, precision: 0.85, recall: 0.85, contradictedRecall: 0.83 },
      // 0.796 / 0.910 / 1.000 / 0.778 / 0.842.
      thirteenth: { kappa: 0.79, spearman: 0.90, precision: 0.99, recall: 0.77, contradictedRecall: 0.84 },
      // 0.837 / 0.809 / 1.000 / 1.000 / 0.929.
      fourteenth: { kappa: 0.83, spearman: 0.80, precision: 0.99, recall: 0.99, contradictedRecall: 0.92 },
      // 0.819 / 0.891 / 0.909 / 0.833 / 0.880.
      fifteenth: { kappa: 0.81, spearman: 0.89, precision: 0.90, recall: 0.83, contradictedRecall: 0.87 },
      // 0.799 / 0.911 / 1.000 / 0.909 / 0.867.
      sixteenth: { kappa: 0.79, spearman: 0.91, precision: 0.99, recall: 0.90, contradictedRecall: 0.86 },
      // 0.972 / 0.849 / 1.000 / 0.875 / 0.889.
      seventeenth: { kappa: 0.97, spearman: 0.84, precision: 0.99, recall: 0.87, contradictedRecall: 0.88 },
      // 0.879 / 0.942 / 0.857 / 0.750 / 0.938.
      eighteenth: { kappa: 0.87, spearman: 0.94, precision: 0.85, recall: 0.74, contradictedRecall: 0.93 },
      // 0.878 / 0.914 / 0.943 / 0.846 / 0.892.
      "fifteenth to eighteenth": { kappa: 0.87, spearman: 0.91, precision: 0.94, recall: 0.84, contradictedRecall: 0.89 },
      // 0.875 / 0.892 / 0.918 / 0.857 / 0.867.
      "ninth to eighteenth": { kappa: 0.87, spearman: 0.89, precision: 0.91, recall: 0.85, contradictedRecall: 0.86 },
      // 0.896 / 0.909 / 0.934 / 0.838 / 0.863.
      "second to eighteenth": { kappa: 0.89, spearman: 0.90, precision: 0.93, recall: 0.83, contradictedRecall: 0.86 },
      // 0.887 / 0.821 / 0.900 / 0.900 / 0.867.
      nineteenth: { kappa: 0.88, spearman: 0.82, precision: 0.89, recall: 0.89, contradictedRecall: 0.86 },
      // 0.933 / 0.770 / 1.000 / 0.778 / 0.789.
      twentieth: { kappa: 0.93, spearman: 0.76, precision: 0.99, recall: 0.77, contradictedRecall: 0.78 },
      // 0.913 / 0.791 / 0.941 / 0.842 / 0.824.
      "nineteenth and twentieth": { kappa: 0.91, spearman: 0.79, precision: 0.94, recall: 0.84, contradictedRecall: 0.82 },
      // 0.937 / 0.920 / 1.000 / 1.000 / 0.850.
      "twenty-first": { kappa: 0.93, spearman: 0.91, precision: 0.99, recall: 0.99, contradictedRecall: 0.84 },
      // 0.909 / 0.951 / 1.000 / 1.000 / 0.882.
      "twenty-second": { kappa: 0.90, spearman: 0.95, precision: 0.99, recall: 0.99, contradictedRecall: 0.88 },
      // 0.924 / 0.939 / 1.000 / 1.000 / 0.865.
      "twenty-first and twenty-second": { kappa: 0.92, spearman: 0.93, precision: 0.99, recall: 0.99, contradictedRecall: 0.86 },
      // 0.899 / 0.898 / 0.960 / 0.889 / 0.869.
      "fifteenth to twenty-second (clean)": { kappa: 0.89, spearman: 0.89, precision: 0.95, recall: 0.88, contradictedRecall: 0.86 },
      // 0.901 / 0.905 / 0.944 / 0.860 / 0.859.
      "second to twenty-second": { kappa: 0.90, spearman: 0.90, precision: 0.94, recall: 0.85, contradictedRecall: 0.85 },
      // 0.979 / 0.840 / 0.875 / 0.778 / 0.682.
      "twenty-third": { kappa: 0.97, spearman: 0.83, precision: 0.87, recall: 0.77, contradictedRecall: 0.68 },
      // 0.971 / 0.953 / 1.000 / 0.900 / 1.000.
      "twenty-fourth": { kappa: 0.97, spearman: 0.95, precision: 0.99, recall: 0.89, contradictedRecall: 0.99 },
      // 0.975 / 0.917 / 0.941 / 0.842 / 0.829.
      "twenty-third and twenty-fourth": { kappa: 0.97, spearman: 0.91, precision: 0.94, recall: 0.84, contradictedRecall: 0.82 },
      // 0.953 / 0.951 / 1.000 / 1.000 / 0.920.
      "twenty-fifth": { kappa: 0.95, spearman: 0.95, precision: 0.99, recall: 0.99, contradictedRecall: 0.91 },
      // 0.916 / 0.861 / 1.000 / 0.909 / 0.905.
      "twenty-sixth": { kappa: 0.91, spearman: 0.86, precision: 0.99, recall: 0.90, contradictedRecall: 0.90 },
      // 0.935 / 0.904 / 1.000 / 0.960 / 0.913.
      "twenty-fifth and twenty-sixth": { kappa: 0.93, spearman: 0.90, precision: 0.99, recall: 0.95, contradictedRecall: 0.91 },
      // 0.916 / 0.903 / 0.966 / 0.896 / 0.871.
      "fifteenth to twenty-sixth (clean)": { kappa: 0.91, spearman: 0.90, precision: 0.96, recall: 0.89, contradictedRecall: 0.87 },
      // 0.908 / 0.908 / 0.951 / 0.869 / 0.862.
      "second to twenty-sixth": { kappa: 0.90, spearman: 0.90, precision: 0.95, recall: 0.86, contradictedRecall: 0.86 },
      // 0.819 / 0.898 / 1.000 / 1.000 / 0.889.
      "twenty-seventh": { kappa: 0.81, spearman: 0.89, precision: 0.99, recall: 0.99, contradictedRecall: 0.88 },
      // 0.970 / 0.966 / 0.889 / 0.800 / 1.000.
      "twenty-eighth": { kappa: 0.96, spearman: 0.96, precision: 0.88, recall: 0.79, contradictedRecall: 0.99 },
      // 0.892 / 0.936 / 0.938 / 0.882 / 0.938.
      "twenty-seventh and twenty-eighth": { kappa: 0.89, spearman: 0.93, precision: 0.93, recall: 0.88, contradictedRecall: 0.93 },
      // 0.913 / 0.913 / 0.962 / 0.894 / 0.879.
      "fifteenth to twenty-eighth (clean)": { kappa: 0.91, spearman: 0.91, precision: 0.96, recall: 0.89, contradictedRecall: 0.87 },
      // 0.907 / 0.912 / 0.950 / 0.870 / 0.868.
      "second to twenty-eighth": { kappa: 0.90, spearman: 0.91, precision: 0.94, recall: 0.86, contradictedRecall: 0.86 },
      // 0.901 / 0.925 / 0.875 / 0.778 / 0.818.
      "twenty-ninth": { kappa: 0.90, spearman: 0.92, precision: 0.87, recall: 0.77, contradictedRecall: 0.81 },
      // 0.863 / 0.902 / 1.000 / 1.000 / 0.636.
      thirtieth: { kappa: 0.86, spearman: 0.90, precision: 0.99, recall: 0.99, contradictedRecall: 0.63 },
      // 0.885 / 0.909 / 0.929 / 0.867 / 0.727.
      "twenty-ninth and thirtieth": { kappa: 0.88, spearman: 0.90, precision: 0.92, recall: 0.86, contradictedRecall: 0.72 },
      // 0.911 / 0.916 / 0.959 / 0.892 / 0.867.
      "fifteenth to thirtieth (clean)": { kappa: 0.91, spearman: 0.91, precision: 0.95, recall: 0.89, contradictedRecall: 0.86 },
      // 0.906 / 0.913 / 0.948 / 0.870 / 0.861.
      "second to thirtieth": { kappa: 0.90, spearman: 0.91, precision: 0.94, recall: 0.86, contradictedRecall: 0.86 },
      // 0.847 / 0.909 / 0.857 / 0.857 / 0.870.
      "thirty-first": { kappa: 0.84, spearman: 0.90, precision: 0.85, recall: 0.85, contradictedRecall: 0.86 },
      // 0.895 / 0.902 / 1.000 / 1.000 / 0.692.
      "thirty-second": { kappa: 0.89, spearman: 0.90, precision: 0.99, recall: 0.99, contradictedRecall: 0.69 },
      // 0.869 / 0.904 / 0.923 / 0.923 / 0.806.
      "thirty-first and thirty-second": { kappa: 0.86, spearman: 0.90, precision: 0.92, recall: 0.92, contradictedRecall: 0.80 },
      // 0.906 / 0.914 / 0.956 / 0.894 / 0.860.
      "fifteenth to thirty-second (clean)": { kappa: 0.90, spearman: 0.91, precision: 0.95, recall: 0.89, contradictedRecall: 0.85 },
      // 0.904 / 0.912 / 0.947 / 0.873 / 0.857.
      "second to thirty-second": { kappa: 0.90, spearman: 0.91, precision: 0.94, recall: 0.87, contradictedRecall: 0.85 },
      // 0.876 / 0.943 / 0.400 / 0.667 / 0.875.
      "thirty-third": { kappa: 0.87, spearman: 0.94, precision: 0.39, recall: 0.66, contradictedRecall: 0.87 },
      // 0.825 / 0.883 / 1.000 / 0.800 / 0.533.
      "thirty-fourth": { kappa: 0.82, spearman: 0.88, precision: 0.99, recall: 0.79, contradictedRecall: 0.53 },
      // 0.853 / 0.909 / 0.667 / 0.750 / 0.710.
      "thirty-third and thirty-fourth": { kappa: 0.85, spearman: 0.90, precision: 0.66, recall: 0.74, contradictedRecall: 0.70 },
      // 0.902 / 0.917 / 0.940 / 0.888 / 0.847.
      "fifteenth to thirty-fourth (clean)": { kappa: 0.90, spearman: 0.91, precision: 0.93, recall: 0.88, contradictedRecall: 0.84 },
      // 0.902 / 0.913 / 0.937 / 0.869 / 0.849.
      "second to thirty-fourth": { kappa: 0.90, spearman: 0.91, precision: 0.93, recall: 0.86, contradictedRecall: 0.84 },
      // 0.988 / 0.889 / 1.000 / 1.000 / 0.933.
      "thirty-fifth": { kappa: 0.98, spearman: 0.88, precision: 0.99, recall: 0.99, contradictedRecall: 0.93 },
      // 0.511 / 0.817 / 1.000 / 0.857 / 0.500.
      "thirty-sixth": { kappa: 0.51, spearman: 0.81, precision: 0.99, recall: 0.85, contradictedRecall: 0.49 },
      // 0.778 / 0.861 / 1.000 / 0.941 / 0.760.
      "thirty-fifth and thirty-sixth": { kappa: 0.77, spearman: 0.86, precision: 0.99, recall: 0.94, contradictedRecall: 0.75 },
      // 0.892 / 0.911 / 0.946 / 0.892 / 0.841.
      "fifteenth to thirty-sixth (clean)": { kappa: 0.89, spearman: 0.91, precision: 0.94, recall: 0.89, contradictedRecall: 0.84 },
      // 0.895 / 0.910 / 0.941 / 0.873 / 0.845.
      "second to thirty-sixth": { kappa: 0.89, spearman: 0.90, precision: 0.94, recall: 0.87, contradictedRecall: 0.84 },
      // 0.755 / 0.841 / 1.000 / 0.600 / 0.250.
      "thirty-seventh": { kappa: 0.75, spearman: 0.84, precision: 0.99, recall: 0.59, contradictedRecall: 0.24 },
      // 0.843 / 0.925 / 1.000 / 0.667 / 0.692.
      "thirty-eighth": { kappa: 0.84, spearman: 0.92, precision: 0.99, recall: 0.66, contradictedRecall: 0.69 },
      // 0.798 / 0.881 / 1.000 / 0.636 / 0.524.
      "thirty-seventh and thirty-eighth": { kappa: 0.79, spearman: 0.88, precision: 0.99, recall: 0.63, contradictedRecall: 0.52 },
      // 0.884 / 0.912 / 0.948 / 0.879 / 0.825.
      "fifteenth to thirty-eighth (clean)": { kappa: 0.88, spearman: 0.91, precision: 0.94, recall: 0.87, contradictedRecall: 0.82 },
      // 0.890 / 0.911 / 0.942 / 0.865 / 0.833.
      "second to thirty-eighth": { kappa: 0.88, spearman: 0.91, precision: 0.94, recall: 0.86, contradictedRecall: 0.83 },
      // 0.866 / 0.832 / 0.800 / 1.000 / 0.818.
      "thirty-ninth": { kappa: 0.86, spearman: 0.83, precision: 0.79, recall: 0.99, contradictedRecall: 0.81 },
      // 0.915 / 0.939 / 1.000 / 0.857 / 0.789.
      fortieth: { kappa: 0.91, spearman: 0.93, precision: 0.99, recall: 0.85, contradictedRecall: 0.78 },
      // 0.890 / 0.891 / 0.909 / 0.909 / 0.800.
      "thirty-ninth and fortieth": { kappa: 0.88, spearman: 0.89, precision: 0.90, recall: 0.90, contradictedRecall: 0.79 },
      // 0.884 / 0.910 / 0.946 / 0.880 / 0.823.
      "fifteenth to fortieth (clean)": { kappa: 0.88, spearman: 0.90, precision: 0.94, recall: 0.87, contradictedRecall: 0.82 },
      // 0.890 / 0.909 / 0.941 / 0.866 / 0.832.
      "second to fortieth": { kappa: 0.88, spearman: 0.90, precision: 0.94, recall: 0.86, contradictedRecall: 0.83 },
      // 0.915 / 0.835 / 1.000 / 1.000 / 0.857.
      "forty-first": { kappa: 0.91, spearman: 0.83, precision: 0.99, recall: 0.99, contradictedRecall: 0.85 },
      // 0.914 / 0.842 / 0.750 / 0.750 / 0.636.
      "forty-second": { kappa: 0.91, spearman: 0.84, precision: 0.74, recall: 0.74, contradictedRecall: 0.63 },
      // 0.921 / 0.856 / 0.875 / 0.875 / 0.760.
      "forty-first and forty-second": { kappa: 0.92, spearman: 0.85, precision: 0.87, recall: 0.87, contradictedRecall: 0.75 },
      // 0.888 / 0.907 / 0.943 / 0.880 / 0.819.
      "fifteenth to forty-second (clean)": { kappa: 0.88, spearman: 0.90, precision: 0.94, recall: 0.87, contradictedRecall: 0.81 },
      // 0.892 / 0.907 / 0.939 / 0.866 / 0.829.
      "second to forty-second": { kappa: 0.89, spearman: 0.90, precision: 0.93, recall: 0.86, contradictedRecall: 0.82 },
      // 0.848 / 0.865 / 1.000 / 0.909 / 0.882.
      "forty-third": { kappa: 0.84, spearman: 0.86, precision: 0.99, recall: 0.90, contradictedRecall: 0.88 },
      // 0.923 / 0.916 / 1.000 / 0.900 / 0.786.
      "forty-fourth": { kappa: 0.92, spearman: 0.91, precision: 0.99, recall: 0.89, contradictedRecall: 0.78 },
      // 0.904 / 0.896 / 1.000 / 0.905 / 0.839.
      "forty-third and forty-fourth": { kappa: 0.90, spearman: 0.89, precision: 0.99, recall: 0.90, contradictedRecall: 0.83 },
      // 0.740 / 0.766 / 1.000 / 0.667 / 0.786.
      "forty-fifth": { kappa: 0.73, spearman: 0.76, precision: 0.99, recall: 0.66, contradictedRecall: 0.78 },
      // 0.788 / 0.839 / 0.900 / 0.900 / 0.571.
      "forty-sixth": { kappa: 0.78, spearman: 0.83, precision: 0.89, recall: 0.89, contradictedRecall: 0.57 },
      // 0.763 / 0.778 / 0.938 / 0.789 / 0.679.
      "forty-fifth and forty-sixth": { kappa: 0.76, spearman: 0.77, precision: 0.93, recall: 0.78, contradictedRecall: 0.67 },
      // 0.945 / 0.907 / 0.875 / 1.000 / 0.909.
      "forty-seventh": { kappa: 0.94, spearman: 0.90, precision: 0.87, recall: 0.99, contradictedRecall: 0.90 },
      // 0.956 / 0.964 / 0.667 / 1.000 / 1.000.
      "forty-eighth": { kappa: 0.95, spearman: 0.96, precision: 0.66, recall: 0.99, contradictedRecall: 0.99 },
      // 0.951 / 0.948 / 0.786 / 1.000 / 0.952.
      "forty-seventh and forty-eighth": { kappa: 0.95, spearman: 0.94, precision: 0.78, recall: 0.99, contradictedRecall: 0.95 },
      // 0.888 / 0.903 / 0.938 / 0.880 / 0.818.
      "fifteenth to forty-eighth (clean)": { kappa: 0.88, spearman: 0.90, precision: 0.93, recall: 0.87, contradictedRecall: 0.81 },
      // 0.891 / 0.904 / 0.936 / 0.869 / 0.827.
      "second to forty-eighth": { kappa: 0.89, spearman: 0.90, precision: 0.93, recall: 0.86, contradictedRecall: 0.82 },
      // 0.804 / 0.865 / 1.000 / 1.000 / 0.909.
      "forty-ninth": { kappa: 0.80, spearman: 0.86, precision: 0.99, recall: 0.99, contradictedRecall: 0.90 },
      // 0.924 / 0.872 / 1.000 / 1.000 / 0.938.
      fiftieth: { kappa: 0.92, spearman: 0.87, precision: 0.99, recall: 0.99, contradictedRecall: 0.93 },
      // 0.878 / 0.865 / 1.000 / 1.000 / 0.926.
      "forty-ninth and fiftieth": { kappa: 0.87, spearman: 0.86, precision: 0.99, recall: 0.99, contradictedRecall: 0.92 },
      // 0.888 / 0.901 / 0.943 / 0.889 / 0.824.
      "fifteenth to fiftieth (clean)": { kappa: 0.88, spearman: 0.90, precision: 0.94, recall: 0.88, contradictedRecall: 0.82 },
      // 0.891 / 0.903 / 0.940 / 0.875 / 0.831.
      "second to fiftieth": { kappa: 0.89, spearman: 0.90, precision: 0.93, recall: 0.87, contradictedRecall: 0.83 },
      // 0.885 / 0.809 / 0.875 / 0.700 / 0.588.
      "fifty-first": { kappa: 0.88, spearman: 0.80, precision: 0.87, recall: 0.69, contradictedRecall: 0.58 },
      // 0.824 / 0.902 / 0.800 / 0.500 / 0.524.
      "fifty-second": { kappa: 0.82, spearman: 0.90, precision: 0.79, recall: 0.49, contradictedRecall: 0.52 },
      // 0.882 / 0.953 / 0.889 / 0.800 / 0.895.
      "fifty-third": { kappa: 0.88, spearman: 0.95, precision: 0.88, recall: 0.79, contradictedRecall: 0.89 },
      // 0.861 / 0.946 / 1.000 / 0.818 / 0.857.
      "fifty-fourth": { kappa: 0.86, spearman: 0.94, precision: 0.99, recall: 0.81, contradictedRecall: 0.85 },
      // 0.760 / 0.778 / 1.000 / 0.750 / 0.550.
      "fifty-fifth": { kappa: 0.75, spearman: 0.77, precision: 0.99, recall: 0.74, contradictedRecall: 0.54 },
      // 0.918 / 0.899 / 0.909 / 1.000 / 0.818.
      "fifty-sixth": { kappa: 0.91, spearman: 0.89, precision: 0.90, recall: 0.99, contradictedRecall: 0.81 },
      // 0.856 / 0.886 / 0.917 / 0.772 / 0.686.
      "fifty-first to fifty-sixth": { kappa: 0.85, spearman: 0.88, precision: 0.91, recall: 0.77, contradictedRecall: 0.68 },
      // 0.883 / 0.898 / 0.939 / 0.870 / 0.802.
      "fifteenth to fifty-sixth (clean)": { kappa: 0.88, spearman: 0.89, precision: 0.93, recall: 0.86, contradictedRecall: 0.80 },
      // 0.887 / 0.900 / 0.937 / 0.862 / 0.813.
      "second to fifty-sixth": { kappa: 0.88, spearman: 0.89, precision: 0.93, recall: 0.86, contradictedRecall: 0.81 },
      // 0.836 / 0.935 / 0.833 / 0.909 / 0.792.
      "fifty-seventh": { kappa: 0.83, spearman: 0.93, precision: 0.83, recall: 0.90, contradictedRecall: 0.79 },
      // 0.917 / 0.889 / 1.000 / 1.000 / 0.667.
      "fifty-eighth": { kappa: 0.91, spearman: 0.88, precision: 0.99, recall: 0.99, contradictedRecall: 0.66 },
      // 0.952 / 0.857 / 0.900 / 1.000 / 0.750.
      "fifty-ninth": { kappa: 0.95, spearman: 0.85, precision: 0.89, recall: 0.99, contradictedRecall: 0.74 },
      // 0.909 / 0.892 / 0.900 / 0.964 / 0.741.
      "fifty-seventh to fifty-ninth": { kappa: 0.90, spearman: 0.89, precision: 0.89, recall: 0.96, contradictedRecall: 0.74 },
      // 0.885 / 0.897 / 0.936 / 0.877 / 0.798.
      "fifteenth to fifty-ninth (clean)": { kappa: 0.88, spearman: 0.89, precision: 0.93, recall: 0.87, contradictedRecall: 0.79 },
      // 0.888 / 0.899 / 0.935 / 0.868 / 0.809.
      "second to fifty-ninth": { kappa: 0.88, spearman: 0.89, precision: 0.93, recall: 0.86, contradictedRecall: 0.80 },
      // 0.935 / 0.923 / 1.000 / 0.667 / 0.625.
      sixtieth: { kappa: 0.93, spearman: 0.92, precision: 0.99, recall: 0.66, contradictedRecall: 0.62 },
      // 0.873 / 0.890 / 1.000 / 1.000 / 0.875.
      "sixty-first": { kappa: 0.87, spearman: 0.88, precision: 0.99, recall: 0.99, contradictedRecall: 0.87 },
      // 0.870 / 0.908 / 1.000 / 0.833 / 0.667.
      "sixty-second": { kappa: 0.86, spearman: 0.90, precision: 0.99, recall: 0.83, contradictedRecall: 0.66 },
      // 0.890 / 0.915 / 1.000 / 0.818 / 0.720.
      "sixtieth to sixty-second": { kappa: 0.88, spearman: 0.91, precision: 0.99, recall: 0.81, contradictedRecall: 0.71 },
      // 0.886 / 0.899 / 0.939 / 0.873 / 0.792.
      "fifteenth to sixty-second (clean)": { kappa: 0.88, spearman: 0.89, precision: 0.93, recall: 0.87, contradictedRecall: 0.79 },
      // 0.889 / 0.901 / 0.937 / 0.866 / 0.804.
      "second to sixty-second": { kappa: 0.88, spearman: 0.90, precision: 0.93, recall: 0.86, contradictedRecall: 0.80 },
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
