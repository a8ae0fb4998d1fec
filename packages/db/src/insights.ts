// Read models for the study layer: what the daily pick needs, a member's weakest follow-ups and a
// group's most-missed key points.
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { CardState } from "@recall/scheduler";
import type { ItemKind, Priority } from "@recall/content";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { cardFromRow, rowsOf } from "./rows.ts";
import { cards, quizItems, reviewLogs } from "./schema.ts";

/** FSRS-6's default decay (w[20]); the forgetting curve is R(t, S) = (1 + f·t/S)^(−decay). */
export const FSRS6_DEFAULT_DECAY = 0.1542;

export interface WeakFollowUp {
  itemId: string;
  questionId: string;
  parentId: string | null;
  prompt: string;
  /** 0–1 at `now`, from the FSRS-6 forgetting curve with fractional elapsed days. */
  retrievability: number;
  lapses: number;
  card: CardState;
}

export interface MissedFollowUp {
  itemId: string;
  /** The main question the member missed. */
  parentId: string;
  prompt: string;
  /** The latest review in force of the parent rated Again or Hard (ISO). */
  missedAt: string;
  /** The follow-up's review count (0: introduced by the miss, never reviewed yet). */
  reps: number;
}

/**
 * The follow-ups of the main questions a member missed (a review in force rated Again or Hard),
 * that the member has not studied yet: no card, or one introduced by the miss and still new.
 * Latest miss first. Reads the member's review logs through their (member, item) index.
 */
export async function missedFollowUps(db: Database, memberId: number, limit: number): Promise<MissedFollowUp[]> {
  const missedAt = sql<Date | string>`max(${reviewLogs.reviewedAt})`;
  return mapErrors(async () => {
    const rows = await db
      .select({ itemId: quizItems.id, parentId: reviewLogs.itemId, prompt: quizItems.prompt, reps: cards.reps, missedAt })
      .from(reviewLogs)
      .innerJoin(
        quizItems,
        and(eq(quizItems.parentId, reviewLogs.itemId), eq(quizItems.kind, "followup"), isNull(quizItems.retiredAt)),
      )
      .leftJoin(cards, and(eq(cards.memberId, reviewLogs.memberId), eq(cards.itemId, quizItems.id)))
      .where(
        and(
          eq(reviewLogs.memberId, memberId),
          isNull(reviewLogs.undoneAt),
          inArray(reviewLogs.rating, ["again", "hard"]),
          or(isNull(cards.itemId), eq(cards.state, "new")),
        ),
      )
      .groupBy(quizItems.id, reviewLogs.itemId, quizItems.prompt, cards.reps)
      .orderBy(desc(missedAt), asc(quizItems.id))
      .limit(limit);
    return rows.map((row) => ({
      itemId: row.itemId,
      parentId: row.parentId,
      prompt: row.prompt,
      missedAt: new Date(row.missedAt).toISOString(),
      reps: row.reps ?? 0,
    }));
  });
}

/**
 * A member's reviewed follow-up items, lowest retrievability first, then most lapses. Computed in
 * SQL so the ranking needs one indexed read of the member's cards; elapsed time is fractional
 * days, so it can differ slightly from the scheduler's whole-day figure (the order is what matters).
 * Pass the member's fitted decay when FSRS weights are personalised.
 */
export async function weakestFollowUps(
  db: Database,
  memberId: number,
  now: Date,
  limit: number,
  decay: number = FSRS6_DEFAULT_DECAY,
): Promise<WeakFollowUp[]> {
  const factor = Math.pow(0.9, -1 / decay) - 1;
  const elapsedDays = sql`greatest(extract(epoch from (${now.toISOString()}::timestamptz - ${cards.lastReview})) / 86400.0, 0)`;
  const retrievability = sql<number>`power(1 + ${factor}::float8 * ${elapsedDays} / greatest(${cards.stability}, 0.001), ${-decay}::float8)`;
  return mapErrors(async () => {
    const rows = await db
      .select({
        card: cards,
        questionId: quizItems.questionId,
        parentId: quizItems.parentId,
        prompt: quizItems.prompt,
        retrievability: retrievability.mapWith(Number),
      })
      .from(cards)
      .innerJoin(quizItems, eq(quizItems.id, cards.itemId))
      .where(
        and(
          eq(cards.memberId, memberId),
          eq(quizItems.kind, "followup"),
          isNull(quizItems.retiredAt),
          isNotNull(cards.lastReview),
          ne(cards.state, "new"),
        ),
      )
      .orderBy(asc(retrievability), desc(cards.lapses), asc(cards.itemId))
      .limit(limit);
    return rows.map((row) => ({
      itemId: row.card.itemId,
      questionId: row.questionId,
      parentId: row.parentId,
      prompt: row.prompt,
      retrievability: row.retrievability,
      lapses: row.card.lapses,
      card: cardFromRow(row.card),
    }));
  });
}

export interface MissedKeyPoint {
  itemId: string;
  keyPointId: string;
  /** The key point's text from the item as stored now (null when the point no longer exists). */
  text: string | null;
  missed: number;
  partial: number;
  answers: number;
  /** (missed + ½ partial) / answers. */
  missRate: number;
}

/** Key points a group's daily-quiz answers missed most, for posts on local dates from–to (inclusive). */
export async function mostMissedKeyPoints(
  db: Database,
  groupId: number,
  from: string,
  to: string,
  limit: number,
): Promise<MissedKeyPoint[]> {
  return mapErrors(async () => {
    const rows = await rowsOf<Omit<MissedKeyPoint, "missRate">>(
      db,
      sql`
      with marks as (
        select a.item_id, v->>'id' as key_point_id,
          (count(*) filter (where v->>'verdict' = 'missed'))::int as missed,
          (count(*) filter (where v->>'verdict' = 'partial'))::int as partial,
          count(*)::int as answers
        from answers a
        join quiz_posts p on p.id = a.quiz_post_id
        cross join lateral jsonb_array_elements(a.verdicts) v
        where p.group_id = ${groupId} and p.local_date between ${from}::date and ${to}::date
        group by a.item_id, v->>'id'
      )
      select m.item_id as "itemId", m.key_point_id as "keyPointId",
        (select kp->>'text' from jsonb_array_elements(qi.key_points) kp where kp->>'id' = m.key_point_id limit 1) as text,
        m.missed, m.partial, m.answers
      from marks m join quiz_items qi on qi.id = m.item_id
      where m.missed + m.partial > 0
      order by m.missed desc, m.partial desc, m.item_id, m.key_point_id
      limit ${limit}`,
    );
    return rows.map((row) => ({ ...row, missRate: (row.missed + row.partial / 2) / row.answers }));
  });
}

export interface PickCandidate {
  itemId: string;
  kind: ItemKind;
  parentId: string | null;
  questionId: string;
  chapter: number;
  priority: Priority;
  /** Group members with a card for the item due at `now`. */
  dueMembers: number;
  /** Group members with a card for the item at all (0: new to the whole group). */
  seenMembers: number;
  /** Last local date the group was posted this item, or null. */
  lastPostedOn: string | null;
}

export interface DailyPickInputs {
  memberCount: number;
  /** The group's chapters (all chapters when the group chose none), active items only. */
  candidates: PickCandidate[];
}

/**
 * What choosing a group's daily question needs: for each active item in its chapters, how many
 * members have it due and how many have seen it, and when it was last posted to the group.
 */
export async function dailyPickInputs(db: Database, groupId: number, now: Date): Promise<DailyPickInputs> {
  return mapErrors(async () => {
    const [count] = await rowsOf<{ memberCount: number }>(
      db,
      sql`select count(*)::int as "memberCount" from group_members where group_id = ${groupId}`,
    );
    const candidates = await rowsOf<PickCandidate>(
      db,
      sql`
      with chosen as (
        select chapters, exists (select 1 from study_group_decks where group_id = ${groupId}) as uses_decks
        from study_groups where id = ${groupId}
      ),
      stats as (
        select c.item_id, (count(*) filter (where c.due <= ${now.toISOString()}::timestamptz))::int as due_members,
          count(*)::int as seen_members
        from cards c join group_members gm on gm.member_id = c.member_id and gm.group_id = ${groupId}
        group by c.item_id
      ),
      posted as (
        select item_id, max(local_date) as last_posted
        from quiz_posts, unnest(item_ids) as item_id where group_id = ${groupId} group by item_id
      )
      select qi.id as "itemId", qi.kind, qi.parent_id as "parentId", qi.question_id as "questionId", qi.chapter,
        qi.priority, coalesce(s.due_members, 0) as "dueMembers", coalesce(s.seen_members, 0) as "seenMembers",
        p.last_posted::text as "lastPostedOn"
      from quiz_items qi
      cross join chosen
      left join stats s on s.item_id = qi.id
      left join posted p on p.item_id = qi.id
      -- A group that picked decks draws from them only; otherwise from the built-in bank's chapters.
      where qi.retired_at is null and case
        when chosen.uses_decks then qi.deck_id in (select deck_id from study_group_decks where group_id = ${groupId})
        else qi.deck_id is null and (cardinality(chosen.chapters) = 0 or qi.chapter = any(chosen.chapters))
      end
      order by qi.chapter, qi.question_id, qi.id`,
    );
    return { memberCount: count?.memberCount ?? 0, candidates };
  });
}
