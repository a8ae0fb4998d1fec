// Small readers of grading results shared by the grader's tests.
import type { GradeResult } from "../src/index.ts";
import { isNegatedInContext } from "../src/negation.ts";
import { normalizeTerm } from "../src/normalize-text.ts";

/** Each key point's verdict by id, for comparing a whole grading at a glance. */
export const verdicts = (result: GradeResult): Record<string, string> =>
  Object.fromEntries(result.keyPoints.map((point) => [point.id, point.verdict]));

/** Whether `term` is negated where it first occurs in `sentence`, read as one segment. */
export function negated(sentence: string, term: string): boolean {
  const text = normalizeTerm(sentence);
  const needle = normalizeTerm(term);
  const start = text.indexOf(needle);
  if (start < 0) throw new Error(`${term} not in ${text}`);
  return isNegatedInContext({ text, segmentStart: 0, segmentEnd: text.length }, start, start + needle.length);
}
