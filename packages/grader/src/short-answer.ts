// Term answers (vocabulary, trivia): an item that lists accepted answers is graded by comparing
// the whole answer with each of them after normalisation (width, case, traditional → simplified,
// punctuation, Latin accents), allowing a small edit distance. Linear in the answer's length.
import type { QuizItem } from "@recall/content";
import type { GradeResult, KeyPointResult } from "./grade-answer.ts";
import { normalizeText } from "./normalize-text.ts";
import { suggestRating, type RatingThresholds } from "./rating.ts";
import { gradeResult, keyPointResult } from "./results.ts";

/** Score of an answer one or two edits away from an accepted one: `good`, not `easy`. */
export const NEAR_MISS_SCORE = 0.75;
const COMBINING_ACCENTS = /[\u0300-\u036f]/gu;
/** Separators the comparison ignores: what remains of punctuation and spaces after normalising. */
const IGNORED = new Set(["。", "，", " "]);

/** True when grading goes by accepted answers instead of key points. */
export function gradesAsShortAnswer(item: QuizItem): boolean {
  return (item.acceptedAnswers?.length ?? 0) > 0;
}

/** The canonical form compared: accents off Latin letters (never Japanese voicing marks), then the grader's own normalisation, separators dropped. */
export function normalizeShortAnswer(text: string): string {
  const unaccented = text.normalize("NFD").replace(COMBINING_ACCENTS, "").normalize("NFC");
  let out = "";
  for (const char of normalizeText(unaccented, "characters").text) if (!IGNORED.has(char)) out += char;
  return out;
}

/**
 * Edits allowed for a term of this many characters: none for short ones (where one letter is
 * another word), one from 4 characters, two from 9. Chinese characters carry more per character,
 * so a Chinese term gets one edit only from 4 characters and never two.
 */
export function editAllowance(term: string): number {
  const chars = [...term];
  const han = chars.some((char) => /\p{Script=Han}/u.test(char));
  if (chars.length < 4) return 0;
  if (han || chars.length < 9) return 1;
  return 2;
}

/**
 * Levenshtein distance if it is at most `max`, otherwise `max + 1`. Only a band of width
 * 2·max+1 around the diagonal is computed: O(max · length).
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  const over = max + 1;
  let previous = new Array<number>(y.length + 1).fill(over);
  let current = new Array<number>(y.length + 1).fill(over);
  for (let j = 0; j <= Math.min(y.length, max); j++) previous[j] = j;
  for (let i = 1; i <= x.length; i++) {
    current.fill(over);
    const from = Math.max(1, i - max);
    const to = Math.min(y.length, i + max);
    if (i <= max) current[0] = i;
    let best = current[0] ?? over;
    for (let j = from; j <= to; j++) {
      const substitution = (previous[j - 1] ?? over) + (x[i - 1] === y[j - 1] ? 0 : 1);
      const deletion = (previous[j] ?? over) + 1;
      const insertion = (current[j - 1] ?? over) + 1;
      const value = Math.min(substitution, deletion, insertion, over);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return over;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[y.length] ?? over, over);
}

export type ShortAnswerMatch = { kind: "exact" | "near"; accepted: string } | { kind: "none" };

export function matchShortAnswer(answer: string, accepted: readonly string[]): ShortAnswerMatch {
  const given = normalizeShortAnswer(answer);
  if (given === "") return { kind: "none" };
  let near: string | null = null;
  for (const candidate of accepted) {
    const target = normalizeShortAnswer(candidate);
    if (target === "") continue;
    if (given === target) return { kind: "exact", accepted: candidate };
    const allowance = editAllowance(target);
    if (near === null && allowance > 0 && boundedEditDistance(given, target, allowance) <= allowance) near = candidate;
  }
  return near === null ? { kind: "none" } : { kind: "near", accepted: near };
}

export function gradeShortAnswer(item: QuizItem, answer: string, thresholds: RatingThresholds): GradeResult {
  const accepted = item.acceptedAnswers ?? [];
  const match = matchShortAnswer(answer, accepted);
  const empty = normalizeShortAnswer(answer) === "";
  const score = match.kind === "exact" ? 1 : match.kind === "near" ? NEAR_MISS_SCORE : 0;
  const verdict = match.kind === "exact" ? "hit" : match.kind === "near" ? "partial" : "missed";
  const keyPoints: KeyPointResult[] = [];
  for (const point of item.keyPoints) {
    keyPoints.push(keyPointResult(point.id, point.text, verdict, match.kind === "none" ? [] : [answer.trim()], false, point.weight));
  }
  const shown = accepted[0] ?? item.answer;
  const feedback = empty
    ? "没有作答：先回忆答案，再写下来。"
    : match.kind === "exact"
      ? "答对了。"
      : match.kind === "near"
        ? `接近正确答案：${match.accepted}（注意拼写）`
        : `正确答案：${shown}`;
  const rating = suggestRating({ score, wrongClaim: false, keywordSalad: false, empty }, thresholds);
  return gradeResult(score, keyPoints, [], rating, feedback, empty, false);
}
