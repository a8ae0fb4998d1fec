import { Client, Events, GatewayIntentBits } from "discord.js";
import type { Interaction } from "discord.js";
import { startFakeDiscord } from "../src/index.ts";
import type { FakeDiscord, FakeDiscordOptions } from "../src/index.ts";

export const GUILD_ID = "1200000000000000001";
export const QUIZ_CHANNEL_ID = "1200000000000000101";
export const OTHER_CHANNEL_ID = "1200000000000000102";
export const ADMIN = { id: "1300000000000000001", username: "admin" };
export const MEMBER = { id: "1300000000000000002", username: "member" };
export const TOKEN = "test-bot-token";
export const START_MS = Date.parse("2026-03-01T08:00:00.000Z");

export function fakeOptions(overrides: Partial<FakeDiscordOptions> = {}): FakeDiscordOptions {
  return {
    validToken: TOKEN,
    heartbeatIntervalMs: 500,
    defaultTimeoutMs: 3000,
    guilds: [
      {
        id: GUILD_ID,
        name: "Study group",
        ownerId: ADMIN.id,
        channels: [
          { id: QUIZ_CHANNEL_ID, name: "daily-quiz" },
          { id: OTHER_CHANNEL_ID, name: "general" },
        ],
        members: [{ user: ADMIN }, { user: MEMBER }],
      },
    ],
    ...overrides,
  };
}

export interface Harness {
  fake: FakeDiscord;
  client: Client;
  /** Errors thrown by interaction handlers (tests assert it stays empty). */
  handlerErrors: unknown[];
  onInteraction(handler: (interaction: Interaction) => Promise<void>): void;
  /** Mutable injected clock. */
  clock: { ms: number };
  stop(): Promise<void>;
}

export function newClient(fake: FakeDiscord): Client {
  return new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
}

export async function startHarness(overrides: Partial<FakeDiscordOptions> = {}): Promise<Harness> {
  const clock = { ms: START_MS };
  const fake = await startFakeDiscord(fakeOptions({ now: () => clock.ms, ...overrides }));
  const client = newClient(fake);
  const handlerErrors: unknown[] = [];
  let handler: (interaction: Interaction) => Promise<void> = async () => {};
  client.on(Events.InteractionCreate, (interaction) => {
    handler(interaction).catch((error: unknown) => handlerErrors.push(error));
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(TOKEN);
  await ready;
  return {
    fake,
    client,
    handlerErrors,
    clock,
    onInteraction(next) {
      handler = next;
    },
    async stop() {
      await client.destroy();
      await fake.close();
    },
  };
}
