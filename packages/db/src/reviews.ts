// Writing reviews: a graded answer, its review log and the new card state commit together or not
// at all. Every write locks the card row before changing it, so reviews of one card are serialised,
// and compares the stored card with the log's `before` (optimistic concurrency): a review computed
// from a card that has moved on is refused with StaleCardError instead of overwriting it.
import { and, asc, desc, eq, isNull, lte, sql } from "drizzle-orm";
import type { CardState, Rating } from "@recall/scheduler";
import type { Database } from "./database.ts";
import { DbError, mapErrors, StaleCardError } from "./errors.ts";
import type {
  AnswerInput,
  AnswerRecord,
  DueItem,
  RecordAnswerResult,
  ReviewInput,
  ReviewLogRecord,
  ReviewSource,
} from "./records.ts";
import { cardColumns, cardFromRow, iso, isoOrNull, preparedPerDatabase, sameCard } from "./rows.ts";
import { LEADERBOARD_POINTS } from "./leaderboard-points.ts";
import { answers, cards, groupMembers, quizItems, quizPosts, reviewLogs } from "./schema.ts";

const cardQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(cards)
    .where(and(eq(cards.memberId, sql.placeholder("memberId")), eq(cards.itemId, sql.placeholder("itemId"))))
    .prepare("recall_get_card"),
);

export async function getCard(db: Database, memberId: number, itemId: string): Promise<CardState | null> {
  return mapErrors(async () => {
    const [row] = await cardQuery(db).execute({ memberId, itemId });
    return row ? cardFromRow(row) : null;
  });
}

// `/review` asks for due items on every step.
const dueItemsQuery = preparedPerDatabase((db) =>
  db
    .select({ card: cards })
    .from(cards)
    .innerJoin(quizItems, eq(quizItems.id, cards.itemId))
    .where(
      and(
        eq(cards.memberId, sql.placeholder("memberId")),
        lte(cards.due, sql.placeholder("now")),
        isNull(quizItems.retiredAt),
      ),
    )
    .orderBy(asc(cards.due), asc(cards.itemId))
    .limit(sql.placeholder("limit"))
    .prepare("recall_due_items"),
);

/** A member's cards due at `now`, most overdue first; retired items are left out. */
export async function dueItems(db: Database, memberId: number, now: Date, limit: number): Promise<DueItem[]> {
  return mapErrors(async () => {
    const rows = await dueItemsQuery(db).execute({ memberId, now: now.toISOString(), limit });
    return rows.map(({ card }) => ({ itemId: card.itemId, card: cardFromRow(card) }));
  });
}

/**
 * Stores a graded answer, its review log and the new card in one transaction. Idempotent on
 * `idempotencyKey`, and one answer per member, daily post and item: a repeat (even a concurrent
 * one) writes nothing and returns the first answer with `duplicate: true`.
 */
export async function recordAnswer(db: Database, input: AnswerInput): Promise<RecordAnswerResult> {
  return mapErrors(() =>
    db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(answers)
        .values({
          idempotencyKey: input.idempotencyKey,
          memberId: input.memberId,
          itemId: input.itemId,
          quizPostId: input.quizPostId ?? null,
          source: input.source,
          text: input.text,
          score: input.score,
          feedback: input.feedback ?? "",
          verdicts: input.verdicts,
          misconceptions: input.misconceptions,
          suggestedRating: input.suggestedRating,
          rating: input.rating,
          localDate: input.localDate,
        })
        // Either unique index (the key, or one answer per post) makes this a repeat.
        .onConflictDoNothing()
        .returning();
      if (!inserted) {
        const first = await firstAnswerFor(tx, input);
        const card = await lockedCard(tx, input.memberId, input.itemId);
        return { duplicate: true, answer: answerFromRow(first), card: card ? cardFromRow(card) : input.card };
      }
      const written = await applyReview(tx, {
        idempotencyKey: input.idempotencyKey,
        memberId: input.memberId,
        itemId: input.itemId,
        answerId: inserted.id,
        reviewLog: input.reviewLog,
        card: input.card,
        source: input.source,
      });
      if (!written) throw new DbError(`review log ${input.idempotencyKey} was not written`);
      await addDailyActivity(tx, input.memberId, input.localDate, input.source, input.score);
      if (input.quizPostId != null) {
        await tx.execute(sql`
          insert into ${groupMembers} (group_id, member_id)
          select group_id, ${input.memberId} from ${quizPosts} where id = ${input.quizPostId}
          on conflict do nothing`);
      }
      return { duplicate: false, answer: answerFromRow(inserted), card: input.card };
    }),
  );
}

export async function getAnswer(db: Database, answerId: number): Promise<AnswerRecord | null> {
  return mapErrors(async () => {
    const [row] = await db.select().from(answers).where(eq(answers.id, answerId));
    return row ? answerFromRow(row) : null;
  });
}

export async function findAnswerByKey(db: Database, idempotencyKey: string): Promise<AnswerRecord | null> {
  return mapErrors(async () => {
    const [row] = await db.select().from(answers).where(eq(answers.idempotencyKey, idempotencyKey));
    return row ? answerFromRow(row) : null;
  });
}

async function firstAnswerFor(tx: Database, input: AnswerInput) {
  const [byKey] = await tx.select().from(answers).where(eq(answers.idempotencyKey, input.idempotencyKey));
  if (byKey) return byKey;
  if (input.quizPostId != null) {
    const [byPost] = await tx
      .select()
      .from(answers)
      .where(
        and(
          eq(answers.memberId, input.memberId),
          eq(answers.quizPostId, input.quizPostId),
          eq(answers.itemId, input.itemId),
        ),
      );
    if (byPost) return byPost;
  }
  throw new DbError(`answer ${input.idempotencyKey} conflicted but no stored answer matches it`);
}

export interface RecordReviewResult {
  duplicate: boolean;
  log: ReviewLogRecord;
  card: CardState;
}

/**
 * A review without a new answer (self-rated in /review). Idempotent on `idempotencyKey`.
 * Graded answers go through recordAnswer; rating overrides through overrideLastReview.
 */
export async function recordReview(db: Database, input: ReviewInput): Promise<RecordReviewResult> {
  return mapErrors(() =>
    db.transaction(async (tx) => {
      const log = await applyReview(tx, input, true);
      if (log) return { duplicate: false, log, card: input.card };
      const existing = await logByKey(tx, input.idempotencyKey);
      if (!existing) throw new DbError(`review ${input.idempotencyKey} conflicted but no stored log matches it`);
      return { duplicate: true, log: existing, card: existing.after };
    }),
  );
}

export interface UndoResult {
  /** The log that was undone (now with `undoneAt`). */
  log: ReviewLogRecord;
  /** The card as restored: the log's `before`. */
  card: CardState;
}

/** Restores the card from before the member's last review of the item and marks that log undone. */
export async function undoLastReview(
  db: Database,
  memberId: number,
  itemId: string,
  now: Date = new Date(),
): Promise<UndoResult | null> {
  return mapErrors(() => db.transaction((tx) => undoIn(tx, memberId, itemId, now)));
}

/**
 * Replaces the member's last review of the item with one at another rating, in one transaction:
 * the old log is marked undone, the new log written, the card set, and the answer's final rating
 * updated. `reviewLog.before` must be the undone log's `before`. Idempotent on `idempotencyKey`.
 */
export async function overrideLastReview(
  db: Database,
  input: Omit<ReviewInput, "answerId">,
  now: Date = new Date(),
): Promise<RecordReviewResult> {
  return mapErrors(() =>
    db.transaction(async (tx) => {
      await lockedCard(tx, input.memberId, input.itemId);
      const existing = await logByKey(tx, input.idempotencyKey);
      if (existing) return { duplicate: true, log: existing, card: existing.after };
      const undone = await undoIn(tx, input.memberId, input.itemId, now);
      if (!undone || !sameCard(undone.card, input.reviewLog.before)) {
        throw new StaleCardError(input.memberId, input.itemId);
      }
      const log = await applyReview(tx, { ...input, answerId: undone.log.answerId, source: undone.log.source });
      if (!log) throw new DbError(`review log ${input.idempotencyKey} was not written`);
      if (undone.log.answerId !== null) {
        await tx.update(answers).set({ rating: input.reviewLog.rating }).where(eq(answers.id, undone.log.answerId));
      }
      return { duplicate: false, log, card: input.card };
    }),
  );
}

/** The member's latest review of the item that is not undone. */
export async function lastReview(db: Database, memberId: number, itemId: string): Promise<ReviewLogRecord | null> {
  return mapErrors(async () => {
    const [row] = await db
      .select()
      .from(reviewLogs)
      .where(and(eq(reviewLogs.memberId, memberId), eq(reviewLogs.itemId, itemId), isNull(reviewLogs.undoneAt)))
      .orderBy(desc(reviewLogs.reviewedAt), desc(reviewLogs.id))
      .limit(1);
    return row ? logFromRow(row) : null;
  });
}

async function undoIn(tx: Database, memberId: number, itemId: string, now: Date): Promise<UndoResult | null> {
  const card = await lockedCard(tx, memberId, itemId);
  const last = await lastReview(tx, memberId, itemId);
  if (!last || !card) return null;
  if (!sameCard(cardFromRow(card), last.after)) throw new StaleCardError(memberId, itemId);
  await tx
    .update(cards)
    .set({ ...cardColumns(last.before), updatedAt: now })
    .where(and(eq(cards.memberId, memberId), eq(cards.itemId, itemId)));
  await tx.update(reviewLogs).set({ undoneAt: now }).where(eq(reviewLogs.id, last.id));
  return { log: { ...last, undoneAt: iso(now) }, card: last.before };
}

async function lockedCard(tx: Database, memberId: number, itemId: string) {
  const [row] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.memberId, memberId), eq(cards.itemId, itemId)))
    .for("update");
  return row;
}

async function logByKey(tx: Database, idempotencyKey: string): Promise<ReviewLogRecord | null> {
  const [row] = await tx.select().from(reviewLogs).where(eq(reviewLogs.idempotencyKey, idempotencyKey));
  return row ? logFromRow(row) : null;
}

/**
 * Writes the log, then checks the stored card against the log's `before` and writes the card.
 * Returns null when `dedupe` is set and a log with the key already exists (nothing written).
 */
async function applyReview(tx: Database, input: ReviewInput, dedupe = false): Promise<ReviewLogRecord | null> {
  const { memberId, itemId, reviewLog } = input;
  const before = cardColumns(reviewLog.before);
  const after = cardColumns(reviewLog.after);
  const insert = tx
    .insert(reviewLogs)
    .values({
      idempotencyKey: input.idempotencyKey,
      memberId,
      itemId,
      answerId: input.answerId ?? null,
      source: input.source,
      rating: reviewLog.rating,
      reviewedAt: new Date(reviewLog.reviewedAt),
      beforeDue: before.due,
      beforeStability: before.stability,
      beforeDifficulty: before.difficulty,
      beforeScheduledDays: before.scheduledDays,
      beforeLearningSteps: before.learningSteps,
      beforeReps: before.reps,
      beforeLapses: before.lapses,
      beforeState: before.state,
      beforeLastReview: before.lastReview,
      afterDue: after.due,
      afterStability: after.stability,
      afterDifficulty: after.difficulty,
      afterScheduledDays: after.scheduledDays,
      afterLearningSteps: after.learningSteps,
      afterReps: after.reps,
      afterLapses: after.lapses,
      afterState: after.state,
      afterLastReview: after.lastReview,
    })
    .$dynamic();
  // With `dedupe`, the key's unique index is the gate: a concurrent repeat waits here, then finds it.
  const [row] = await (dedupe ? insert.onConflictDoNothing({ target: reviewLogs.idempotencyKey }) : insert).returning();
  if (!row) return null;
  await writeCard(tx, input);
  return logFromRow(row);
}

/**
 * One round trip in the common case: the update only matches a card still in the log's `before`
 * position (the row lock it takes serialises concurrent reviews; a loser re-checks and misses).
 */
async function writeCard(tx: Database, input: ReviewInput): Promise<void> {
  const { memberId, itemId, reviewLog, card } = input;
  const before = reviewLog.before;
  const updated = await tx
    .update(cards)
    .set({ ...cardColumns(card), updatedAt: new Date(reviewLog.reviewedAt) })
    .where(
      and(
        eq(cards.memberId, memberId),
        eq(cards.itemId, itemId),
        eq(cards.reps, before.reps),
        eq(cards.state, before.state),
        // Milliseconds, as ISO strings carry them (a row written elsewhere may hold microseconds).
        before.lastReview === null
          ? isNull(cards.lastReview)
          : sql`date_trunc('milliseconds', ${cards.lastReview}) = ${new Date(before.lastReview).toISOString()}::timestamptz`,
      ),
    )
    .returning({ memberId: cards.memberId });
  if (updated.length > 0) return;
  const stored = await lockedCard(tx, memberId, itemId);
  if (stored) {
    throw new StaleCardError(memberId, itemId);
  } else {
    if (reviewLog.before.reps !== 0) throw new StaleCardError(memberId, itemId);
    const created = await tx
      .insert(cards)
      .values({ memberId, itemId, ...cardColumns(card), updatedAt: new Date(reviewLog.reviewedAt) })
      // Another transaction created the card first: this review was computed from a stale card.
      .onConflictDoNothing()
      .returning({ memberId: cards.memberId });
    if (created.length === 0) throw new StaleCardError(memberId, itemId);
  }
}

/**
 * Keeps the leaderboard and streak rollups in step with answers, in the same transaction and one
 * round trip: the day's row is upserted, and the week's row gets the change in the day's points
 * (the review cap applies per day; the streak bonus and the active day count once, when the day's
 * row is created — `xmax = 0` tells an inserted row from an updated one).
 */
async function addDailyActivity(
  tx: Database,
  memberId: number,
  localDate: string,
  source: ReviewSource,
  score: number,
): Promise<void> {
  const p = LEADERBOARD_POINTS;
  const quizScore = source === "daily" ? score : 0;
  const reviewScore = source === "daily" ? 0 : score;
  const quizAnswers = source === "daily" ? 1 : 0;
  await tx.execute(sql`
    with day as (
      insert into member_daily_activity as a
        (member_id, local_date, quiz_score, quiz_answers, review_score, review_answers, streak)
      values (${memberId}, ${localDate}::date, ${quizScore}::float8, ${quizAnswers}::int, ${reviewScore}::float8,
        ${1 - quizAnswers}::int,
        -- The run of consecutive days ending today: one more than yesterday's, if there was one.
        1 + coalesce((select y.streak from member_daily_activity y
                      where y.member_id = ${memberId} and y.local_date = ${localDate}::date - 1), 0))
      on conflict (member_id, local_date) do update set
        quiz_score = a.quiz_score + excluded.quiz_score,
        quiz_answers = a.quiz_answers + excluded.quiz_answers,
        review_score = a.review_score + excluded.review_score,
        review_answers = a.review_answers + excluded.review_answers
      returning (a.xmax = 0) as inserted, a.review_score, a.streak
    )
    insert into member_weekly_activity as w
      (member_id, week_start, quiz_points, review_points, streak_points, active_days, answers)
    select ${memberId}, ${localDate}::date - (extract(isodow from ${localDate}::date)::int - 1),
      ${quizScore}::float8 * ${p.quizPerScore}::float8,
      least(day.review_score * ${p.reviewPerScore}::float8, ${p.reviewCapPerDay}::float8)
        - least((day.review_score - ${reviewScore}::float8) * ${p.reviewPerScore}::float8, ${p.reviewCapPerDay}::float8),
      case when day.inserted then least(day.streak, ${p.streakMaxDays}::int) * ${p.streakPerDay}::float8 else 0 end,
      case when day.inserted then 1 else 0 end,
      1
    from day
    on conflict (member_id, week_start) do update set
      quiz_points = w.quiz_points + excluded.quiz_points,
      review_points = w.review_points + excluded.review_points,
      streak_points = w.streak_points + excluded.streak_points,
      active_days = w.active_days + excluded.active_days,
      answers = w.answers + excluded.answers`);
}

type AnswerRow = typeof answers.$inferSelect;
type LogRow = typeof reviewLogs.$inferSelect;

export function answerFromRow(row: AnswerRow): AnswerRecord {
  return {
    id: row.id,
    idempotencyKey: row.idempotencyKey,
    memberId: row.memberId,
    itemId: row.itemId,
    quizPostId: row.quizPostId,
    source: row.source as ReviewSource,
    text: row.text,
    score: row.score,
    feedback: row.feedback,
    verdicts: row.verdicts,
    misconceptions: row.misconceptions,
    suggestedRating: row.suggestedRating as Rating,
    rating: row.rating as Rating,
    localDate: row.localDate,
    createdAt: iso(row.createdAt),
  };
}

export function logFromRow(row: LogRow): ReviewLogRecord {
  return {
    id: row.id,
    idempotencyKey: row.idempotencyKey,
    memberId: row.memberId,
    itemId: row.itemId,
    answerId: row.answerId,
    source: row.source as ReviewSource,
    rating: row.rating as Rating,
    reviewedAt: iso(row.reviewedAt),
    before: cardFromRow({
      memberId: row.memberId,
      itemId: row.itemId,
      due: row.beforeDue,
      stability: row.beforeStability,
      difficulty: row.beforeDifficulty,
      scheduledDays: row.beforeScheduledDays,
      learningSteps: row.beforeLearningSteps,
      reps: row.beforeReps,
      lapses: row.beforeLapses,
      state: row.beforeState,
      lastReview: row.beforeLastReview,
      updatedAt: row.reviewedAt,
    }),
    after: cardFromRow({
      memberId: row.memberId,
      itemId: row.itemId,
      due: row.afterDue,
      stability: row.afterStability,
      difficulty: row.afterDifficulty,
      scheduledDays: row.afterScheduledDays,
      learningSteps: row.afterLearningSteps,
      reps: row.afterReps,
      lapses: row.afterLapses,
      state: row.afterState,
      lastReview: row.afterLastReview,
      updatedAt: row.reviewedAt,
    }),
    undoneAt: isoOrNull(row.undoneAt),
  };
}
