// The one schema both drivers share. Times are timestamptz and FSRS numbers double precision
// (rounding stability or difficulty visibly shifts due dates); local dates are `date` because
// streaks and daily posts are defined on each member's or group's calendar, not on UTC.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { DeckSummary, KeyPoint, Misconception } from "@recall/content";
import type { KeyPointVerdict, AssertedMisconception } from "./records.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** A Discord guild. */
export const servers = pgTable("servers", {
  id: text("id").primaryKey(),
  createdAt: createdAt(),
});

export const studyGroups = pgTable(
  "study_groups",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    channelId: text("channel_id").notNull(),
    /** Local wall-clock time of the daily post, `HH:MM`. */
    dailyTime: text("daily_time").notNull(),
    /** IANA zone name; validated by the caller (the database has no zone list to check against). */
    timezone: text("timezone").notNull(),
    questionsPerDay: integer("questions_per_day").notNull().default(1),
    chapters: integer("chapters").array().notNull().default(sql`'{}'::integer[]`),
    paused: boolean("paused").notNull().default(false),
    /** Why the bot paused the group itself (e.g. `missing-access`); null when paused by an admin or not at all. */
    pausedReason: text("paused_reason"),
    /** Language of the group's channel posts (members' own replies follow their own locale). */
    locale: text("locale").notNull().default("zh-CN"),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("study_groups_channel_unique").on(t.serverId, t.channelId),
    check("study_groups_daily_time_format", sql`${t.dailyTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("study_groups_questions_per_day_range", sql`${t.questionsPerDay} between 1 and 10`),
  ],
);

/** A Discord user and their study preferences; one row however many servers they study in. */
export const members = pgTable(
  "members",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    discordUserId: text("discord_user_id").notNull(),
    /** As last seen in an interaction, for reveals and leaderboards without a member lookup. */
    displayName: text("display_name"),
    locale: text("locale").notNull().default("zh-CN"),
    timezone: text("timezone").notNull().default("UTC"),
    dayStartHour: integer("day_start_hour").notNull().default(4),
    desiredRetention: doublePrecision("desired_retention").notNull().default(0.9),
    /** The member's own 21 FSRS-6 weights, adopted from a fit; null schedules with the defaults. */
    fsrsParameters: doublePrecision("fsrs_parameters").array(),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("members_discord_user_unique").on(t.discordUserId),
    check("members_day_start_hour_range", sql`${t.dayStartHour} between 0 and 23`),
    check("members_desired_retention_range", sql`${t.desiredRetention} between 0.7 and 0.99`),
  ],
);

/** Who belongs to a group: joined explicitly or by answering one of its daily quizzes. */
export const groupMembers = pgTable(
  "group_members",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    joinedAt: timestamptz("joined_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.memberId] }), index("group_members_member_idx").on(t.memberId)],
);

/** A deck a server imported (`/deck import`); removing it retires its items, so history stays. */
export const decks = pgTable(
  "decks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The source format (`anki-package`, `anki-text`, `quizlet`, `kotoba`). */
    format: text("format").notNull(),
    /** What the last import made (content's DeckSummary). */
    summary: jsonb("summary").$type<DeckSummary>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    removedAt: timestamptz("removed_at"),
  },
  (t) => [
    uniqueIndex("decks_server_name_unique").on(t.serverId, t.name),
    check("decks_name_length", sql`char_length(${t.name}) between 1 and 100`),
  ],
);

/** The decks a group's daily quiz draws from; none means the built-in bank. */
export const studyGroupDecks = pgTable(
  "study_group_decks",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    deckId: integer("deck_id")
      .notNull()
      .references(() => decks.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.deckId] })],
);

/** Quiz items synced from the content package; retired items stay so history keeps its meaning. */
export const quizItems = pgTable(
  "quiz_items",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    parentId: text("parent_id"),
    questionId: text("question_id").notNull(),
    chapter: integer("chapter").notNull(),
    chapterName: text("chapter_name").notNull(),
    priority: text("priority").notNull(),
    prompt: text("prompt").notNull(),
    answer: text("answer").notNull(),
    keyPoints: jsonb("key_points").$type<KeyPoint[]>().notNull(),
    misconceptions: jsonb("misconceptions").$type<Misconception[]>().notNull(),
    contentHash: text("content_hash").notNull(),
    sourceFile: text("source_file").notNull(),
    sourceLine: integer("source_line").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    retiredAt: timestamptz("retired_at"),
    /** Null for the built-in bank; the server's imported deck otherwise (ids are then `D<deck>.<card id>`). */
    deckId: integer("deck_id").references(() => decks.id),
    /** A term answer's accepted forms (imported decks); null when key points grade the answer. */
    acceptedAnswers: jsonb("accepted_answers").$type<string[]>(),
  },
  (t) => [
    check("quiz_items_kind_valid", sql`${t.kind} in ('main', 'followup', 'misconception', 'cloze')`),
    check("quiz_items_priority_valid", sql`${t.priority} in ('P0', 'P1', 'P2')`),
    index("quiz_items_active_chapter_idx").on(t.chapter).where(sql`${t.retiredAt} is null`),
    index("quiz_items_active_deck_idx").on(t.deckId).where(sql`${t.retiredAt} is null`),
  ],
);

const cardStateCheck = (column: unknown) => sql`${column} in ('new', 'learning', 'review', 'relearning')`;
const ratingCheck = (column: unknown) => sql`${column} in ('again', 'hard', 'good', 'easy')`;
const sourceCheck = (column: unknown) => sql`${column} in ('daily', 'review', 'drill')`;

/** The scheduler's state of one item for one member (a plain `CardState`). */
export const cards = pgTable(
  "cards",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => quizItems.id),
    due: timestamptz("due").notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    state: text("state").notNull(),
    lastReview: timestamptz("last_review"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.itemId] }),
    // A member's due list: an index range scan that stops at `limit`.
    index("cards_member_due_idx").on(t.memberId, t.due),
    check("cards_state_valid", cardStateCheck(t.state)),
  ],
);

/** Graded answers, as submitted. One per member, daily post and item. */
export const answers = pgTable(
  "answers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text("idempotency_key").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => quizItems.id),
    quizPostId: integer("quiz_post_id").references(() => quizPosts.id, { onDelete: "set null" }),
    source: text("source").notNull(),
    text: text("text").notNull(),
    score: doublePrecision("score").notNull(),
    /** The grader's one-line feedback, so a repeated submission can show the first result as it was. */
    feedback: text("feedback").notNull().default(""),
    verdicts: jsonb("verdicts").$type<KeyPointVerdict[]>().notNull(),
    misconceptions: jsonb("misconceptions").$type<AssertedMisconception[]>().notNull(),
    suggestedRating: text("suggested_rating").notNull(),
    rating: text("rating").notNull(),
    localDate: date("local_date", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("answers_idempotency_key_unique").on(t.idempotencyKey),
    uniqueIndex("answers_one_per_post_unique")
      .on(t.memberId, t.quizPostId, t.itemId)
      .where(sql`${t.quizPostId} is not null`),
    index("answers_quiz_post_idx").on(t.quizPostId),
    index("answers_member_created_idx").on(t.memberId, t.createdAt),
    check("answers_score_range", sql`${t.score} between 0 and 1`),
    check("answers_source_valid", sourceCheck(t.source)),
    check("answers_suggested_rating_valid", ratingCheck(t.suggestedRating)),
    check("answers_rating_valid", ratingCheck(t.rating)),
  ],
);

/** Append-only review history; undo marks a row, never deletes it. */
export const reviewLogs = pgTable(
  "review_logs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text("idempotency_key").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => quizItems.id),
    answerId: bigint("answer_id", { mode: "number" }).references(() => answers.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    rating: text("rating").notNull(),
    reviewedAt: timestamptz("reviewed_at").notNull(),
    beforeDue: timestamptz("before_due").notNull(),
    beforeStability: doublePrecision("before_stability").notNull(),
    beforeDifficulty: doublePrecision("before_difficulty").notNull(),
    beforeScheduledDays: integer("before_scheduled_days").notNull(),
    beforeLearningSteps: integer("before_learning_steps").notNull(),
    beforeReps: integer("before_reps").notNull(),
    beforeLapses: integer("before_lapses").notNull(),
    beforeState: text("before_state").notNull(),
    beforeLastReview: timestamptz("before_last_review"),
    afterDue: timestamptz("after_due").notNull(),
    afterStability: doublePrecision("after_stability").notNull(),
    afterDifficulty: doublePrecision("after_difficulty").notNull(),
    afterScheduledDays: integer("after_scheduled_days").notNull(),
    afterLearningSteps: integer("after_learning_steps").notNull(),
    afterReps: integer("after_reps").notNull(),
    afterLapses: integer("after_lapses").notNull(),
    afterState: text("after_state").notNull(),
    afterLastReview: timestamptz("after_last_review"),
    undoneAt: timestamptz("undone_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("review_logs_idempotency_key_unique").on(t.idempotencyKey),
    index("review_logs_member_item_reviewed_idx").on(t.memberId, t.itemId, t.reviewedAt),
    index("review_logs_answer_idx").on(t.answerId),
    check("review_logs_rating_valid", ratingCheck(t.rating)),
    check("review_logs_source_valid", sourceCheck(t.source)),
    check("review_logs_before_state_valid", cardStateCheck(t.beforeState)),
    check("review_logs_after_state_valid", cardStateCheck(t.afterState)),
  ],
);

/** A group's daily post: the unique (group, local date) makes a second post impossible. */
export const quizPosts = pgTable(
  "quiz_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    localDate: date("local_date", { mode: "string" }).notNull(),
    itemIds: text("item_ids").array().notNull(),
    channelMessageId: text("channel_message_id"),
    status: text("status").notNull().default("pending"),
    claimedAt: timestamptz("claimed_at").notNull(),
    postedAt: timestamptz("posted_at"),
    closedAt: timestamptz("closed_at"),
    /** A process took on sending the reveal (taken over once stale). */
    revealClaimedAt: timestamptz("reveal_claimed_at"),
    /** The reveal went out; until then a closed post still owes it. */
    revealedAt: timestamptz("revealed_at"),
  },
  (t) => [
    uniqueIndex("quiz_posts_group_date_unique").on(t.groupId, t.localDate),
    index("quiz_posts_open_idx").on(t.status, t.claimedAt).where(sql`${t.status} <> 'closed'`),
    index("quiz_posts_reveal_owed_idx").on(t.closedAt).where(sql`${t.status} = 'closed' AND ${t.revealedAt} IS NULL`),
    check("quiz_posts_status_valid", sql`${t.status} in ('pending', 'posted', 'closed')`),
  ],
);

/**
 * One row per member and local day with at least one graded answer: the rollup that keeps
 * leaderboards and streaks to a range scan instead of aggregating every answer.
 * `streak` is the length of the run of consecutive active days ending on this day.
 */
export const memberDailyActivity = pgTable(
  "member_daily_activity",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    localDate: date("local_date", { mode: "string" }).notNull(),
    quizScore: doublePrecision("quiz_score").notNull().default(0),
    quizAnswers: integer("quiz_answers").notNull().default(0),
    reviewScore: doublePrecision("review_score").notNull().default(0),
    reviewAnswers: integer("review_answers").notNull().default(0),
    streak: integer("streak").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.localDate] }),
    // Leaderboards read one period for many members: an index-only scan by date.
    index("member_daily_activity_period_idx").on(
      t.localDate,
      t.memberId,
      t.quizScore,
      t.reviewScore,
      t.streak,
      t.quizAnswers,
      t.reviewAnswers,
    ),
  ],
);

/** A group's weekly summary post: the unique (group, week start) makes a second one impossible. */
export const weeklySummaries = pgTable(
  "weekly_summaries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    /** The Monday (group's local date) of the week the post opens; it summarises the week before. */
    weekStart: date("week_start", { mode: "string" }).notNull(),
    channelMessageId: text("channel_message_id"),
    claimedAt: timestamptz("claimed_at").notNull(),
    postedAt: timestamptz("posted_at"),
  },
  (t) => [uniqueIndex("weekly_summaries_group_week_unique").on(t.groupId, t.weekStart)],
);

/**
 * The same points summed per member and ISO week (Monday start, on local dates), kept in step by
 * recordAnswer in the statement that updates the day: a weekly or all-time leaderboard reads one
 * row per member instead of seven. Points already have the per-day review cap and streak bonus
 * applied (see LEADERBOARD_POINTS).
 */
export const memberWeeklyActivity = pgTable(
  "member_weekly_activity",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    quizPoints: doublePrecision("quiz_points").notNull(),
    reviewPoints: doublePrecision("review_points").notNull(),
    streakPoints: doublePrecision("streak_points").notNull(),
    activeDays: integer("active_days").notNull(),
    answers: integer("answers").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.weekStart] }),
    index("member_weekly_activity_period_idx").on(
      t.weekStart,
      t.memberId,
      t.quizPoints,
      t.reviewPoints,
      t.streakPoints,
      t.activeDays,
      t.answers,
    ),
  ],
);

/** One row per interaction id a process took on: a re-delivered event is acknowledged once. */
export const interactionClaims = pgTable(
  "interaction_claims",
  {
    interactionId: text("interaction_id").primaryKey(),
    claimedAt: timestamptz("claimed_at").notNull(),
  },
  (t) => [index("interaction_claims_claimed_at_idx").on(t.claimedAt)],
);

const fitOutcomeCheck = (column: unknown) => sql`${column} in ('adopted', 'kept', 'failed')`;

/** Which FSRS weights a member has and how they came to have them (no row: defaults, never fitted). */
export const memberFsrs = pgTable(
  "member_fsrs",
  {
    memberId: integer("member_id")
      .primaryKey()
      .references(() => members.id, { onDelete: "cascade" }),
    /** When the member's current weights (personal or default) took effect. */
    since: timestamptz("since").notNull(),
    /** Held-out log loss of the weights replaced and of the adopted ones (null on defaults). */
    logLossBefore: doublePrecision("log_loss_before"),
    logLossAfter: doublePrecision("log_loss_after"),
    /** Chose the defaults: no more fits until they ask again. */
    optedOut: boolean("opted_out").notNull().default(false),
    lastFitAt: timestamptz("last_fit_at"),
    /** Reviews when last fitted: a fit is due again once they have doubled. */
    lastFitReviewCount: integer("last_fit_review_count"),
    lastFitOutcome: text("last_fit_outcome"),
  },
  (t) => [check("member_fsrs_last_fit_outcome_valid", fitOutcomeCheck(t.lastFitOutcome))],
);

/** Fit jobs, queued by any bot process and claimed by exactly one. */
export const fsrsFitJobs = pgTable(
  "fsrs_fit_jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    reviewCount: integer("review_count").notNull(),
    queuedAt: timestamptz("queued_at").notNull(),
    claimedAt: timestamptz("claimed_at"),
    claimedBy: text("claimed_by"),
    finishedAt: timestamptz("finished_at"),
    outcome: text("outcome"),
    reason: text("reason"),
  },
  (t) => [
    uniqueIndex("fsrs_fit_jobs_one_open_per_member").on(t.memberId).where(sql`${t.finishedAt} is null`),
    index("fsrs_fit_jobs_open_idx").on(t.id).where(sql`${t.finishedAt} is null`),
    check("fsrs_fit_jobs_outcome_valid", fitOutcomeCheck(t.outcome)),
  ],
);

/**
 * A member's `/interview`: its plan and turns so far (`state`, the study layer's plain data), and
 * `step`, the number of answers taken, which every write compares so a doubled click or a second
 * process writes a turn once. At most one open session per member.
 */
export const interviewSessions = pgTable(
  "interview_sessions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    step: integer("step").notNull().default(0),
    state: jsonb("state").$type<unknown>().notNull(),
    lastActivityAt: timestamptz("last_activity_at").notNull(),
    createdAt: createdAt(),
    endedAt: timestamptz("ended_at"),
  },
  (t) => [
    check("interview_sessions_status_valid", sql`${t.status} in ('open', 'finished', 'expired')`),
    uniqueIndex("interview_sessions_one_open_per_member").on(t.memberId).where(sql`${t.status} = 'open'`),
    index("interview_sessions_member_created_idx").on(t.memberId, t.createdAt),
  ],
);

/**
 * A member's appeal of one graded answer (at most one per answer), decided by a server admin.
 * `created_at` is the domain's clock (the 24-hour window and the rate limit are measured on it).
 * `outcome` holds what a decision changed (see AppealOutcome in appeals.ts); `notified_at` is set
 * once the member has been shown the decision.
 */
export const appeals = pgTable(
  "appeals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    answerId: bigint("answer_id", { mode: "number" })
      .notNull()
      .references(() => answers.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    serverId: text("server_id").notNull(),
    itemId: text("item_id")
      .notNull()
      .references(() => quizItems.id),
    note: text("note").notNull().default(""),
    status: text("status").notNull().default("pending"),
    createdAt: timestamptz("created_at").notNull(),
    decidedAt: timestamptz("decided_at"),
    decidedBy: text("decided_by"),
    reason: text("reason"),
    outcome: jsonb("outcome").$type<unknown>(),
    notifiedAt: timestamptz("notified_at"),
  },
  (t) => [
    check("appeals_status_valid", sql`${t.status} in ('pending', 'accepted', 'rejected')`),
    uniqueIndex("appeals_one_per_answer").on(t.answerId),
    index("appeals_pending_server_idx").on(t.serverId, t.createdAt).where(sql`${t.status} = 'pending'`),
    index("appeals_member_created_idx").on(t.memberId, t.createdAt),
    index("appeals_unnotified_idx").on(t.memberId).where(sql`${t.status} <> 'pending' and ${t.notifiedAt} is null`),
  ],
);

/** A server's extra alias for one concept of an item's key point, learnt from an accepted appeal. */
export const serverAliases = pgTable(
  "server_aliases",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    serverId: text("server_id").notNull(),
    itemId: text("item_id")
      .notNull()
      .references(() => quizItems.id),
    pointId: text("point_id").notNull(),
    concept: integer("concept").notNull(),
    alias: text("alias").notNull(),
    /** Kept when the appealing member is forgotten: the alias is the server's now, not theirs. */
    appealId: bigint("appeal_id", { mode: "number" }).references(() => appeals.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [
    check("server_aliases_concept_valid", sql`${t.concept} >= 0`),
    uniqueIndex("server_aliases_unique").on(t.serverId, t.itemId, t.pointId, t.concept, t.alias),
  ],
);
