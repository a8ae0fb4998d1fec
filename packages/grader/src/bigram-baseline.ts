import type { QuizItem } from "@recall/content";
import { normalizeTerm } from "./normalize-text.ts";
import { bigramsOf, dice } from "./term-matching.ts";

/**
 * The plain baseline the grader is measured against: character-bigram Dice between the answer
 * and the model answer (and each misconception statement), with no key points and no negation.
 */
export function bigramDiceBaseline(item: QuizItem, answer: string): { score: number; misconceptionScores: Map<string, number> } {
  const answerGrams = bigramsOf(compact(answer));
  const score = dice(bigramsOf(compact(item.answer)), answerGrams);
  const misconceptionScores = new Map<string, number>();
  for (const misconception of item.misconceptions) {
    misconceptionScores.set(misconception.id, dice(bigramsOf(compact(misconception.statement)), answerGrams));
  }
  return { score, misconceptionScores };
}

function compact(text: string): string {
  return normalizeTerm(text).replace(/[，。\s]/g, "");
}
