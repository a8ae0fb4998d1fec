// The transport floor: a discord.js client that acknowledges and answers every interaction at
// once, with no database and no grading, against its own local Discord. Measured in the same run
// as the real bot, it shows what the bot itself adds over discord.js, the fake and the machine.
// Like the bot, the client runs in its own process (bot-process.ts, kind "trivial"); its local
// Discord stays in this one.
import { startFakeDiscord, type FakeDiscord } from "@recall/discord-fake";
import { TOKEN } from "../test/harness.ts";
import { startBotProcess, type BotProcess } from "./bot-process-client.ts";
import { WAIT_TIMEOUT_MS, benchGuild } from "./recall-on-discord.ts";

export interface TrivialBot {
  fake: FakeDiscord;
  /** The client's process: its CPU and global-limit waits for the measurements. */
  client: BotProcess;
  stop(): Promise<void>;
}

/** Defers privately and edits the reply, the same two calls the bot makes for an answer. */
export async function startTrivialBot(options: { clockMs: number }): Promise<TrivialBot> {
  const fake = await startFakeDiscord({
    guilds: [benchGuild()],
    validToken: TOKEN,
    heartbeatIntervalMs: 5_000,
    defaultTimeoutMs: WAIT_TIMEOUT_MS,
    now: () => options.clockMs,
  });
  let client: BotProcess;
  try {
    client = await startBotProcess({ kind: "trivial", apiBase: fake.apiBase, token: TOKEN }, () => options.clockMs);
  } catch (error) {
    await fake.close();
    throw error;
  }
  return {
    fake,
    client,
    async stop() {
      try {
        await client.stop();
      } finally {
        await fake.close();
      }
    },
  };
}
