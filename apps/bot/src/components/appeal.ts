// A member's appeal of a grading: the Appeal button on a result opens the form (no database
// round trip, so it opens within Discord's 3 s), and the form files the appeal once.
import { MessageFlags, type ButtonInteraction, type ModalSubmitInteraction } from "discord.js";
import { StudyError } from "@recall/study";
import { APPEAL_NOTE_INPUT_ID, type CustomId } from "../custom-ids.ts";
import { localeFor } from "../i18n/index.ts";
import type { BotContext } from "../interactions/context.ts";
import { memberRef } from "../interactions/member-ref.ts";
import { UserError } from "../interactions/user-error.ts";
import { discordTime, renderAppealFiled, renderAppealModal } from "../presenters/index.ts";

type Of<K extends CustomId["kind"]> = Extract<CustomId, { kind: K }>;

export async function handleAppealButton(interaction: ButtonInteraction, id: Of<"appeal">): Promise<void> {
  await interaction.showModal(renderAppealModal(id.answerId, localeFor(interaction.locale)));
}

export async function handleAppealModal(interaction: ModalSubmitInteraction, id: Of<"appeal-modal">, ctx: BotContext): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const locale = localeFor(interaction.locale);
  const note = interaction.fields.fields.has(APPEAL_NOTE_INPUT_ID) ? interaction.fields.getTextInputValue(APPEAL_NOTE_INPUT_ID) : "";
  try {
    const filed = await ctx.work.run(() => ctx.study.appealAnswer({ member: memberRef(interaction), answerId: id.answerId, note }));
    await interaction.editReply(renderAppealFiled(filed, locale));
  } catch (error) {
    // "When may I appeal again" is a moment: shown in the member's own timezone by Discord.
    if (error instanceof StudyError && error.code === "appeal-rate-limited" && typeof error.params.until === "string") {
      throw new UserError("error.appeal-rate-limited", { max: error.params.max ?? "", until: discordTime(error.params.until, "relative") });
    }
    throw error;
  }
}
