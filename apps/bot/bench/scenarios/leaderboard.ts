// Issue 7: `/leaderboard` in a study group of 10,000 members with six weeks of activity, on
// PostgreSQL. A leaderboard is asked for now and then, not by everyone at once, so requests go one
// at a time (each after the previous reply), cycling through scopes and periods; the figure is the
// latency of one request against the whole group's activity.
import { LEADERBOARD_POINTS } from "@recall/db";
import type { InteractionHandle } from "@recall/discord-fake";
import { ADMIN, CHANNEL_ID, GUILD_ID, TestClock, embedText } from "../../test/harness.ts";
import { FIRST_MEMBER_ID, benchMember, countRows } from "../bench-members.ts";
import { startRecallOnDiscord } from "../recall-on-discord.ts";
import { measureOneByOne, restCallsByKind, type BenchContext, type Check, type LatencySeries, type Scenario } from "../scenario.ts";
import { formatSummary, summarise } from "../stats.ts";
import { startTrivialBot } from "../trivial-bot.ts";

export const LEADERBOARD_MEMBERS = 10_000;
const ACTIVITY_DAYS = 42;
const REQUESTS = 100;
const WARMUP_REQUESTS = 10;
const DATABASE_NAME = "recall_bot_bench_leaderboard";
// Wednesday 4 March 2026, noon in Shanghai: "week" and "month" are partial, "all" spans six weeks.
const NOW = "2026-03-04T04:00:00Z";
const TODAY = "2026-03-04";

const REQUEST_KINDS = [
  { scope: "group", period: "week" },
  { scope: "group", period: "month" },
  { scope: "group", period: "all" },
  { scope: "server", period: "week" },
] as const;

/**
 * Ten thousand members in the group, each active on about 70% of the last six weeks, with the
 * streaks and weekly rollups recordAnswer would have kept. Generated server-side: seconds, not minutes.
 */
async function seedGroupActivity(execute: (query: string) => PromiseLike<unknown>): Promise<void> {
  const p = LEADERBOARD_POINTS;
  await execute(`select setseed(0.42)`);
  await execute(`
    insert into members (discord_user_id, display_name, locale, timezone)
    select (${FIRST_MEMBER_ID}::numeric + g)::text, '成员' || g, 'zh-CN', 'Asia/Shanghai'
    from generate_series(0, ${LEADERBOARD_MEMBERS - 1}) g`);
  await execute(`
    insert into group_members (group_id, member_id)
    select (select id from study_groups where channel_id = '${CHANNEL_ID}'), id from members
    on conflict do nothing`);
  await execute(`
    insert into member_daily_activity (member_id, local_date, quiz_score, quiz_answers, review_score, review_answers, streak)
    select member_id, local_date, quiz_score, quiz_answers, review_score, review_answers,
      row_number() over (partition by member_id, run order by local_date)
    from (
      select *, local_date - (row_number() over (partition by member_id order by local_date))::int as run
      from (
        select m.id as member_id, ('${TODAY}'::date - d) as local_date,
          case when random() < 0.8 then random() else 0 end as quiz_score, 1 as quiz_answers,
          random() * 5 as review_score, (random() * 8)::int as review_answers
        from members m cross join generate_series(0, ${ACTIVITY_DAYS - 1}) d
        where random() < 0.7
      ) days
    ) runs`);
  await execute(`
    insert into member_weekly_activity (member_id, week_start, quiz_points, review_points, streak_points, active_days, answers)
    select member_id, local_date - (extract(isodow from local_date)::int - 1),
      sum(quiz_score) * ${p.quizPerScore}, sum(least(review_score * ${p.reviewPerScore}, ${p.reviewCapPerDay})),
      sum(least(streak, ${p.streakMaxDays})) * ${p.streakPerDay}, count(*), sum(quiz_answers + review_answers)
    from member_daily_activity group by 1, 2`);
  await execute(`analyze`);
}

async function trivialBaseline(clockMs: number): Promise<LatencySeries> {
  const trivial = await startTrivialBot({ clockMs });
  try {
    const request = (index: number) => (): InteractionHandle => {
      const kind = REQUEST_KINDS[index % REQUEST_KINDS.length] ?? REQUEST_KINDS[0];
      return trivial.fake.slashCommand({ ...benchMember(index), guildId: GUILD_ID, channelId: CHANNEL_ID, name: "leaderboard", options: { ...kind } });
    };
    await measureOneByOne(Array.from({ length: WARMUP_REQUESTS }, (_, index) => request(REQUESTS + index)), trivial.client);
    return (await measureOneByOne(Array.from({ length: REQUESTS }, (_, index) => request(index)), trivial.client)).series;
  } finally {
    await trivial.stop();
  }
}

export const leaderboardScenario: Scenario = {
  name: "leaderboard",
  // The leaderboard's cost is its ranking query over 10,000 members; its targets are the issue's own.
  absoluteTargets: { firstCallbackP99Ms: 100, finalReplyP99Ms: 300, source: "leaderboard targets of a 10,000-member group" },
  async run(context: BenchContext) {
    const databaseUrl = await context.freshDatabase(DATABASE_NAME);
    const clock = new TestClock(Date.parse(NOW));
    const recall = await startRecallOnDiscord({ databaseUrl, items: context.items, clock, logLevel: context.logLevel });
    const checks: Check[] = [];
    const notes: string[] = [];
    let measured: LatencySeries;
    try {
      const { fake, study } = recall;
      await study.setupGroup(
        { userId: ADMIN.user.id, serverId: GUILD_ID, displayName: "Admin", locale: "zh-CN", canManageServer: true },
        { serverId: GUILD_ID, channelId: CHANNEL_ID, dailyTime: "09:00", timezone: "Asia/Shanghai", questionsPerDay: 1 },
      );
      context.progress(`seeding ${LEADERBOARD_MEMBERS.toLocaleString("en")} members with ${ACTIVITY_DAYS} days of activity`);
      const seedStarted = performance.now();
      const execute = (query: string) => recall.database.db.execute(query);
      await seedGroupActivity(execute);
      const days = await countRows(execute, `select count(*)::int as n from member_daily_activity`);
      const groupSize = await countRows(execute, `select count(*)::int as n from group_members`);
      notes.push(
        `group of ${groupSize} members, ${days} member-days of activity (seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s); ` +
          `${REQUESTS} requests one at a time by distinct members, cycling ${REQUEST_KINDS.map((kind) => `${kind.scope}/${kind.period}`).join(", ")}`,
      );
      checks.push({ description: `the group has ${LEADERBOARD_MEMBERS} members`, ok: groupSize === LEADERBOARD_MEMBERS, detail: String(groupSize) });

      // What each kind of request should show first, straight from the domain on the same clock.
      const leaders = new Map<string, string>();
      for (const kind of REQUEST_KINDS) {
        const view = await study.leaderboard(
          { userId: benchMember(0).user.id, serverId: GUILD_ID, displayName: benchMember(0).user.globalName, locale: "zh-CN" },
          { ...kind, page: 0, group: { serverId: GUILD_ID, channelId: CHANNEL_ID } },
        );
        leaders.set(`${kind.scope}/${kind.period}`, view.rows[0]?.displayName ?? "(nobody)");
      }

      const request = (index: number) => (): InteractionHandle => {
        const kind = REQUEST_KINDS[index % REQUEST_KINDS.length] ?? REQUEST_KINDS[0];
        return fake.slashCommand({ ...benchMember(index), guildId: GUILD_ID, channelId: CHANNEL_ID, name: "leaderboard", options: { ...kind } });
      };
      context.progress(`warm-up: ${WARMUP_REQUESTS} requests (not measured)`);
      await measureOneByOne(Array.from({ length: WARMUP_REQUESTS }, (_, index) => request(REQUESTS + index)), recall.bot);
      context.progress(`${REQUESTS} leaderboard requests, one at a time`);
      const requestsBefore = fake.requests.length;
      const { series, replies } = await measureOneByOne(Array.from({ length: REQUESTS }, (_, index) => request(index)), recall.bot);
      measured = series;
      notes.push(`REST calls the bot made: ${restCallsByKind(fake.requests.slice(requestsBefore))}`);
      for (const [offset, kind] of REQUEST_KINDS.entries()) {
        const ofKind = series.finalReplyMs.filter((_, index) => index % REQUEST_KINDS.length === offset);
        notes.push(`final reply, ${`${kind.scope}/${kind.period}`.padEnd(12)} ${formatSummary(summarise(ofKind))}`);
      }

      const showingLeader = replies.filter((reply, index) => {
        const kind = REQUEST_KINDS[index % REQUEST_KINDS.length] ?? REQUEST_KINDS[0];
        return embedText(reply).includes(leaders.get(`${kind.scope}/${kind.period}`) ?? "\u0000");
      });
      checks.push({ description: "every reply ranks the group, its leader first", ok: showingLeader.length === REQUESTS, detail: `${showingLeader.length}/${REQUESTS}` });
      checks.push({ description: "each reply is private", ok: replies.every((reply) => reply.ephemeral) });
      checks.push({ description: "the local Discord rejected nothing", ok: fake.rejections.length === 0, detail: fake.rejections.map((r) => `${r.method} ${r.path} ${r.code}`).slice(0, 3).join("; ") });
      checks.push({ description: "no unknown routes", ok: fake.unknownRoutes.length === 0 });
    } finally {
      await recall.stop();
    }

    context.progress(`baseline: a trivial client answers the same ${REQUESTS} commands`);
    const baseline = await trivialBaseline(clock.ms);
    return {
      title: `/leaderboard in a ${LEADERBOARD_MEMBERS.toLocaleString("en")}-member group (slash command → defer → ranking on PostgreSQL → edit)`,
      measured,
      baseline,
      notes,
      checks,
    };
  },
};
