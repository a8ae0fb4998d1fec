// `/interview` end to end through the local Discord: one private message that asks, probes and
// reports; reviews recorded (or not); a resumed session; an expired one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCard, getMemberByDiscordId } from "@recall/db";
import { FakePermissions } from "@recall/discord-fake";
import { decodeCustomId, type CustomId } from "../src/custom-ids.ts";
import { CHANNEL_ID, GUILD_ID, TestClock, buttonIds, embedText, startHarness, type Harness } from "./harness.ts";

const GOOD_Q090 =
  "先定位错误属于数据、工具还是上下文，缺资料先修系统。提示和记忆只改变输入，不等于训练。SFT 用示范，DPO 用偏好对，Agent RL 用环境奖励。最后用独立任务和坏例验收。";
/** Q090 without its first point: locate the fault before changing anything. */
const Q090_WITHOUT_LOCATING = "提示和记忆只改变输入，不等于训练。SFT 用示范，DPO 用偏好对，Agent RL 用环境奖励。最后用独立任务和坏例验收。";

const clock = new TestClock(Date.parse("2026-03-02T01:00:00Z"));
let h: Harness;
let sequence = 0;

function candidate(locale = "en-US") {
  sequence += 1;
  return {
    user: { id: `4000000000000000${String(sequence).padStart(2, "0")}`, username: `candidate${sequence}`, globalName: `Candidate ${sequence}` },
    permissions: FakePermissions.member,
    locale,
  };
}
type Actor = ReturnType<typeof candidate>;
type Shown = { messageId: string; ephemeral: boolean; components: unknown[]; content: string; embeds: { title?: string; description?: string; fields?: { name: string; value: string }[]; footer?: { text: string } }[] };

function idOf(message: Shown, kind: CustomId["kind"]): string {
  const id = buttonIds(message).find((candidateId) => decodeCustomId(candidateId)?.kind === kind);
  if (!id) throw new Error(`no ${kind} button among ${buttonIds(message).join(", ")}`);
  return id;
}

async function startInterview(actor: Actor, options: Record<string, string | number | boolean> = {}): Promise<Shown> {
  const handle = h.fake.slashCommand({ ...actor, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "interview", options });
  return handle.waitForReply((r) => r.kind === "edit-original");
}

/** Answers the question on the session's message; the same message comes back with what follows. */
async function answer(actor: Actor, message: Shown, text: string): Promise<Shown> {
  const click = h.fake.clickButton({ ...actor, messageId: message.messageId, customId: idOf(message, "interview-answer") });
  await click.firstResponse();
  const submit = h.fake.submitModal({ modalOf: click, fields: { answer: text } });
  return submit.waitForReply((r) => r.kind === "edit-original");
}

async function cardOf(actor: Actor, itemId: string) {
  const member = await getMemberByDiscordId(h.database.db, actor.user.id);
  return member ? getCard(h.database.db, member.id, itemId) : null;
}

beforeAll(async () => {
  h = await startHarness({ clock });
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

describe("/interview through a local Discord", () => {
  it("follows a weak answer with the follow-up covering the missed point, and reports hits and misses with reviews recorded", async () => {
    const ivy = candidate();
    const first = await startInterview(ivy, { questions: 1 });
    expect(first.ephemeral).toBe(true);
    const text = embedText(first);
    expect(text).toContain("Interview · question 1/1 · Q090");
    const countdown = Math.floor((clock.ms + 60_000) / 1000);
    expect(text).toContain(`<t:${countdown}:R>`);
    expect(text).toContain("Each answer counts as a review");

    clock.advance(40_000);
    const probe = await answer(ivy, first, Q090_WITHOUT_LOCATING);
    expect(probe.messageId).toBe(first.messageId);
    const probed = embedText(probe);
    expect(probed).toContain("Your answer to Q090");
    expect(probed).toContain("in 40 s");
    expect(probed).toContain("Follow-up 1 · Q090.f3");
    expect(probed).toContain("It probes what your answers so far missed.");

    let current = probe;
    for (let turn = 0; turn < 4 && !embedText(current).includes("Interview report"); turn++) {
      clock.advance(70_000);
      current = await answer(ivy, current, "不知道");
    }
    const report = embedText(current);
    expect(report).toContain("Interview report");
    expect(report).toMatch(/Overall: \*\*(fair|needs work)\*\*/);
    expect(report).toContain("1 of ");
    expect(report).toContain("✅ hit");
    expect(report).toContain("❌ missed");
    expect(report).toContain("Practise next");
    expect(buttonIds(current).map((id) => decodeCustomId(id)?.kind)).toContain("drill");
    expect(buttonIds(current).map((id) => decodeCustomId(id)?.kind)).not.toContain("interview-answer");

    expect(await cardOf(ivy, "Q090")).toMatchObject({ reps: 1 });
    expect(await cardOf(ivy, "Q090.f3")).toMatchObject({ reps: 1 });
  });

  it("follows a strong answer with the follow-up the member knows least, and records nothing with record:False", async () => {
    const jay = candidate();
    const ref = { userId: jay.user.id, serverId: GUILD_ID, displayName: "Jay", locale: "en-US" };
    for (const itemId of ["Q090.f1", "Q090.f3"]) await h.study.selfRate({ deliveryKey: `jay-${itemId}`, member: ref, itemId, rating: "good" });
    clock.advance(60_000);

    const first = await startInterview(jay, { questions: 1, record: false });
    expect(embedText(first)).toContain("Practice only");
    const next = await answer(jay, first, GOOD_Q090);
    expect(embedText(next)).toContain("Follow-up 1 · Q090.f2");
    expect(embedText(next)).toContain("this is the follow-up you know least");

    const stop = h.fake.clickButton({ ...jay, messageId: next.messageId, customId: idOf(next, "interview-stop") });
    const report = await stop.waitForReply((r) => r.kind === "edit-original");
    expect(embedText(report)).toContain("Interview report");
    expect(embedText(report)).toContain("Overall: **strong**");
    expect(embedText(report)).toContain("none of these answers entered your schedule");
    expect(await cardOf(jay, "Q090")).toBeNull();
  });

  it("resumes the open session on a second /interview, in the member's language", async () => {
    const kit = candidate("zh-CN");
    const first = await startInterview(kit);
    expect(embedText(first)).toContain("模拟面试 · 第 1/2 题 · Q090");
    clock.advance(5 * 60_000);
    const again = await startInterview(kit, { questions: 3 });
    expect(again.messageId).not.toBe(first.messageId);
    expect(embedText(again)).toContain("你的模拟面试还没结束");
    expect(embedText(again)).toContain("第 1/2 题 · Q090");
    expect(idOf(again, "interview-answer")).toBe(idOf(first, "interview-answer"));
  });

  it("says so when the session expired after 15 idle minutes, and starts afresh", async () => {
    const lee = candidate();
    const first = await startInterview(lee);
    clock.advance(15 * 60_000 + 1_000);
    const click = h.fake.clickButton({ ...lee, messageId: first.messageId, customId: idOf(first, "interview-answer") });
    await click.firstResponse();
    const submit = h.fake.submitModal({ modalOf: click, fields: { answer: GOOD_Q090 } });
    const refused = await submit.waitForReply((r) => r.content.includes("expired"));
    expect(refused.content).toContain("This interview expired after 15 minutes idle");
    expect(await cardOf(lee, "Q090")).toBeNull();

    const fresh = await startInterview(lee);
    expect(embedText(fresh)).toContain("question 1/2 · Q090");
    expect(idOf(fresh, "interview-answer")).not.toBe(idOf(first, "interview-answer"));
  });

  it("sends nothing Discord would reject", () => {
    expect(h.fake.rejections).toEqual([]);
    expect(h.fake.unknownRoutes).toEqual([]);
  });
});
