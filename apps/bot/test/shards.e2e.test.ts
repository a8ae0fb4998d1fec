// Two bot processes, one shard each, against a local Discord that routes guilds to shards as
// Discord does: each interaction is handled once, by the process running its guild's shard, and
// each process posts the daily quizzes of its own guilds (exactly once between them).
import { Events } from "discord.js";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type OpenDatabase } from "@recall/db";
import { startFakeDiscord, shardOfGuild, type FakeDiscord } from "@recall/discord-fake";
import { createStudy } from "@recall/study";
import { createBot, type Bot } from "../src/bot.ts";
import { ADMIN, TOKEN, TestClock, contentItems } from "./harness.ts";

// Snowflakes one millisecond (1 << 22) apart alternate between two shards.
const GUILD_IDS = [0, 1, 2, 3, 4, 5].map((k) => String(300000000000000001n + BigInt(k) * (1n << 22n)));
const channelOf = (guildId: string): string => String(BigInt(guildId) + 1000n);

// 08:30 in Shanghai; the groups post at 09:00.
const clock = new TestClock(Date.parse("2026-03-02T00:30:00Z"));
let fake: FakeDiscord;
let database: OpenDatabase;
const bots: { bot: Bot; handled: string[] }[] = [];

beforeAll(async () => {
  database = await createDatabase({ inMemory: true });
  fake = await startFakeDiscord({
    guilds: GUILD_IDS.map((id, index) => ({ id, name: `Group ${index}`, channels: [{ id: channelOf(id), name: "daily-quiz" }] })),
    validToken: TOKEN,
    heartbeatIntervalMs: 500,
    now: () => clock.ms,
    shardCount: 2,
  });
  const items = await contentItems();
  for (const shardId of [0, 1]) {
    const study = createStudy({ db: database.db, items, clock: clock.now });
    if (shardId === 0) await study.syncContent();
    const bot = createBot({
      token: TOKEN,
      study,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" }),
      clock: clock.now,
      apiBase: fake.apiBase,
      tickMs: 0,
      answerCountDebounceMs: 5,
      shards: { ids: [shardId], count: 2 },
    });
    const handled: string[] = [];
    bot.client.on(Events.InteractionCreate, (interaction) => void handled.push(interaction.id));
    await bot.start();
    bots.push({ bot, handled });
  }
}, 180_000);

afterAll(async () => {
  for (const { bot } of bots) await bot.stop();
  await fake?.close();
  await database?.close();
});

describe("two bot processes with a shard each", () => {
  it("each sees only the guilds of its shard", () => {
    expect(GUILD_IDS.map((id) => shardOfGuild(id, 2))).toEqual([0, 1, 0, 1, 0, 1]);
    for (const [shardId, { bot }] of bots.entries()) {
      expect([...bot.client.guilds.cache.keys()].sort()).toEqual(GUILD_IDS.filter((id) => shardOfGuild(id, 2) === shardId).sort());
    }
  });

  it("handles every guild's /quiz setup once, in the process of the guild's shard", async () => {
    const handles = GUILD_IDS.map((guildId) =>
      fake.slashCommand({ ...ADMIN, guildId, channelId: channelOf(guildId), name: "quiz", subcommand: "setup", options: { time: "09:00", timezone: "Asia/Shanghai", questions: 1 } }),
    );
    for (const handle of handles) {
      const reply = await handle.waitForReply();
      expect(reply.ephemeral).toBe(true);
      const owner = shardOfGuild(handle.guildId!, 2);
      expect(bots[owner]!.handled.filter((id) => id === handle.id)).toHaveLength(1);
      expect(bots[1 - owner]!.handled).not.toContain(handle.id);
      expect(handle.replies.filter((r) => r.kind === "callback" || r.kind === "edit-original").length).toBeGreaterThan(0);
    }
    await Promise.all(bots.map(({ bot }) => bot.idle()));
    expect(fake.rejections).toEqual([]);
  });

  it("posts each group's daily quiz from the process of its shard, exactly once between them", async () => {
    clock.set("2026-03-02T01:00:00Z");
    await bots[0]!.bot.runDailyCycle();
    const posted = (guildId: string) => fake.channelMessages(channelOf(guildId)).filter((message) => message.interactionId === null).length;
    expect(GUILD_IDS.map(posted)).toEqual([1, 0, 1, 0, 1, 0]);

    await Promise.all([bots[0]!.bot.runDailyCycle(), bots[1]!.bot.runDailyCycle(), bots[1]!.bot.runDailyCycle()]);
    expect(GUILD_IDS.map(posted)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(fake.enforcedRateLimits).toEqual([]);
    expect(fake.rejections).toEqual([]);
  });
});
