// Leaderboards and streaks, both read from the per-member daily rollup that recordAnswer keeps.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { LEADERBOARD_POINTS } from "./leaderboard-points.ts";
import { rowsOf } from "./rows.ts";

export { LEADERBOARD_POINTS } from "./leaderboard-points.ts";

export const LEADERBOARD_SCOPES = ["group", "server"] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

export interface LeaderboardQuery {
  scope: LeaderboardScope;
  /** Group id (number) for `group`, guild id (string) for `server`. */
  id: number | string;
  /** First and last local date, inclusive (`YYYY-MM-DD`); omitted means unbounded. */
  from?: string;
  to?: string;
  /** The local date the rows' live streaks are read on (default `to`; without both, 0). */
  streakAsOf?: string;
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
  /** The run of consecutive active days alive on `streakAsOf` (or `to`; 0 without either). */
  currentStreak: number;
}

export interface LeaderboardPage {
  rows: LeaderboardRow[];
  /** Ranked members in the scope and period, for paging. */
  total: number;
}

/**
 * Ranks the members of a group or server over a period. Periods of whole ISO weeks (Monday to
 * Sunday, or open-ended) read the weekly rollup; any other period sums the daily one. Both give
 * the same points (they may differ only where float summation order moves a rounding boundary).
 */
export async function leaderboard(db: Database, query: LeaderboardQuery): Promise<LeaderboardPage> {
  const { scopeMembers, source } = rankingSources(query);
  const offset = query.offset ?? 0;
  // A streak is alive on `to` if the member answered that day or the day before (the rollup's
  // `streak` is the run ending on its date): one index probe per row of the page.
  const streakDate = query.streakAsOf ?? query.to;
  const currentStreak = streakDate
    ? sql`coalesce((select c.streak from member_daily_activity c where c.member_id = p.member_id
          and c.local_date between ${streakDate}::date - 1 and ${streakDate}::date
          order by c.local_date desc limit 1), 0)::int`
    : sql`0`;
  return mapErrors(async () => {
    const rows = await rowsOf<LeaderboardRow & { total: number }>(
      db,
      sql`
      with scope_members as (${scopeMembers}),
      totals as (${source}),
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
        ${currentStreak} as "currentStreak",
        (select count(*) from totals)::int as total
      from page p join members m on m.id = p.member_id
      order by "rank"`,
    );
    const total = rows[0]?.total ?? (await countRanked(db, scopeMembers, source));
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  });
}

function rankingSources(query: LeaderboardQuery): { scopeMembers: SQL; source: SQL } {
  const scopeMembers =
    query.scope === "group"
      ? sql`select member_id from group_members where group_id = ${Number(query.id)}`
      : sql`select distinct gm.member_id from group_members gm
            join study_groups g on g.id = gm.group_id where g.server_id = ${String(query.id)}`;
  // Whole ISO weeks (or unbounded ends) read the weekly rollup: one row per member and week.
  const weekly = (!query.from || isoWeekday(query.from) === 1) && (!query.to || isoWeekday(query.to) === 7);
  return { scopeMembers, source: weekly ? weeklyTotals(query) : dailyTotals(query) };
}

/**
 * One member's place on the board of `leaderboard(query)` (same points and tie-breaks), or null
 * when they are not ranked in that scope and period. Ranks the whole scope: call it only when
 * the member is not on the page already.
 */
export async function leaderboardPosition(
  db: Database,
  query: Omit<LeaderboardQuery, "limit" | "offset">,
  memberId: number,
): Promise<{ rank: number; points: number } | null> {
  const { scopeMembers, source } = rankingSources({ ...query, limit: 1 });
  return mapErrors(async () => {
    const [row] = await rowsOf<{ rank: number; points: number }>(
      db,
      sql`
      with scope_members as (${scopeMembers}),
      totals as (${source}),
      scored as (select t.*, round(t.quiz_points + t.review_points + t.streak_points)::int as points from totals t),
      ranked as (
        select member_id, points,
          row_number() over (order by points desc, quiz_points desc, active_days desc, member_id asc)::int as rank
        from scored
      )
      select rank, points from ranked where member_id = ${memberId}`,
    );
    return row ?? null;
  });
}

/** Only needed when the page is past the end, so no row carried the count. */
async function countRanked(db: Database, scopeMembers: SQL, source: SQL) {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`with scope_members as (${scopeMembers}), totals as (${source}) select count(*)::int as total from totals`,
  );
  return row?.total ?? 0;
}

/** Per-member totals over local days (any period). */
function dailyTotals(query: LeaderboardQuery): SQL {
  const p = LEADERBOARD_POINTS;
  const from = query.from ? sql`and a.local_date >= ${query.from}::date` : sql``;
  const to = query.to ? sql`and a.local_date <= ${query.to}::date` : sql``;
  return sql`
    select a.member_id,
      sum(a.quiz_score) * ${p.quizPerScore}::float8 as quiz_points,
      sum(least(a.review_score * ${p.reviewPerScore}::float8, ${p.reviewCapPerDay}::float8)) as review_points,
      sum(least(a.streak, ${p.streakMaxDays}::int)) * ${p.streakPerDay}::float8 as streak_points,
      count(*)::int as active_days,
      sum(a.quiz_answers + a.review_answers)::int as answers
    from member_daily_activity a
    join scope_members s on s.member_id = a.member_id
    where true ${from} ${to}
    group by a.member_id`;
}

/** The same totals from whole weeks. */
function weeklyTotals(query: LeaderboardQuery): SQL {
  const from = query.from ? sql`and w.week_start >= ${query.from}::date` : sql``;
  const to = query.to ? sql`and w.week_start <= ${query.to}::date - 6` : sql``;
  return sql`
    select w.member_id, sum(w.quiz_points) as quiz_points, sum(w.review_points) as review_points,
      sum(w.streak_points) as streak_points, sum(w.active_days)::int as active_days, sum(w.answers)::int as answers
    from member_weekly_activity w
    join scope_members s on s.member_id = w.member_id
    where true ${from} ${to}
    group by w.member_id`;
}

/** 1 = Monday … 7 = Sunday, of a `YYYY-MM-DD` date. */
function isoWeekday(localDate: string): number {
  const day = new Date(`${localDate}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
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
