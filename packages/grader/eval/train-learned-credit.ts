// Trains the learned-credit model (src/learned-credit.ts) on the tuning split of the labelled answers
// and writes src/learned-credit.json. Held-out answers are never read. Deterministic: the same labels
// give the same file.
// Usage: pnpm --filter @recall/grader train [--without ORIGIN ...]   (a batch kept blind stays out)
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadBank, type Bank } from "@recall/content";
import { normalizeText } from "../src/normalize-text.ts";
import { pointSentences } from "../src/grade-answer.ts";
import { gramsOf, LEARNED_CREDIT_PATH, pointTextHash, trainContradiction, trainPoint, TRAINING_SETTINGS, type ContradictionExample, type LearnedCreditModel, type LearnedPoint } from "../src/learned-credit.ts";
import { CONTENT_DIR, LABELLED_ANSWERS_PATH, type LabelledAnswer } from "./evaluation.ts";

/** The tuning lines of the labels file the model learns from, in file order, with their hash. */
export function trainingLines(path: string, leftOut: ReadonlySet<string>): { labels: LabelledAnswer[]; sha256: string } {
  const lines = readFileSync(path, "utf8").split("\n").filter((line) => line.trim().length > 0);
  const kept: string[] = [];
  const labels: LabelledAnswer[] = [];
  for (const line of lines) {
    const label = JSON.parse(line) as LabelledAnswer;
    if (label.split !== "tuning" || leftOut.has(label.origin ?? "first")) continue;
    kept.push(line);
    labels.push(label);
  }
  return { labels, sha256: createHash("sha256").update(kept.join("\n")).digest("hex") };
}

/** The model learnt from these tuning answers: each gradable item's points, each question's misconceptions. */
export function trainModel(bank: Bank, labels: readonly LabelledAnswer[], sha256: string): LearnedCreditModel {
  const items: Record<string, Record<string, LearnedPoint>> = {};
  const opposed: Record<string, Record<string, LearnedPoint>> = {};
  for (const item of bank.items) {
    const answers = labels.filter((label) => label.item === item.id);
    if (answers.length === 0 || item.keyPoints.length === 0) continue;
    const examples = answers.map((label) => gramsOf(normalizeText(label.answer).text));
    const points: Record<string, LearnedPoint> = {};
    for (const point of item.keyPoints) {
      const targets = answers.map((label) => (label.keyPoints.includes(point.id) ? 1 : (label.partial ?? []).includes(point.id) ? 0.5 : 0));
      points[point.id] = trainPoint(examples, targets, pointTextHash(point.text));
    }
    items[item.id] = points;
    // The point's opposite, in any words: learnt from the answers whose labels say which points they contradict.
    const judged = answers.filter((label) => label.contradicted !== undefined);
    if (judged.length > 0) {
      const judgedExamples = judged.map((label) => gramsOf(normalizeText(label.answer).text));
      const against: Record<string, LearnedPoint> = {};
      for (const point of item.keyPoints) against[point.id] = trainPoint(judgedExamples, judged.map((label) => ((label.contradicted ?? []).includes(point.id) ? 1 : 0)), pointTextHash(point.text));
      opposed[item.id] = against;
    }
  }
  // A question's misconceptions belong to all its items: each is learnt from the answers to any of them.
  const misconceptions: Record<string, Record<string, LearnedPoint>> = {};
  for (const question of bank.items.filter((item) => item.kind === "main" && item.misconceptions.length > 0)) {
    const answers = labels.filter((label) => bank.itemsById.get(label.item)?.questionId === question.questionId);
    if (answers.length === 0) continue;
    const examples = answers.map((label) => gramsOf(normalizeText(label.answer).text));
    const models: Record<string, LearnedPoint> = {};
    for (const misconception of question.misconceptions) {
      const fullId = `${question.questionId}.${misconception.id}`;
      models[misconception.id] = trainPoint(examples, answers.map((label) => (label.misconceptions.includes(fullId) ? 1 : 0)), pointTextHash(misconception.statement));
    }
    misconceptions[question.questionId] = models;
  }
  // Contradictions: every point the rules read as made or contradicted, in the sentences they read it in,
  // against the labels' verdict; the first batch labelled no contradictions and teaches none.
  const examples: ContradictionExample[] = [];
  for (const label of labels) {
    const item = bank.itemsById.get(label.item);
    if (item === undefined || label.contradicted === undefined) continue;
    for (const point of pointSentences(item, label.answer)) {
      examples.push({ key: `${item.id}.${point.pointId}`, textHash: pointTextHash(point.pointText), grams: gramsOf(point.sentences), target: label.contradicted.includes(point.pointId) ? 1 : 0 });
    }
  }
  const origins = [...new Set(labels.map((label) => label.origin ?? "first"))].sort();
  return { trainedOn: { answers: labels.length, origins, sha256 }, settings: TRAINING_SETTINGS, items, misconceptions, contradiction: trainContradiction(examples), opposed };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  const leftOut = new Set<string>();
  for (let k = 0; k < args.length; k++) if (args[k] === "--without" && args[k + 1] !== undefined) leftOut.add(args[++k] as string);
  const bank = await loadBank(CONTENT_DIR);
  const { labels, sha256 } = trainingLines(LABELLED_ANSWERS_PATH, leftOut);
  const model = trainModel(bank, labels, sha256);
  writeFileSync(LEARNED_CREDIT_PATH, `${JSON.stringify(model)}\n`);
  console.log(`trained on ${labels.length} tuning answers of ${model.trainedOn.origins.length} batches, ${Object.keys(model.items).length} items; left out: ${[...leftOut].join(", ") || "none"}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
