// What `/stats` shows a member and what a group's weekly summary needs, computed in SQL from the
// append-only review logs and the cards: nothing here is a counter that could drift.
import { sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { rowsOf } from "./rows.ts";

/** A card counts as mastered once FSRS expects it to last three weeks. */
export const MASTERED_STABILITY_DAYS = 21;

export interface StudyDayOptions {
  /** The member's IANA timezone and the hour their study day starts. */
  timezone: string;
  dayStartHour: number;
}

export interface MemberStats {
  /** Reviews in all (undone ones excluded). */
  reviews: number;
  /** Reviews of cards that were already in review: the ones true retention is measured on. */
  matureReviews: number;
  /** Share of those recalled (rated hard, good or easy), or null with none yet. */
  trueRetention: number | null;
  /** Per local study day over the period, oldest first; days without reviews are left out. */
  retentionByDay: { date: string; reviews: number; recalled: number; retention: number }[];
  /** Cards due per local day from today (today includes everything overdue). */
  dueForecast: { date: string; count: number }[];
  /** Per chapter: active items, items the member has seen, items mastered. */
  mastery: { chapter: number; items: number; seen: number; mastered: number }[];
}

function studyDate(column: ReturnType<typeof sql.raw>, options: StudyDayOptions) {
  return sql`((${column} at time zone ${options.timezone}) - make_interval(hours => ${options.dayStartHour}))::date`;
}

/**
 * A member's statistics. `today` is the member's local study date now; the retention series
 * covers `days` study days up to today, the forecast `forecastDays` from today.
 */
export async function memberStats(
  db: Database,
  memberId: number,
  options: StudyDayOptions & { today: string; days: number; forecastDays: number },
): Promise<MemberStats> {
  const reviewDay = studyDate(sql.raw("l.reviewed_at"), options);
  const dueDay = studyDate(sql.raw("c.due"), options);
  return mapErrors(async () => {
    const [totals] = await rowsOf<{ reviews: number; mature: number; recalled: number }>(
      db,
      sql`select count(*)::int as reviews,
            (count(*) filter (where l.before_state = 'review'))::int as mature,
            (count(*) filter (where l.before_state = 'review' and l.rating <> 'again'))::int as recalled
          from review_logs l where l.member_id = ${memberId} and l.undone_at is null`,
    );
    const byDay = await rowsOf<{ date: string; reviews: number; recalled: number }>(
      db,
      sql`select ${reviewDay}::text as date, count(*)::int as reviews,
            (count(*) filter (where l.rating <> 'again'))::int as recalled
          from review_logs l
          where l.member_id = ${memberId} and l.undone_at is null
            and ${reviewDay} between (${options.today}::date - ${options.days - 1}::int) and ${options.today}::date
          group by 1 order by 1`,
    );
    const forecast = await rowsOf<{ date: string; count: number }>(
      db,
      sql`select greatest(${dueDay}, ${options.today}::date)::text as date, count(*)::int as count
          from cards c join quiz_items qi on qi.id = c.item_id and qi.retired_at is null
          where c.member_id = ${memberId}
            and ${dueDay} < (${options.today}::date + ${options.forecastDays}::int)
          group by 1 order by 1`,
    );
    const mastery = await rowsOf<{ chapter: number; items: number; seen: number; mastered: number }>(
      db,
      sql`select qi.chapter, count(*)::int as items, count(c.item_id)::int as seen,
            (count(*) filter (where c.state = 'review' and c.stability >= ${MASTERED_STABILITY_DAYS}))::int as mastered
          from quiz_items qi
          left join cards c on c.item_id = qi.id and c.member_id = ${memberId}
          where qi.retired_at is null
          group by qi.chapter order by qi.chapter`,
    );
    const counts = new Map(forecast.map((row) => [row.date, row.count]));
    const dueForecast = Array.from({ length: options.forecastDays }, (_, offset) => {
      const date = addDays(options.today, offset);
      return { date, count: counts.get(date) ?? 0 };
    });
    const mature = totals?.mature ?? 0;
    return {
      reviews: totals?.reviews ?? 0,
      matureReviews: mature,
      trueRetention: mature > 0 ? (totals?.recalled ?? 0) / mature : null,
      retentionByDay: byDay.map((row) => ({ ...row, retention: row.reviews > 0 ? row.recalled / row.reviews : 0 })),
      dueForecast,
      mastery,
    };
  });
}

export interface GroupWeakFollowUp {
  itemId: string;
  /** Group members who have studied it. */
  members: number;
  /** Lapses summed over those members. */
  lapses: number;
  /** Mean stability in days: lower is weaker. */
  meanStability: number;
}

/** The follow-ups a study group as a whole keeps forgetting: most lapses, then lowest stability. */
export async function groupWeakestFollowUps(db: Database, groupId: number, limit: number): Promise<GroupWeakFollowUp[]> {
  return mapErrors(() =>
    rowsOf<GroupWeakFollowUp>(
      db,
      sql`select c.item_id as "itemId", count(*)::int as members, sum(c.lapses)::int as lapses,
            avg(c.stability)::float8 as "meanStability"
          from cards c
          join group_members gm on gm.member_id = c.member_id and gm.group_id = ${groupId}
          join quiz_items qi on qi.id = c.item_id and qi.kind = 'followup' and qi.retired_at is null
          where c.state <> 'new'
          group by c.item_id
          order by lapses desc, "meanStability" asc, c.item_id
          limit ${limit}`,
    ),
  );
}

function addDays(localDate: string, days: number): string {
  const [y, m, d] = localDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
