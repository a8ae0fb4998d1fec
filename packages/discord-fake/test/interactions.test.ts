import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  DiscordAPIError,
  MessageFlags,
  ModalBuilder,
  Routes,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
} from "discord.js";
import type { ChatInputCommandInteraction } from "discord.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CallbackType, FakeDiscordUsageError, FakePermissions } from "../src/index.ts";
import { ADMIN, GUILD_ID, MEMBER, OTHER_CHANNEL_ID, QUIZ_CHANNEL_ID, startHarness } from "./harness.ts";
import type { Harness } from "./harness.ts";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

async function started(): Promise<Harness> {
  harness = await startHarness();
  return harness;
}

const quizCommand = new SlashCommandBuilder()
  .setName("quiz")
  .setDescription("Daily quiz")
  .setNameLocalizations({ "zh-CN": "测验" })
  .setDescriptionLocalizations({ "zh-CN": "每日测验" })
  .addSubcommand((sub) =>
    sub
      .setName("setup")
      .setDescription("Set up the daily quiz")
      .addChannelOption((option) => option.setName("channel").setDescription("Where to post").setRequired(true))
      .addStringOption((option) => option.setName("time").setDescription("HH:MM").setRequired(true))
      .addIntegerOption((option) => option.setName("questions").setDescription("How many")),
  )
  .addSubcommand((sub) => sub.setName("now").setDescription("Post now"));

describe("command registration", () => {
  it("stores global commands set through client.application.commands and keeps ids on re-registration", async () => {
    const { client, fake } = await started();
    const first = await client.application?.commands.set([quizCommand.toJSON()]);
    expect(first?.first()?.name).toBe("quiz");
    const registered = fake.commands();
    expect(registered.map((command) => command.name)).toEqual(["quiz"]);
    expect(registered[0]?.name_localizations).toEqual({ "zh-CN": "测验" });
    await client.application?.commands.set([quizCommand.toJSON()]);
    expect(fake.commands()[0]?.id).toBe(registered[0]?.id);
  });

  it("stores guild commands put through REST", async () => {
    const { client, fake } = await started();
    await client.rest.put(Routes.applicationGuildCommands(fake.applicationId, GUILD_ID), { body: [quizCommand.toJSON()] });
    expect(fake.commands(GUILD_ID).map((command) => command.guild_id)).toEqual([GUILD_ID]);
    expect(fake.commands()).toEqual([]);
  });

  it("rejects a command whose description is over 100 characters", async () => {
    const { client, fake } = await started();
    const body = [{ name: "quiz", description: "x".repeat(101) }];
    await expect(client.rest.put(Routes.applicationCommands(fake.applicationId), { body })).rejects.toMatchObject({ code: 50035 });
    expect(fake.rejections[0]?.issues).toEqual([{ path: "[0].description", code: "BASE_TYPE_MAX_LENGTH", message: "Must be 100 or fewer in length." }]);
  });
});

describe("slash commands", () => {
  it("records a deferred reply and its edit with latencies", async () => {
    const { fake, client } = await started();
    await client.application?.commands.set([quizCommand.toJSON()]);
    const seen: { channel: string | undefined; time: string; questions: number | null; manager: boolean; locale: string }[] = [];
    harness?.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      seen.push({
        channel: interaction.options.getChannel("channel", true, [ChannelType.GuildText]).name,
        time: interaction.options.getString("time", true),
        questions: interaction.options.getInteger("questions"),
        manager: interaction.memberPermissions?.has("ManageGuild") ?? false,
        locale: interaction.locale,
      });
      await interaction.editReply({ content: "Quiz set up" });
    });
    const handle = fake.slashCommand({
      guildId: GUILD_ID,
      channelId: QUIZ_CHANNEL_ID,
      user: ADMIN,
      permissions: FakePermissions.manager,
      locale: "zh-CN",
      name: "quiz",
      subcommand: "setup",
      options: { channel: OTHER_CHANNEL_ID, time: "09:00", questions: 2 },
    });
    const first = await handle.firstResponse();
    expect(first.type).toBe(CallbackType.DeferredChannelMessageWithSource);
    const reply = await handle.waitForReply();
    expect(reply).toMatchObject({ kind: "edit-original", content: "Quiz set up", ephemeral: true });
    expect(reply.latencyMs).toBeGreaterThanOrEqual(first.latencyMs);
    expect(seen).toEqual([{ channel: "general", time: "09:00", questions: 2, manager: true, locale: "zh-CN" }]);
    expect(handle.timeline.map((event) => event.kind)).toEqual(["dispatch", "callback", "edit-original"]);
    expect(fake.channelMessages(QUIZ_CHANNEL_ID)).toEqual([]);
    expect(fake.rejections).toEqual([]);
    expect(harness?.handlerErrors).toEqual([]);
  });

  it("sends an ordinary member's permissions without Manage Server", async () => {
    const { fake } = await started();
    const denied: boolean[] = [];
    harness?.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      denied.push(!(interaction.memberPermissions?.has("ManageGuild") ?? false));
      await interaction.reply({ content: "Only admins", flags: MessageFlags.Ephemeral });
    });
    const handle = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "quiz", subcommand: "now" });
    expect(await handle.waitForReply()).toMatchObject({ kind: "callback", content: "Only admins", ephemeral: true });
    expect(denied).toEqual([true]);
  });

  it("holds a file a member attaches and serves it on its own HTTP server, as Discord's CDN", async () => {
    const { fake, client } = await started();
    const deckCommand = new SlashCommandBuilder()
      .setName("deck")
      .setDescription("Decks")
      .addSubcommand((sub) =>
        sub
          .setName("import")
          .setDescription("Import a deck")
          .addAttachmentOption((option) => option.setName("file").setDescription("The deck").setRequired(true))
          .addStringOption((option) => option.setName("name").setDescription("Its name")),
      );
    await client.application?.commands.set([deckCommand.toJSON()]);
    const text = "apple\t苹果\npear\t梨\n";
    const seen: { name: string | null; size: number; contentType: string | null; url: string; proxyURL: string }[] = [];
    const downloads: { status: number; type: string | null; length: string | null; body: string }[] = [];
    harness?.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const file = interaction.options.getAttachment("file", true);
      seen.push({ name: file.name, size: file.size, contentType: file.contentType, url: file.url, proxyURL: file.proxyURL });
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const served = await fetch(file.url);
      downloads.push({ status: served.status, type: served.headers.get("content-type"), length: served.headers.get("content-length"), body: await served.text() });
      await interaction.editReply({ content: "read" });
    });
    const upload = { filename: "vocab words.txt", contentType: "text/plain; charset=utf-8", bytes: text };
    const handle = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: ADMIN, permissions: FakePermissions.manager, name: "deck", subcommand: "import", options: { file: upload } });
    await handle.waitForReply((reply) => reply.content === "read");
    const bytes = Buffer.byteLength(text);
    expect(seen).toEqual([{ name: "vocab words.txt", size: bytes, contentType: "text/plain; charset=utf-8", url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/ephemeral-attachments\/\d+\/\d+\/vocab%20words\.txt$/) as string, proxyURL: seen[0]?.url ?? "" }]);
    expect(downloads).toEqual([{ status: 200, type: "text/plain; charset=utf-8", length: String(bytes), body: text }]);
    const data = handle.payload.data as { options: { options: { type: number; value: string }[] }[]; resolved: { attachments: Record<string, { ephemeral: boolean }> } };
    const option = data.options[0]?.options[0];
    expect(option?.type).toBe(11);
    expect(data.resolved.attachments[option?.value ?? ""]?.ephemeral).toBe(true);

    // A declared size lets a size check be tested without allocating the file; a wrong option type is a test mistake.
    const big = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: ADMIN, name: "deck", subcommand: "import", options: { file: { ...upload, size: 30_000_000 } } });
    await big.waitForReply((reply) => reply.content === "read");
    expect(seen[1]?.size).toBe(30_000_000);
    expect(() => fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: ADMIN, name: "deck", subcommand: "import", options: { file: "vocab.txt" } })).toThrow(FakeDiscordUsageError);
    expect(() => fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: ADMIN, name: "deck", subcommand: "import", options: { file: upload, name: upload } })).toThrow(FakeDiscordUsageError);
    expect((await fetch(seen[0]?.url.replace(/\/(\d+)\/vocab/, "/1/vocab") ?? "")).status).toBe(404);
    expect(fake.rejections).toEqual([]);
    expect(harness?.handlerErrors).toEqual([]);
  });

  it("makes the first followup after a defer the reply itself, and later ones new messages", async () => {
    const { fake } = await started();
    harness?.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await interaction.followUp({ content: "one" });
      await interaction.followUp({ content: "two" });
    });
    const handle = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" });
    await handle.waitForReply((reply) => reply.content === "two");
    expect(handle.replies.map((reply) => [reply.content, reply.messageId === handle.originalMessageId])).toEqual([
      ["one", true],
      ["two", false],
    ]);
    expect(fake.channelMessages(QUIZ_CHANNEL_ID).map((message) => message.content)).toEqual(["one", "two"]);
  });

  it("rejects a second initial response with 40060", async () => {
    const { fake } = await started();
    const errors: unknown[] = [];
    harness?.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply({ content: "first" });
      await interaction.client.rest
        .post(Routes.interactionCallback(interaction.id, interaction.token), { body: { type: 4, data: { content: "again" } }, auth: false })
        .catch((error: unknown) => errors.push(error));
    });
    const handle = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" });
    await fake.waitUntil(() => errors.length === 1, "the second callback to fail");
    expect(errors[0]).toBeInstanceOf(DiscordAPIError);
    expect(errors[0]).toMatchObject({ code: 40060, message: "Interaction has already been acknowledged." });
    expect(handle.rejections()).toMatchObject([{ code: 40060, status: 400 }]);
  });

  it("rejects a callback that arrives after the acknowledgement window of real time", async () => {
    harness = await startHarness({ ackWindowMs: 150 });
    const h = harness;
    const errors: unknown[] = [];
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
      await interaction.deferReply().catch((error: unknown) => errors.push(error));
    });
    h.fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" });
    await h.fake.waitUntil(() => errors.length === 1, "the late callback to fail");
    expect(errors[0]).toMatchObject({ code: 10062, status: 404, message: "Unknown interaction" });
  });

  it("measures the acknowledgement window on the real clock, not the injected one", async () => {
    const h = await started();
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      // The tests' clock jumps a minute; no real time passes, so the window is still open.
      h.clock.ms += 60_000;
      await interaction.deferReply();
    });
    const handle = h.fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" });
    expect((await handle.firstResponse()).type).toBe(5);
    expect(handle.rejections()).toEqual([]);
  });

  it("rejects edits after the interaction token expired", async () => {
    const h = await started();
    const errors: unknown[] = [];
    let deferred: ChatInputCommandInteraction | undefined;
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      deferred = interaction;
    });
    const handle = h.fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" });
    const chatInput = await vi.waitFor(() => deferred ?? Promise.reject(new Error("not deferred yet")), { timeout: 2000 });
    h.clock.ms += 15 * 60 * 1000 + 1;
    await chatInput.editReply({ content: "too late" }).catch((error: unknown) => errors.push(error));
    expect(errors[0]).toMatchObject({ code: 50027, status: 401, message: "Invalid Webhook Token" });
    expect(handle.replies).toEqual([]);
  });

  it("rejects an embed over Discord's limits and tells where", async () => {
    const h = await started();
    const errors: unknown[] = [];
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await interaction.editReply({ embeds: [{ title: "t".repeat(257), fields: [{ name: "answer", value: "字".repeat(1025) }] }] }).catch((error: unknown) => errors.push(error));
    });
    h.fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "ping" });
    await h.fake.waitUntil(() => errors.length === 1, "the oversized embed to fail");
    expect(errors[0]).toMatchObject({ code: 50035, status: 400 });
    expect(h.fake.rejections.map((rejection) => rejection.issues.map((issue) => issue.path))).toEqual([["embeds[0].title", "embeds[0].fields[0].value"]]);
  });
});

describe("modals", () => {
  const answerModal = (): ModalBuilder =>
    new ModalBuilder()
      .setCustomId("answer:Q090")
      .setTitle("Your answer")
      .addComponents(
        new ActionRowBuilder<TextInputBuilder>().addComponents(
          new TextInputBuilder().setCustomId("text").setLabel("Answer").setStyle(TextInputStyle.Paragraph).setMaxLength(4000),
        ),
      );

  it("shows a modal as the first response and delivers the submitted text", async () => {
    const { fake } = await started();
    const submitted: string[] = [];
    harness?.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.showModal(answerModal());
      if (interaction.isModalSubmit()) {
        submitted.push(`${interaction.customId}=${interaction.fields.getTextInputValue("text")}`);
        await interaction.reply({ content: "graded", flags: MessageFlags.Ephemeral });
      }
    });
    const command = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "review" });
    expect((await command.firstResponse()).type).toBe(CallbackType.Modal);
    expect(command.modal().title).toBe("Your answer");
    const submit = fake.submitModal({ modalOf: command, fields: { text: "DPO 直接优化偏好" } });
    expect(await submit.waitForReply()).toMatchObject({ content: "graded", ephemeral: true });
    expect(submitted).toEqual(["answer:Q090=DPO 直接优化偏好"]);
  });

  it("refuses to submit more text than the modal input allows", async () => {
    const { fake } = await started();
    harness?.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.showModal(answerModal());
    });
    const command = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "review" });
    await command.firstResponse();
    expect(() => fake.submitModal({ modalOf: command, fields: { text: "x".repeat(4001) } })).toThrow(
      new FakeDiscordUsageError('Modal input "text" takes at most 4000 characters, got 4001'),
    );
  });

  it("rejects a modal sent after a defer", async () => {
    const { fake } = await started();
    const errors: unknown[] = [];
    harness?.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await interaction.client.rest
        .post(Routes.interactionCallback(interaction.id, interaction.token), { body: { type: 9, data: answerModal().toJSON() }, auth: false })
        .catch((error: unknown) => errors.push(error));
    });
    const handle = fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "review" });
    await fake.waitUntil(() => errors.length === 1, "the modal to fail");
    expect(errors[0]).toMatchObject({ code: 40060 });
    expect(handle.callback?.type).toBe(CallbackType.DeferredChannelMessageWithSource);
  });

  it("rejects a modal whose title is over 45 characters", async () => {
    const { fake } = await started();
    const errors: unknown[] = [];
    harness?.onInteraction(async (interaction) => {
      // The builders refuse a long title client-side, so send the raw body a hand-rolled bot would.
      if (!interaction.isChatInputCommand()) return;
      const body = { type: 9, data: { ...answerModal().toJSON(), title: "t".repeat(46) } };
      await interaction.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), { body, auth: false }).catch((error: unknown) => errors.push(error));
    });
    fake.slashCommand({ guildId: GUILD_ID, channelId: QUIZ_CHANNEL_ID, user: MEMBER, name: "review" });
    await fake.waitUntil(() => errors.length === 1, "the modal to fail");
    expect(fake.rejections[0]?.issues).toEqual([{ path: "data.title", code: "BASE_TYPE_MAX_LENGTH", message: "Must be 45 or fewer in length." }]);
  });
});

describe("channel messages and buttons", () => {
  const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

  it("stores a channel post with a PNG attachment and serves its bytes", async () => {
    const { client, fake } = await started();
    const channel = await client.channels.fetch(QUIZ_CHANNEL_ID);
    if (!channel?.isSendable()) throw new Error("quiz channel is not sendable");
    const sent = await channel.send({ content: "Today's chart", files: [{ attachment: PNG, name: "chart.png" }], allowedMentions: { parse: [] } });
    const [stored] = fake.channelMessages(QUIZ_CHANNEL_ID);
    expect(stored?.id).toBe(sent.id);
    expect(stored?.allowedMentions).toEqual({ parse: [] });
    expect(stored?.attachments.map((attachment) => [attachment.filename, attachment.contentType, attachment.bytes.equals(PNG)])).toEqual([["chart.png", "image/png", true]]);
    const served = await fetch(sent.attachments.first()?.url ?? "");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("updates the post when a member clicks its button, keeping the edit history", async () => {
    const { client, fake } = await started();
    harness?.onInteraction(async (interaction) => {
      if (interaction.isButton()) await interaction.update({ content: `answers: 1 (${interaction.user.id})`, components: [] });
    });
    const channel = await client.channels.fetch(QUIZ_CHANNEL_ID);
    if (!channel?.isSendable()) throw new Error("quiz channel is not sendable");
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId("answer:Q090").setLabel("Answer").setStyle(ButtonStyle.Primary));
    const post = await channel.send({ content: "answers: 0", components: [row] });
    const click = fake.clickButton({ messageId: post.id, customId: "answer:Q090", user: MEMBER });
    expect((await click.firstResponse()).type).toBe(CallbackType.UpdateMessage);
    const stored = fake.message(post.id);
    expect(stored?.content).toBe(`answers: 1 (${MEMBER.id})`);
    expect(stored?.history.map((version) => version.content)).toEqual(["answers: 0", `answers: 1 (${MEMBER.id})`]);
    expect(() => fake.clickButton({ messageId: post.id, customId: "answer:Q090", user: MEMBER })).toThrow(FakeDiscordUsageError);
  });

  it("rejects a row of six buttons and a custom_id over 100 characters", async () => {
    const { client, fake } = await started();
    const buttons = Array.from({ length: 6 }, (_, index) => ({ type: 2, style: 1, label: `b${index}`, custom_id: index === 0 ? "x".repeat(101) : `b${index}` }));
    await expect(client.rest.post(Routes.channelMessages(QUIZ_CHANNEL_ID), { body: { content: "x", components: [{ type: 1, components: buttons }] } })).rejects.toMatchObject({ code: 50035 });
    expect(fake.rejections[0]?.issues.map((issue) => issue.path)).toEqual(["components[0].components", "components[0].components[0].custom_id"]);
    expect(fake.channelMessages(QUIZ_CHANNEL_ID)).toEqual([]);
  });

  it("waits for a channel message that matches", async () => {
    const { client, fake } = await started();
    const waiting = fake.waitForMessage(QUIZ_CHANNEL_ID, (message) => message.content.includes("Q090"));
    await client.rest.post(Routes.channelMessages(QUIZ_CHANNEL_ID), { body: { content: "Q089" } });
    await client.rest.post(Routes.channelMessages(QUIZ_CHANNEL_ID), { body: { content: "Q090" } });
    expect((await waiting).content).toBe("Q090");
  });

  it("answers one 429 and lets discord.js retry the request", async () => {
    const { client, fake } = await started();
    fake.rateLimitNext({ method: "POST", path: `/channels/${QUIZ_CHANNEL_ID}/messages`, retryAfterMs: 20 });
    await client.rest.post(Routes.channelMessages(QUIZ_CHANNEL_ID), { body: { content: "after a retry" } });
    expect(fake.rateLimited).toHaveLength(1);
    expect(fake.channelMessages(QUIZ_CHANNEL_ID).map((message) => message.content)).toEqual(["after a retry"]);
  });

  it("refuses bot routes without the bot token", async () => {
    const { fake } = await started();
    const response = await fetch(`${fake.apiBase}/v10/channels/${QUIZ_CHANNEL_ID}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bot wrong" },
      body: JSON.stringify({ content: "hi" }),
    });
    expect(response.status).toBe(401);
    expect(fake.rejections).toMatchObject([{ status: 401, path: `/channels/${QUIZ_CHANNEL_ID}/messages` }]);
  });
});
