// `/quiz setup|now|pause|resume|status`: a study group's admin commands (acknowledged by the
// dispatcher before they run, so each edits its deferred private reply). Discord hides them from
// members without Manage Server; the study domain refuses them again, whatever Discord shows.
import { ChannelType, channelMention, PermissionFlagsBits, PermissionsBitField, type AutocompleteInteraction, type ChatInputCommandInteraction } from "discord.js";
import { localeFor, t } from "../i18n/index.ts";
import { actorOf, groupOf } from "../interactions/member-ref.ts";
import { UserError } from "../interactions/user-error.ts";
import type { BotContext } from "../interactions/context.ts";
import { channelProblemOf } from "../jobs/channel-messages.ts";
import { ChannelProblemError, publishDailyQuiz } from "../jobs/daily-posts.ts";
import { channelProblemText, memberText, renderGroupSetupDone, renderGroupStatus, renderPauseResume, textPayload } from "../presenters/index.ts";
import { OPTION_NAMES, QUIZ_SUBCOMMANDS } from "./definitions.ts";

/** "12, 13" or "12 13" → [12, 13]. */
export function parseChapters(input: string | null): number[] | undefined {
  if (input === null || input.trim() === "") return undefined;
  const parts = input.split(/[\s,，、]+/).filter(Boolean);
  if (!parts.every((part) => /^\d{1,3}$/.test(part))) throw new UserError("error.invalid-chapters");
  return parts.map(Number);
}

/** What the daily post needs in its channel. */
const POSTING = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.EmbedLinks;

/** A channel option as discord.js resolves it: a cached channel, or the raw API object when it is not cached. */
type OptionChannel = NonNullable<ReturnType<ChatInputCommandInteraction["options"]["getChannel"]>>;

/** The bot's permissions in a channel option, when Discord sent them with it (`app_permissions`, since July 2026). */
function appPermissionsOf(channel: OptionChannel): Readonly<PermissionsBitField> | null {
  if ("appPermissions" in channel) return channel.appPermissions;
  return channel.app_permissions === undefined ? null : new PermissionsBitField(BigInt(channel.app_permissions));
}

/**
 * Whether the bot may post the daily quiz in the channel. In the channel the command came from,
 * Discord says so in the interaction (app_permissions), and for a `channel:` option Discord now
 * sends the same with the resolved channel. Without it, the channel is judged as Discord would
 * judge a post there, from the guild's roles, the bot's member and the channel's overwrites, all
 * kept in discord.js's cache by the Guilds intent (GUILD_CREATE, CHANNEL_UPDATE, GUILD_ROLE_*,
 * and GUILD_MEMBER_UPDATE for the bot itself): a channel the bot may see but not post in is
 * refused here, not at the first daily post.
 */
async function canPostIn(interaction: ChatInputCommandInteraction, channelId: string, option: OptionChannel | null, ctx: BotContext): Promise<boolean> {
  if (channelId === interaction.channelId) return interaction.appPermissions.has(POSTING);
  const told = option && option.id === channelId ? appPermissionsOf(option) : null;
  if (told) return told.has(POSTING);
  const me = interaction.guild?.members.me ?? null;
  let channel;
  try {
    // The cached channel, else Discord's, which refuses (403/404) a channel the bot may not see.
    // Without the bot's member the cache cannot judge, so Discord is asked even then.
    channel = await ctx.client.channels.fetch(channelId, { force: me === null });
  } catch (error) {
    if (channelProblemOf(error) !== null) return false;
    throw error;
  }
  return me && channel && !channel.isDMBased() ? channel.permissionsFor(me).has(POSTING) : true;
}

/** "Vocab, Trivia" → ["Vocab", "Trivia"]; "-" → [] (the built-in bank); undefined when the option is absent. */
export function parseDeckNames(input: string | null): string[] | undefined {
  if (input === null) return undefined;
  return input
    .split(/[,，、]/)
    .map((name) => name.trim())
    .filter((name) => name !== "" && name !== "-");
}

/** Discord allows 25 autocomplete choices. */
const MAX_CHOICES = 25;

/** `/quiz setup deck:` autocomplete: this server's decks whose name holds the last name being typed. */
export async function handleQuizAutocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name !== OPTION_NAMES.deck || !interaction.guildId) return interaction.respond([]);
  const typed = String(focused.value);
  const cut = Math.max(typed.lastIndexOf(","), typed.lastIndexOf("，"), typed.lastIndexOf("、"));
  const before = cut < 0 ? "" : `${typed.slice(0, cut + 1).trimEnd()} `;
  const needle = typed.slice(cut + 1).trim().toLowerCase();
  const decks = await ctx.study.listDecks(interaction.guildId);
  const choices = decks
    .filter((deck) => deck.name.toLowerCase().includes(needle))
    .map((deck) => `${before}${deck.name}`)
    .filter((value) => value.length <= 100)
    .slice(0, MAX_CHOICES)
    .map((value) => ({ name: value, value }));
  await interaction.respond(choices);
}

export async function handleQuizCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const locale = localeFor(interaction.locale);
  const actor = actorOf(interaction);
  const subcommand = interaction.options.getSubcommand(true);

  switch (subcommand) {
    case QUIZ_SUBCOMMANDS.setup: {
      const channel = interaction.options.getChannel(OPTION_NAMES.channel);
      if (channel && channel.type !== ChannelType.GuildText) throw new UserError("error.channel-not-text");
      const target = groupOf(interaction, channel?.id).channelId;
      if (!(await canPostIn(interaction, target, channel, ctx))) {
        await interaction.editReply(textPayload(t(locale, "quiz.setup.no-permission", { channel: channelMention(target) })));
        return;
      }
      const deckNames = parseDeckNames(interaction.options.getString(OPTION_NAMES.deck));
      if (deckNames && interaction.guildId && actor.canManageServer) {
        // Checked before anything is saved: a mistyped deck name changes nothing.
        const known = new Set((await ctx.study.listDecks(interaction.guildId)).map((deck) => deck.name.toLowerCase()));
        const unknown = deckNames.find((name) => !known.has(name.toLowerCase()));
        if (unknown !== undefined) throw new UserError("error.unknown-deck", { name: memberText(unknown) });
      }
      const view = await ctx.study.setupGroup(actor, {
        ...groupOf(interaction, channel?.id),
        dailyTime: interaction.options.getString(OPTION_NAMES.time, true),
        timezone: interaction.options.getString(OPTION_NAMES.timezone, true).trim(),
        questionsPerDay: interaction.options.getInteger(OPTION_NAMES.questions) ?? undefined,
        chapters: parseChapters(interaction.options.getString(OPTION_NAMES.chapters)),
      });
      const reply = renderGroupSetupDone(view, locale);
      if (deckNames) {
        const kept = await ctx.study.setGroupDecks(actor, groupOf(interaction, channel?.id), deckNames);
        const decks = kept.length > 0 ? kept.map((name) => memberText(name)).join(", ") : t(locale, "quiz.setup.builtin");
        reply.content = `${reply.content ?? ""}\n${t(locale, "quiz.setup.decks", { decks })}`;
      }
      await interaction.editReply(reply);
      return;
    }
    case QUIZ_SUBCOMMANDS.now: {
      const group = groupOf(interaction);
      const { due, existing } = await ctx.study.duePostNow(actor, group);
      if (existing) {
        const link = existing.messageId
          ? `https://discord.com/channels/${group.serverId}/${existing.channelId}/${existing.messageId}`
          : channelMention(existing.channelId);
        await interaction.editReply(textPayload(t(locale, "quiz.now.already", { link })));
        return;
      }
      let posted;
      try {
        posted = due ? await publishDailyQuiz(ctx, due) : null;
      } catch (error) {
        if (!(error instanceof ChannelProblemError)) throw error;
        await interaction.editReply(textPayload(channelProblemText(error.reason, error.channelId, locale)));
        return;
      }
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
      await interaction.editReply(renderPauseResume(view, locale));
      return;
    }
    case QUIZ_SUBCOMMANDS.status: {
      const view = await ctx.study.groupStatus(groupOf(interaction));
      await interaction.editReply(renderGroupStatus(view, locale));
      return;
    }
    default:
      throw new Error(`unknown /quiz subcommand ${subcommand}`);
  }
}
