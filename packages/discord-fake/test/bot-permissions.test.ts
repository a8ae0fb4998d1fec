// The bot's permissions per channel told the way Discord tells them: the @everyone role, the
// bot's own member in GUILD_CREATE and a member overwrite per channel, kept current with
// CHANNEL_UPDATE, so discord.js's `permissionsFor(guild.members.me)` finds what the fake enforces.
import { ChannelType, Client, Events, GatewayIntentBits, Routes, SlashCommandBuilder } from "discord.js";
import type { GuildBasedChannel, GuildMember } from "discord.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakePermissions, PermissionBits, shardOfGuild, startFakeDiscord } from "../src/index.ts";
import type { FakeDiscord, FakeGuildInput } from "../src/index.ts";
import { GUILD_ID, MEMBER, OTHER_CHANNEL_ID, QUIZ_CHANNEL_ID, START_MS, TOKEN, fakeOptions, newClient } from "./harness.ts";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function fakeWith(options: Partial<Parameters<typeof startFakeDiscord>[0]> = {}): Promise<FakeDiscord> {
  const fake = await startFakeDiscord(fakeOptions({ now: () => START_MS, ...options }));
  stops.push(() => fake.close());
  return fake;
}

async function connected(fake: FakeDiscord, client: Client = newClient(fake)): Promise<Client> {
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(TOKEN);
  await ready;
  stops.push(() => client.destroy());
  return client;
}

/** What discord.js computes from its cache alone: roles, the bot's member and the channel's overwrites. */
function cachedPermissions(client: Client, channelId: string): bigint | undefined {
  const channel = client.channels.cache.get(channelId) as GuildBasedChannel | undefined;
  const me: GuildMember | null | undefined = channel?.guild.members.me;
  if (!channel || !me) return undefined;
  return channel.permissionsFor(me).bitfield;
}

const VIEW_ONLY = PermissionBits.ViewChannel;
const POSTING = PermissionBits.ViewChannel | PermissionBits.SendMessages | PermissionBits.EmbedLinks;

describe("the bot's permissions as its cache computes them", () => {
  it("gives the bot's own member in GUILD_CREATE, not as the guild's owner", async () => {
    const fake = await fakeWith({ guilds: [{ id: GUILD_ID, name: "No members", channels: [{ id: QUIZ_CHANNEL_ID, name: "daily-quiz" }] }] });
    const client = await connected(fake);
    const guild = client.guilds.cache.get(GUILD_ID)!;
    expect(guild.members.me?.id).toBe(fake.botUser.id);
    expect(guild.ownerId).not.toBe(fake.botUser.id);
    expect(cachedPermissions(client, QUIZ_CHANNEL_ID)).toBe(BigInt(FakePermissions.member));
  });

  it("equals setBotPermissions before login and after each change, and GET /channels/{id} agrees", async () => {
    const fake = await fakeWith();
    fake.setBotPermissions(OTHER_CHANNEL_ID, VIEW_ONLY);
    const client = await connected(fake);
    expect(cachedPermissions(client, OTHER_CHANNEL_ID)).toBe(VIEW_ONLY);
    expect(cachedPermissions(client, QUIZ_CHANNEL_ID)).toBe(BigInt(FakePermissions.member));

    const updates: string[] = [];
    client.on(Events.ChannelUpdate, (_before, after) => void updates.push(after.id));
    fake.setBotPermissions(OTHER_CHANNEL_ID, POSTING);
    await vi.waitFor(() => expect(cachedPermissions(client, OTHER_CHANNEL_ID)).toBe(POSTING), { timeout: 2000 });
    const fetched = (await client.rest.get(Routes.channel(OTHER_CHANNEL_ID))) as { permission_overwrites: unknown[] };
    expect(fetched.permission_overwrites).toEqual([
      { id: fake.botUser.id, type: 1, allow: POSTING.toString(), deny: (BigInt(FakePermissions.member) & ~POSTING).toString() },
    ]);

    fake.setBotPermissions(OTHER_CHANNEL_ID, null);
    await vi.waitFor(() => expect(cachedPermissions(client, OTHER_CHANNEL_ID)).toBe(BigInt(FakePermissions.member)), { timeout: 2000 });
    expect(((await client.rest.get(Routes.channel(OTHER_CHANNEL_ID))) as { permission_overwrites: unknown[] }).permission_overwrites).toEqual([]);
    // Setting what is already set changes nothing, so Discord sends nothing.
    fake.setBotPermissions(OTHER_CHANNEL_ID, null);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(updates).toEqual([OTHER_CHANNEL_ID, OTHER_CHANNEL_ID]);
  });

  async function channelOptionSeen(fake: FakeDiscord): Promise<{ type: ChannelType; cached: bigint | undefined; app: bigint | null }> {
    const client = await connected(fake);
    const setup = new SlashCommandBuilder()
      .setName("setup")
      .setDescription("Set up")
      .addChannelOption((option) => option.setName("channel").setDescription("Where").setRequired(true));
    await client.application?.commands.set([setup.toJSON()]);
    const seen = new Promise<{ type: ChannelType; cached: bigint | undefined; app: bigint | null }>((resolve) => {
      client.on(Events.InteractionCreate, (interaction) => {
        if (!interaction.isChatInputCommand()) return;
        const channel = interaction.options.getChannel("channel", true);
        const app = "appPermissions" in channel ? (channel.appPermissions?.bitfield ?? null) : null;
        resolve({ type: channel.type, cached: cachedPermissions(client, channel.id), app });
      });
    });
    fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "setup", options: { channel: OTHER_CHANNEL_ID } });
    return seen;
  }

  it("keeps the cached overwrites when a slash command names the channel, and resolves it with the bot's permissions there", async () => {
    const fake = await fakeWith();
    fake.setBotPermissions(OTHER_CHANNEL_ID, VIEW_ONLY);
    // Resolved channels are partial (no overwrites), so discord.js's patch leaves the cached ones.
    expect(await channelOptionSeen(fake)).toEqual({ type: ChannelType.GuildText, cached: VIEW_ONLY, app: VIEW_ONLY });
  });

  it("leaves app_permissions out of resolved channels when told to, as Discord did before July 2026", async () => {
    const fake = await fakeWith({ resolvedChannelAppPermissions: false });
    fake.setBotPermissions(OTHER_CHANNEL_ID, VIEW_ONLY);
    expect(await channelOptionSeen(fake)).toEqual({ type: ChannelType.GuildText, cached: VIEW_ONLY, app: null });
  });

  it("sends CHANNEL_UPDATE only to the shard that owns the guild", async () => {
    // Snowflakes one millisecond (1 << 22) apart fall on different shards of two.
    const guildIds = [0, 1].map((k) => String(1200000000000000001n + BigInt(k) * (1n << 22n)));
    const channelOf = (guildId: string): string => String(BigInt(guildId) + 100n);
    const guilds: FakeGuildInput[] = guildIds.map((id, index) => ({ id, name: `Group ${index}`, channels: [{ id: channelOf(id), name: "daily-quiz" }] }));
    const fake = await fakeWith({ guilds, shardCount: 2 });
    const clients = await Promise.all(
      [0, 1].map((shardId) => connected(fake, new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase }, shards: [shardId], shardCount: 2 }))),
    );
    const updatesByShard: string[][] = clients.map((client) => {
      const updates: string[] = [];
      client.on(Events.ChannelUpdate, (_before, after) => void updates.push(after.id));
      return updates;
    });
    const target = guildIds[0]!;
    const owner = shardOfGuild(target, 2);
    fake.setBotPermissions(channelOf(target), VIEW_ONLY);
    await vi.waitFor(() => expect(cachedPermissions(clients[owner]!, channelOf(target))).toBe(VIEW_ONLY), { timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(updatesByShard[owner]).toEqual([channelOf(target)]);
    expect(updatesByShard[1 - owner]).toEqual([]);
  });
});
