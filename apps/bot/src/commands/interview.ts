// `/interview [chapter] [questions] [record]`: a private mock interview in one ephemeral message
// updated in place, one question at a time. Its session lives in the study domain's database,
// so any bot process takes the next step and a restart loses nothing.
import type { ButtonInteraction, ChatInputCommandInteraction, ModalSubmitInteraction } from "discord.js";
import { ANSWER_INPUT_ID, type CustomId } from "../custom-ids.ts";
import { localeFor } from "../i18n/index.ts";
import type { BotContext } from "../interactions/context.ts";
import { memberRef } from "../interactions/member-ref.ts";
import { UserError } from "../interactions/user-error.ts";
import { renderInterviewModal, renderInterviewReport, renderInterviewStep, renderInterviewTurn } from "../presenters/index.ts";
import { OPTION_NAMES } from "./definitions.ts";

type Of<K extends CustomId["kind"]> = Extract<CustomId, { kind: K }>;

export async function handleInterviewCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const chapter = interaction.options.getInteger(OPTION_NAMES.chapter);
  const questions = interaction.options.getInteger(OPTION_NAMES.questions);
  const record = interaction.options.getBoolean(OPTION_NAMES.record);
  const locale = localeFor(interaction.locale);
  const rendered = await ctx.work.run(async () => {
    const step = await ctx.study.startInterview(memberRef(interaction), {
      ...(chapter === null ? {} : { chapter }),
      ...(questions === null ? {} : { questions }),
      ...(record === null ? {} : { record }),
    });
    return renderInterviewStep(step, locale);
  });
  await interaction.editReply(rendered);
}

export async function handleInterviewAnswer(interaction: ButtonInteraction, id: Of<"interview-answer">, ctx: BotContext): Promise<void> {
  const item = ctx.study.items.get(id.itemId);
  if (!item) throw new UserError("error.unknown-item");
  await interaction.showModal(renderInterviewModal({ itemId: item.id, prompt: item.prompt }, id.sessionId, id.step, localeFor(interaction.locale)));
}

export async function handleInterviewModal(interaction: ModalSubmitInteraction, id: Of<"interview-modal">, ctx: BotContext): Promise<void> {
  // The form came from the session's message: the next step replaces it in place.
  await interaction.deferUpdate();
  const locale = localeFor(interaction.locale);
  const rendered = await ctx.work.run(async () => {
    const turn = await ctx.study.answerInterview({
      member: memberRef(interaction),
      sessionId: id.sessionId,
      step: id.step,
      text: interaction.fields.getTextInputValue(ANSWER_INPUT_ID),
    });
    return renderInterviewTurn(turn, locale);
  });
  await interaction.editReply(rendered);
}

export async function handleInterviewStop(interaction: ButtonInteraction, id: Of<"interview-stop">, ctx: BotContext): Promise<void> {
  await interaction.deferUpdate();
  const locale = localeFor(interaction.locale);
  const rendered = await ctx.work.run(async () => renderInterviewReport(await ctx.study.stopInterview(memberRef(interaction), id.sessionId), locale));
  await interaction.editReply(rendered);
}
