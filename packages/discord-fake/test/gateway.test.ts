import { ChannelType, Events } from "discord.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeDiscordUsageError, startFakeDiscord } from "../src/index.ts";
import type { FakeDiscord } from "../src/index.ts";
import { GUILD_ID, MEMBER, QUIZ_CHANNEL_ID, fakeOptions, newClient, startHarness } from "./harness.ts";
import type { Harness } from "./harness.ts";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

describe("gateway", () => {
  it("brings a real discord.js client to ready with the configured guild cached", async () => {
    harness = await startHarness();
    const { client, fake } = harness;
    expect(client.isReady()).toBe(true);
    expect(client.user?.id).toBe(fake.botUser.id);
    expect(client.application?.id).toBe(fake.applicationId);
    const guild = client.guilds.cache.get(GUILD_ID);
    expect(guild?.name).toBe("Study group");
    const channel = guild?.channels.cache.get(QUIZ_CHANNEL_ID);
    expect(channel?.type).toBe(ChannelType.GuildText);
    expect(guild?.members.cache.has(MEMBER.id)).toBe(true);
    expect(fake.gatewayStats).toMatchObject({ identifies: 1, connectedSessions: 1 });
    expect(fake.unknownRoutes).toEqual([]);
  });

  it("acknowledges heartbeats so the client measures a ping", async () => {
    harness = await startHarness({ heartbeatIntervalMs: 100 });
    const { client } = harness;
    await harness.fake.waitUntil(() => harness?.fake.gatewayStats.heartbeatsAcked === 1, "a heartbeat ACK");
    await vi.waitFor(() => expect(client.ws.ping).toBeGreaterThanOrEqual(0), { timeout: 1000 });
  });

  it("rejects login with a wrong token by closing the gateway with 4004", async () => {
    const fake: FakeDiscord = await startFakeDiscord(fakeOptions());
    const client = newClient(fake);
    try {
      await expect(client.login("not-the-token")).rejects.toThrow("Authentication failed");
      expect(fake.gatewayStats.authenticationFailures).toBe(1);
    } finally {
      await client.destroy();
      await fake.close();
    }
  });

  it("replays an interaction dispatched while the connection was down after the client resumes", async () => {
    harness = await startHarness();
    const { fake, client } = harness;
    harness.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply({ content: "pong" });
    });
    const resumed = new Promise<void>((resolve) => client.once(Events.ShardResume, () => resolve()));
    fake.disconnectAll();
    const handle = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" });
    await resumed;
    const reply = await handle.waitForReply();
    expect(reply.content).toBe("pong");
    expect(fake.gatewayStats).toMatchObject({ identifies: 1, resumes: 1, connectedSessions: 1 });
    expect(harness.handlerErrors).toEqual([]);
  });

  it("makes the client identify anew after a disconnect that forgets sessions", { timeout: 15_000 }, async () => {
    harness = await startHarness();
    const { fake, client } = harness;
    // Wait for the shard itself: discord.js reconnects if destroyed while it waits for READY.
    const readyAgain = new Promise<void>((resolve) => client.once(Events.ShardReady, () => resolve()));
    fake.disconnectAll({ resumable: false });
    // discord.js holds a re-identify until 5 s after the previous one (its identify throttle).
    await readyAgain;
    expect(fake.gatewayStats).toMatchObject({ identifies: 2, resumes: 0, invalidSessions: 1, connectedSessions: 1 });
  });

  it("refuses to dispatch an interaction when no bot is connected", async () => {
    const fake = await startFakeDiscord(fakeOptions());
    try {
      expect(() => fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" })).toThrow(FakeDiscordUsageError);
    } finally {
      await fake.close();
    }
  });

  it("answers unknown routes with 404 and records them", async () => {
    harness = await startHarness();
    const { client, fake } = harness;
    await expect(client.rest.get("/nothing/here")).rejects.toMatchObject({ status: 404 });
    expect(fake.unknownRoutes).toEqual([{ method: "GET", path: "/api/v10/nothing/here" }]);
  });
});
