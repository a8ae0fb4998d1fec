// The transport floor: a discord.js client that acknowledges and answers every interaction at
// once, with no database and no grading, against its own local Discord. Measured in the same run
// as the real bot, it shows what the bot itself adds over discord.js, the fake and the machine.
import { Client, Events, GatewayIntentBits, MessageFlags } from "discord.js";
import { startFakeDiscord, type FakeDiscord } from "@recall/discord-fake";
import { TOKEN } from "../test/harness.ts";
import { countGlobalLimitWaits } from "./global-limit-waits.ts";
import { WAIT_TIMEOUT_MS, benchGuild } from "./recall-on-discord.ts";

export interface TrivialBot {
  fake: FakeDiscord;
  globalLimitWaits: () => number;
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
  // The same REST settings as the bot's client (discord.js defaults but the API base).
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
  const globalLimitWaits = countGlobalLimitWaits(client);
  client.on(Events.InteractionCreate, (interaction) => {
    if (!interaction.isRepliable()) return;
    void (async () => {
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      await interaction.editReply({ content: "ok" });
    })().catch((error: unknown) => {
      console.error("the trivial bot failed to answer:", error);
    });
  });
  try {
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(TOKEN);
    await ready;
  } catch (error) {
    await client.destroy();
    await fake.close();
    throw error;
  }
  return {
    fake,
    globalLimitWaits,
    async stop() {
      await client.destroy();
      await fake.close();
    },
  };
}
