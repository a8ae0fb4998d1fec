// The daily quiz loop end to end: the real discord.js client against the local Discord, the real
// study domain on PGlite, and a clock the test moves. Scenarios share one database and build on
// each other in order, the way a study group's week does.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getCard, getMemberByDiscordId } from "@recall/db";
import { decodeCustomId, type CustomId } from "../src/custom-ids.ts";
import type { InteractionHandle } from "@recall/discord-fake";
import { ADMIN, ALICE, BOB, CHANNEL_ID, GUILD_ID, TestClock, buttonIds, embedText, livePosts, startHarness, type Harness } from "./harness.ts";

function button(message: { components: unknown[] }, kind: CustomId["kind"]): string {
  const id = buttonIds(message).find((candidate) => decodeCustomId(candidate)?.kind === kind);
  if (!id) throw new Error(`no ${kind} button among ${buttonIds(message).join(", ")}`);
  return id;
}

// Monday 2 March 2026, 08:30 in Shanghai (00:30 UTC).
const clock = new TestClock(Date.parse("2026-03-02T00:30:00Z"));
let h: Harness;
/** Alice's answer button click, whose modal she submits (and, later, submits again). */
let aliceClick: InteractionHandle;

beforeAll(async () => {
  h = await startHarness({ clock });
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

describe("the daily quiz loop through a local Discord", () => {
  it("logs in and registers every command with Chinese localisations", () => {
    const names = h.fake.commands().map((command) => command.name).sort();
    expect(names).toEqual(expect.arrayContaining(["quiz", "review", "settings"]));
    const quiz = h.fake.commands().find((command) => command.name === "quiz");
    expect(quiz?.name_localizations).toHaveProperty("zh-CN", "测验");
    expect(quiz?.default_member_permissions).toBe("32");
  });

  it("refuses /quiz setup from a member without Manage Server, and changes nothing", async () => {
    const handle = h.fake.slashCommand({
      ...ALICE,
      guildId: GUILD_ID,
      channelId: CHANNEL_ID,
      name: "quiz",
      subcommand: "setup",
      options: { time: "09:00", timezone: "Asia/Shanghai" },
    });
    const reply = await handle.waitForReply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toContain("管理服务器");
    await expect(h.study.groupStatus({ serverId: GUILD_ID, channelId: CHANNEL_ID })).rejects.toThrow(/no study group/);
  });

  it("lets an admin set the group up, and validates the time and timezone", async () => {
    const bad = h.fake.slashCommand({
      ...ADMIN,
      guildId: GUILD_ID,
      channelId: CHANNEL_ID,
      name: "quiz",
      subcommand: "setup",
      options: { time: "25:00", timezone: "Asia/Shanghai" },
    });
    expect((await bad.waitForReply()).content).toMatch(/HH:MM/);

    const handle = h.fake.slashCommand({
      ...ADMIN,
      guildId: GUILD_ID,
      channelId: CHANNEL_ID,
      name: "quiz",
      subcommand: "setup",
      options: { time: "09:00", timezone: "Asia/Shanghai", questions: 1 },
    });
    const reply = await handle.waitForReply();
    expect(reply.ephemeral).toBe(true);
    expect(embedText(reply)).toContain("09:00");
    const status = await h.study.groupStatus({ serverId: GUILD_ID, channelId: CHANNEL_ID });
    expect(status).toMatchObject({ dailyTime: "09:00", timezone: "Asia/Shanghai", questionsPerDay: 1, paused: false });
  });

  it("posts the daily quiz at the group's local time, exactly once", async () => {
    await h.bot.runDailyCycle();
    expect(livePosts(h.fake)).toHaveLength(0); // 08:30 local: not yet

    clock.set("2026-03-02T01:00:00Z"); // 09:00 in Shanghai
    await h.bot.runDailyCycle();
    await h.bot.runDailyCycle();
    const posts = livePosts(h.fake);
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(embedText(post)).toContain("Q090"); // P0 first
    expect(post.allowedMentions).toEqual({ parse: [] });
    expect(buttonIds(post).map((id) => decodeCustomId(id)?.kind)).toEqual(["answer", "hint", "reveal"]);
  });

  it("grades an answer privately, stores the card, and lets the member override the rating", async () => {
    const post = livePosts(h.fake)[0]!;
    const click = h.fake.clickButton({ ...ALICE, messageId: post.id, customId: button(post, "answer") });
    aliceClick = click;
    await click.firstResponse();
    const modal = click.modal();
    expect(String(modal.title).length).toBeLessThanOrEqual(45);

    const submit = h.fake.submitModal({
      modalOf: click,
      fields: {
        answer:
          "先定位错误属于数据、工具还是上下文，缺资料先修系统。提示和记忆只改变输入，不等于训练。SFT 用示范，DPO 用偏好对，Agent RL 用环境奖励。最后用独立任务和坏例验收。",
      },
    });
    const result = await submit.waitForReply((reply) => reply.kind === "edit-original");
    expect(result.ephemeral).toBe(true);
    expect(result.allowedMentions).toEqual({ parse: [] });
    const text = embedText(result);
    expect(text).toMatch(/\d+\/100/);
    expect(text).toContain("✅");

    const member = await getMemberByDiscordId(h.database.db, ALICE.user.id);
    const card = await getCard(h.database.db, member!.id, "Q090");
    expect(card?.reps).toBe(1);
    const dueBefore = card!.due;

    const override = h.fake.clickButton({ ...ALICE, messageId: result.messageId, customId: button(result, "override") });
    const overridden = await override.waitForReply((reply) => reply.kind === "edit-original" || reply.kind === "callback");
    expect(overridden.ephemeral).toBe(true);
    const after = await getCard(h.database.db, member!.id, "Q090");
    expect(after?.reps).toBe(1); // undone and redone, not stacked
    expect(after?.due).not.toBe(dueBefore);

    // Only the member who answered may override (Discord shows the ephemeral result to her alone;
    // the domain refuses anyone else all the same).
    const answerId = (decodeCustomId(button(result, "override")) as { answerId: string }).answerId;
    await expect(
      h.study.overrideRating({ member: { userId: BOB.user.id, serverId: GUILD_ID, displayName: "Bob", locale: "en-US" }, answerId, rating: "easy" }),
    ).rejects.toMatchObject({ code: "override-not-yours" });
  });

  it("shows the first result to a second submission and counts nothing twice", async () => {
    const post = livePosts(h.fake)[0]!;
    const again = h.fake.submitModal({ modalOf: aliceClick, fields: { answer: "完全不同的第二次回答" } });
    const reply = await again.waitForReply((r) => r.kind === "edit-original");
    expect(embedText(reply)).toMatch(/已经|already/i);

    const click = h.fake.clickButton({ ...ALICE, messageId: post.id, customId: button(post, "answer") });
    const first = await click.firstResponse();
    expect(first.type).not.toBe(9); // no second form: the first result instead

    const member = await getMemberByDiscordId(h.database.db, ALICE.user.id);
    expect((await getCard(h.database.db, member!.id, "Q090"))?.reps).toBe(1);
  });

  it("keeps the post's answer count current without showing anyone's text", async () => {
    const post = livePosts(h.fake)[0]!;
    const click = h.fake.clickButton({ ...BOB, messageId: post.id, customId: button(post, "reveal") });
    const reply = await click.waitForReply((r) => r.kind === "edit-original");
    expect(reply.ephemeral).toBe(true);
    await h.bot.idle();
    const updated = h.fake.message(post.id)!;
    expect(updated.history.length).toBeGreaterThan(1);
    expect(embedText(updated)).toMatch(/2/);
    expect(embedText(updated)).not.toContain("先定位错误");
  });

  it("answers a restart between the post and the answers without losing anything", async () => {
    await h.restart();
    const post = livePosts(h.fake)[0]!;
    const click = h.fake.clickButton({
      user: { id: "200000000000000004", username: "carol" },
      messageId: post.id,
      customId: button(post, "answer"),
    });
    await click.firstResponse();
    const submit = h.fake.submitModal({ modalOf: click, fields: { answer: "SFT 需要示范数据，DPO 需要偏好对。" } });
    const result = await submit.waitForReply((r) => r.kind === "edit-original");
    expect(embedText(result)).toMatch(/\d+\/100/);
    await h.bot.runDailyCycle();
    expect(livePosts(h.fake)).toHaveLength(1);
  });

  it("reveals at close and posts the next day's quiz", async () => {
    clock.set("2026-03-03T01:00:30Z"); // Tuesday 09:00:30 in Shanghai
    await h.bot.runDailyCycle();
    const messages = livePosts(h.fake);
    const reveal = messages.find((m) => m.components.length === 0);
    expect(reveal).toBeDefined();
    expect(embedText(reveal!)).toContain("Alice");
    const open = messages.filter((m) => buttonIds(m).some((id) => decodeCustomId(id)?.kind === "answer"));
    expect(open).toHaveLength(1); // yesterday's post is closed: its buttons are disabled
    expect(embedText(open[0]!)).not.toContain("Q090"); // and its question is not repeated today
    expect(messages.filter((m) => m.components.length > 0)).toHaveLength(2);
  });

  it("walks a member through due items with /review", async () => {
    clock.set("2026-03-20T01:00:00Z");
    const handle = h.fake.slashCommand({ ...ALICE, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "review" });
    const prompt = await handle.waitForReply();
    expect(prompt.ephemeral).toBe(true);
    expect(embedText(prompt)).toContain("Q090");
    const show = h.fake.clickButton({ ...ALICE, messageId: prompt.messageId, customId: button(prompt, "review-show") });
    const shown = await show.waitForReply((r) => r.kind !== "callback" || r.content !== prompt.content);
    const rate = h.fake.clickButton({ ...ALICE, messageId: shown.messageId, customId: button(shown, "self-rate") });
    await rate.waitForReply((r) => r.kind === "edit-original" || r.kind === "callback");
    const member = await getMemberByDiscordId(h.database.db, ALICE.user.id);
    expect((await getCard(h.database.db, member!.id, "Q090"))?.reps).toBe(2);
  });

  it("answers a failing handler with an apology and a reference, and keeps serving", async () => {
    const failing = vi.spyOn(h.study, "hint").mockImplementation(() => {
      throw new Error("simulated failure");
    });
    try {
      const post = livePosts(h.fake).find((m) => buttonIds(m).some((id) => decodeCustomId(id)?.kind === "hint"))!;
      const click = h.fake.clickButton({ ...BOB, messageId: post.id, customId: button(post, "hint") });
      const reply = await click.waitForReply();
      expect(reply.ephemeral).toBe(true);
      expect(reply.content).toContain(click.id); // the reference is the interaction id, also logged
    } finally {
      failing.mockRestore();
    }
    const post = livePosts(h.fake).find((m) => buttonIds(m).some((id) => decodeCustomId(id)?.kind === "hint"))!;
    const again = h.fake.clickButton({ ...BOB, messageId: post.id, customId: button(post, "hint") });
    expect((await again.waitForReply()).embeds.length).toBeGreaterThan(0);
  });

  it("opens the answer form in time even when the already-answered check is slow", async () => {
    // A form cannot be deferred: past its budget the check is not waited for. The check here
    // answers only when the test lets it, so the form can only come from the budget running out.
    let release: (() => void) | undefined;
    const slow = vi.spyOn(h.study, "existingAnswer").mockImplementation(
      () => new Promise((resolve) => (release = () => resolve(null))),
    );
    try {
      const post = livePosts(h.fake).find((m) => buttonIds(m).some((id) => decodeCustomId(id)?.kind === "answer"))!;
      const click = h.fake.clickButton({ ...BOB, messageId: post.id, customId: button(post, "answer") });
      await click.firstResponse();
      expect(click.modal()).toHaveProperty("custom_id");
      expect(release).toBeDefined();
    } finally {
      release?.();
      slow.mockRestore();
    }
  });

  it("tells a member whose button is from an unknown version to run the command again", async () => {
    const post = livePosts(h.fake)[0]!;
    const stale = h.fake.submitModal({ ...BOB, customId: "v0:old:format", guildId: GUILD_ID, channelId: CHANNEL_ID, fields: { answer: "x" } });
    expect((await stale.waitForReply()).content).toMatch(/expired|过期/);
    expect(post).toBeDefined();
  });

  it("sends nothing Discord would reject", () => {
    expect(h.fake.rejections).toEqual([]);
    expect(h.fake.unknownRoutes).toEqual([]);
  });
});

describe("a re-delivered interaction", () => {
  it("changes nothing: one answer, one review", async () => {
    clock.set("2026-03-20T02:00:00Z");
    const dave = { user: { id: "200000000000000009", username: "dave" }, locale: "en-US" };
    await h.bot.runDailyCycle();
    const post = livePosts(h.fake).find((m) => buttonIds(m).some((id) => decodeCustomId(id)?.kind === "answer"))!;
    const click = h.fake.clickButton({ ...dave, messageId: post.id, customId: button(post, "answer") });
    await click.firstResponse();
    const submit = h.fake.submitModal({ modalOf: click, fields: { answer: "SFT 需要示范数据，DPO 需要偏好对。" } });
    await submit.waitForReply((r) => r.kind === "edit-original");
    const itemId = (decodeCustomId(button(post, "answer")) as { itemId: string }).itemId;
    const member = await getMemberByDiscordId(h.database.db, dave.user.id);
    const before = await getCard(h.database.db, member!.id, itemId);

    h.fake.redeliver(submit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await h.bot.idle();
    // Not acknowledged a second time: no 40060 towards Discord's invalid-request limit.
    expect(submit.rejections()).toEqual([]);
    expect(submit.timeline.filter((event) => event.kind === "callback")).toHaveLength(1);
    expect(await getCard(h.database.db, member!.id, itemId)).toEqual(before);
    expect(before?.reps).toBe(1);
  });
});

describe("a daily post missed while the bot was down", () => {
  it("goes out when the bot comes back the same local day", async () => {
    const downClock = new TestClock(Date.parse("2026-03-02T00:00:00Z"));
    const other = await startHarness({ clock: downClock, startBot: true });
    try {
      await other.study.setupGroup(
        { userId: ADMIN.user.id, serverId: GUILD_ID, displayName: "Admin", locale: "zh-CN", canManageServer: true },
        { serverId: GUILD_ID, channelId: CHANNEL_ID, dailyTime: "09:00", timezone: "Asia/Shanghai" },
      );
      await other.bot.stop();
      downClock.set("2026-03-02T05:00:00Z"); // 13:00 local: the 09:00 post was missed
      await other.restart();
      expect(livePosts(other.fake)).toHaveLength(1);
    } finally {
      await other.stop();
    }
  }, 60_000);
});
