// What brings a study group back every day: leaderboards and streaks, statistics, the weekly
// summary, and a member's own data.
import * as db from "@recall/db";
import type { Member, StudyGroup } from "@recall/db";
import { localDay } from "@recall/scheduler";
import type { StudyContext } from "./context.ts";
import { addDays, instantAt, localParts } from "./group-clock.ts";
import type { GroupRef, MemberRef } from "./ports.ts";
import type {
  LeaderboardPageView,
  LeaderboardPeriodName,
  LeaderboardScopeName,
  StatsView,
  WeeklySummaryView,
} from "./views.ts";

export const LEADERBOARD_PAGE_SIZE = 10;
export const STATS_RETENTION_DAYS = 30;
export const STATS_FORECAST_DAYS = 14;

export interface LeaderboardRequest {
  scope: LeaderboardScopeName;
  period: LeaderboardPeriodName;
  /** 0-based. */
  page: number;
  /** Where the command was used: the group for `group` scope, the server for `server`. */
  group: GroupRef;
}

/** Monday of the week that `localDate` falls in. */
export function weekStartOf(localDate: string): string {
  const weekday = new Date(`${localDate}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(localDate, -((weekday + 6) % 7));
}

function periodStart(period: LeaderboardPeriodName, today: string): string | undefined {
  if (period === "week") return weekStartOf(today);
  if (period === "month") return `${today.slice(0, 8)}01`;
  return undefined;
}

export function createProgressFeatures(ctx: StudyContext) {
  const { database } = ctx;

  function today(member: Member): string {
    const prefs = ctx.preferencesOf(member);
    return localDay(ctx.clock(), prefs.timezone, prefs.dayStartHour);
  }

  function rows(page: db.LeaderboardPage) {
    return page.rows.map((row) => ({
      rank: row.rank,
      memberId: row.discordUserId,
      displayName: row.displayName ?? row.discordUserId,
      points: row.points,
      streak: row.currentStreak,
    }));
  }

  return {
    async leaderboard(ref: MemberRef, request: LeaderboardRequest): Promise<LeaderboardPageView> {
      const member = await ctx.member(ref);
      const asOf = today(member);
      const id = request.scope === "group" ? (await ctx.requireGroup(request.group)).id : request.group.serverId;
      const page = Math.max(0, request.page);
      const from = periodStart(request.period, asOf);
      // All time is open-ended, so it reads the weekly rollup; bounded periods end today.
      const period = { scope: request.scope, id, ...(from ? { from, to: asOf } : {}), streakAsOf: asOf };
      // The member's own place is read beside the page, not after it: two queries at once.
      const [result, position] = await Promise.all([
        db.leaderboard(database, { ...period, limit: LEADERBOARD_PAGE_SIZE, offset: page * LEADERBOARD_PAGE_SIZE }),
        db.leaderboardPosition(database, period, member.id),
      ]);
      const onPage = result.rows.find((row) => row.memberId === member.id);
      const mine = onPage ? { rank: onPage.rank, points: onPage.points } : position;
      return {
        scope: request.scope,
        period: request.period,
        page,
        pageCount: Math.max(1, Math.ceil(result.total / LEADERBOARD_PAGE_SIZE)),
        rows: rows(result),
        you: mine,
      };
    },

    async stats(ref: MemberRef, target: { userId: string; displayName: string } | null): Promise<StatsView> {
      const asker = await ctx.member(ref);
      const member = target && target.userId !== ref.userId ? await db.getMemberByDiscordId(database, target.userId) : asker;
      const displayName = target?.displayName ?? ref.displayName;
      const chapterNames = new Map([...ctx.items.values()].map((item) => [item.chapterNumber, item.chapterName]));
      if (!member) {
        return {
          memberId: target?.userId ?? ref.userId,
          displayName,
          reviews: 0,
          trueRetention: null,
          streak: { current: 0, longest: 0 },
          dueForecast: [],
          retentionByDay: [],
          mastery: [],
        };
      }
      const prefs = ctx.preferencesOf(member);
      const day = today(member);
      const stats = await db.memberStats(database, member.id, {
        timezone: prefs.timezone,
        dayStartHour: prefs.dayStartHour,
        today: day,
        days: STATS_RETENTION_DAYS,
        forecastDays: STATS_FORECAST_DAYS,
      });
      const streak = await db.streak(database, member.id, day);
      return {
        memberId: member.discordUserId,
        displayName,
        reviews: stats.reviews,
        trueRetention: stats.trueRetention,
        streak: { current: streak.current, longest: streak.longest },
        dueForecast: stats.dueForecast,
        retentionByDay: stats.retentionByDay.map(({ date, retention, reviews }) => ({ date, retention, reviews })),
        mastery: stats.mastery.map((m) => ({ ...m, chapterName: chapterNames.get(m.chapter) ?? "" })),
      };
    },

    /** Everything stored about the member as JSON, or null when nothing is. */
    async exportData(ref: MemberRef): Promise<string | null> {
      const member = await db.getMemberByDiscordId(database, ref.userId);
      if (!member) return null;
      const data = await db.memberExport(database, member.id);
      return data ? JSON.stringify({ exportedAt: ctx.clock().toISOString(), ...data }, null, 2) : null;
    },

    async forgetMe(ref: MemberRef): Promise<boolean> {
      const member = await db.getMemberByDiscordId(database, ref.userId);
      return member ? db.forgetMember(database, member.id) : false;
    },

    /**
     * Groups whose weekly summary is due: from the group's daily time on the Monday of its local
     * week, once per week. Claims it, so one process posts it; returns what to post.
     */
    async claimWeeklySummaries(): Promise<(WeeklySummaryView & { summaryId: number })[]> {
      const now = ctx.clock();
      const claimed: (WeeklySummaryView & { summaryId: number })[] = [];
      const open = (await db.listStudyGroups(database, { activeOnly: true })).flatMap((group) => {
        const weekStart = weekStartOf(localParts(now, group.timezone).date);
        const opensAt = instantAt(weekStart, group.dailyTime, group.timezone);
        // Nothing to sum up before the time has come, or for a week the group did not exist in.
        if (opensAt > now || Date.parse(group.createdAt) >= instantAt(weekStart, "00:00", group.timezone).getTime()) return [];
        return [{ group, weekStart }];
      });
      // Every open week's summary row in one query (one per group does not scale to thousands).
      const summaries = await db.findWeeklySummaries(database, open.map(({ group, weekStart }) => ({ groupId: group.id, weekStart })));
      const summaryOf = new Map(summaries.map((summary) => [`${summary.groupId}:${summary.weekStart}`, summary]));
      for (const { group, weekStart } of open) {
        const existing = summaryOf.get(`${group.id}:${weekStart}`);
        if (existing && (existing.posted || Date.parse(existing.claimedAt) > now.getTime() - ctx.staleClaimMs)) continue;
        const claim = await db.claimWeeklySummary(database, group.id, weekStart, now, new Date(now.getTime() - ctx.staleClaimMs));
        if (!claim.owned) continue;
        claimed.push({ summaryId: claim.id, ...(await weeklySummary(group, weekStart)) });
      }
      return claimed;
    },

    async markWeeklySummaryPosted(summaryId: number, messageId: string): Promise<void> {
      await db.markWeeklySummaryPosted(database, summaryId, messageId, ctx.clock());
    },
  };

  async function weeklySummary(group: StudyGroup, weekStart: string): Promise<WeeklySummaryView> {
    const from = addDays(weekStart, -7);
    const to = addDays(weekStart, -1);
    const top = await db.leaderboard(database, { scope: "group", id: group.id, from, to, limit: 5 });
    const missed = await db.mostMissedKeyPoints(database, group.id, from, to, 3);
    const weak = await db.groupWeakestFollowUps(database, group.id, 3);
    return {
      groupId: String(group.id),
      channelId: group.channelId,
      locale: group.locale ?? ctx.defaultGroupLocale,
      weekStart: from,
      weekEnd: to,
      topMembers: rows(top),
      mostMissed: missed.map((m) => ({ itemId: m.itemId, keyPointId: m.keyPointId, text: m.text ?? m.keyPointId, missRate: m.missRate })),
      weakFollowUps: weak.map((w) => ({
        itemId: w.itemId,
        prompt: ctx.items.get(w.itemId)?.prompt ?? w.itemId,
        lapses: w.lapses,
        members: w.members,
      })),
    };
  }
}

export type ProgressFeatures = ReturnType<typeof createProgressFeatures>;
