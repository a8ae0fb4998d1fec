import { Client, Events, GatewayIntentBits } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { RateLimits, DISCORD_RATE_LIMITS } from "../src/rate-limits.ts";
import { FakeDiscordUsageError, shardOfGuild, startFakeDiscord } from "../src/index.ts";
import type { FakeDiscord, FakeGuildInput } from "../src/index.ts";
import { MEMBER, START_MS, TOKEN } from "./harness.ts";

// Snowflakes one millisecond (1 << 22) apart alternate between two shards.
const GUILD_IDS = [0, 1, 2, 3].map((k) => String(1200000000000000001n + BigInt(k) * (1n << 22n)));
const channelOf = (guildId: string): string => String(BigInt(guildId) + 100n);
const guilds: FakeGuildInput[] = GUILD_IDS.map((id, index) => ({
  id,
  name: `Group ${index}`,
  channels: [{ id: channelOf(id), name: "daily-quiz" }],
  members: [{ user: MEMBER }],
}));

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function fakeWith(options: Partial<Parameters<typeof startFakeDiscord>[0]> = {}): Promise<FakeDiscord> {
  const fake = await startFakeDiscord({ validToken: TOKEN, heartbeatIntervalMs: 500, now: () => START_MS, guilds, ...options });
  stops.push(() => fake.close());
  return fake;
}

async function shardClient(fake: FakeDiscord, shardId: number, shardCount: number): Promise<{ client: Client; seen: string[] }> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase }, shards: [shardId], shardCount });
  const seen: string[] = [];
  client.on(Events.InteractionCreate, (interaction) => void seen.push(interaction.id));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(TOKEN);
  await ready;
  stops.push(() => client.destroy());
  return { client, seen };
}

async function post(fake: FakeDiscord, channelId: string): Promise<Response> {
  return fetch(`${fake.apiBase}/v10/channels/${channelId}/messages`, {
    method: "POST",
    headers: { Authorization: `Bot ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ content: "hello" }),
  });
}

describe("shards", () => {
  it("recommends its shard count in GET /gateway/bot", async () => {
    const fake = await fakeWith({ shardCount: 2 });
    const answer = (await (await fetch(`${fake.apiBase}/v10/gateway/bot`, { headers: { Authorization: `Bot ${TOKEN}` } })).json()) as { shards: number };
    expect(answer.shards).toBe(2);
  });

  it("gives each shard only its own guilds and routes each guild's interactions to its shard alone", async () => {
    const fake = await fakeWith({ shardCount: 2 });
    const shards = [await shardClient(fake, 0, 2), await shardClient(fake, 1, 2)];
    expect(GUILD_IDS.map((id) => shardOfGuild(id, 2))).toEqual([1, 0, 1, 0]);
    for (const [shardId, { client }] of shards.entries()) {
      expect([...client.guilds.cache.keys()].sort()).toEqual(GUILD_IDS.filter((id) => shardOfGuild(id, 2) === shardId).sort());
    }

    const handles = GUILD_IDS.map((guildId) => fake.slashCommand({ guildId, channelId: channelOf(guildId), user: MEMBER, name: "review" }));
    await fake.waitUntil(() => shards.reduce((sum, shard) => sum + shard.seen.length, 0) === handles.length, "every interaction seen");
    for (const handle of handles) {
      const owner = shardOfGuild(handle.guildId!, 2);
      expect(handle.deliveredToShards).toEqual([owner]);
      expect(shards[owner]!.seen).toContain(handle.id);
      expect(shards[1 - owner]!.seen).not.toContain(handle.id);
    }
  });

  it("refuses an interaction for a guild whose shard no session runs", async () => {
    const fake = await fakeWith({ shardCount: 2 });
    await shardClient(fake, 0, 2);
    expect(() => fake.slashCommand({ guildId: GUILD_IDS[0]!, channelId: channelOf(GUILD_IDS[0]!), user: MEMBER, name: "review" })).toThrow(FakeDiscordUsageError);
  });
});

describe("rate limits", () => {
  it("answers the 51st request in a second with a global 429 and Discord's headers; interaction responses are exempt", () => {
    let now = 0;
    const limits = new RateLimits(() => START_MS, DISCORD_RATE_LIMITS, () => now);
    for (let i = 0; i < 50; i++) expect(limits.admit("POST", `/channels/${100 + i}/messages`, "b").refused).toBeUndefined();
    expect(limits.admit("POST", "/interactions/1/t/callback", "c").refused).toBeUndefined();
    expect(limits.admit("PATCH", "/webhooks/1/t/messages/@original", "w").refused).toBeUndefined();
    now = 400;
    const refused = limits.admit("POST", "/channels/999/messages", "b").refused;
    expect(refused?.headers).toMatchObject({ "X-RateLimit-Global": "true", "X-RateLimit-Scope": "global", "Retry-After": "0.600" });
    expect(refused?.body).toMatchObject({ global: true, retry_after: 0.6 });
    expect(limits.enforced).toEqual([expect.objectContaining({ scope: "global", path: "/channels/999/messages", retryAfterMs: 600 })]);
    now = 1_000;
    expect(limits.admit("POST", "/channels/999/messages", "b").refused).toBeUndefined();
  });

  it("allows 5 messages per 5 seconds in one channel, counting down X-RateLimit-Remaining", () => {
    let now = 0;
    const limits = new RateLimits(() => START_MS, DISCORD_RATE_LIMITS, () => now);
    const remaining = Array.from({ length: 5 }, () => limits.admit("POST", "/channels/7/messages", "b").headers["X-RateLimit-Remaining"]);
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    now = 4_000;
    const refused = limits.admit("POST", "/channels/7/messages", "b").refused;
    expect(refused?.headers).toMatchObject({ "X-RateLimit-Scope": "user", "Retry-After": "1.000" });
    expect(refused?.headers["X-RateLimit-Global"]).toBeUndefined();
    expect(limits.admit("POST", "/channels/8/messages", "b").refused).toBeUndefined();
    expect(limits.admit("PATCH", "/channels/7/messages/1", "b").refused).toBeUndefined();
    now = 5_000;
    expect(limits.admit("POST", "/channels/7/messages", "b").refused).toBeUndefined();
  });

  it("sends real 429s over HTTP, and discord.js, following the headers, posts past a channel's limit without one", async () => {
    const fake = await fakeWith({ rateLimits: { channelMessagesPerWindow: 2, channelMessageWindowMs: 300 } });
    const channel = channelOf(GUILD_IDS[0]!);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(fake, channel)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(fake.enforcedRateLimits).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 350));

    const { client } = await shardClient(fake, 0, 1);
    const other = channelOf(GUILD_IDS[1]!);
    await Promise.all(Array.from({ length: 6 }, (_, i) => client.rest.post(`/channels/${other}/messages`, { body: { content: `m${i}` } })));
    expect(fake.channelMessages(other)).toHaveLength(6);
    expect(fake.enforcedRateLimits).toHaveLength(1);
  });
});
