// The interviewer's choices, as pure functions of the bank and what the member knows: which main
// questions to ask, which follow-up probes the weakest spot of the answers so far, how deep to
// go, and how the session rates overall. No database, no clock: interviews.ts feeds them.
import type { KeyPoint, QuizItem } from "@recall/content";
import { normalizeTerm } from "@recall/grader";
import type { Verdict } from "./views.ts";

export const INTERVIEW_TARGET_SECONDS = { min: 30, max: 60 } as const;
export const INTERVIEW_QUESTIONS = { min: 1, max: 5, default: 2 } as const;
/** Follow-ups asked after a main question: at least two when there are, a third after a miss. */
export const INTERVIEW_FOLLOW_UPS = { usual: 2, max: 3 } as const;
export const INTERVIEW_IDLE_MS = 15 * 60_000;

const PRIORITY_RANK = { P0: 0, P1: 1, P2: 2 } as const;

/**
 * Whether a key point needs probing. Only a hit is covered: whatever else the grader says of a
 * point (missed, partly, contradicted) is what the interviewer asks about next.
 */
export function uncovered(verdict: Verdict): boolean {
  return verdict !== "hit";
}

/** Retrievability 0–1 of each item the member has studied; anything absent is unknown to them. */
export type Knowledge = ReadonlyMap<string, number>;

function known(knowledge: Knowledge, itemId: string): number {
  return knowledge.get(itemId) ?? 0;
}

/** Main questions to ask: P0 first, then what the member knows least, then by id. */
export function chooseMainQuestions(mains: readonly QuizItem[], knowledge: Knowledge, count: number): QuizItem[] {
  return [...mains]
    .sort(
      (a, b) =>
        PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
        known(knowledge, a.id) - known(knowledge, b.id) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, count);
}

function aliasesOf(points: readonly KeyPoint[]): Set<string> {
  const aliases = new Set<string>();
  for (const point of points) {
    for (const concept of point.concepts) {
      for (const alias of concept.aliases) {
        const term = normalizeTerm(alias);
        if (term !== "") aliases.add(term);
      }
    }
  }
  return aliases;
}

/**
 * How much of the uncovered points a follow-up's own key points take up: per point, its weight
 * times the share of its terms the follow-up's points share. Sets of terms, so linear in the
 * size of the items.
 */
export function coverage(followUp: QuizItem, uncoveredPoints: readonly KeyPoint[]): number {
  const offered = aliasesOf(followUp.keyPoints);
  let total = 0;
  for (const point of uncoveredPoints) {
    const wanted = aliasesOf([point]);
    if (wanted.size === 0) continue;
    let shared = 0;
    for (const term of wanted) if (offered.has(term)) shared += 1;
    total += point.weight * (shared / wanted.size);
  }
  return total;
}

/**
 * The next follow-up: the one whose key points cover most of what was left uncovered; when
 * nothing was (or none covers any of it), the one the member knows least. Null when none is left.
 */
export function chooseFollowUp(
  candidates: readonly QuizItem[],
  uncoveredPoints: readonly KeyPoint[],
  knowledge: Knowledge,
): { item: QuizItem; reason: "covers-missed" | "least-known" } | null {
  if (candidates.length === 0) return null;
  const scored = candidates.map((item) => ({ item, covers: coverage(item, uncoveredPoints) }));
  const byKnowledge = (a: QuizItem, b: QuizItem) => known(knowledge, a.id) - known(knowledge, b.id) || a.id.localeCompare(b.id);
  const best = scored.filter((s) => s.covers > 0).sort((a, b) => b.covers - a.covers || byKnowledge(a.item, b.item))[0];
  if (best) return { item: best.item, reason: "covers-missed" };
  return { item: [...candidates].sort(byKnowledge)[0]!, reason: "least-known" };
}

/** Whether to probe once more after `asked` follow-ups, given whether the last answer left anything uncovered. */
export function probeAgain(asked: number, lastLeftSomething: boolean): boolean {
  if (asked < INTERVIEW_FOLLOW_UPS.usual) return true;
  return asked < INTERVIEW_FOLLOW_UPS.max && lastLeftSomething;
}

export type OverallRating = "strong" | "good" | "fair" | "weak";

export function overallRating(meanScore: number, withinTargetShare: number): OverallRating {
  // Slow but right is still a good answer; only a strong one must also be on time.
  if (meanScore >= 0.8 && withinTargetShare >= 0.5) return "strong";
  if (meanScore >= 0.6) return "good";
  if (meanScore >= 0.4) return "fair";
  return "weak";
}
