import { Routes } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { FakePermissions, PermissionBits } from "../src/index.ts";
import { GUILD_ID, MEMBER, OTHER_CHANNEL_ID, QUIZ_CHANNEL_ID, startHarness, type Harness } from "./harness.ts";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

const post = (h: Harness, channelId: string, body: Record<string, unknown>) =>
  h.client.rest.post(Routes.channelMessages(channelId), { body }) as Promise<{ id: string }>;

describe("message nonces", () => {
  it("returns the first message for a resend with the same enforced nonce, within a few minutes", async () => {
    const h = (harness = await startHarness());
    const first = await post(h, QUIZ_CHANNEL_ID, { content: "daily", nonce: "p42", enforce_nonce: true });
    const again = await post(h, QUIZ_CHANNEL_ID, { content: "daily", nonce: "p42", enforce_nonce: true });
    expect(again.id).toBe(first.id);
    expect(h.fake.channelMessages(QUIZ_CHANNEL_ID)).toHaveLength(1);
    // Not enforced, another channel, or long after: a new message.
    await post(h, QUIZ_CHANNEL_ID, { content: "daily", nonce: "p42" });
    await post(h, OTHER_CHANNEL_ID, { content: "daily", nonce: "p42", enforce_nonce: true });
    h.clock.ms += 10 * 60_000;
    const late = await post(h, QUIZ_CHANNEL_ID, { content: "daily", nonce: "p42", enforce_nonce: true });
    expect(late.id).not.toBe(first.id);
    expect(h.fake.rejections).toEqual([]);
  });
});

describe("bot permissions per channel", () => {
  it("refuses posts where the bot may not send (50013) or see (50001), and says so in app_permissions", async () => {
    const h = (harness = await startHarness());
    h.fake.setBotPermissions(QUIZ_CHANNEL_ID, PermissionBits.ViewChannel);
    await expect(post(h, QUIZ_CHANNEL_ID, { content: "x" })).rejects.toMatchObject({ status: 403, code: 50013 });
    h.fake.setBotPermissions(QUIZ_CHANNEL_ID, 0n);
    await expect(post(h, QUIZ_CHANNEL_ID, { content: "x" })).rejects.toMatchObject({ status: 403, code: 50001 });
    await expect(h.client.rest.get(Routes.channel(QUIZ_CHANNEL_ID))).rejects.toMatchObject({ status: 403, code: 50001 });

    let seen: string | null = null;
    h.onInteraction(async (interaction) => {
      seen = interaction.appPermissions?.bitfield.toString() ?? null;
      if (interaction.isRepliable()) await interaction.reply({ content: "ok" });
    });
    await h.fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" }).firstResponse();
    expect(seen).toBe("0");
    h.fake.setBotPermissions(QUIZ_CHANNEL_ID, null);
    await h.fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" }).firstResponse();
    expect(seen).toBe(FakePermissions.member);
    await expect(post(h, QUIZ_CHANNEL_ID, { content: "x" })).resolves.toHaveProperty("id");
  });
});

describe("injected failures", () => {
  it("answers the next matching request with the failure, stores nothing, and counts it apart from rejections", async () => {
    const h = (harness = await startHarness({}));
    h.fake.failNext({ method: "POST", path: `/channels/${QUIZ_CHANNEL_ID}/messages` }, { status: 403, code: 50001, message: "Missing Access" });
    await expect(post(h, QUIZ_CHANNEL_ID, { content: "x" })).rejects.toMatchObject({ status: 403, code: 50001 });
    expect(h.fake.channelMessages(QUIZ_CHANNEL_ID)).toHaveLength(0);
    expect(h.fake.injectedFailures).toMatchObject([{ method: "POST", status: 403 }]);
    expect(h.fake.rejections).toEqual([]);
    await post(h, QUIZ_CHANNEL_ID, { content: "x" });
    expect(h.fake.channelMessages(QUIZ_CHANNEL_ID)).toHaveLength(1);
  });
});
