// Who is acting, as the study domain needs to know it. An app fills these from its own
// platform (Discord interaction data); the domain never sees platform types.
import type { Rating } from "@recall/scheduler";

export interface MemberRef {
  /** Platform user id. */
  userId: string;
  /** Server (guild) the member acts in, when any. */
  serverId: string | null;
  displayName: string;
  /** Platform locale, e.g. `zh-CN`, `en-US`. */
  locale: string;
}

export interface Actor extends MemberRef {
  /** May change a study group's settings (Discord: Manage Server). */
  canManageServer: boolean;
}

export interface GroupRef {
  serverId: string;
  channelId: string;
}

export interface GroupSetupInput extends GroupRef {
  serverName?: string;
  dailyTime: string;
  timezone: string;
  questionsPerDay?: number;
  /** Empty or absent: every chapter. */
  chapters?: number[];
}

export interface SubmitAnswerInput {
  /** Makes a retried or doubled delivery write once (e.g. the interaction id). */
  deliveryKey: string;
  member: MemberRef;
  /** The daily post the answer belongs to, or null for `/review` and drills. */
  postId: string | null;
  itemId: string;
  text: string;
  /**
   * Outside a daily post: the card's review count when the prompt was shown. Every submit of
   * that prompt is then one answer, however often the form is sent.
   */
  shownReps?: number;
}

export interface RevealInput {
  deliveryKey: string;
  member: MemberRef;
  postId: string | null;
  itemId: string;
}

export interface SelfRateInput {
  deliveryKey: string;
  member: MemberRef;
  itemId: string;
  rating: Rating;
  /**
   * The card's review count when the prompt was shown. With it, every click on that prompt is
   * one review: a doubled or late click finds the card moved on and returns what was recorded.
   */
  shownReps?: number;
}

export interface OverrideInput {
  member: MemberRef;
  answerId: string;
  rating: Rating;
}

export interface MemberSettingsInput {
  timezone?: string;
  dayStartHour?: number;
  desiredRetention?: number;
}

/** A daily post that is due to go out now. */
export interface DuePost {
  groupId: string;
  channelId: string;
  serverId: string;
  localDate: string;
  locale: string;
}

export interface JudgeInput {
  deliveryKey: string;
  member: MemberRef;
  itemId: string;
  /** What the member said of the statement. */
  saysRight: boolean;
  /** As in SelfRateInput. */
  shownReps?: number;
}

export interface InterviewStartInput {
  /** Only this chapter's questions (absent: every chapter). */
  chapter?: number;
  /** Main questions to ask (default 2, 1–5). */
  questions?: number;
  /** false: practice only, nothing enters the member's schedule (default true). */
  record?: boolean;
}

export interface InterviewAnswerInput {
  member: MemberRef;
  sessionId: string;
  /** The step the question was shown at (carried by the answer form). */
  step: number;
  text: string;
}

export interface AppealInput {
  member: MemberRef;
  answerId: string;
  /** Optional words of the member's own for the admin (≤ 500 characters). */
  note: string;
}

export interface AcceptAppealInput {
  actor: Actor;
  appealId: string;
  /** The key points (not hit by the grader) that count as hit. */
  pointIds: string[];
  /**
   * For concepts of those points: the answer's words that stand for them, to become the server's
   * aliases (each checked first; a refused one is reported and not stored). Blank ones are skipped.
   */
  aliases: Array<{ pointId: string; concept: number; alias: string }>;
}

export interface RejectAppealInput {
  actor: Actor;
  appealId: string;
  /** Shown to the member (≤ 500 characters). */
  reason: string;
}
