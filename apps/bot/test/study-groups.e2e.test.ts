// Study-group features end to end through the local Discord: leaderboards with paging, the weak
// follow-up drill, stats with a chart, the weekly summary, and a member's own data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMemberByDiscordId } from "@recall/db";
import { FakePermissions, type InteractionHandle } from "@recall/discord-fake";
import { decodeCustomId, type CustomId } from "../src/custom-ids.ts";
import { ADMIN, ALICE, BOB, CHANNEL_ID, GUILD_ID, TestClock, buttonIds, embedText, livePosts, startHarness, type Harness } from "./harness.ts";

function button(message: { components: unknown[] }, kind: CustomId["kind"], predicate: (id: CustomId) => boolean = () => true): string {
  const id = buttonIds(message).find((candidate) => {
    const decoded = decodeCustomId(candidate);
    return decoded?.kind === kind && predicate(decoded);
  });
  if (!id) throw new Error(`no ${kind} button among ${buttonIds(message).join(", ")}`);
  return id;
}

const GOOD_Q090 =
  "先定位错误属于数据、工具还是上下文，缺资料先修系统。提示和记忆只改变输入，不等于训练。SFT 用示范，DPO 用偏好对，Agent RL 用环境奖励。最后用独立任务和坏例验收。";

// Monday 2 March 2026, 08:00 in Shanghai.
const clock = new TestClock(Date.parse("2026-03-02T00:00:00Z"));
let h: Harness;

function member(n: number) {
  return {
    user: { id: `3000000000000000${String(n).padStart(2, "0")}`, username: `member${n}`, globalName: `Member ${n}` },
    permissions: FakePermissions.member,
    locale: "en-US",
  };
}

async function answer(actor: typeof ALICE, text: string): Promise<InteractionHandle> {
  const post = livePosts(h.fake).find((m) => buttonIds(m).some((id) => decodeCustomId(id)?.kind === "answer"))!;
  const click = h.fake.clickButton({ ...actor, messageId: post.id, customId: button(post, "answer") });
  await click.firstResponse();
  const submit = h.fake.submitModal({ modalOf: click, fields: { answer: text } });
  await submit.waitForReply((r) => r.kind === "edit-original");
  return submit;
}

beforeAll(async () => {
  h = await startHarness({ clock });
  const setup = h.fake.slashCommand({
    ...ADMIN,
    guildId: GUILD_ID,
    channelId: CHANNEL_ID,
    name: "quiz",
    subcommand: "setup",
    options: { time: "09:00", timezone: "Asia/Shanghai" },
  });
  await setup.waitForReply();
  clock.set("2026-03-02T01:00:00Z");
  await h.bot.runDailyCycle();
  // Twelve members answer, better and worse, so the board has two pages.
  await answer(ALICE, GOOD_Q090);
  await answer(BOB, "不知道");
  for (let n = 1; n <= 10; n++) await answer(member(n), n % 2 === 0 ? "SFT 用示范数据训练。" : "先定位是数据还是工具问题。");
  await h.bot.idle();
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

describe("study groups through a local Discord", () => {
  it("ranks the group this week by graded score, in pages, in the member's language", async () => {
    const handle = h.fake.slashCommand({ ...ALICE, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "leaderboard", options: { scope: "group", period: "week" } });
    const board = await handle.waitForReply((r) => r.kind === "edit-original");
    expect(board.ephemeral).toBe(true);
    const text = embedText(board);
    expect(text).toContain("排行榜");
    expect(text.split("\n").find((line) => line.startsWith("1."))).toContain("Alice");
    expect(text).toContain("1/2");
    const next = h.fake.clickButton({ ...ALICE, messageId: board.messageId, customId: button(board, "leaderboard-page", (id) => id.kind === "leaderboard-page" && id.page === 1) });
    const page2 = await next.waitForReply((r) => r.kind === "edit-original");
    expect(embedText(page2)).toContain("2/2");
    expect(embedText(page2)).toMatch(/^11\./m);

    // A member on the second page still sees their own place on the first.
    const low = h.fake.slashCommand({ ...member(10), guildId: GUILD_ID, channelId: CHANNEL_ID, name: "leaderboard", options: { scope: "group", period: "week" } });
    expect(embedText(await low.waitForReply((r) => r.kind === "edit-original"))).toMatch(/You: #1[12] with \d+ points/);

    const english = h.fake.slashCommand({ ...BOB, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "leaderboard", options: { scope: "server", period: "all" } });
    expect(embedText(await english.waitForReply((r) => r.kind === "edit-original"))).toContain("Leaderboard");
  });

  it("lists in /weak the follow-ups of a question just missed, as new, before any review; nothing for a member who missed nothing", async () => {
    const weak = h.fake.slashCommand({ ...BOB, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "weak" });
    const list = await weak.waitForReply();
    expect(list.ephemeral).toBe(true);
    const lines = embedText(list).split("\n").filter((line) => /^\d+\./.test(line));
    const followUps = [...h.study.items.values()].filter((item) => item.parentId === "Q090" && item.kind === "followup").map((item) => item.id);
    expect(lines).toHaveLength(followUps.length);
    lines.forEach((line, index) => {
      expect(line).toContain(followUps[index]);
      expect(line).toContain("new, from your miss on Q090");
    });
    expect(buttonIds(list).map((id) => decodeCustomId(id))).toEqual(followUps.map((itemId) => ({ kind: "drill", itemId, reps: 0 })));

    const none = h.fake.slashCommand({ ...ALICE, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "weak" });
    expect(embedText(await none.waitForReply())).toContain("还没有薄弱的追问");
  });

  it("introduces the follow-ups of a missed question, then drills the weakest from /weak", async () => {
    // Bob missed Q090: its follow-ups are due for him at once.
    const review = h.fake.slashCommand({ ...BOB, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "review" });
    const prompt = await review.waitForReply();
    expect(embedText(prompt)).toMatch(/Q090(\.f\d)?/);

    // He reviews a follow-up and forgets it: it becomes one of his weak follow-ups.
    const bob = await getMemberByDiscordId(h.database.db, BOB.user.id);
    expect(bob).not.toBeNull();
    const rated = await h.study.selfRate({ deliveryKey: "bob-f1", member: { userId: BOB.user.id, serverId: GUILD_ID, displayName: "Bob", locale: "en-US" }, itemId: "Q090.f1", rating: "again" });
    expect(rated.rating).toBe("again");

    const weak = h.fake.slashCommand({ ...BOB, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "weak" });
    const list = await weak.waitForReply();
    expect(embedText(list)).toContain("Q090.f1");
    const drill = h.fake.clickButton({ ...BOB, messageId: list.messageId, customId: button(list, "drill", (id) => id.kind === "drill" && id.itemId === "Q090.f1") });
    await drill.firstResponse();
    expect(String(drill.modal().title)).toContain("Q090.f1");
    const submit = h.fake.submitModal({ modalOf: drill, fields: { answer: "可以。SFT 用示范，DPO 用偏好对，不需要标量奖励。" } });
    const result = await submit.waitForReply((r) => r.kind === "edit-original");
    expect(embedText(result)).toMatch(/\d+\/100/);
  });

  it("shows stats with a PNG chart attached", async () => {
    const handle = h.fake.slashCommand({ ...ALICE, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "stats" });
    const reply = await handle.waitForReply((r) => r.kind === "edit-original");
    expect(embedText(reply)).toContain("学习统计");
    const chart = reply.attachments.find((a) => a.filename.endsWith(".png"));
    expect(chart).toBeDefined();
    expect(chart!.bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect(chart!.size).toBeGreaterThan(5_000);
    expect(reply.embeds[0]?.image?.url).toBe(`attachment://${chart!.filename}`);
  });

  it("posts the weekly summary once, at the start of the group's next week", async () => {
    clock.set("2026-03-09T01:00:30Z"); // Monday 9 March, 09:00 in Shanghai
    await h.bot.runDailyCycle();
    await h.bot.runDailyCycle();
    const summaries = livePosts(h.fake).filter((m) => /Weekly summary|本周小结/.test(embedText(m)));
    expect(summaries).toHaveLength(1);
    expect(embedText(summaries[0]!)).toContain("Alice");
    expect(summaries[0]!.allowedMentions).toEqual({ parse: [] });
  });

  it("exports a member's data as JSON and forgets it after confirmation", async () => {
    const exported = h.fake.slashCommand({ ...ALICE, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "me", subcommand: "export" });
    const reply = await exported.waitForReply((r) => r.kind === "edit-original");
    const file = reply.attachments.find((a) => a.filename.endsWith(".json"));
    const data = JSON.parse(file!.bytes.toString("utf8")) as { member: { discordUserId: string }; answers: { text: string }[] };
    expect(data.member.discordUserId).toBe(ALICE.user.id);
    expect(data.answers.map((a) => a.text)).toContain(GOOD_Q090);

    const forget = h.fake.slashCommand({ ...ALICE, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "me", subcommand: "forget" });
    const confirm = await forget.waitForReply();
    expect(await getMemberByDiscordId(h.database.db, ALICE.user.id)).not.toBeNull(); // nothing yet
    const yes = h.fake.clickButton({ ...ALICE, messageId: confirm.messageId, customId: button(confirm, "forget-confirm") });
    await yes.waitForReply((r) => r.content.length > 0 && r.components.length === 0);
    expect(await getMemberByDiscordId(h.database.db, ALICE.user.id)).toBeNull();
  });

  it("sends nothing Discord would reject", () => {
    expect(h.fake.rejections).toEqual([]);
    expect(h.fake.unknownRoutes).toEqual([]);
  });
});
