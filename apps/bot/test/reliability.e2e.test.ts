// Once per interaction, a channel that refuses the bot, a reveal that fails and a post whose
// claimer died after sending: through the local Discord, on PGlite.
import { ChannelType } from "discord.js";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStudy } from "@recall/study";
import { PermissionBits } from "@recall/discord-fake";
import { createBot } from "../src/bot.ts";
import { decodeCustomId } from "../src/custom-ids.ts";
import { sendChannelMessage } from "../src/jobs/channel-messages.ts";
import { renderDailyQuizPost } from "../src/presenters/index.ts";
import { ADMIN, ALICE, CHANNEL_ID, GUILD_ID, OTHER_CHANNEL_ID, TOKEN, TestClock, buttonIds, contentItems, embedText, livePosts, startHarness, type Harness } from "./harness.ts";

// Each test starts a bot and a local Discord; on a loaded two-core machine that takes a while.
vi.setConfig({ testTimeout: 240_000 });

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const at = { guildId: GUILD_ID, channelId: CHANNEL_ID };

async function setUp(clock: TestClock): Promise<Harness> {
  const harness = await startHarness({ clock });
  const setup = harness.fake.slashCommand({ ...ADMIN, ...at, name: "quiz", subcommand: "setup", options: { time: "09:00", timezone: "Asia/Shanghai" } });
  await setup.waitForReply((r) => r.kind === "edit-original");
  return harness;
}

const answerButtons = (message: { components: unknown[] }) => buttonIds(message).filter((id) => decodeCustomId(id)?.kind === "answer");

describe("once per interaction id", () => {
  it("acknowledges a re-delivered interaction once, with no second callback", async () => {
    h = await setUp(new TestClock(Date.parse("2026-03-02T00:00:00Z")));
    const status = h.fake.slashCommand({ ...ADMIN, ...at, name: "quiz", subcommand: "status" });
    await status.waitForReply((r) => r.kind === "edit-original");
    h.fake.redeliver(status);
    h.fake.redeliver(status);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await h.bot.idle();
    expect(status.timeline.filter((event) => event.kind === "callback")).toHaveLength(1);
    expect(h.fake.rejections).toEqual([]);
  });

  it("lets one of two processes on one database answer an interaction both receive", async () => {
    const clock = new TestClock(Date.parse("2026-03-02T00:00:00Z"));
    h = await setUp(clock);
    const second = createBot({
      token: TOKEN,
      study: createStudy({ db: h.database.db, items: await contentItems(), clock: clock.now }),
      logger: pino({ level: "silent" }),
      clock: clock.now,
      apiBase: h.fake.apiBase,
      tickMs: 0,
    });
    await second.start();
    try {
      await h.fake.waitForConnectedSessions(2);
      const handles = [0, 1, 2].map(() => h!.fake.slashCommand({ ...ALICE, ...at, name: "settings" }));
      for (const handle of handles) await handle.waitForReply((r) => r.kind === "edit-original");
      await Promise.all([h.bot.idle(), second.idle()]);
      for (const handle of handles) expect(handle.timeline.filter((event) => event.kind === "callback")).toHaveLength(1);
      expect(h.fake.rejections).toEqual([]);
    } finally {
      await second.stop();
    }
  });
});

describe("a channel the bot may not post in", () => {
  it("pauses the group with the reason, stops retrying, and /quiz status says how to fix it", async () => {
    const clock = new TestClock(Date.parse("2026-03-02T00:00:00Z"));
    h = await setUp(clock);
    h.fake.setBotPermissions(CHANNEL_ID, PermissionBits.ViewChannel);
    clock.set("2026-03-02T01:00:00Z");
    await h.bot.runDailyCycle();
    expect(livePosts(h.fake)).toHaveLength(0);
    const posts = () => h!.fake.requests.filter((r) => r.method === "POST" && r.path.endsWith(`/channels/${CHANNEL_ID}/messages`)).length;
    const tried = posts();
    expect(tried).toBe(1);
    clock.advance(5 * 60_000);
    await h.bot.runDailyCycle();
    expect(posts()).toBe(tried);

    const status = h.fake.slashCommand({ ...ADMIN, locale: "en-US", ...at, name: "quiz", subcommand: "status" });
    const text = embedText(await status.waitForReply((r) => r.kind === "edit-original"));
    expect(text).toContain("Paused: the last post was refused.");
    expect(text).toContain(`Recall may not post in <#${CHANNEL_ID}>.`);
    expect(text).toContain("/quiz resume");

    // Fixed and resumed: the day's post goes out.
    h.fake.setBotPermissions(CHANNEL_ID, null);
    await h.fake.slashCommand({ ...ADMIN, ...at, name: "quiz", subcommand: "resume" }).waitForReply((r) => r.kind === "edit-original");
    clock.advance(3 * 60_000);
    await h.bot.runDailyCycle();
    expect(livePosts(h.fake)).toHaveLength(1);
  });

  it("tells /quiz now the problem and the fix instead of a generic apology", async () => {
    const clock = new TestClock(Date.parse("2026-03-02T01:00:00Z"));
    h = await setUp(clock);
    h.fake.setBotPermissions(CHANNEL_ID, 0n);
    // The command comes from another channel the bot can use; the group's channel refuses it.
    const now = h.fake.slashCommand({ ...ADMIN, locale: "en-US", ...at, name: "quiz", subcommand: "now" });
    const text = embedText(await now.waitForReply((r) => r.kind === "edit-original"));
    expect(text).toContain(`Recall cannot see <#${CHANNEL_ID}>.`);
    expect(text).not.toContain("Sorry");
  });

  it("checks the bot's permissions before /quiz setup changes anything", async () => {
    h = await startHarness({ clock: new TestClock(Date.parse("2026-03-02T00:00:00Z")) });
    h.fake.setBotPermissions(CHANNEL_ID, PermissionBits.ViewChannel);
    const setup = h.fake.slashCommand({ ...ADMIN, locale: "en-US", ...at, name: "quiz", subcommand: "setup", options: { time: "09:00", timezone: "Asia/Shanghai" } });
    expect(embedText(await setup.waitForReply((r) => r.kind === "edit-original"))).toContain("Recall cannot post in");
    const status = h.fake.slashCommand({ ...ADMIN, locale: "en-US", ...at, name: "quiz", subcommand: "status" });
    expect(embedText(await status.waitForReply((r) => r.kind === "edit-original"))).not.toContain("Study group settings");
  });
});

// Discord sends the bot's permissions with a channel option (app_permissions, since July 2026);
// without them, the bot computes them from its cache. Both must come to the same answer.
describe.each([
  { how: "told by Discord with the option", resolvedChannelAppPermissions: true },
  { how: "computed from the cache", resolvedChannelAppPermissions: false },
])("/quiz setup naming another channel, its permissions $how", ({ resolvedChannelAppPermissions }) => {
  const start = (clock: TestClock) => startHarness({ clock, resolvedChannelAppPermissions });
  const setupIn = (channelId: string, locale: string) =>
    h!.fake.slashCommand({
      ...ADMIN,
      locale,
      ...at,
      name: "quiz",
      subcommand: "setup",
      options: { channel: channelId, time: "09:00", timezone: "Asia/Shanghai" },
    });
  const statusOf = async (channelId: string) =>
    embedText(await h!.fake.slashCommand({ ...ADMIN, locale: "en-US", guildId: GUILD_ID, channelId, name: "quiz", subcommand: "status" }).waitForReply((r) => r.kind === "edit-original"));
  const channelLookups = () => h!.fake.requests.filter((r) => r.path.endsWith(`/channels/${OTHER_CHANNEL_ID}`)).length;

  it("refuses a channel the bot may see but not post in (or not embed in), in the admin's language, without asking Discord", async () => {
    h = await start(new TestClock(Date.parse("2026-03-02T00:00:00Z")));
    // Changed while the bot runs: its cache follows Discord's CHANNEL_UPDATE.
    h.fake.setBotPermissions(OTHER_CHANNEL_ID, PermissionBits.ViewChannel);
    const english = embedText(await setupIn(OTHER_CHANNEL_ID, "en-US").waitForReply((r) => r.kind === "edit-original"));
    expect(english).toContain(`Recall cannot post in <#${OTHER_CHANNEL_ID}> yet`);
    expect(english).toContain("Nothing was changed.");
    const chinese = embedText(await setupIn(OTHER_CHANNEL_ID, "zh-CN").waitForReply((r) => r.kind === "edit-original"));
    expect(chinese).toContain(`Recall 还不能在 <#${OTHER_CHANNEL_ID}> 发布`);

    h.fake.setBotPermissions(OTHER_CHANNEL_ID, PermissionBits.ViewChannel | PermissionBits.SendMessages);
    const withoutEmbeds = embedText(await setupIn(OTHER_CHANNEL_ID, "en-US").waitForReply((r) => r.kind === "edit-original"));
    expect(withoutEmbeds).toContain(`Recall cannot post in <#${OTHER_CHANNEL_ID}> yet`);

    expect(await statusOf(OTHER_CHANNEL_ID)).not.toContain("Study group settings");
    expect(channelLookups()).toBe(0);
    expect(h.fake.rejections).toEqual([]);
  });

  it("sets up a channel where the bot may post, and its daily quiz goes there", async () => {
    const clock = new TestClock(Date.parse("2026-03-02T00:00:00Z"));
    h = await start(clock);
    // Refused at first, then fixed by an admin while the bot runs: the fix reaches its cache too.
    h.fake.setBotPermissions(OTHER_CHANNEL_ID, PermissionBits.ViewChannel);
    h.fake.setBotPermissions(OTHER_CHANNEL_ID, PermissionBits.ViewChannel | PermissionBits.SendMessages | PermissionBits.EmbedLinks);
    const reply = embedText(await setupIn(OTHER_CHANNEL_ID, "en-US").waitForReply((r) => r.kind === "edit-original"));
    expect(reply).not.toContain("cannot post");
    expect(reply).toContain(`<#${OTHER_CHANNEL_ID}>`);
    expect(await statusOf(OTHER_CHANNEL_ID)).toContain("Study group settings");
    clock.set("2026-03-02T01:00:00Z");
    await h.bot.runDailyCycle();
    expect(h.fake.channelMessages(OTHER_CHANNEL_ID).filter((m) => m.interactionId === null)).toHaveLength(1);
    expect(channelLookups()).toBe(0);
    expect(h.fake.rejections).toEqual([]);
  });

  // Only when Discord sends them: a cache that lost the channel has nothing else to go by.
  if (resolvedChannelAppPermissions) {
    it("goes by what Discord sent, whatever the cache holds", async () => {
      h = await start(new TestClock(Date.parse("2026-03-02T00:00:00Z")));
      h.fake.setBotPermissions(OTHER_CHANNEL_ID, PermissionBits.ViewChannel);
      const client = h.bot.client;
      const cachedOverwrites = () => {
        const channel = client.channels.cache.get(OTHER_CHANNEL_ID);
        return channel?.type === ChannelType.GuildText ? channel.permissionOverwrites.cache.size : 0;
      };
      await vi.waitFor(() => expect(cachedOverwrites()).toBe(1)); // the CHANNEL_UPDATE has arrived
      // Forgotten by the cache: discord.js rebuilds it from the option's partial channel, without
      // overwrites, so only the permissions sent with the option still say the bot may not post.
      client.channels.cache.delete(OTHER_CHANNEL_ID);
      client.guilds.cache.get(GUILD_ID)?.channels.cache.delete(OTHER_CHANNEL_ID);
      const refused = embedText(await setupIn(OTHER_CHANNEL_ID, "en-US").waitForReply((r) => r.kind === "edit-original"));
      expect(refused).toContain(`Recall cannot post in <#${OTHER_CHANNEL_ID}> yet`);
      expect(channelLookups()).toBe(0);
    });
  }

  it("still judges the command's own channel by the interaction's app_permissions", async () => {
    h = await start(new TestClock(Date.parse("2026-03-02T00:00:00Z")));
    h.fake.setBotPermissions(CHANNEL_ID, PermissionBits.ViewChannel | PermissionBits.SendMessages);
    const refused = embedText(await setupIn(CHANNEL_ID, "en-US").waitForReply((r) => r.kind === "edit-original"));
    expect(refused).toContain(`Recall cannot post in <#${CHANNEL_ID}> yet`);
    h.fake.setBotPermissions(CHANNEL_ID, null);
    const done = embedText(await setupIn(CHANNEL_ID, "en-US").waitForReply((r) => r.kind === "edit-original"));
    expect(done).not.toContain("cannot post");
    expect(h.fake.requests.filter((r) => r.path.endsWith(`/channels/${CHANNEL_ID}`))).toHaveLength(0);
  });
});

describe("posts and reveals with their own state", () => {
  it("retries a reveal Discord failed, keeps the buttons live meanwhile, and sends it once", async () => {
    const clock = new TestClock(Date.parse("2026-03-02T00:00:00Z"));
    h = await setUp(clock);
    clock.set("2026-03-02T01:00:00Z");
    await h.bot.runDailyCycle();
    const post = livePosts(h.fake)[0]!;
    clock.set("2026-03-03T00:59:00Z");
    // Discord fails every attempt discord.js makes at the first reveal message.
    for (let i = 0; i < 6; i++) h.fake.failNext({ method: "POST", path: `/channels/${CHANNEL_ID}/messages` }, { status: 502 });
    clock.set("2026-03-03T01:00:00Z");
    h.fake.setBotPermissions(CHANNEL_ID, null);
    await h.bot.runDailyCycle();
    expect(h.fake.injectedFailures.length).toBeGreaterThan(0);
    expect(answerButtons(h.fake.message(post.id)!)).toHaveLength(1);
    // Remaining injected failures used up by the next attempt, then it goes through once.
    // A reveal of several messages may fail part-way: the parts already sent are not sent again (nonce).
    for (let round = 0; round < 8 && answerButtons(h.fake.message(post.id)!).length > 0; round++) {
      clock.advance(3 * 60_000);
      await h.bot.runDailyCycle();
    }
    const reveals = h.fake.channelMessages(CHANNEL_ID).filter((m) => m.id !== post.id && m.interactionId === null);
    expect(reveals.length).toBeGreaterThan(0);
    expect(answerButtons(h.fake.message(post.id)!)).toHaveLength(0);
    const firstLines = reveals.map((m) => embedText(m));
    expect(new Set(firstLines).size).toBe(firstLines.length);
    const count = h.fake.channelMessages(CHANNEL_ID).length;
    clock.advance(10 * 60_000);
    await h.bot.runDailyCycle();
    expect(h.fake.channelMessages(CHANNEL_ID)).toHaveLength(count);
    expect(h.fake.rejections).toEqual([]);
  });

  it("finds the post a crashed claimer already sent instead of posting it again", async () => {
    const clock = new TestClock(Date.parse("2026-03-02T01:00:00Z"));
    h = await setUp(clock);
    const [due] = await h.study.duePosts();
    const quiz = await h.study.claimDailyQuiz(due!);
    // Sent, then the process died before recording it.
    await sendChannelMessage(h.bot.client, CHANNEL_ID, renderDailyQuizPost(quiz!, "zh-CN"), `p${quiz!.postId}`);
    expect(livePosts(h.fake)).toHaveLength(1);
    clock.advance(3 * 60_000);
    await h.bot.runDailyCycle();
    expect(livePosts(h.fake)).toHaveLength(1);
    const status = await h.study.dailyQuiz(quiz!.postId);
    expect(status?.messageId).toBe(livePosts(h.fake)[0]!.id);
  });
});
