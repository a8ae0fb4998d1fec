import { ActionRowBuilder, ButtonBuilder, ButtonStyle, MessageFlags, ModalBuilder, Routes, StringSelectMenuBuilder, TextInputBuilder, TextInputStyle } from "discord.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CallbackType, FakeDiscordUsageError } from "../src/index.ts";
import { ADMIN, GUILD_ID, MEMBER, QUIZ_CHANNEL_ID, startHarness } from "./harness.ts";
import type { Harness } from "./harness.ts";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

const overrideRow = (): ActionRowBuilder<ButtonBuilder> =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId("rate:again").setLabel("Again").setStyle(ButtonStyle.Secondary),
    new ButtonBuilder().setCustomId("rate:good").setLabel("Good").setStyle(ButtonStyle.Primary),
  );

describe("component flows", () => {
  it("lets only the member who got an ephemeral reply click its buttons", async () => {
    harness = await startHarness();
    const { fake } = harness;
    harness.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        await interaction.reply({ content: "Suggested: Good", components: [overrideRow()], flags: MessageFlags.Ephemeral });
      } else if (interaction.isButton()) {
        await interaction.update({ content: `Rated: ${interaction.customId}`, components: [] });
      }
    });
    const command = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "review" });
    const reply = await command.waitForReply();
    expect(() => fake.clickButton({ messageId: reply.messageId, customId: "rate:again", user: ADMIN })).toThrow(FakeDiscordUsageError);
    const click = fake.clickButton({ messageId: reply.messageId, customId: "rate:again", user: MEMBER });
    expect(await click.waitForReply()).toMatchObject({ kind: "callback", content: "Rated: rate:again", ephemeral: true, messageId: reply.messageId });
    expect(click.payload.message).toMatchObject({ id: reply.messageId, flags: MessageFlags.Ephemeral });
    expect(fake.channelMessages(QUIZ_CHANNEL_ID)).toEqual([]);
  });

  it("opens a modal from a post's button and updates the post from the submission", async () => {
    harness = await startHarness();
    const { fake, client } = harness;
    harness.onInteraction(async (interaction) => {
      if (interaction.isButton()) {
        const input = new TextInputBuilder().setCustomId("text").setLabel("Answer").setStyle(TextInputStyle.Paragraph);
        await interaction.showModal(new ModalBuilder().setCustomId("answer:Q090").setTitle("Answer").addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input)));
      } else if (interaction.isModalSubmit() && interaction.isFromMessage()) {
        await interaction.update({ content: `answers: 1 (${interaction.message.id})` });
      }
    });
    const channel = await client.channels.fetch(QUIZ_CHANNEL_ID);
    if (!channel?.isSendable()) throw new Error("quiz channel is not sendable");
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId("open").setLabel("Answer").setStyle(ButtonStyle.Primary));
    const post = await channel.send({ content: "answers: 0", components: [row] });
    const click = fake.clickButton({ messageId: post.id, customId: "open", user: MEMBER });
    await click.firstResponse();
    const submit = fake.submitModal({ modalOf: click, fields: { text: "my answer" } });
    expect((await submit.firstResponse()).type).toBe(CallbackType.UpdateMessage);
    expect(fake.message(post.id)?.content).toBe(`answers: 1 (${post.id})`);
    expect(harness.handlerErrors).toEqual([]);
  });

  it("returns the created message when the bot asks for the callback response", async () => {
    harness = await startHarness();
    const { fake } = harness;
    const ids: (string | undefined)[] = [];
    harness.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const response = await interaction.reply({ content: "hello", withResponse: true });
      ids.push(response.resource?.message?.id);
    });
    const handle = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" });
    await fake.waitUntil(() => ids.length === 1, "the reply with its response");
    expect(ids).toEqual([handle.originalMessageId]);
  });

  it("deletes and fetches the original reply through the interaction webhook", async () => {
    harness = await startHarness();
    const { fake } = harness;
    const fetched: string[] = [];
    harness.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply({ content: "temporary" });
      fetched.push((await interaction.fetchReply()).content);
      await interaction.deleteReply();
    });
    const handle = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" });
    await fake.waitUntil(() => handle.timeline.some((event) => event.kind === "delete"), "the reply to be deleted");
    expect(fetched).toEqual(["temporary"]);
    expect(fake.channelMessages(QUIZ_CHANNEL_ID)).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  });

  it("redelivers the same interaction so a second acknowledgement is refused", async () => {
    harness = await startHarness();
    const { fake } = harness;
    const seen: string[] = [];
    harness.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      seen.push(interaction.id);
      await interaction.reply({ content: "once" });
    });
    const handle = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" });
    await handle.waitForReply();
    fake.redeliver(handle);
    await fake.waitUntil(() => handle.rejections().length === 1, "the doubled reply to be refused");
    expect(seen).toEqual([handle.id, handle.id]);
    expect(handle.rejections()).toMatchObject([{ code: 40060 }]);
    await vi.waitFor(() => expect(harness?.handlerErrors).toMatchObject([{ code: 40060 }]), { timeout: 2000 });
    expect(handle.replies.map((reply) => reply.content)).toEqual(["once"]);
  });

  it("delivers the values chosen in a string select and refuses values it does not offer", async () => {
    harness = await startHarness();
    const { fake, client } = harness;
    const chosen: string[][] = [];
    harness.onInteraction(async (interaction) => {
      if (!interaction.isStringSelectMenu()) return;
      chosen.push(interaction.values);
      await interaction.deferUpdate();
    });
    const menu = new StringSelectMenuBuilder()
      .setCustomId("chapters")
      .setMinValues(1)
      .setMaxValues(2)
      .addOptions({ label: "12", value: "12" }, { label: "13", value: "13" }, { label: "14", value: "14" });
    const post = await client.rest.post(Routes.channelMessages(QUIZ_CHANNEL_ID), {
      body: { content: "pick", components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu).toJSON()] },
    });
    const messageId = (post as { id: string }).id;
    expect(() => fake.selectMenu({ messageId, customId: "chapters", values: ["99"], user: MEMBER })).toThrow(FakeDiscordUsageError);
    const select = fake.selectMenu({ messageId, customId: "chapters", values: ["12", "14"], user: MEMBER });
    expect((await select.firstResponse()).type).toBe(CallbackType.DeferredMessageUpdate);
    expect(chosen).toEqual([["12", "14"]]);
  });
});
