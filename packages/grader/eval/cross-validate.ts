// Cross-validates the learned layer across writers: the tuning split's batches are dealt into five
// folds; each fold is graded by a model trained on the other four, so no answer is graded by a model
// that saw its writer. Prints the tuning split's figures graded by the rules alone and with the
// learned layer. Held-out answers are never read. Usage: pnpm --filter @recall/grader eval:cv
import { loadBank } from "@recall/content";
import { readyModel, useLearnedCreditModel } from "../src/learned-credit.ts";
import { CONTENT_DIR, figures, gradeAll, LABELLED_ANSWERS_PATH, type Figures, type LabelledAnswer, type Prediction } from "./evaluation.ts";
import { trainingLines, trainModel } from "./train-learned-credit.ts";

const FOLDS = 5;
const bank = await loadBank(CONTENT_DIR);
const { labels } = trainingLines(LABELLED_ANSWERS_PATH, new Set());
const origins = [...new Set(labels.map((label) => label.origin ?? "first"))].sort();
const foldOf = new Map(origins.map((origin, index) => [origin, index % FOLDS]));
const fold = (label: LabelledAnswer): number => foldOf.get(label.origin ?? "first") ?? 0;

const rulesOnly = gradeAll(bank.itemsById, labels, undefined, { learnedCredit: false });
const learned: Prediction[] = new Array<Prediction>(labels.length);
for (let k = 0; k < FOLDS; k++) {
  const model = trainModel(bank, labels.filter((label) => fold(label) !== k), "");
  useLearnedCreditModel(readyModel(model));
  const indices = labels.map((_, index) => index).filter((index) => fold(labels[index] as LabelledAnswer) === k);
  const graded = gradeAll(bank.itemsById, indices.map((index) => labels[index] as LabelledAnswer));
  indices.forEach((index, at) => (learned[index] = graded[at] as Prediction));
}
useLearnedCreditModel(undefined);

const row = (name: string, f: Figures): string =>
  `${name.padEnd(22)} QWK ${f.kappa.toFixed(3)}  Spearman ${f.spearman.toFixed(3)}  misconception P ${f.misconceptions.precision.toFixed(3)} R ${f.misconceptions.recall.toFixed(3)}  contradicted P ${f.contradicted.precision.toFixed(3)} R ${f.contradicted.recall.toFixed(3)}`;
console.log(`tuning split, ${labels.length} answers of ${origins.length} batches in ${FOLDS} folds by batch`);
console.log(row("rules alone", figures(labels, rulesOnly)));
console.log(row("with the learned layer", figures(labels, learned)));
