// Builders for plain test data, and a stand-in scheduler: the database stores whatever card the
// scheduler computes, so a simple deterministic update is enough to exercise it.
import type { ItemKind, KeyPoint, QuizItem } from "@recall/content";
import type { CardState, Rating, ReviewLog } from "@recall/scheduler";
import type { AnswerInput, KeyPointVerdict, ReviewSource } from "../src/index.ts";

export const T0 = new Date("2026-03-02T08:00:00.000Z");

export function at(days: number, from: Date = T0): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

export function keyPoint(id: string, text: string): KeyPoint {
  return { id, text, concepts: [{ aliases: [text] }], weight: 1, polarity: "assert", derived: false };
}

export function item(id: string, overrides: Partial<QuizItem> = {}): QuizItem {
  const questionId = id.split(".")[0] ?? id;
  const kind: ItemKind = id.includes(".f") ? "followup" : id.includes(".m") ? "misconception" : "main";
  return {
    id,
    kind,
    parentId: kind === "main" ? null : questionId,
    questionId,
    chapterNumber: 12,
    chapterName: "Agent 优化与训练",
    priority: "P0",
    prompt: `${id} 的问题？`,
    answer: `${id} 的答案。`,
    keyPoints: [keyPoint("k1", "奖励模型"), keyPoint("k2", "偏好数据"), keyPoint("k3", "KL 约束")],
    misconceptions: [],
    contentHash: `hash-${id}-1`,
    source: { file: "content/12.md", line: 10 },
    ...overrides,
  };
}

export function newCard(now: Date): CardState {
  return {
    due: now.toISOString(),
    stability: 0,
    difficulty: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    state: "new",
    lastReview: null,
  };
}

const INTERVAL_DAYS: Record<Rating, number> = { again: 1, hard: 2, good: 4, easy: 8 };

/** A deterministic review: enough structure (reps, lapses, times) for storage to be checked. */
export function review(before: CardState, rating: Rating, now: Date): ReviewLog {
  const days = INTERVAL_DAYS[rating];
  const after: CardState = {
    due: at(days, now).toISOString(),
    stability: before.stability + days + 0.123456789,
    difficulty: Math.min(10, before.difficulty + (rating === "again" ? 1.5 : 0.25)),
    scheduledDays: days,
    learningSteps: 0,
    reps: before.reps + 1,
    lapses: before.lapses + (rating === "again" && before.state !== "new" ? 1 : 0),
    state: "review",
    lastReview: now.toISOString(),
  };
  return { rating, reviewedAt: now.toISOString(), before, after };
}

export function verdicts(hit: string[], partial: string[], missed: string[]): KeyPointVerdict[] {
  return [
    ...hit.map((id) => ({ id, verdict: "hit" as const, evidence: [id] })),
    ...partial.map((id) => ({ id, verdict: "partial" as const })),
    ...missed.map((id) => ({ id, verdict: "missed" as const })),
  ];
}

export function answerInput(options: {
  key: string;
  memberId: number;
  itemId: string;
  before: CardState;
  now: Date;
  localDate: string;
  score?: number;
  rating?: Rating;
  source?: ReviewSource;
  quizPostId?: number | null;
  verdicts?: KeyPointVerdict[];
}): AnswerInput {
  const rating = options.rating ?? "good";
  const log = review(options.before, rating, options.now);
  return {
    idempotencyKey: options.key,
    memberId: options.memberId,
    itemId: options.itemId,
    quizPostId: options.quizPostId ?? null,
    text: "DPO 用偏好数据直接优化策略，不需要单独的奖励模型。@everyone",
    score: options.score ?? 0.8,
    verdicts: options.verdicts ?? verdicts(["k1", "k2"], [], ["k3"]),
    misconceptions: [],
    suggestedRating: rating,
    rating,
    reviewLog: log,
    card: log.after,
    localDate: options.localDate,
    source: options.source ?? "review",
  };
}
