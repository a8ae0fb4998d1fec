// The labelling rubric (RUBRIC.md §3–§5) as code: what a label's score and rating must be, given its
// verdicts and the item's weights. Writers of a batch check their labels with it (check-batch.ts), and
// the tests hold every labelled answer from the second batch on to it, so a figure never rests on an
// arithmetic slip in a label.
import type { QuizItem } from "@recall/content";
import type { Rating } from "../src/rating.ts";
import type { LabelledAnswer } from "./evaluation.ts";

/** Kinds the rubric rates `again` whatever their verdicts: nothing of the item is said, or nothing is claimed. */
const ALWAYS_AGAIN_KINDS = new Set(["off-topic", "keyword-list"]);
/** A score is kept to 0.01: a label may round a half either way. */
const SCORE_TOLERANCE = 0.0051;

/** The rubric's score: weighted hits, half the partials, less half the contradictions and 0.1 a misconception, clipped to [0, 1]. */
export function rubricScore(item: QuizItem, label: Pick<LabelledAnswer, "keyPoints" | "partial" | "contradicted" | "misconceptions">): number {
  const weightOf = new Map(item.keyPoints.map((point) => [point.id, point.weight]));
  const total = item.keyPoints.reduce((sum, point) => sum + point.weight, 0);
  const sum = (ids: readonly string[] | undefined): number => (ids ?? []).reduce((acc, id) => acc + (weightOf.get(id) ?? 0), 0);
  const raw = (sum(label.keyPoints) + sum(label.partial) / 2 - sum(label.contradicted) / 2) / total - 0.1 * label.misconceptions.length;
  return Math.min(1, Math.max(0, raw));
}

/** The rubric's rating, its rules in order (RUBRIC.md §4). */
export function rubricRating(item: QuizItem, label: Pick<LabelledAnswer, "kind" | "keyPoints" | "partial" | "contradicted" | "misconceptions">): Rating {
  if (ALWAYS_AGAIN_KINDS.has(label.kind)) return "again";
  const weightOf = new Map(item.keyPoints.map((point) => [point.id, point.weight]));
  const contradicted = label.contradicted ?? [];
  if (label.misconceptions.length > 0 || contradicted.some((id) => (weightOf.get(id) ?? 1) >= 2)) return "again";
  const score = rubricScore(item, label);
  const byScore: Rating = score >= 0.85 ? "easy" : score >= 0.65 ? "good" : score >= 0.35 ? "hard" : "again";
  return contradicted.length > 0 && (byScore === "easy" || byScore === "good") ? "hard" : byScore;
}

/** What is wrong with a label against the rubric and the item, one line a problem; empty when nothing is. */
export function rubricProblems(item: QuizItem, label: LabelledAnswer): string[] {
  const problems: string[] = [];
  const pointIds = new Set(item.keyPoints.map((point) => point.id));
  const verdicts = [...label.keyPoints, ...(label.partial ?? []), ...(label.contradicted ?? [])];
  for (const id of verdicts) if (!pointIds.has(id)) problems.push(`${label.id}: ${item.id} has no key point ${id}`);
  if (new Set(verdicts).size !== verdicts.length) problems.push(`${label.id}: a key point stands in two of keyPoints, partial and contradicted`);
  const misconceptionIds = new Set(item.misconceptions.map((misconception) => `${item.questionId}.${misconception.id}`));
  for (const id of label.misconceptions) if (!misconceptionIds.has(id)) problems.push(`${label.id}: ${id} is no misconception of ${item.questionId}`);
  const score = rubricScore(item, label);
  if (Math.abs(score - label.score) > SCORE_TOLERANCE) problems.push(`${label.id}: score ${label.score}, the rubric gives ${score.toFixed(3)}`);
  const rating = rubricRating(item, label);
  if (rating !== label.rating) problems.push(`${label.id}: rating ${label.rating}, the rubric gives ${rating}`);
  return problems;
}
