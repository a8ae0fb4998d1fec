// The real bot (discord.js client, study domain, PostgreSQL) against the local Discord, set up
// the way production runs it: the answer-count debounce and pool size are the defaults, only
// the clock is injected so the daily post goes out when the benchmark says.
import { pino } from "pino";
import type { QuizItem } from "@recall/content";
import { createDatabase, type OpenDatabase } from "@recall/db";
import { startFakeDiscord, type FakeDiscord, type FakeGuildInput } from "@recall/discord-fake";
import { createStudy, type StudyService } from "@recall/study";
import { createBot, type Bot } from "../src/bot.ts";
import { countGlobalLimitWaits } from "./global-limit-waits.ts";
import { CHANNEL_ID, GUILD_ID, TOKEN, type TestClock } from "../test/harness.ts";

/** Waiters of the fake wait this long in real time: a loaded machine is measured, not failed. */
export const WAIT_TIMEOUT_MS = 60_000;

export interface RecallOnDiscord {
  fake: FakeDiscord;
  bot: Bot;
  study: StudyService;
  database: OpenDatabase;
  clock: TestClock;
  /** Requests of the bot that waited for discord.js's global limit so far. */
  globalLimitWaits: () => number;
  stop(): Promise<void>;
}

export function benchGuild(): FakeGuildInput {
  return { id: GUILD_ID, name: "Bench Server", channels: [{ id: CHANNEL_ID, name: "daily-quiz" }], preferredLocale: "zh-CN" };
}

export async function startRecallOnDiscord(options: {
  databaseUrl: string;
  items: readonly QuizItem[];
  clock: TestClock;
  logLevel: string;
}): Promise<RecallOnDiscord> {
  const { clock } = options;
  const database = await createDatabase({ url: options.databaseUrl });
  let fake: FakeDiscord | null = null;
  try {
    fake = await startFakeDiscord({
      guilds: [benchGuild()],
      validToken: TOKEN,
      heartbeatIntervalMs: 5_000,
      defaultTimeoutMs: WAIT_TIMEOUT_MS,
      now: () => clock.ms,
    });
    const study = createStudy({ db: database.db, items: options.items, clock: clock.now });
    await study.syncContent();
    const bot = createBot({
      token: TOKEN,
      study,
      logger: pino({ level: options.logLevel }),
      clock: clock.now,
      apiBase: fake.apiBase,
      tickMs: 0,
    });
    const globalLimitWaits = countGlobalLimitWaits(bot.client);
    await bot.start();
    const started = fake;
    return {
      fake: started,
      bot,
      study,
      database,
      clock,
      globalLimitWaits,
      async stop() {
        await bot.stop();
        await started.close();
        await database.close();
      },
    };
  } catch (error) {
    await fake?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
