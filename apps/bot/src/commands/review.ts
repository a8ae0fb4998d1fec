// `/review`: the member's due items, one at a time, privately.
import type { ChatInputCommandInteraction } from "discord.js";
import { localeFor } from "../i18n/index.ts";
import { memberRef } from "../interactions/member-ref.ts";
import type { BotContext } from "../interactions/context.ts";
import { renderNothingDue, renderReviewPrompt } from "../presenters/index.ts";

export async function handleReviewCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const locale = localeFor(interaction.locale);
  const prompt = await ctx.study.nextReview(memberRef(interaction));
  await interaction.editReply(prompt ? renderReviewPrompt(prompt, locale) : renderNothingDue(locale));
}
