// The study domain's single entry point for apps. Every method takes plain data and returns
// the views in views.ts; each feature's implementation lives in a file of its own,
// put together by create-study.ts.
import type { QuizItem } from "@recall/content";
import type { Rating } from "@recall/scheduler";
import type { ProgressFeatures } from "./progress.ts";
import type {
  AnswerResultView,
  DailyQuizView,
  GroupSettingsView,
  HintView,
  ItemView,
  MemberSettingsView,
  RevealView,
  ReviewPromptView,
  WeakFollowUpView,
  InterviewReportView,
  InterviewStepView,
  InterviewTurnView,
} from "./views.ts";
import type {
  Actor,
  DuePost,
  GroupRef,
  GroupSetupInput,
  MemberRef,
  MemberSettingsInput,
  OverrideInput,
  RevealInput,
  SelfRateInput,
  JudgeInput,
  SubmitAnswerInput,
  InterviewAnswerInput,
  InterviewStartInput,
} from "./ports.ts";

export interface ContentSyncReport {
  inserted: number;
  updated: number;
  retired: number;
  unchanged: number;
}

export interface PostedQuiz {
  postId: string;
  channelId: string;
  messageId: string | null;
  /** The group's language for channel posts. */
  locale: string;
}

export interface SelfRateResult {
  item: ItemView;
  rating: Rating;
  /** When the item is due next (ISO). */
  nextDue: string;
  modelAnswer: string;
}

export interface StudyService extends ProgressFeatures {
  readonly items: ReadonlyMap<string, QuizItem>;
  syncContent(): Promise<ContentSyncReport>;

  setupGroup(actor: Actor, input: GroupSetupInput): Promise<GroupSettingsView>;
  setGroupPaused(actor: Actor, group: GroupRef, paused: boolean): Promise<GroupSettingsView>;
  groupStatus(group: GroupRef): Promise<GroupSettingsView>;

  /** Groups whose daily post is due now and not yet out (including posts missed while down). */
  duePosts(): Promise<DuePost[]>;
  /** The post due for one group today, for `/quiz now`; null with the existing post when already out. */
  duePostNow(actor: Actor, group: GroupRef): Promise<{ due: DuePost | null; existing: PostedQuiz | null }>;
  /** Claim the group's post for the local date; null when another process holds it. */
  claimDailyQuiz(due: DuePost): Promise<DailyQuizView | null>;
  markPosted(postId: string, messageId: string): Promise<void>;
  /** Posts whose time is up and that have not been revealed yet. */
  postsToClose(): Promise<PostedQuiz[]>;
  /** Closes a post (once) and returns what to reveal; null when it was already closed. */
  closeDailyQuiz(postId: string): Promise<RevealView | null>;
  dailyQuiz(postId: string): Promise<(DailyQuizView & PostedQuiz & { closed: boolean }) | null>;

  hint(itemId: string): HintView;
  /** The member's earlier result for this post and item, when they already answered. */
  existingAnswer(member: MemberRef, postId: string, itemId: string): Promise<AnswerResultView | null>;
  submitAnswer(input: SubmitAnswerInput): Promise<AnswerResultView>;
  revealAnswer(input: RevealInput): Promise<AnswerResultView>;
  overrideRating(input: OverrideInput): Promise<AnswerResultView>;

  nextReview(member: MemberRef): Promise<ReviewPromptView | null>;
  /** `/review` without typing: the member saw the answer and rates their own recall. */
  selfRate(input: SelfRateInput): Promise<SelfRateResult>;
  /** A misconception item in `/review`: the member says whether its statement is right. */
  judgeStatement(input: JudgeInput): Promise<SelfRateResult & { correct: boolean }>;
  /** `/weak`: the member's weakest follow-ups, each with a drill. */
  weakFollowUps(member: MemberRef): Promise<WeakFollowUpView[]>;

  /** `/interview`: starts one, or resumes the member's open one where it stood. */
  startInterview(member: MemberRef, input?: InterviewStartInput): Promise<InterviewStepView>;
  /** An answer to the session's question at `step`; a form sent again shows what it led to. */
  answerInterview(input: InterviewAnswerInput): Promise<InterviewTurnView>;
  stopInterview(member: MemberRef, sessionId: string): Promise<InterviewReportView>;

  memberSettings(member: MemberRef): Promise<MemberSettingsView>;
  updateMemberSettings(member: MemberRef, input: MemberSettingsInput): Promise<MemberSettingsView>;
}
