// The study domain's single entry point for apps. Every method takes plain data and returns
// the views in views.ts; each feature's implementation lives in a file of its own,
// put together by create-study.ts.
import type { FsrsFitCycleOptions, FsrsFitRun } from "./fsrs-fits.ts";
import type { QuizItem } from "@recall/content";
import type { Rating } from "@recall/scheduler";
import type { AppealFeatures } from "./appeals.ts";
import type { DeckFeatures } from "./decks.ts";
import type { ProgressFeatures } from "./progress.ts";
import type {
  AnswerResultView,
  DailyQuizView,
  GroupSettingsView,
  HintView,
  ItemView,
  MemberSettingsView,
  FsrsSettingsView,
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

export interface StudyService extends ProgressFeatures, DeckFeatures, AppealFeatures {
  readonly items: ReadonlyMap<string, QuizItem>;
  syncContent(): Promise<ContentSyncReport>;
  /** Compiles the answer key of every item in memory (at start-up); returns how many. */
  prepareGrading(): number;

  setupGroup(actor: Actor, input: GroupSetupInput): Promise<GroupSettingsView>;
  setGroupPaused(actor: Actor, group: GroupRef, paused: boolean): Promise<GroupSettingsView>;
  groupStatus(group: GroupRef): Promise<GroupSettingsView>;

  /** Groups whose daily post is due now and not yet out (including posts missed while down). */
  duePosts(): Promise<DuePost[]>;
  /**
   * When the daily cycle next has work (ISO time): the earliest daily time of an active group, close
   * of an open post, or takeover of a stale claim; may be past when work is overdue. null: no groups.
   */
  nextDailyEventAt(): Promise<string | null>;
  /** The post due for one group today, for `/quiz now`; null with the existing post when already out. */
  duePostNow(actor: Actor, group: GroupRef): Promise<{ due: DuePost | null; existing: PostedQuiz | null }>;
  /** Claim the group's post for the local date; null when another process holds it. */
  /** `takenOver`: a stale claim of another process was taken over; its post may already be in the channel. */
  claimDailyQuiz(due: DuePost): Promise<(DailyQuizView & { takenOver: boolean }) | null>;
  markPosted(postId: string, messageId: string): Promise<void>;
  /** Posts whose time is up and that have not been revealed yet. */
  postsToClose(): Promise<PostedQuiz[]>;
  /** Closes a post (once) and returns what to reveal; null when it was already closed. */
  /** Closes a post (once) and, when this caller also takes on its reveal, returns what to reveal. */
  closeDailyQuiz(postId: string): Promise<RevealView | null>;
  /** Closed posts whose reveal has not gone out yet (a failed send, a crash). */
  revealsOwed(): Promise<PostedQuiz[]>;
  /** Takes on a reveal still owed; null when another process has it (until its claim is stale). */
  claimReveal(postId: string): Promise<RevealView | null>;
  /** The reveal is in the channel: it is never sent again. */
  markRevealed(postId: string): Promise<void>;
  /** The group's channel refused a post: the group is paused with the reason until an admin fixes it. */
  pauseForChannelProblem(groupId: string, reason: string): Promise<void>;
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

  /** Once per interaction id across processes: true for exactly one caller. */
  claimInteraction(interactionId: string): Promise<boolean>;
  /** Drops interaction claims no re-delivery can need any more. */
  pruneInteractionClaims(): Promise<number>;
  updateMemberSettings(member: MemberRef, input: MemberSettingsInput): Promise<MemberSettingsView>;

  /** Personal FSRS weights (see fsrs-fits.ts): queue and run due fits; show or drop a member's. */
  runFsrsFits(options: FsrsFitCycleOptions): Promise<FsrsFitRun[]>;
  fsrsSettings(member: MemberRef): Promise<FsrsSettingsView>;
  useDefaultFsrs(member: MemberRef): Promise<FsrsSettingsView>;
  /** Lets a member who chose the defaults be fitted again (at 1,000 reviews, monthly, as anyone). */
  allowPersonalFsrs(member: MemberRef): Promise<FsrsSettingsView>;
}
