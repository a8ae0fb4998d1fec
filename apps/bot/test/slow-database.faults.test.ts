// Every interaction is acknowledged within Discord's 3 s while PostgreSQL stalls for 3.5 s of real
// time (a proxy holds its bytes), and each still gets its real answer once the database is back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakePermissions, type InteractionHandle } from "@recall/discord-fake";
import { decodeCustomId, type CustomId } from "../src/custom-ids.ts";
import { ADMIN, ALICE, BOB, CHANNEL_ID, GUILD_ID, TestClock, buttonIds, embedText, livePosts, type Harness } from "./harness.ts";
import { startFaultWorld, type FaultWorld } from "./support/fault-world.ts";
import type { TcpProxy } from "./support/tcp-proxy.ts";

const STALL_MS = 3_500;
const ACK_WINDOW_MS = 3_000;
const CAROL = { user: { id: "200000000000000004", username: "carol", globalName: "Carol" }, permissions: FakePermissions.member, locale: "en-US" };

function button(message: { components: unknown[] }, kind: CustomId["kind"]): string {
  const id = buttonIds(message).find((candidate) => decodeCustomId(candidate)?.kind === kind);
  if (!id) throw new Error(`no ${kind} button among ${buttonIds(message).join(", ")}`);
  return id;
}

const clock = new TestClock(Date.parse("2026-03-02T00:00:00Z"));
let world: FaultWorld;
let proxy: TcpProxy;
let h: Harness;

beforeAll(async () => {
  world = await startFaultWorld({ clock, behindProxy: true });
  ({ h } = world);
  proxy = world.proxy!;
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

describe("a database that stalls for 3.5 s", () => {
  it("acknowledges every command and button within 3 s, then answers each", async () => {
    const post = livePosts(h.fake)[0]!;
    // Set-ups that need a message to click on, made while the database answers.
    const answerClick = h.fake.clickButton({ ...ALICE, messageId: post.id, customId: button(post, "answer") });
    await answerClick.firstResponse();
    const forget = h.fake.slashCommand({ ...CAROL, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "me", subcommand: "forget" });
    const forgetPrompt = await forget.waitForReply((r) => r.kind === "edit-original");
    // Bob misses the daily question, so its follow-ups are due for him at once.
    const bobClick = h.fake.clickButton({ ...BOB, messageId: post.id, customId: button(post, "answer") });
    await bobClick.firstResponse();
    await h.fake.submitModal({ modalOf: bobClick, fields: { answer: "不知道" } }).waitForReply((r) => r.kind === "edit-original");
    const review = await h.study.nextReview({ userId: BOB.user.id, serverId: GUILD_ID, displayName: "Bob", locale: "en-US" });
    const rate = h.fake.slashCommand({ ...BOB, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "review" });
    const prompt = await rate.waitForReply((r) => r.kind === "edit-original");
    const show = h.fake.clickButton({ ...BOB, messageId: prompt.messageId, customId: button(prompt, review?.item.kind === "misconception" ? "judge" : "review-show") });
    const shown = await show.waitForReply((r) => r.kind === "callback" || r.kind === "edit-original");
    const rated = h.fake.clickButton({ ...BOB, messageId: shown.messageId, customId: button(shown, review?.item.kind === "misconception" ? "review-next" : "self-rate") });
    const ratedReply = await rated.waitForReply((r) => r.kind === "edit-original" || r.kind === "callback");

    proxy.stall();
    const resume = setTimeout(() => proxy.resume(), STALL_MS);
    const at = { guildId: GUILD_ID, channelId: CHANNEL_ID };
    const paths: [string, InteractionHandle][] = [
      ["/review", h.fake.slashCommand({ ...ALICE, ...at, name: "review" })],
      ["/settings", h.fake.slashCommand({ ...BOB, ...at, name: "settings", options: { retention: 0.9 } })],
      ["/weak", h.fake.slashCommand({ ...BOB, ...at, name: "weak" })],
      ["/leaderboard", h.fake.slashCommand({ ...ALICE, ...at, name: "leaderboard" })],
      ["/stats", h.fake.slashCommand({ ...ALICE, ...at, name: "stats" })],
      ["/me export", h.fake.slashCommand({ ...ALICE, ...at, name: "me", subcommand: "export" })],
      ["/me forget", h.fake.slashCommand({ ...CAROL, ...at, name: "me", subcommand: "forget" })],
      ["forget confirmation", h.fake.clickButton({ ...CAROL, messageId: forgetPrompt.messageId, customId: button(forgetPrompt, "forget-confirm") })],
      ["/quiz setup", h.fake.slashCommand({ ...ADMIN, ...at, name: "quiz", subcommand: "setup", options: { time: "09:00", timezone: "Asia/Shanghai" } })],
      ["/quiz now", h.fake.slashCommand({ ...ADMIN, ...at, name: "quiz", subcommand: "now" })],
      ["/quiz pause", h.fake.slashCommand({ ...ADMIN, ...at, name: "quiz", subcommand: "pause" })],
      ["/quiz resume", h.fake.slashCommand({ ...ADMIN, ...at, name: "quiz", subcommand: "resume" })],
      ["/quiz status", h.fake.slashCommand({ ...ADMIN, ...at, name: "quiz", subcommand: "status" })],
      ["review next", h.fake.clickButton({ ...BOB, messageId: ratedReply.messageId, customId: button(ratedReply, "review-next") })],
      ["answer button", h.fake.clickButton({ ...CAROL, messageId: post.id, customId: button(post, "answer") })],
      ["answer form", h.fake.submitModal({ modalOf: answerClick, fields: { answer: "SFT 用示范数据，DPO 用偏好对。" } })],
    ];
    try {
      for (const [name, handle] of paths) {
        const first = await handle.firstResponse({ timeoutMs: ACK_WINDOW_MS + 2_000 });
        expect(first.latencyMs, `${name} acknowledged after ${Math.round(first.latencyMs)} ms`).toBeLessThan(ACK_WINDOW_MS);
      }
      expect(performance.now() - (paths[0]![1].callback?.at ?? 0)).toBeLessThan(STALL_MS);
      for (const [name, handle] of paths) {
        if (name === "answer button") continue; // answered with the form itself
        const reply = await handle.waitForReply((r) => r.kind === "edit-original" || r.kind === "callback", { timeoutMs: 30_000 });
        expect(embedText(reply), name).not.toContain("Sorry, something went wrong");
        expect(embedText(reply), name).not.toContain("出了点问题");
        expect(handle.rejections(), name).toEqual([]);
      }
    } finally {
      clearTimeout(resume);
      proxy.resume();
    }
    expect(paths.find(([name]) => name === "answer button")![1].modal()).toBeDefined();
    await h.bot.idle();
  }, 90_000);
});
