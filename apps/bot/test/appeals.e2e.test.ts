// Appeals end to end through the local Discord: a member appeals a grading from their result; an
// admin lists the server's appeals, rules a point hit and teaches the server the member's words;
// the member is told on their next command; the same words then hit in this server and not in
// another; a rejection with its reason; members without Manage Server are refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCard, getMemberByDiscordId } from "@recall/db";
import { FakePermissions } from "@recall/discord-fake";
import { decodeCustomId, encodeCustomId, type CustomId } from "../src/custom-ids.ts";
import { ADMIN, CHANNEL_ID, GUILD_ID, TestClock, buttonIds, embedText, startHarness, type Harness } from "./harness.ts";

const OTHER_GUILD_ID = "100000000000000011";
const OTHER_CHANNEL_ID = "100000000000000012";

/** Q090 with its last point (check on held-out tasks and bad cases) in words the bank does not list. */
const OWN_WORDS =
  "先定位错误属于数据、工具还是上下文，缺资料先修系统。提示和记忆只改变输入，不等于训练。SFT 用示范，DPO 用偏好对，Agent RL 用环境奖励。最后拿新题和翻车案例回测。";

const clock = new TestClock(Date.parse("2026-03-02T01:00:00Z"));
let h: Harness;
let sequence = 0;

function member(locale = "en-US") {
  sequence += 1;
  return {
    user: { id: `5000000000000000${String(sequence).padStart(2, "0")}`, username: `learner${sequence}`, globalName: `Learner ${sequence}` },
    permissions: FakePermissions.member,
    locale,
  };
}
type Actor = ReturnType<typeof member> | typeof ADMIN;
type Shown = { messageId: string; components: unknown[]; content: string; embeds: { title?: string; description?: string; fields?: { name: string; value: string }[]; footer?: { text: string } }[] };

function idOf(message: { components: unknown[] }, kind: CustomId["kind"]): string {
  const id = buttonIds(message).find((candidate) => decodeCustomId(candidate)?.kind === kind);
  if (!id) throw new Error(`no ${kind} button among ${buttonIds(message).join(", ")}`);
  return id;
}

/** The custom_ids of every component of a message, enabled or not. */
function componentIds(message: { components: unknown[] }): string[] {
  const ids: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === "object") {
      const record = node as Record<string, unknown>;
      if (typeof record.custom_id === "string") ids.push(record.custom_id);
      if (record.components) walk(record.components);
    }
  };
  walk(message.components);
  return ids;
}

/** A written answer to Q090 outside a daily post (as from /review), in the given server. */
async function answer(actor: Actor, text: string, guildId = GUILD_ID, channelId = CHANNEL_ID, itemId = "Q090"): Promise<Shown> {
  const submit = h.fake.submitModal({
    ...actor,
    guildId,
    channelId,
    customId: encodeCustomId({ kind: "answer-modal", postId: null, itemId, reps: null }),
    fields: { answer: text },
  });
  return submit.waitForReply((reply) => reply.kind === "edit-original");
}

function verdictLine(shown: Shown, pointText: string): string {
  // The key point's own line ("❌ **missed** …"), not the feedback line that may quote it.
  return embedText(shown).split("\n").find((line) => line.includes(pointText) && line.includes("**")) ?? "";
}

const K4_TEXT = "选型后用独立任务、坏例和成本验收";

async function appeal(actor: Actor, result: Shown, note: string): Promise<Shown> {
  const click = h.fake.clickButton({ ...actor, messageId: result.messageId, customId: idOf(result, "appeal") });
  await click.firstResponse();
  const submit = h.fake.submitModal({ modalOf: click, fields: { note } });
  return submit.waitForReply((reply) => reply.kind === "edit-original");
}

async function appealsCommand(actor: Actor): Promise<Shown> {
  const handle = h.fake.slashCommand({ ...actor, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "appeals" });
  return handle.waitForReply((reply) => reply.kind === "edit-original");
}

beforeAll(async () => {
  h = await startHarness({
    clock,
    extraGuilds: [{ id: OTHER_GUILD_ID, name: "Other Server", channels: [{ id: OTHER_CHANNEL_ID, name: "general" }] }],
  });
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

describe("appeals through a local Discord", () => {
  it("registers /appeals for Manage Server, in Chinese too", () => {
    const command = h.fake.commands().find((candidate) => candidate.name === "appeals");
    expect(command?.default_member_permissions).toBe("32");
    expect(command?.name_localizations).toHaveProperty("zh-CN", "申诉");
  });

  it("lets a member appeal, an admin accept with the member's words as aliases, and tells the member", async () => {
    const lee = member();
    const result = await answer(lee, OWN_WORDS);
    expect(verdictLine(result, K4_TEXT)).toContain("missed");
    expect(embedText(result)).toContain("Appeal below; the window closes");

    clock.advance(60_000);
    const filed = await appeal(lee, result, "回测 is how we say 验收 @everyone");
    expect(filed.content).toContain("Your appeal of Q090 is filed");
    // A second click and form count once.
    const again = await appeal(lee, result, "again");
    expect(again.content).toBe("You have already appealed this answer (waiting for a decision).");

    // A member without Manage Server is refused, even if Discord showed them the command.
    const refused = await appealsCommand(member());
    expect(refused.content).toContain("Manage Server");
    expect(componentIds(refused)).toEqual([]);

    const listed = await appealsCommand(ADMIN);
    const text = embedText(listed);
    expect(text).toContain("Appeal · Q090 · 1 waiting");
    expect(text).toContain(`<@${lee.user.id}>`);
    expect(text).toContain("最后拿新题和翻车案例回测");
    expect(text).toContain("❌ **k4** missed");
    expect(text).toContain("✅ **k1** hit");
    // The note is member text: escaped, and its mention broken.
    expect(text).toContain("@\u200beveryone");
    expect(listed.content).toContain("Choose the points the answer made");
    expect(buttonIds(listed).map((id) => decodeCustomId(id)?.kind)).toEqual(["appeal-reject"]);

    const selectId = componentIds(listed).find((id) => decodeCustomId(id)?.kind === "appeal-points")!;
    const select = h.fake.selectMenu({ ...ADMIN, messageId: listed.messageId, customId: selectId, values: ["k4"] });
    const chosen = await select.waitForReply((reply) => reply.kind === "edit-original");
    expect(chosen.content).toContain("Ruled hit: k4");
    const accept = h.fake.clickButton({ ...ADMIN, messageId: chosen.messageId, customId: idOf(chosen, "appeal-accept") });
    await accept.firstResponse();
    const form = JSON.stringify(accept.modal());
    // One input per concept of k4 the answer did not name, prefilled with its likeliest words.
    expect(form).toContain("alias.k4.0");
    expect(form).toContain("alias.k4.1");
    expect(form).toContain("最后拿新题和翻车案例回测");

    const cardBefore = await cardOf(lee.user.id);
    const decided = await h.fake
      .submitModal({ modalOf: accept, fields: { "alias.k4.0": "回测", "alias.k4.1": "翻车案例" } })
      .waitForReply((reply) => reply.kind === "edit-original");
    expect(decided.messageId).toBe(listed.messageId);
    expect(decided.content).toMatch(/Accepted <@\d+>'s appeal of Q090: \d+\/100 → \d+\/100\./);
    expect(decided.content).toContain("Their review was redone as");
    expect(decided.content).toContain("✅ k4: `回测` now counts as “验收” in this server.");
    expect(decided.content).toContain("✅ k4: `翻车案例` now counts as “独立任务” in this server.");
    expect(decided.content).toContain("No appeals are waiting in this server.");
    expect(decided.components).toEqual([]);
    const cardAfter = await cardOf(lee.user.id);
    expect(Date.parse(cardAfter!.due)).toBeGreaterThan(Date.parse(cardBefore!.due));

    // Told once, on the member's next command.
    const next = h.fake.slashCommand({ ...lee, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "weak" });
    const notice = await next.waitForReply((reply) => reply.kind === "followup");
    expect(notice.ephemeral).toBe(true);
    expect(notice.content).toMatch(/An admin accepted your appeal of Q090: your answer now scores \d+\/100/);
    const later = h.fake.slashCommand({ ...lee, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "weak" });
    await later.waitForReply((reply) => reply.kind === "edit-original");
    await clockTick();
    expect(later.replies.filter((reply) => reply.kind === "followup")).toEqual([]);

    // The same words now hit k4 in this server, and not in another one.
    expect(verdictLine(await answer(member(), OWN_WORDS), K4_TEXT)).toContain("hit");
    expect(verdictLine(await answer(member(), OWN_WORDS, OTHER_GUILD_ID, OTHER_CHANNEL_ID), K4_TEXT)).toContain("missed");
  });

  it("accepts but refuses an alias that would let an off-topic answer pass, and says why", async () => {
    const ned = member();
    const result = await answer(ned, "不知道", GUILD_ID, CHANNEL_ID, "Q091.f1");
    await appeal(ned, result, "");
    const listed = await appealsCommand(ADMIN);
    expect(embedText(listed)).toContain("Appeal · Q091.f1 · 1 waiting");
    const selectId = componentIds(listed).find((id) => decodeCustomId(id)?.kind === "appeal-points")!;
    const chosen = await h.fake
      .selectMenu({ ...ADMIN, messageId: listed.messageId, customId: selectId, values: ["k2"] })
      .waitForReply((reply) => reply.kind === "edit-original");
    const accept = h.fake.clickButton({ ...ADMIN, messageId: chosen.messageId, customId: idOf(chosen, "appeal-accept") });
    await accept.firstResponse();
    const inputs = JSON.stringify(accept.modal()).match(/alias\.k2\.\d/g) ?? [];
    const fields = Object.fromEntries(inputs.map((input, index) => [input, index === 0 ? "预算" : ""]));
    const decided = await h.fake.submitModal({ modalOf: accept, fields }).waitForReply((reply) => reply.kind === "edit-original");
    expect(decided.content).toMatch(/Accepted <@\d+>'s appeal of Q091\.f1/);
    expect(decided.content).toContain("⛔ k2: `预算` was not added: with it, an off-topic answer would no longer be rated Again.");
    // Nothing was learnt: the off-topic words still earn nothing here.
    const probe = await answer(member(), "我觉得关键看预算和人手，其他都好说。", GUILD_ID, CHANNEL_ID, "Q091.f1");
    expect(embedText(probe)).toContain("Again");
  });

  it("rejects with a reason the member is told", async () => {
    const mai = member("zh-CN");
    const result = await answer(mai, "不知道");
    await appeal(mai, result, "");
    const listed = await appealsCommand(ADMIN);

    const reject = h.fake.clickButton({ ...ADMIN, messageId: listed.messageId, customId: idOf(listed, "appeal-reject") });
    await reject.firstResponse();
    const decided = await h.fake
      .submitModal({ modalOf: reject, fields: { reason: "没有讲到任何要点 <@&1> **粗体**" } })
      .waitForReply((reply) => reply.kind === "edit-original");
    expect(decided.content).toContain(`Rejected <@${mai.user.id}>'s appeal of Q090.`);

    const next = h.fake.slashCommand({ ...mai, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "weak" });
    const notice = await next.waitForReply((reply) => reply.kind === "followup");
    expect(notice.content).toContain("管理员驳回了你对 Q090 的申诉。理由：没有讲到任何要点");
    expect(notice.content).toContain("\\*\\*粗体\\*\\*");
    expect(notice.content).not.toContain("<@&1>");
  });
});

async function cardOf(userId: string) {
  const stored = await getMemberByDiscordId(h.database.db, userId);
  return stored ? getCard(h.database.db, stored.id, "Q090") : null;
}

/** Lets a follow-up that would come after the reply arrive before checking there is none. */
async function clockTick(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 200));
}
