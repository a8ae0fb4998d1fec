// Prints agreement with the labelled answers for the grader and the bigram baseline, per split.
// `--tune` also prints the rating thresholds that fit the tuning split best (copy them into rating.ts).
// `--tuning` prints the tuning split only (held-out figures are printed once, after the last change).
// `--verbose` lists every tuning answer whose rating disagrees with its label (never the held-out ones).
// `--without ORIGIN` leaves one batch out of every figure; `--blind ORIGIN` prints one batch alone (see below).
import { loadBank } from "@recall/content";
import { grade } from "../src/grade-answer.ts";
import { DEFAULT_THRESHOLDS } from "../src/rating.ts";
import { baselineAll, CONTENT_DIR, evaluate, figures, fitBaseline, fitThresholds, gradeAll, meetsTargets, readLabelledAnswers, TARGETS, type Figures, type Split } from "./evaluation.ts";

const args = new Set(process.argv.slice(2));
const bank = await loadBank(CONTENT_DIR);
// `--without ORIGIN` leaves a batch out altogether: a batch kept blind while others are tuned on.
const withoutAt = process.argv.indexOf("--without");
const leftOut = withoutAt >= 0 ? process.argv[withoutAt + 1] : undefined;
const labels = readLabelledAnswers().filter((label) => leftOut === undefined || label.origin !== leftOut);

const format = (value: number): string => (Number.isNaN(value) ? "  n/a" : value.toFixed(3).padStart(6));
const row = (name: string, grader: number, baseline: number): string =>
  `  ${name.padEnd(30)}${format(grader)}   ${format(baseline)}   ${baseline === 0 || Number.isNaN(baseline) ? "" : `×${(grader / baseline).toFixed(2)}`}`;

function print(title: string, grader: Figures, baseline: Figures): void {
  console.log(`\n${title} (${grader.answers} answers)`.padEnd(33) + "   grader   bigram Dice");
  console.log(row("rating QWK", grader.kappa, baseline.kappa));
  console.log(row("score Spearman", grader.spearman, baseline.spearman));
  console.log(row("misconception precision", grader.misconceptions.precision, baseline.misconceptions.precision));
  console.log(row("misconception recall", grader.misconceptions.recall, baseline.misconceptions.recall));
  console.log(row("contradicted-point precision", grader.contradicted.precision, Number.NaN));
  console.log(row("contradicted-point recall", grader.contradicted.recall, Number.NaN));
  console.log(row("rating exactly right", grader.exact, baseline.exact));
  console.log(row("mean |score error|", grader.scoreError, baseline.scoreError));
  console.log(`  misconceptions: grader ${grader.misconceptions.truePositives}/${grader.misconceptions.predicted} flagged correct of ${grader.misconceptions.actual}; baseline ${baseline.misconceptions.truePositives}/${baseline.misconceptions.predicted}`);
  console.log(`  contradicted points: grader ${grader.contradicted.truePositives}/${grader.contradicted.predicted} flagged correct of ${grader.contradicted.actual} (labelled from the second batch on)`);
}

function printKinds(split: Split, byKind: ReadonlyArray<{ kind: string; grader: Figures }>): void {
  console.log(`\n${split}, per kind           answers    QWK  Spearman  exact  |err|  mis P  mis R  contra R`);
  for (const { kind, grader: g } of byKind) {
    const cells = [g.kappa, g.spearman, g.exact, g.scoreError, g.misconceptions.precision, g.misconceptions.recall, g.contradicted.recall];
    console.log(`  ${kind.padEnd(24)}${String(g.answers).padStart(6)} ${cells.map(format).join(" ")}`);
  }
}

/** " batch" after one batch's name, " batches" after several. */
const batchSuffix = (batch: string): string => (batch.includes(" and ") || batch.includes(" to ") ? " batches" : " batch");

// `--blind ORIGIN` prints one new batch's figures over both its splits and nothing else: run once,
// before any change is made with that batch in view, it measures the grader on answers it has
// never been tuned on.
const blindAt = process.argv.indexOf("--blind");
if (blindAt >= 0) {
  const origin = process.argv[blindAt + 1];
  const batch = labels.filter((l) => l.origin === origin);
  if (batch.length === 0) throw new Error(`--blind: no labelled answers of origin ${origin ?? "(none given)"}`);
  const tuningBaseline = fitBaseline(bank.itemsById, labels.filter((l) => l.split === "tuning" && l.origin !== origin));
  print(`blind, ${origin}, both splits`, figures(batch, gradeAll(bank.itemsById, batch)), figures(batch, baselineAll(bank.itemsById, batch, tuningBaseline)));
  process.exit(0);
}

const { reports, baseline } = evaluate(bank.itemsById, labels);
console.log(`labelled answers: ${labels.length}; grader thresholds ${JSON.stringify(DEFAULT_THRESHOLDS)}; baseline fitted on tuning ${JSON.stringify(baseline)}`);
// Held-out answers are only ever shown as aggregates: per split, per batch and per kind.
// `--tuning` prints the tuning split alone, so rules can be changed without seeing held-out figures.
const tuningOnly = args.has("--tuning");
for (const report of [...reports].reverse()) {
  if (tuningOnly && report.split !== "tuning") continue;
  print(`${report.split} split`, report.grader, report.baseline);
  for (const { batch, grader, baseline: base } of report.batches) print(`${report.split}, ${batch}${batchSuffix(batch)}`, grader, base);
  printKinds(report.split, report.byKind);
}

const heldOut = tuningOnly ? undefined : reports.find((r) => r.split === "held-out");
if (heldOut) {
  const namedBatches = heldOut.batches.map(({ batch, grader }) => [`held-out ${batch}${batchSuffix(batch)}`, grader] as const);
  for (const [name, g] of [["whole held-out split", heldOut.grader], ...namedBatches] as const) {
    const met = meetsTargets(g);
    console.log(`\n${name}: targets (QWK ≥ ${TARGETS.kappa}, Spearman ≥ ${TARGETS.spearman}, misconception P ≥ ${TARGETS.precision} R ≥ ${TARGETS.recall}, contradicted R ≥ ${TARGETS.contradictedRecall}): ${met ? "met" : "NOT met"}`);
  }
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
  for (const split of ["tuning"] as const) {
    console.log(`\n${split}: answers where grader and label differ`);
    for (const label of labels.filter((l) => l.split === split)) {
      const item = bank.itemsById.get(label.item);
      if (!item) continue;
      const result = grade(item, label.answer);
      const mis = result.misconceptions.map((m) => `${item.questionId}.${m.id}`);
      const misMatch = JSON.stringify(mis.sort()) === JSON.stringify([...label.misconceptions].sort());
      const contradicted = result.keyPoints.filter((k) => k.verdict === "contradicted").map((k) => k.id);
      const contraMatch = label.contradicted === undefined || JSON.stringify(contradicted) === JSON.stringify([...label.contradicted].sort());
      if (result.suggestedRating === label.rating && misMatch && contraMatch && Math.abs(result.score - label.score) < 0.25) continue;
      const points = result.keyPoints.map((k) => `${k.id}:${k.contradicted ? "!" : k.verdict[0]}`).join(" ");
      const labelled = [...label.keyPoints, ...(label.partial ?? []).map((k) => `${k}~`), ...(label.contradicted ?? []).map((k) => `${k}!`)];
      console.log(`  ${label.id} [${label.kind}] label ${label.rating} ${label.score} ${labelled.join(",")} ${label.misconceptions.join(",")} | grader ${result.suggestedRating} ${result.score} ${points} ${mis.join(",")}${result.keywordSalad ? " salad" : ""}`);
    }
  }
}
