// Constructors of the public result objects. Every result of a kind is built here, with its
// fields in one order, so that the engine sees one shape of each wherever a grade is read or
// revised (a spread or a literal elsewhere makes another shape, and code that reads them slower).
import type { GradeResult, KeyPointResult, MisconceptionResult, Verdict } from "./grade-answer.ts";
import type { Rating } from "./rating.ts";

export function keyPointResult(id: string, text: string, verdict: Verdict, evidence: string[], contradicted: boolean, weight: number): KeyPointResult {
  return { id, text, verdict, evidence, contradicted, weight };
}

export function misconceptionResult(id: string, statement: string, feedback: string, evidence: string[]): MisconceptionResult {
  return { id, statement, feedback, evidence };
}

export function gradeResult(
  score: number,
  keyPoints: KeyPointResult[],
  misconceptions: MisconceptionResult[],
  suggestedRating: Rating,
  feedback: string,
  empty: boolean,
  keywordSalad: boolean,
): GradeResult {
  return { score, keyPoints, misconceptions, suggestedRating, feedback, empty, keywordSalad };
}
