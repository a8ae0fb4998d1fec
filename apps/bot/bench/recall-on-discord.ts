// The real bot (discord.js client, study domain, PostgreSQL) against the local Discord, set up
// the way production runs it: the answer-count debounce and pool size are the defaults, only
// the clock is injected so the daily post goes out when the benchmark says.
// The bot runs in its own process (bot-process.ts): in production Discord is remote, so the
// local Discord's CPU, and the harness's, must neither slow the bot nor be charged to it. This
// process keeps the local Discord, where the latencies are taken, and its own study and
// database on the same PostgreSQL database for setup and checks outside the measured parts.
import type { QuizItem } from "@recall/content";
import { createDatabase, type OpenDatabase } from "@recall/db";
import { startFakeDiscord, type FakeDiscord, type FakeGuildInput } from "@recall/discord-fake";
import { createStudy, type StudyService } from "@recall/study";
import { startBotProcess, type BotProcess } from "./bot-process-client.ts";
import { CHANNEL_ID, GUILD_ID, TOKEN, type TestClock } from "../test/harness.ts";

/** Waiters of the fake wait this long in real time: a loaded machine is measured, not failed. */
export const WAIT_TIMEOUT_MS = 60_000;

export interface RecallOnDiscord {
  fake: FakeDiscord;
  /** The bot in its own process; every command first sets its clock to `clock`. */
  bot: BotProcess;
  /** This process's study and database, on the bot's database (not the bot's instances). */
  study: StudyService;
  database: OpenDatabase;
  clock: TestClock;
  stop(): Promise<void>;
}

export function benchGuild(): FakeGuildInput {
  return { id: GUILD_ID, name: "Bench Server", channels: [{ id: CHANNEL_ID, name: "daily-quiz" }], preferredLocale: "zh-CN" };
}

/**
 * `items` are this process's; the bot's process loads the same content bank itself
 * (contentItems() of the test harness), which is what run.ts passes here.
 */
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
    const bot = await startBotProcess(
      {
        kind: "recall",
        databaseUrl: options.databaseUrl,
        apiBase: fake.apiBase,
        token: TOKEN,
        clockMs: clock.ms,
        logLevel: options.logLevel,
        content: "bank",
      },
      () => clock.ms,
    );
    const started = fake;
    return {
      fake: started,
      bot,
      study,
      database,
      clock,
      async stop() {
        try {
          await bot.stop();
        } finally {
          await started.close();
          await database.close();
        }
      },
    };
  } catch (error) {
    await fake?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
