// One boundary around every handler. A member's mistake (StudyError, UserError) becomes a
// friendly private reply in their language; anything else is logged with the interaction id
// and answered with an apology that carries a reference, and the process carries on.
import { MessageFlags, type RepliableInteraction } from "discord.js";
import type { Logger } from "pino";
import { StudyError } from "@recall/study";
import { localeFor, t, translate } from "../i18n/index.ts";
import { UserError } from "./user-error.ts";

export async function replyPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  const payload = { content, allowedMentions: { parse: [] } };
  if (interaction.deferred || interaction.replied) {
    await interaction.editReply(payload);
  } else {
    await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral });
  }
}

export async function withErrorBoundary(
  interaction: RepliableInteraction,
  logger: Logger,
  handler: () => Promise<void>,
): Promise<void> {
  try {
    await handler();
  } catch (error) {
    const lang = localeFor(interaction.locale);
    let message: string;
    if (error instanceof StudyError) {
      message = translate(lang, `error.${error.code}`, error.params);
    } else if (error instanceof UserError) {
      message = translate(lang, error.key, error.params);
    } else {
      logger.error({ err: error, interactionId: interaction.id }, "interaction failed");
      message = t(lang, "error.generic", { reference: interaction.id });
    }
    try {
      await replyPrivately(interaction, message);
    } catch (replyError) {
      // The token may have expired or the reply already gone out: nothing more to tell the member.
      logger.warn({ err: replyError, interactionId: interaction.id }, "could not send the error reply");
    }
  }
}
