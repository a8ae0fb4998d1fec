import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { CONTENT_DIR, evaluate, readLabelledAnswers } from "../eval/evaluation.ts";

describe("labelled evaluation", () => {
  it("has at least 12 answers per question and 4 per follow-up, in both splits", () => {
    const labels = readLabelledAnswers();
    const count = (item: string): number => labels.filter((l) => l.item === item).length;
    for (const q of ["Q090", "Q091", "Q092"]) {
      expect(count(q)).toBeGreaterThanOrEqual(12);
      for (const f of ["f1", "f2", "f3"]) expect(count(`${q}.${f}`)).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(labels.map((l) => l.split))).toEqual(new Set(["tuning", "held-out"]));
  });

  it("meets the targets on the held-out split and beats the bigram baseline", async () => {
    const bank = await loadBank(CONTENT_DIR);
    const { reports } = evaluate(bank.itemsById, readLabelledAnswers());
    const heldOut = reports.find((r) => r.split === "held-out");
    expect(heldOut).toBeDefined();
    const { grader, baseline } = heldOut ?? reports[0]!;
    expect(grader.kappa).toBeGreaterThanOrEqual(0.8);
    expect(grader.spearman).toBeGreaterThanOrEqual(0.85);
    expect(grader.misconceptions.precision).toBeGreaterThanOrEqual(0.9);
    expect(grader.misconceptions.recall).toBeGreaterThanOrEqual(0.8);
    expect(grader.kappa).toBeGreaterThan(baseline.kappa);
    expect(grader.spearman).toBeGreaterThan(baseline.spearman);
  });
});
