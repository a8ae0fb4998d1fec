// How fast the fake answers a real discord.js bot, and what discord.js itself adds under a burst.
// The bot defers, then edits its reply: the shape of the quiz answer flow.
import { Client, Events, GatewayIntentBits, MessageFlags } from "discord.js";
import { startFakeDiscord } from "../src/index.ts";
import type { FakeDiscord, InteractionHandle } from "../src/index.ts";

const GUILD_ID = "1200000000000000001";
const CHANNEL_ID = "1200000000000000101";
const TOKEN = "bench-token";
const BURST = 200;
const SEQUENTIAL = 50;

interface Figures {
  lateFirstCallbacks: number;
  firstP50: number;
  firstP99: number;
  finalP50: number;
  finalP99: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(handles: InteractionHandle[]): Promise<Figures> {
  const first: number[] = [];
  const final: number[] = [];
  for (const handle of handles) {
    first.push((await handle.firstResponse({ timeoutMs: 30_000 })).latencyMs);
    final.push((await handle.waitForReply((reply) => reply.content === "graded", { timeoutMs: 30_000 })).latencyMs);
  }
  return { lateFirstCallbacks: first.filter((ms) => ms > 3000).length, firstP50: percentile(first, 50), firstP99: percentile(first, 99), finalP50: percentile(final, 50), finalP99: percentile(final, 99) };
}

async function withBot<T>(globalRequestsPerSecond: number | undefined, run: (fake: FakeDiscord) => Promise<T>): Promise<T> {
  const members = Array.from({ length: BURST }, (_, index) => ({ user: { id: (1300000000000000000n + BigInt(index)).toString() } }));
  const fake = await startFakeDiscord({
    validToken: TOKEN,
    heartbeatIntervalMs: 5000,
    defaultTimeoutMs: 30_000,
    // Measure instead of failing: a loaded machine may exceed Discord's 3 s, which is reported below.
    ackWindowMs: 60_000,
    guilds: [{ id: GUILD_ID, name: "bench", channels: [{ id: CHANNEL_ID, name: "quiz" }], members }],
  });
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: fake.apiBase, ...(globalRequestsPerSecond ? { globalRequestsPerSecond } : {}) },
  });
  client.on(Events.InteractionCreate, (interaction) => {
    if (!interaction.isChatInputCommand()) return;
    void (async () => {
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      await interaction.editReply({ content: "graded" });
    })().catch((error: unknown) => {
      console.error("bench bot failed:", error);
    });
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(TOKEN);
  await ready;
  try {
    return await run(fake);
  } finally {
    await client.destroy();
    await fake.close();
  }
}

const dispatch = (fake: FakeDiscord, index: number): InteractionHandle =>
  fake.slashCommand({ guildId: GUILD_ID, channelId: CHANNEL_ID, user: { id: (1300000000000000000n + BigInt(index % BURST)).toString() }, name: "answer" });

const format = (figures: Figures): string =>
  `first callback p50 ${figures.firstP50.toFixed(1)} ms p99 ${figures.firstP99.toFixed(1)} ms | final reply p50 ${figures.finalP50.toFixed(1)} ms p99 ${figures.finalP99.toFixed(1)} ms | first callbacks over 3 s: ${figures.lateFirstCallbacks}`;

const sequential = await withBot(undefined, async (fake) => {
  const handles: InteractionHandle[] = [];
  for (let index = 0; index < SEQUENTIAL; index += 1) {
    const handle = dispatch(fake, index);
    await handle.waitForReply((reply) => reply.content === "graded");
    handles.push(handle);
  }
  return measure(handles);
});
const burstDefault = await withBot(undefined, (fake) => measure(Array.from({ length: BURST }, (_, index) => dispatch(fake, index))));
const burstRaised = await withBot(1000, (fake) => measure(Array.from({ length: BURST }, (_, index) => dispatch(fake, index))));

console.log(`baseline: ${SEQUENTIAL} interactions one at a time: ${format(sequential)}`);
console.log(`burst of ${BURST}, discord.js default global limit (50/s): ${format(burstDefault)}`);
console.log(`burst of ${BURST}, rest.globalRequestsPerSecond 1000: ${format(burstRaised)}`);
console.log(`ratio final p99 burst/baseline p50: default ${(burstDefault.finalP99 / sequential.finalP50).toFixed(1)}x, raised ${(burstRaised.finalP99 / sequential.finalP50).toFixed(1)}x`);
