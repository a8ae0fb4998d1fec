// `/quiz setup|now|pause|resume|status`: a study group's admin commands. Discord hides them from
// members without Manage Server; the study domain refuses them again, whatever Discord shows.
import { ChannelType, channelMention, MessageFlags, type ChatInputCommandInteraction } from "discord.js";
import { localeFor, t } from "../i18n/index.ts";
import { actorOf, groupOf } from "../interactions/member-ref.ts";
import { UserError } from "../interactions/user-error.ts";
import type { BotContext } from "../interactions/context.ts";
import { publishDailyQuiz } from "../jobs/daily-posts.ts";
import { ephemeral, memberText, renderGroupSetupDone, renderGroupStatus, renderPauseResume, textPayload } from "../presenters/index.ts";
import { OPTION_NAMES, QUIZ_SUBCOMMANDS } from "./definitions.ts";

/** "12, 13" or "12 13" → [12, 13]. */
export function parseChapters(input: string | null): number[] | undefined {
  if (input === null || input.trim() === "") return undefined;
  const parts = input.split(/[\s,，、]+/).filter(Boolean);
  if (!parts.every((part) => /^\d{1,3}$/.test(part))) throw new UserError("error.invalid-chapters");
  return parts.map(Number);
}

export async function handleQuizCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const locale = localeFor(interaction.locale);
  const actor = actorOf(interaction);
  const subcommand = interaction.options.getSubcommand(true);

  switch (subcommand) {
    case QUIZ_SUBCOMMANDS.setup: {
      const channel = interaction.options.getChannel(OPTION_NAMES.channel);
      if (channel && channel.type !== ChannelType.GuildText) throw new UserError("error.channel-not-text");
      const view = await ctx.study.setupGroup(actor, {
        ...groupOf(interaction, channel?.id),
        dailyTime: interaction.options.getString(OPTION_NAMES.time, true),
        timezone: interaction.options.getString(OPTION_NAMES.timezone, true).trim(),
        questionsPerDay: interaction.options.getInteger(OPTION_NAMES.questions) ?? undefined,
        chapters: parseChapters(interaction.options.getString(OPTION_NAMES.chapters)),
      });
      const deck = interaction.options.getString(OPTION_NAMES.deck);
      if (deck === null) {
        await interaction.reply(ephemeral(renderGroupSetupDone(view, locale)));
        return;
      }
      // "-" (or an empty choice) goes back to the built-in bank.
      const names = deck.trim() === "-" || deck.trim() === "" ? [] : [deck];
      const kept = await ctx.study.setGroupDecks(actor, groupOf(interaction, channel?.id), names);
      const done = renderGroupSetupDone(view, locale);
      const decks = kept.length === 0 ? t(locale, "quiz.setup.builtin") : kept.map((name) => memberText(name)).join(", ");
      await interaction.reply(ephemeral({ ...done, content: `${done.content ?? ""}\n${t(locale, "quiz.setup.deck", { decks })}` }));
      return;
    }
    case QUIZ_SUBCOMMANDS.now: {
      const group = groupOf(interaction);
      const { due, existing } = await ctx.study.duePostNow(actor, group);
      if (existing) {
        const link = existing.messageId
          ? `https://discord.com/channels/${group.serverId}/${existing.channelId}/${existing.messageId}`
          : channelMention(existing.channelId);
        await interaction.reply(ephemeral(textPayload(t(locale, "quiz.now.already", { link }))));
        return;
      }
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const posted = due ? await publishDailyQuiz(ctx, due) : null;
      await interaction.editReply(
        textPayload(
          posted ? t(locale, "quiz.now.done", { channel: channelMention(posted.channelId) }) : t(locale, "quiz.now.nothing"),
        ),
      );
      return;
    }
    case QUIZ_SUBCOMMANDS.pause:
    case QUIZ_SUBCOMMANDS.resume: {
      const view = await ctx.study.setGroupPaused(actor, groupOf(interaction), subcommand === QUIZ_SUBCOMMANDS.pause);
      await interaction.reply(ephemeral(renderPauseResume(view, locale)));
      return;
    }
    case QUIZ_SUBCOMMANDS.status: {
      const view = await ctx.study.groupStatus(groupOf(interaction));
      await interaction.reply(ephemeral(renderGroupStatus(view, locale)));
      return;
    }
    default:
      throw new Error(`unknown /quiz subcommand ${subcommand}`);
  }
}
