import type { QuizItem } from "@recall/content";
import { normalizeTerm } from "./normalize-text.ts";
import { bigramsOf, dice } from "./term-matching.ts";

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
