// `/settings timezone day_start retention`: a member's own preferences; no options shows them,
// with the FSRS weights that schedule them (default or personal), a way back to the defaults, and
// from there a way back to personal weights.
import type { ButtonInteraction, ChatInputCommandInteraction } from "discord.js";
import { localeFor } from "../i18n/index.ts";
import { memberRef } from "../interactions/member-ref.ts";
import type { BotContext } from "../interactions/context.ts";
import { renderMemberSettings } from "../presenters/index.ts";
import { OPTION_NAMES } from "./definitions.ts";

export async function handleSettingsCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const locale = localeFor(interaction.locale);
  const member = memberRef(interaction);
  const timezone = interaction.options.getString(OPTION_NAMES.timezone)?.trim();
  const dayStartHour = interaction.options.getInteger(OPTION_NAMES.dayStart) ?? undefined;
  const desiredRetention = interaction.options.getNumber(OPTION_NAMES.retention) ?? undefined;
  const changing = timezone !== undefined || dayStartHour !== undefined || desiredRetention !== undefined;
  const view = changing
    ? await ctx.study.updateMemberSettings(member, { timezone, dayStartHour, desiredRetention })
    : await ctx.study.memberSettings(member);
  const fsrs = await ctx.study.fsrsSettings(member);
  await interaction.editReply(renderMemberSettings(view, locale, { saved: changing, fsrs }));
}

/** The settings message's "use default parameters" button. */
export async function handleFsrsDefaults(interaction: ButtonInteraction, ctx: BotContext): Promise<void> {
  // Acknowledged before any database work, as every interaction is (Discord's 3 s).
  await interaction.deferUpdate();
  const member = memberRef(interaction);
  const fsrs = await ctx.study.useDefaultFsrs(member);
  const view = await ctx.study.memberSettings(member);
  await interaction.editReply(renderMemberSettings(view, localeFor(interaction.locale), { saved: true, fsrs }));
}

/** The settings message's "fit my own parameters again" button, shown after going back to the defaults. */
export async function handleFsrsPersonal(interaction: ButtonInteraction, ctx: BotContext): Promise<void> {
  await interaction.deferUpdate();
  const member = memberRef(interaction);
  const fsrs = await ctx.study.allowPersonalFsrs(member);
  const view = await ctx.study.memberSettings(member);
  await interaction.editReply(renderMemberSettings(view, localeFor(interaction.locale), { saved: true, fsrs }));
}
