import { MessageFlags, ModalBuilder, TextInputBuilder, TextInputStyle, ActionRowBuilder } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { CallbackType, FakePermissions, snowflakeTimestampMs } from "../src/index.ts";
import { ADMIN, GUILD_ID, MEMBER, QUIZ_CHANNEL_ID, START_MS, fakeOptions, startHarness } from "./harness.ts";
import type { Harness } from "./harness.ts";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

const withPermissions = () =>
  fakeOptions({
    guilds: [
      {
        ...fakeOptions().guilds[0]!,
        members: [{ user: ADMIN, permissions: FakePermissions.manager }, { user: MEMBER }],
      },
    ],
  });

async function post(harness: Harness, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${harness.fake.pageUrl}_local${path}`, { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function state(harness: Harness, viewer: string): Promise<{ messages: { content: string; ephemeral_for: string | null }[]; clock: { offsetMs: number } }> {
  const response = await fetch(`${harness.fake.pageUrl}_local/state?viewer=${viewer}`);
  return (await response.json()) as never;
}

describe("the local API (the page's view of the local Discord)", () => {
  it("acts as a member with their configured permissions and shows an ephemeral reply only to them", async () => {
    harness = await startHarness(withPermissions());
    harness.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const manager = interaction.memberPermissions?.has("ManageGuild") ?? false;
      await interaction.reply({ content: `manager=${manager} locale=${interaction.locale}`, flags: MessageFlags.Ephemeral });
    });
    const answer = await post(harness, "/interactions", { type: "command", guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, userId: ADMIN.id, locale: "zh-CN", name: "quiz" });
    expect(answer.status).toBe(200);
    expect(answer.json.callback).toMatchObject({ type: CallbackType.ChannelMessageWithSource });
    expect((await state(harness, ADMIN.id)).messages).toMatchObject([{ content: "manager=true locale=zh-CN", ephemeral_for: ADMIN.id }]);
    expect((await state(harness, MEMBER.id)).messages).toEqual([]);
  });

  it("returns a modal to fill in and refuses a submission longer than its input allows", async () => {
    harness = await startHarness(withPermissions());
    harness.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        const input = new TextInputBuilder().setCustomId("answer").setLabel("Answer").setStyle(TextInputStyle.Paragraph).setMaxLength(5);
        await interaction.showModal(new ModalBuilder().setCustomId("m").setTitle("Answer").addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input)));
      } else if (interaction.isModalSubmit()) {
        await interaction.reply({ content: `got ${interaction.fields.getTextInputValue("answer")}` });
      }
    });
    const opened = await post(harness, "/interactions", { type: "command", userId: MEMBER.id, name: "answer" });
    expect(opened.json.callback).toMatchObject({ type: CallbackType.Modal, data: { custom_id: "m" } });
    const tooLong = await post(harness, "/interactions", { type: "modal", userId: MEMBER.id, modalOf: opened.json.id, fields: { answer: "abcdef" } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toMatch(/at most 5/);
    const sent = await post(harness, "/interactions", { type: "modal", userId: MEMBER.id, modalOf: opened.json.id, fields: { answer: "abc" } });
    expect(sent.json.callback).toMatchObject({ type: CallbackType.ChannelMessageWithSource });
    expect((await state(harness, ADMIN.id)).messages).toMatchObject([{ content: "got abc", ephemeral_for: null }]);
  });

  it("sends autocomplete with the focused option and returns the bot's choices", async () => {
    harness = await startHarness();
    harness.onInteraction(async (interaction) => {
      if (!interaction.isAutocomplete()) return;
      const focused = interaction.options.getFocused(true);
      await interaction.respond([{ name: `${focused.name}:${focused.value}!`, value: "x" }]);
    });
    const answer = await post(harness, "/interactions", { type: "autocomplete", userId: MEMBER.id, name: "settings", focused: "timezone", options: { timezone: "Asia" } });
    expect(answer.json.callback).toMatchObject({ type: CallbackType.AutocompleteResult, data: { choices: [{ name: "timezone:Asia!", value: "x" }] } });
  });

  it("streams a change, and moves the clock forward for itself and for clock followers", async () => {
    harness = await startHarness();
    const { fake } = harness;
    const controller = new AbortController();
    const events = await fetch(`${fake.pageUrl}_local/clock/events`, { signal: controller.signal });
    const reader = events.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    const until = async (pattern: RegExp): Promise<void> => {
      while (!pattern.test(seen)) seen += decoder.decode((await reader.read()).value as Uint8Array | undefined);
    };
    await until(/"offsetMs":0/);
    const moved = await post(harness, "/clock", { advanceMs: 86_400_000 });
    expect(moved.json).toEqual({ nowMs: START_MS + 86_400_000, offsetMs: 86_400_000 });
    await until(/"offsetMs":86400000/);
    controller.abort();
    expect((await post(harness, "/clock", { advanceMs: -1 })).status).toBe(400);

    const changes = await fetch(`${fake.pageUrl}_local/events`, { signal: AbortSignal.timeout(5000) });
    const changeReader = changes.body!.getReader();
    harness.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply({ content: "hi" });
    });
    const handle = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "x" });
    await handle.waitForReply();
    let text = "";
    while (!text.includes("event: change")) text += decoder.decode((await changeReader.read()).value as Uint8Array | undefined);
    await changeReader.cancel();
    const message = fake.channelMessages(QUIZ_CHANNEL_ID)[0]!;
    expect(snowflakeTimestampMs(message.id)).toBe(START_MS + 86_400_000);
  });

  it("serves the page's files at / and host actions by id", async () => {
    harness = await startHarness();
    const { fake } = harness;
    fake.setPage({ "/index.html": { contentType: "text/html; charset=utf-8", body: "<h1>local</h1>" } });
    fake.addLocalAction({ id: "hello", label: "Say hello", run: () => Promise.resolve("hello done") });
    expect(await (await fetch(fake.pageUrl)).text()).toBe("<h1>local</h1>");
    expect((await post(harness, "/actions/hello", {})).json).toEqual({ message: "hello done" });
    expect((await post(harness, "/actions/nope", {})).status).toBe(400);
    expect(fake.localState(null)).toMatchObject({ actions: [{ id: "hello", label: "Say hello" }] });
  });
});
