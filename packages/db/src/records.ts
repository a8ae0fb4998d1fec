// Plain data that crosses the package boundary. Times are ISO strings and local dates
// `YYYY-MM-DD`, like the scheduler's CardState, so records survive JSON unchanged.
import type { CardState, Rating, ReviewLog } from "@recall/scheduler";
import type { ItemKind, Priority } from "@recall/content";

export const REVIEW_SOURCES = ["daily", "review", "drill"] as const;
/** `daily`: an answer to a group's daily post; `review`: `/review`; `drill`: `/weak`. */
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** `contradicted`: the answer states the opposite of the point (the grader's verdict of that name). */
export const VERDICTS = ["hit", "partial", "missed", "contradicted"] as const;
export type Verdict = (typeof VERDICTS)[number];

/** JSON as stored in jsonb. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The grader's verdict on one key point (extra fields such as evidence are kept as they are). */
export interface KeyPointVerdict {
  id: string;
  verdict: Verdict;
  evidence?: JsonValue;
}

export interface AssertedMisconception {
  id: string;
  evidence?: JsonValue;
}

export interface Server {
  id: string;
  createdAt: string;
}

export interface StudyGroupSettings {
  serverId: string;
  channelId: string;
  /** `HH:MM`, local to `timezone`. */
  dailyTime: string;
  timezone: string;
  questionsPerDay: number;
  chapters: number[];
  paused: boolean;
  /** Language of the channel posts (default `zh-CN`). */
  locale?: string;
}

export interface StudyGroup extends StudyGroupSettings {
  id: number;
  /** Why the bot paused the group itself (`missing-access`, `unknown-channel`); null otherwise. */
  pausedReason: string | null;
  locale: string;
  createdAt: string;
  updatedAt: string;
}

export interface MemberPreferences {
  locale?: string;
  displayName?: string;
  timezone?: string;
  dayStartHour?: number;
  desiredRetention?: number;
}

export interface Member {
  id: number;
  discordUserId: string;
  displayName: string | null;
  locale: string;
  timezone: string;
  dayStartHour: number;
  desiredRetention: number;
  /** The member's own FSRS-6 weights (21 numbers), or null for the defaults. */
  fsrsParameters: number[] | null;
  createdAt: string;
  updatedAt: string;
}

export interface StoredItem {
  id: string;
  kind: ItemKind;
  parentId: string | null;
  questionId: string;
  chapter: number;
  priority: Priority;
  prompt: string;
  contentHash: string;
  retiredAt: string | null;
}

export interface SyncReport {
  inserted: number;
  updated: number;
  retired: number;
  unchanged: number;
}

export interface AnswerInput {
  /** The interaction id (or any key that is the same for every delivery of one submission). */
  idempotencyKey: string;
  memberId: number;
  itemId: string;
  quizPostId?: number | null;
  text: string;
  /** 0–1. */
  score: number;
  /** The grader's feedback line. */
  feedback?: string;
  verdicts: KeyPointVerdict[];
  misconceptions: AssertedMisconception[];
  suggestedRating: Rating;
  /** The rating the review was made with. */
  rating: Rating;
  /** The scheduler's log: `before` must be the card as stored (or a new card when there is none). */
  reviewLog: ReviewLog;
  /** The card after the review (`reviewLog.after`, passed explicitly for clarity). */
  card: CardState;
  /** The member's local date of the answer (timezone and day start applied). */
  localDate: string;
  source: ReviewSource;
  /**
   * Items brought into the member's schedule with `card` (a new card) when this answer is written,
   * as introduceItems does (cards the member has are left alone): the follow-ups of a main
   * question just missed, in the answer's own statement instead of a round trip of their own.
   */
  introduce?: { itemIds: string[]; card: CardState };
}

export interface AnswerRecord {
  id: number;
  idempotencyKey: string;
  memberId: number;
  itemId: string;
  quizPostId: number | null;
  source: ReviewSource;
  text: string;
  score: number;
  feedback: string;
  verdicts: KeyPointVerdict[];
  misconceptions: AssertedMisconception[];
  suggestedRating: Rating;
  rating: Rating;
  localDate: string;
  createdAt: string;
}

export interface ReviewLogRecord extends ReviewLog {
  id: number;
  idempotencyKey: string;
  memberId: number;
  itemId: string;
  answerId: number | null;
  source: ReviewSource;
  undoneAt: string | null;
}

export interface RecordAnswerResult {
  /** True when this submission was already stored: nothing was written, the first result is returned. */
  duplicate: boolean;
  answer: AnswerRecord;
  /** The card as stored after the (first) write. */
  card: CardState;
}

export interface ReviewInput {
  idempotencyKey: string;
  memberId: number;
  itemId: string;
  /** The answer this review rates, if any: its final rating is updated. */
  answerId?: number | null;
  reviewLog: ReviewLog;
  card: CardState;
  source: ReviewSource;
}

export interface DueItem {
  itemId: string;
  card: CardState;
}

export interface QuizPost {
  id: number;
  groupId: number;
  localDate: string;
  itemIds: string[];
  channelMessageId: string | null;
  status: "pending" | "posted" | "closed";
  claimedAt: string;
  postedAt: string | null;
  closedAt: string | null;
  /** The reveal went out; a closed post without it still owes its reveal. */
  revealedAt: string | null;
}

export interface ClaimResult {
  /** True for exactly one caller per group and local date. */
  owned: boolean;
  post: QuizPost;
}
