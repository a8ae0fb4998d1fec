// Prints agreement with the labelled answers for the grader and the bigram baseline, per split.
// `--tune` also prints the rating thresholds that fit the tuning split best (copy them into rating.ts).
// `--verbose` lists every held-out answer whose rating disagrees with its label.
import { loadBank } from "@recall/content";
import { grade } from "../src/grade-answer.ts";
import { DEFAULT_THRESHOLDS } from "../src/rating.ts";
import { CONTENT_DIR, evaluate, fitThresholds, readLabelledAnswers, type Figures, type Split } from "./evaluation.ts";

const args = new Set(process.argv.slice(2));
const bank = await loadBank(CONTENT_DIR);
const labels = readLabelledAnswers();

const format = (value: number): string => (Number.isNaN(value) ? "  n/a" : value.toFixed(3).padStart(6));
const row = (name: string, grader: number, baseline: number): string =>
  `  ${name.padEnd(26)}${format(grader)}   ${format(baseline)}   ${baseline === 0 ? "" : `×${(grader / baseline).toFixed(2)}`}`;

function print(split: Split, grader: Figures, baseline: Figures): void {
  console.log(`\n${split} split (${grader.answers} answers)          grader   bigram Dice`);
  console.log(row("rating QWK", grader.kappa, baseline.kappa));
  console.log(row("score Spearman", grader.spearman, baseline.spearman));
  console.log(row("misconception precision", grader.misconceptions.precision, baseline.misconceptions.precision));
  console.log(row("misconception recall", grader.misconceptions.recall, baseline.misconceptions.recall));
  console.log(`  misconceptions: grader ${grader.misconceptions.truePositives}/${grader.misconceptions.predicted} flagged correct of ${grader.misconceptions.actual}; baseline ${baseline.misconceptions.truePositives}/${baseline.misconceptions.predicted}`);
}

const { reports, baseline } = evaluate(bank.itemsById, labels);
console.log(`labelled answers: ${labels.length}; grader thresholds ${JSON.stringify(DEFAULT_THRESHOLDS)}; baseline fitted on tuning ${JSON.stringify(baseline)}`);
for (const report of [...reports].reverse()) print(report.split, report.grader, report.baseline);

const heldOut = reports.find((r) => r.split === "held-out");
if (heldOut) {
  const g = heldOut.grader;
  const met = g.kappa >= 0.8 && g.spearman >= 0.85 && g.misconceptions.precision >= 0.9 && g.misconceptions.recall >= 0.8;
  console.log(`\nheld-out targets (QWK ≥ 0.80, Spearman ≥ 0.85, precision ≥ 0.90, recall ≥ 0.80): ${met ? "met" : "NOT met"}`);
}

if (args.has("--tune")) {
  const tuning = labels.filter((l) => l.split === "tuning");
  const scores = tuning.map((l) => {
    const item = bank.itemsById.get(l.item);
    return item ? grade(item, l.answer).score : 0;
  });
  console.log(`\nthresholds fitted on the tuning split (scores only): ${JSON.stringify(fitThresholds(scores, tuning))}`);
}

if (args.has("--verbose")) {
  for (const split of ["tuning", "held-out"] as const) {
    console.log(`\n${split}: answers where grader and label differ`);
    for (const label of labels.filter((l) => l.split === split)) {
      const item = bank.itemsById.get(label.item);
      if (!item) continue;
      const result = grade(item, label.answer);
      const mis = result.misconceptions.map((m) => `${item.questionId}.${m.id}`);
      const misMatch = JSON.stringify(mis.sort()) === JSON.stringify([...label.misconceptions].sort());
      if (result.suggestedRating === label.rating && misMatch && Math.abs(result.score - label.score) < 0.25) continue;
      const points = result.keyPoints.map((k) => `${k.id}:${k.verdict[0]}${k.contradicted ? "!" : ""}`).join(" ");
      console.log(`  ${label.id} [${label.kind}] label ${label.rating} ${label.score} ${label.keyPoints.join(",")} ${label.misconceptions.join(",")} | grader ${result.suggestedRating} ${result.score} ${points} ${mis.join(",")}${result.keywordSalad ? " salad" : ""}`);
    }
  }
}
