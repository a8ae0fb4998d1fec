import type { QuizItem } from "@recall/content";
import { normalizeTerm } from "./normalize-text.ts";

/**
 * The plain baseline the grader is measured against: character-bigram Dice between the answer
 * and the model answer (and each misconception statement), with no key points and no negation.
 */
export function bigramDiceBaseline(item: QuizItem, answer: string): { score: number; misconceptionScores: Map<string, number> } {
  const answerGrams = bigramsOf(compact(answer));
  const reference = referenceFor(item);
  const score = dice(reference.answer, answerGrams);
  const misconceptionScores = new Map<string, number>();
  for (const [id, grams] of reference.misconceptions) misconceptionScores.set(id, dice(grams, answerGrams));
  return { score, misconceptionScores };
}

interface Reference {
  answer: string[];
  misconceptions: Array<[string, string[]]>;
}

// Cached per item like the grader's compiled items, so the benchmark compares like with like.
const references = new WeakMap<QuizItem, Reference>();

function referenceFor(item: QuizItem): Reference {
  let reference = references.get(item);
  if (!reference) {
    reference = {
      answer: bigramsOf(compact(item.answer)),
      misconceptions: item.misconceptions.map((m) => [m.id, bigramsOf(compact(m.statement))]),
    };
    references.set(item, reference);
  }
  return reference;
}

function compact(text: string): string {
  return normalizeTerm(text).replace(/[，。\s]/g, "");
}

function bigramsOf(text: string): string[] {
  const grams: string[] = [];
  for (let i = 0; i + 1 < text.length; i++) grams.push(text.slice(i, i + 2));
  return grams;
}

function dice(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const gram of a) counts.set(gram, (counts.get(gram) ?? 0) + 1);
  let shared = 0;
  for (const gram of b) {
    const left = counts.get(gram) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(gram, left - 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}
