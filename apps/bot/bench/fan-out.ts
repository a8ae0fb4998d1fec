// Issue 15: 1,000 study groups, each in its own guild and channel, all with the same daily time.
// At the daily minute every bot process runs its daily cycle (as its timer would); the local
// Discord enforces the global limit (50 requests a second per bot, across processes) and the
// per-channel limit with real 429s. Measured with one bot process, then with two (a shard each):
// the time from the daily minute to the last post, posts per second, 429s, doubled and missed
// posts. The bound is the global limit itself: 1,000 posts at 50/s take 20 s; the target is 1.2×.
import { createDatabase } from "@recall/db";
import type { QuizItem } from "@recall/content";
import { startFakeDiscord, type FakeDiscord } from "@recall/discord-fake";
import { createStudy, type Actor } from "@recall/study";
import { TOKEN, TestClock } from "../test/harness.ts";
import { startBotProcess, type BotProcess } from "./bot-process-client.ts";
import { WAIT_TIMEOUT_MS } from "./recall-on-discord.ts";

export const FAN_OUT_GROUPS = 1_000;
const GLOBAL_LIMIT_PER_SECOND = 50;
export const FAN_OUT_BOUND_MS = (FAN_OUT_GROUPS / GLOBAL_LIMIT_PER_SECOND) * 1_000;
export const FAN_OUT_TARGET_MS = FAN_OUT_BOUND_MS * 1.2;
// Monday 2 March 2026 in Shanghai: set up at 08:30, every group posts at 09:00 local.
const SETUP_AT = "2026-03-02T00:30:00Z";
const POST_AT = "2026-03-02T01:00:00Z";
const FIRST_GUILD = 400000000000000001n;

/** Guild ids one snowflake millisecond (1 << 22) apart, so they alternate between two shards. */
const guildId = (index: number): string => String(FIRST_GUILD + BigInt(index) * (1n << 22n));
const channelId = (index: number): string => String(FIRST_GUILD + BigInt(index) * (1n << 22n) + 7n);

export interface FanOutResult {
  processes: number;
  /** From the daily minute (the cycles triggered) to the last post's arrival, ms. */
  lastPostMs: number;
  /** To the first post's arrival, ms. */
  firstPostMs: number;
  posts: number;
  postsPerSecond: number;
  global429s: number;
  channel429s: number;
  doubles: number;
  misses: number;
  /** Any REST call the local Discord refused (other than 429s). */
  rejections: number;
  /** Each process's CPU during the fan-out, ms. */
  cpuMs: number[];
}

export interface FanOutContext {
  items: readonly QuizItem[];
  logLevel: string;
  freshDatabase(name: string): Promise<string>;
  progress(line: string): void;
}

export async function runFanOut(context: FanOutContext, processes: 1 | 2): Promise<FanOutResult> {
  const databaseUrl = await context.freshDatabase(`recall_bot_bench_fan_out_${processes}`);
  const clock = new TestClock(Date.parse(SETUP_AT));
  const database = await createDatabase({ url: databaseUrl });
  let fake: FakeDiscord | null = null;
  const bots: BotProcess[] = [];
  try {
    const study = createStudy({ db: database.db, items: context.items, clock: clock.now });
    await study.syncContent();
    context.progress(`${processes} process(es): setting up ${FAN_OUT_GROUPS} groups`);
    for (let index = 0; index < FAN_OUT_GROUPS; index++) {
      const admin: Actor = { userId: "500000000000000001", serverId: guildId(index), displayName: "Admin", locale: "zh-CN", canManageServer: true };
      await study.setupGroup(admin, { serverId: guildId(index), channelId: channelId(index), dailyTime: "09:00", timezone: "Asia/Shanghai", questionsPerDay: 1 });
    }
    fake = await startFakeDiscord({
      guilds: Array.from({ length: FAN_OUT_GROUPS }, (_, index) => ({
        id: guildId(index),
        name: `Group ${index}`,
        channels: [{ id: channelId(index), name: "daily-quiz" }],
      })),
      validToken: TOKEN,
      heartbeatIntervalMs: 5_000,
      defaultTimeoutMs: WAIT_TIMEOUT_MS,
      now: () => clock.ms,
      shardCount: processes,
    });
    const started = fake;
    for (let shard = 0; shard < processes; shard++) {
      bots.push(
        await startBotProcess(
          {
            kind: "recall",
            databaseUrl,
            apiBase: started.apiBase,
            token: TOKEN,
            clockMs: clock.ms,
            logLevel: context.logLevel,
            content: "bank",
            shards: { ids: [shard], count: processes },
          },
          () => clock.ms,
        ),
      );
    }
    context.progress(`${processes} process(es): logged in; the daily minute`);
    // Requests before the daily minute (logins, command registration) are not part of it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = await Promise.all(bots.map((bot) => bot.usage()));
    const requestsBefore = started.requests.length;
    const enforcedBefore = started.enforcedRateLimits.length;
    clock.set(POST_AT);
    const dailyMinute = performance.now();
    await Promise.all(bots.map((bot) => bot.runDailyCycle()));
    await Promise.all(bots.map((bot) => bot.idle()));
    const after = await Promise.all(bots.map((bot) => bot.usage()));

    const postsSent = started.requests
      .slice(requestsBefore)
      .filter((request) => request.method === "POST" && /\/channels\/\d+\/messages$/.test(request.path) && request.status === 200);
    const arrivals = postsSent.map((request) => request.at - dailyMinute);
    const perChannel = Array.from({ length: FAN_OUT_GROUPS }, (_, index) => started.channelMessages(channelId(index)).length);
    const enforced = started.enforcedRateLimits.slice(enforcedBefore);
    const firstPostMs = Math.min(...arrivals);
    const lastPostMs = Math.max(...arrivals);
    return {
      processes,
      lastPostMs,
      firstPostMs,
      posts: postsSent.length,
      postsPerSecond: postsSent.length / (lastPostMs / 1000),
      global429s: enforced.filter((limit) => limit.scope === "global").length,
      channel429s: enforced.filter((limit) => limit.scope === "channel").length,
      doubles: perChannel.filter((count) => count > 1).length,
      misses: perChannel.filter((count) => count === 0).length,
      rejections: started.rejections.length,
      cpuMs: after.map((usage, index) => usage.cpuMs - before[index]!.cpuMs),
    };
  } finally {
    for (const bot of bots) await bot.stop().catch(() => undefined);
    await fake?.close();
    await database.close();
  }
}

export function formatFanOut(result: FanOutResult): string[] {
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
  const ok = result.lastPostMs <= FAN_OUT_TARGET_MS && result.global429s === 0 && result.doubles === 0 && result.misses === 0;
  return [
    `${result.processes} process(es): last post ${seconds(result.lastPostMs)} after the daily minute (first ${seconds(result.firstPostMs)}), ` +
      `${result.posts} posts, ${result.postsPerSecond.toFixed(1)} posts/s`,
    `  429s: ${result.global429s} global, ${result.channel429s} per-channel; doubles ${result.doubles}, misses ${result.misses}; ` +
      `other refusals ${result.rejections}; CPU ${result.cpuMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(" + ")}`,
    `  ${ok ? "PASS" : "MISS"}  last post ${seconds(result.lastPostMs)} vs the global-limit bound ${seconds(FAN_OUT_BOUND_MS)} ` +
      `(ratio ${(result.lastPostMs / FAN_OUT_BOUND_MS).toFixed(2)}x, target <= 1.2x = ${seconds(FAN_OUT_TARGET_MS)}), no global 429, no double, no miss`,
  ];
}
