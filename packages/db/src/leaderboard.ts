// Leaderboards and streaks, both read from the per-member daily rollup that recordAnswer keeps.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { rowsOf } from "./rows.ts";

/**
 * Points reward quality and consistency, not volume. For each local day in the period on which a
 * member gave at least one graded answer:
 *
 *   quizPerScore × (sum of daily-quiz scores, each 0–1)
 * + min(reviewPerScore × (sum of review and drill scores), reviewCapPerDay)
 * + streakPerDay × min(streak length on that day, streakMaxDays)
 *
 * summed over the days and rounded to an integer. Ties: more daily-quiz points, then more active
 * days, then the member who joined first (lower member id).
 */
export const LEADERBOARD_POINTS = {
  quizPerScore: 100,
  reviewPerScore: 10,
  reviewCapPerDay: 30,
  streakPerDay: 5,
  streakMaxDays: 7,
} as const;

export const LEADERBOARD_SCOPES = ["group", "server"] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

export interface LeaderboardQuery {
  scope: LeaderboardScope;
  /** Group id (number) for `group`, guild id (string) for `server`. */
  id: number | string;
  /** First and last local date, inclusive (`YYYY-MM-DD`); omitted means unbounded. */
  from?: string;
  to?: string;
  limit: number;
  offset?: number;
}

export interface LeaderboardRow {
  rank: number;
  memberId: number;
  discordUserId: string;
  displayName: string | null;
  points: number;
  quizPoints: number;
  reviewPoints: number;
  streakPoints: number;
  activeDays: number;
  answers: number;
}

export interface LeaderboardPage {
  rows: LeaderboardRow[];
  /** Ranked members in the scope and period, for paging. */
  total: number;
}

export async function leaderboard(db: Database, query: LeaderboardQuery): Promise<LeaderboardPage> {
  const p = LEADERBOARD_POINTS;
  const scopeMembers =
    query.scope === "group"
      ? sql`select member_id from group_members where group_id = ${Number(query.id)}`
      : sql`select distinct gm.member_id from group_members gm
            join study_groups g on g.id = gm.group_id where g.server_id = ${String(query.id)}`;
  const from = query.from ? sql`and a.local_date >= ${query.from}::date` : sql``;
  const to = query.to ? sql`and a.local_date <= ${query.to}::date` : sql``;
  const offset = query.offset ?? 0;
  return mapErrors(async () => {
    const rows = await rowsOf<LeaderboardRow & { total: number }>(
      db,
      sql`
      with scope_members as (${scopeMembers}),
      totals as (
        select a.member_id,
          sum(a.quiz_score) * ${p.quizPerScore}::float8 as quiz_points,
          sum(least(a.review_score * ${p.reviewPerScore}::float8, ${p.reviewCapPerDay}::float8)) as review_points,
          sum(least(a.streak, ${p.streakMaxDays}::int)) * ${p.streakPerDay}::float8 as streak_points,
          count(*)::int as active_days,
          sum(a.quiz_answers + a.review_answers)::int as answers
        from member_daily_activity a
        join scope_members s on s.member_id = a.member_id
        where true ${from} ${to}
        group by a.member_id
      ),
      -- A top-N sort of the page only; names are joined for the page's rows alone.
      page as (
        select t.*, round(t.quiz_points + t.review_points + t.streak_points)::int as points
        from totals t
        order by points desc, t.quiz_points desc, t.active_days desc, t.member_id asc
        limit ${query.limit} offset ${offset}
      )
      select
        (${offset} + row_number() over (order by p.points desc, p.quiz_points desc, p.active_days desc, p.member_id asc))::int as "rank",
        p.member_id as "memberId", m.discord_user_id as "discordUserId", m.display_name as "displayName", p.points,
        round(p.quiz_points)::int as "quizPoints", round(p.review_points)::int as "reviewPoints",
        round(p.streak_points)::int as "streakPoints", p.active_days as "activeDays", p.answers,
        (select count(*) from totals)::int as total
      from page p join members m on m.id = p.member_id
      order by "rank"`,
    );
    const total = rows[0]?.total ?? (await countRanked(db, scopeMembers, from, to));
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  });
}

/** Only needed when the page is past the end, so no row carried the count. */
async function countRanked(db: Database, scopeMembers: SQL, from: SQL, to: SQL) {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`with scope_members as (${scopeMembers})
        select count(distinct a.member_id)::int as total from member_daily_activity a
        join scope_members s on s.member_id = a.member_id where true ${from} ${to}`,
  );
  return row?.total ?? 0;
}

export interface Streak {
  /** Consecutive active local days ending today, or yesterday when today has no answer yet. */
  current: number;
  longest: number;
  lastActiveDate: string | null;
  activeToday: boolean;
}

/** Streaks on the member's local dates (`today` is the member's local date now). */
export async function streak(db: Database, memberId: number, today: string): Promise<Streak> {
  return mapErrors(async () => {
    // Gaps and islands: consecutive dates share (date − row number).
    const runs = await rowsOf<{ length: number; last: string }>(
      db,
      sql`
      select count(*)::int as length, max(local_date)::text as last
      from (
        select local_date, local_date - (row_number() over (order by local_date))::int as run
        from member_daily_activity where member_id = ${memberId} and local_date <= ${today}::date
      ) days
      group by run order by last desc`,
    );
    const latest = runs[0];
    const yesterday = addDays(today, -1);
    const current = latest && (latest.last === today || latest.last === yesterday) ? latest.length : 0;
    return {
      current,
      longest: runs.reduce((longest, run) => Math.max(longest, run.length), 0),
      lastActiveDate: latest?.last ?? null,
      activeToday: latest?.last === today,
    };
  });
}

function addDays(localDate: string, days: number): string {
  const date = new Date(`${localDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
