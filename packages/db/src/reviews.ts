// Writing reviews: a graded answer, its review log and the new card state commit together or not
// at all. Every write locks the card row before changing it, so reviews of one card are serialised,
// and compares the stored card with the log's `before` (optimistic concurrency): a review computed
// from a card that has moved on is refused with StaleCardError instead of overwriting it.
import { and, asc, desc, eq, getTableColumns, isNull, lte, sql, type Column, type Table } from "drizzle-orm";
import type { CardState, Rating } from "@recall/scheduler";
import type { Database } from "./database.ts";
import { DbError, mapErrors, QuizPostClosedError, StaleCardError } from "./errors.ts";
import type {
  AnswerInput,
  Member,
  AnswerRecord,
  DueItem,
  RecordAnswerResult,
  ReviewInput,
  ReviewLogRecord,
  ReviewSource,
} from "./records.ts";
import { cardColumns, cardFromRow, iso, isoOrNull, preparedPerDatabase, preparedStatement, sameCard } from "./rows.ts";
import { LEADERBOARD_POINTS } from "./leaderboard-points.ts";
import { answers, cards, members, quizItems, reviewLogs } from "./schema.ts";
import { memberFromRow } from "./settings.ts";

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

const memberAndCardQuery = preparedPerDatabase((db) =>
  db
    .select({ member: members, card: cards })
    .from(members)
    .leftJoin(cards, and(eq(cards.memberId, members.id), eq(cards.itemId, sql.placeholder("itemId"))))
    .where(eq(members.discordUserId, sql.placeholder("discordUserId")))
    .prepare("recall_member_and_card"),
);

/**
 * What answering an item starts from, in one round trip: the member by Discord id (null for
 * someone never seen) and their card of the item (null if they have none yet).
 */
export async function memberAndCard(
  db: Database,
  discordUserId: string,
  itemId: string,
): Promise<{ member: Member | null; card: CardState | null }> {
  return mapErrors(async () => {
    const [row] = await memberAndCardQuery(db).execute({ discordUserId, itemId });
    if (!row) return { member: null, card: null };
    return { member: memberFromRow(row.member), card: row.card ? cardFromRow(row.card) : null };
  });
}

/** What a member never seen before is created with, from the interaction that brought them. */
export interface NewMemberFields {
  displayName: string;
  locale: string;
  /** The timezone they start on (the group's they met Recall in); null: the column's default. */
  timezone: string | null;
  now: Date;
}

/** A table's row as drizzle would map it, from raw columns named `prefix` + the column name. */
function rowFromDriver<T extends Table>(table: T, raw: Record<string, unknown>, prefix = ""): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, rawName, column] of columnsOf(table, prefix)) {
    const value = raw[rawName];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}

/** A column's key in drizzle's row, its raw name under a prefix, and the column. */
type MappedColumn = readonly [key: string, rawName: string, column: Column];

// Per table and prefix, so mapping a row of a batch builds no column names.
const tableColumns = new WeakMap<Table, Map<string, readonly MappedColumn[]>>();
function columnsOf(table: Table, prefix: string): readonly MappedColumn[] {
  let byPrefix = tableColumns.get(table);
  if (!byPrefix) {
    byPrefix = new Map();
    tableColumns.set(table, byPrefix);
  }
  let columns = byPrefix.get(prefix);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, column]): MappedColumn => [key, `${prefix}${column.name}`, column]);
    byPrefix.set(prefix, columns);
  }
  return columns;
}

const MEMBER_COLUMNS = Object.values(getTableColumns(members)).map((column) => `m.${column.name}`).join(", ");
const CARD_COLUMNS = Object.values(getTableColumns(cards)).map((column) => `c.${column.name} as card_${column.name}`).join(", ");

/** One answer's start: a member by Discord id, created on first sight, and their card of an item. */
export interface MemberAndCardRequest extends NewMemberFields {
  discordUserId: string;
  itemId: string;
}

/**
 * Many members' reads in one statement, creating those never seen. A member asked for twice is
 * created once, from the first request naming them; members are inserted in Discord id order, so
 * two processes creating the same members do not deadlock. Members without a timezone go in a
 * second insert that leaves it to the column's default.
 */
const membersAndCardsCreatingStatement = preparedStatement(
  "recall_members_and_cards_creating",
  `with request as (
     select r.input_index::integer as input_index, r.value->>'discordUserId' as discord_user_id, r.value->>'itemId' as item_id,
       r.value->>'displayName' as display_name, r.value->>'locale' as locale, r.value->>'timezone' as timezone,
       (r.value->>'now')::timestamptz as now
     from jsonb_array_elements($1::jsonb) with ordinality as r(value, input_index)
   ),
   found as (select * from members where discord_user_id in (select discord_user_id from request)),
   unseen as (
     select distinct on (q.discord_user_id) q.* from request q
     where not exists (select 1 from found f where f.discord_user_id = q.discord_user_id)
     order by q.discord_user_id, q.input_index
   ),
   created_in_timezone as (
     insert into members (discord_user_id, display_name, locale, created_at, updated_at, timezone)
     select u.discord_user_id, u.display_name, u.locale, u.now, u.now, u.timezone from unseen u
     where u.timezone is not null order by u.discord_user_id
     on conflict (discord_user_id) do nothing
     returning *
   ),
   created_by_default as (
     insert into members (discord_user_id, display_name, locale, created_at, updated_at)
     select u.discord_user_id, u.display_name, u.locale, u.now, u.now from unseen u
     where u.timezone is null order by u.discord_user_id
     on conflict (discord_user_id) do nothing
     returning *
   ),
   member as (select * from found union all select * from created_in_timezone union all select * from created_by_default)
   select q.input_index, ${MEMBER_COLUMNS}, ${CARD_COLUMNS}
   from request q
   left join member m on m.discord_user_id = q.discord_user_id
   left join cards c on c.member_id = m.id and c.item_id = q.item_id`,
  ["requests"],
);

/**
 * memberAndCard for an answer, creating the member on first sight in the same round trip: a
 * study group's first daily quiz is answered mostly by members never seen before (opening the
 * form reads, it does not write), and each would otherwise cost a read and then a write.
 * A member who exists is only read. `member` is null only when another process created the same
 * member at the same moment; the caller then upserts as usual.
 */
export async function memberAndCardCreating(
  db: Database,
  discordUserId: string,
  itemId: string,
  fields: NewMemberFields,
): Promise<{ member: Member | null; card: CardState | null }> {
  const [result] = await membersAndCardsCreating(db, [{ discordUserId, itemId, ...fields }]);
  return result ?? { member: null, card: null };
}

/**
 * memberAndCardCreating for many requests in one statement (the answer path groups a burst's
 * reads): one result per request, in the order asked, each as memberAndCardCreating would give it.
 */
export async function membersAndCardsCreating(
  db: Database,
  requests: readonly MemberAndCardRequest[],
): Promise<Array<{ member: Member | null; card: CardState | null }>> {
  if (requests.length === 0) return [];
  return mapErrors(async () => {
    const json = JSON.stringify(
      requests.map((request) => ({
        discordUserId: request.discordUserId,
        itemId: request.itemId,
        displayName: request.displayName,
        locale: request.locale,
        timezone: request.timezone,
        now: request.now.toISOString(),
      })),
    );
    const rows = await membersAndCardsCreatingStatement<Record<string, unknown>>(db, { requests: json });
    const results: Array<{ member: Member | null; card: CardState | null }> = requests.map(() => ({ member: null, card: null }));
    for (const raw of rows) {
      const index = Number(raw.input_index) - 1;
      if (raw.id === null || raw.id === undefined || !(index >= 0 && index < results.length)) continue;
      const card = raw.card_item_id === null || raw.card_item_id === undefined ? null : cardFromRow(rowFromDriver(cards, raw, "card_"));
      results[index] = { member: memberFromRow(rowFromDriver(members, raw)), card };
    }
    return results;
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
 *
 * A batch of one of recordAnswers: one round trip, atomic as a single statement. A review computed
 * from a card that has moved on throws StaleCardError, an answer to a daily post that is closed or
 * unknown QuizPostClosedError; either writes nothing.
 */
export async function recordAnswer(db: Database, input: AnswerInput): Promise<RecordAnswerResult> {
  const [outcome] = await recordAnswers(db, [input]);
  if (!outcome) throw new DbError(`answer ${input.idempotencyKey} got no outcome`);
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}

/** One answer's outcome in recordAnswers: its result, or the error recordAnswer throws for it. */
export type RecordAnswerOutcome =
  | { ok: true; result: RecordAnswerResult }
  | { ok: false; error: StaleCardError | QuizPostClosedError };

/**
 * Many answers in one statement, a call of `recall_record_answers` (migration 0013), each with its
 * own outcome in the order given, as recordAnswer would have it: written; a duplicate (also of an
 * answer earlier in the same batch) with the first answer; or refused as stale or for a closed
 * post, writing nothing of that answer. One answer's refusal neither fails nor undoes another's.
 * The statement itself failing (the connection, a constraint) fails the whole batch.
 */
export async function recordAnswers(db: Database, inputs: readonly AnswerInput[]): Promise<RecordAnswerOutcome[]> {
  if (inputs.length === 0) return [];
  return mapErrors(async () => {
    const rows = await recordAnswersStatement<{ idx: number; outcome: string; answer_id: number | string | null; created_at: string | null }>(db, {
      inputs: JSON.stringify(inputs),
      points: POINTS_JSON,
    });
    const outcomes = new Array<Promise<RecordAnswerOutcome> | undefined>(inputs.length);
    for (const row of rows) {
      const index = Number(row.idx) - 1;
      const input = inputs[index];
      if (!input) continue;
      outcomes[index] = outcomeOf(db, input, row);
    }
    return Promise.all(
      inputs.map((input, index) => outcomes[index] ?? Promise.reject(new DbError(`answer ${input.idempotencyKey} got no outcome`))),
    );
  });
}

async function outcomeOf(
  db: Database,
  input: AnswerInput,
  row: { outcome: string; answer_id: number | string | null; created_at: string | null },
): Promise<RecordAnswerOutcome> {
  switch (row.outcome) {
    case "written":
      if (row.answer_id === null || row.created_at === null) break;
      return { ok: true, result: { duplicate: false, answer: answerFromInput(input, Number(row.answer_id), row.created_at), card: input.card } };
    case "duplicate": {
      const first = await firstAnswerFor(db, input);
      const [card] = await cardQuery(db).execute({ memberId: input.memberId, itemId: input.itemId });
      return { ok: true, result: { duplicate: true, answer: answerFromRow(first), card: card ? cardFromRow(card) : input.card } };
    }
    case "stale":
      return { ok: false, error: new StaleCardError(input.memberId, input.itemId) };
    case "closed":
      return { ok: false, error: new QuizPostClosedError(input.quizPostId ?? 0) };
  }
  throw new DbError(`answer ${input.idempotencyKey}: unexpected outcome ${row.outcome}`);
}

const recordAnswersStatement = preparedStatement(
  "recall_record_answers_call",
  "select idx, outcome, answer_id, created_at from recall_record_answers($1::jsonb, $2::jsonb)",
  ["inputs", "points"],
);

const POINTS_JSON = JSON.stringify(LEADERBOARD_POINTS);

function answerFromInput(input: AnswerInput, id: number, createdAt: string): AnswerRecord {
  return {
    id,
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
    createdAt,
  };
}

export async function getAnswer(db: Database, answerId: number): Promise<AnswerRecord | null> {
  return mapErrors(async () => {
    const [row] = await db.select().from(answers).where(eq(answers.id, answerId));
    return row ? answerFromRow(row) : null;
  });
}

const dailyAnswerQuery = preparedPerDatabase((db) =>
  db
    .select({ answer: answers })
    .from(answers)
    .innerJoin(members, eq(members.id, answers.memberId))
    .where(
      and(
        eq(members.discordUserId, sql.placeholder("discordUserId")),
        eq(answers.quizPostId, sql.placeholder("quizPostId")),
        eq(answers.itemId, sql.placeholder("itemId")),
      ),
    )
    .prepare("recall_daily_answer"),
);

/** A member's answer to an item of a daily post, by Discord id: one indexed read, no member write. */
export async function findDailyAnswer(
  db: Database,
  discordUserId: string,
  quizPostId: number,
  itemId: string,
): Promise<AnswerRecord | null> {
  return mapErrors(async () => {
    const [row] = await dailyAnswerQuery(db).execute({ discordUserId, quizPostId, itemId });
    return row ? answerFromRow(row.answer) : null;
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
  return mapErrors(() => db.transaction((tx) => overrideLastReviewIn(tx, input, now)));
}

/** overrideLastReview inside a transaction the caller holds (an accepted appeal redoes a review with its other writes). */
export async function overrideLastReviewIn(
  tx: Database,
  input: Omit<ReviewInput, "answerId">,
  now: Date,
): Promise<RecordReviewResult> {
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
