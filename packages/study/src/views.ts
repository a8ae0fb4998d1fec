// What the study domain hands to an app: plain data, already decided, ready to present.
// The bot turns these into embeds; nothing here knows about Discord.
import type { ItemKind, Priority } from "@recall/content";
import type { Verdict } from "@recall/grader";
import type { Rating } from "@recall/scheduler";

/** The grader's verdict on a key point: hit, partial, missed, or contradicted (the answer states its opposite). */
export type { Verdict };

export interface KeyPointResult {
  id: string;
  text: string;
  verdict: Verdict;
  /** The member's own words that matched (for a contradicted point: the words that contradict it). */
  evidence: string[];
}

export interface MisconceptionResult {
  id: string;
  statement: string;
  /** Why it is wrong, from the content. */
  feedback: string;
  evidence: string[];
}

/** A quiz item as a member sees it before answering. */
export interface ItemView {
  itemId: string;
  kind: ItemKind;
  questionId: string;
  chapterNumber: number;
  chapterName: string;
  priority: Priority;
  prompt: string;
  /** For a misconception item the prompt is a statement to judge. */
}

/** The private result of one graded answer. */
export interface AnswerResultView {
  answerId: string;
  item: ItemView;
  score: number;
  keyPoints: KeyPointResult[];
  misconceptions: MisconceptionResult[];
  /** The model answer (may exceed an embed field: the presenter splits it). */
  modelAnswer: string;
  suggestedRating: Rating;
  /** The rating in force (the suggested one unless the member overrode it). */
  rating: Rating;
  /** One short line of feedback. */
  feedback: string;
  /** When the next review is due under the rating in force (ISO). */
  nextDue: string;
  /** Until when the member may override the rating (ISO), or null once closed. */
  overrideUntil: string | null;
  /** True when this is the first result shown again (second submission, retried delivery). */
  alreadyAnswered: boolean;
  empty: boolean;
  /** Until when the member may appeal the grading (ISO), or null (appealed, too late, nothing to appeal). */
  appealUntil: string | null;
  /** The appeal of this answer and where it stands, when there is one. */
  appealStatus: "pending" | "accepted" | "rejected" | null;
}

/** A filed appeal, as the member is told. */
export interface AppealFiledView {
  appealId: string;
  itemId: string;
  status: "pending" | "accepted" | "rejected";
  /** True when this answer had been appealed already (a second click or form): nothing new was filed. */
  alreadyFiled: boolean;
}

/** One pending appeal as an admin reviews it in `/appeals`. */
export interface AppealReviewView {
  appealId: string;
  /** Pending appeals of the server, this one included. */
  pending: number;
  /** The appellant's platform user id. */
  memberUserId: string;
  item: ItemView;
  /** The answer as the member wrote it (member text: escape before showing). */
  answerText: string;
  score: number;
  rating: Rating;
  keyPoints: KeyPointResult[];
  misconceptions: MisconceptionResult[];
  note: string;
  /** When the appeal was filed (ISO). */
  filedAt: string;
  /** The points an admin may rule hit: every point the grader did not judge hit. */
  appealablePoints: Array<{ id: string; text: string }>;
}

/** An alias an acceptance proposed, stored or refused with the grader's reason. */
export interface AppealAliasView {
  pointId: string;
  concept: number;
  alias: string;
  refusal: { reason: string; message: string } | null;
}

export interface AppealOutcomeView {
  acceptedPoints: string[];
  scoreBefore: number;
  scoreAfter: number;
  ratingBefore: Rating;
  ratingAfter: Rating;
  /** False when the answer was no longer the item's latest review, or the rating did not go up. */
  scheduleChanged: boolean;
  aliases: AppealAliasView[];
}

/** What deciding an appeal did, and the next one waiting (null when none). */
export interface AppealDecisionView {
  appealId: string;
  status: "accepted" | "rejected";
  item: ItemView;
  memberUserId: string;
  outcome: AppealOutcomeView | null;
  reason: string | null;
  next: AppealReviewView | null;
}

/** A decision on one of the member's appeals, told to them once. */
export interface AppealNoticeView {
  appealId: string;
  item: ItemView;
  status: "accepted" | "rejected";
  reason: string | null;
  outcome: AppealOutcomeView | null;
}

/** A hint: the labels of the key points' first concepts, never the answer itself. */
export interface HintView {
  item: ItemView;
  concepts: string[];
  keyPointCount: number;
}

/** The daily post of one study group. */
export interface DailyQuizView {
  postId: string;
  localDate: string;
  items: ItemView[];
  answerCount: number;
  closesAt: string;
}

export interface ScorerView {
  memberId: string;
  displayName: string;
  score: number;
}

export interface MissedKeyPointView {
  itemId: string;
  keyPointId: string;
  text: string;
  /** Share of the group's answers that missed it, 0–1. */
  missRate: number;
}

/** Posted when a daily quiz closes. */
export interface RevealView {
  postId: string;
  localDate: string;
  items: { item: ItemView; modelAnswer: string }[];
  mostMissed: MissedKeyPointView[];
  topScorers: ScorerView[];
  answerCount: number;
}

/** One step of `/review`. */
export interface ReviewPromptView {
  item: ItemView;
  dueCount: number;
  /** The card's review count now: the prompt's buttons carry it so a doubled click counts once. */
  reps: number;
}

export interface MemberSettingsView {
  timezone: string;
  dayStartHour: number;
  desiredRetention: number;
}

/** Which FSRS weights schedule the member: FSRS-6's defaults or their own fitted ones. */
export interface FsrsSettingsView {
  kind: "default" | "personal";
  /** When these weights took effect (ISO), when known. */
  since: string | null;
  /** Log loss on the member's held-out reviews: the weights replaced, then the adopted ones. */
  logLossBefore: number | null;
  logLossAfter: number | null;
  /** The member chose the defaults: no fits until they ask for personal parameters again. */
  optedOut: boolean;
}

export interface GroupSettingsView {
  channelId: string;
  dailyTime: string;
  timezone: string;
  questionsPerDay: number;
  chapters: number[];
  paused: boolean;
  /** Why the bot paused the group itself (its channel refused a post): `missing-access`, `unknown-channel`. */
  pausedReason: string | null;
  nextPostAt: string | null;
}

export type LeaderboardScopeName = "group" | "server";
export type LeaderboardPeriodName = "week" | "month" | "all";

export interface LeaderboardRowView {
  rank: number;
  /** Platform user id. */
  memberId: string;
  displayName: string;
  points: number;
  /** Current streak in local days. */
  streak: number;
}

export interface LeaderboardPageView {
  scope: LeaderboardScopeName;
  period: LeaderboardPeriodName;
  /** 0-based. */
  page: number;
  pageCount: number;
  rows: LeaderboardRowView[];
  /** The member asking, when ranked at all. */
  you: { rank: number; points: number } | null;
}

export interface WeakFollowUpView {
  itemId: string;
  prompt: string;
  /**
   * The main question whose miss (Again or Hard) brought this follow-up in, while the member has
   * not studied it yet; null for a studied follow-up, ranked by its retrievability.
   */
  missedIn: string | null;
  /** Probability of recall now, 0–1 (0 for a follow-up never reviewed). */
  retrievability: number;
  lapses: number;
  /** The card's review count now (the drill carries it so a second submit counts once). */
  reps: number;
}

export interface StatsView {
  memberId: string;
  displayName: string;
  reviews: number;
  /** Recalled share of reviews of mature cards, or null with none yet. */
  trueRetention: number | null;
  streak: { current: number; longest: number };
  dueForecast: { date: string; count: number }[];
  retentionByDay: { date: string; retention: number; reviews: number }[];
  mastery: { chapter: number; chapterName: string; items: number; seen: number; mastered: number }[];
}

export interface WeeklySummaryView {
  groupId: string;
  channelId: string;
  locale: string;
  /** The week summarised: Monday to Sunday, local dates. */
  weekStart: string;
  weekEnd: string;
  topMembers: LeaderboardRowView[];
  mostMissed: MissedKeyPointView[];
  weakFollowUps: { itemId: string; prompt: string; lapses: number; members: number }[];
}

/** One question of `/interview`, as the member sees it before answering. */
export interface InterviewStepView {
  sessionId: string;
  /** Answers taken so far: the answer form carries it, so a re-sent form counts once. */
  step: number;
  item: ItemView;
  /** 0 for a main question, 1–3 for the follow-ups probing it. */
  depth: number;
  /** 1-based: which main question of how many. */
  questionNumber: number;
  questionCount: number;
  /** When the question was put (ISO); the answer is timed from here. */
  askedAt: string;
  /** The 30–60 second answer target, and the instant the 60 s run out (ISO). */
  targetSeconds: { min: number; max: number };
  targetEndsAt: string;
  /** Whether answers become reviews in the member's schedule. */
  record: boolean;
  /** The session was open already: this is where it stood. */
  resumed: boolean;
  /** A session left idle too long expired before this one started. */
  previousExpired: boolean;
  /** Why a follow-up was chosen: it covers what was missed, or the member knows it least. */
  reason: "main" | "covers-missed" | "least-known";
}

/** One graded answer of an interview. */
export interface InterviewAnswerView {
  item: ItemView;
  depth: number;
  score: number;
  keyPoints: KeyPointResult[];
  misconceptions: MisconceptionResult[];
  /** Seconds from the question to the answer. */
  seconds: number;
  /** The review it was recorded as, or null with `record:false`. */
  answerId: string | null;
}

export type InterviewOverallRating = "strong" | "good" | "fair" | "weak";

export interface InterviewReportView {
  sessionId: string;
  status: "finished" | "expired";
  record: boolean;
  answers: InterviewAnswerView[];
  overall: {
    rating: InterviewOverallRating;
    /** Mean score of the answers, 0–1 (0 with none). */
    score: number;
    answered: number;
    withinTarget: number;
    targetSeconds: number;
  };
  /** The weakest items of the session, weakest first, each to drill. */
  practiseNext: { itemId: string; prompt: string; score: number; reps: number }[];
}

/** What answering an interview question leads to: the next question, or the report. */
export interface InterviewTurnView {
  answer: InterviewAnswerView;
  next: InterviewStepView | null;
  report: InterviewReportView | null;
  /** This form had been sent before: what it led to then, nothing written now. */
  repeated: boolean;
}
