// `/review` steps: answer in a modal, or show the answer and rate yourself; a misconception item
// asks whether its statement is right.
import type { ButtonInteraction } from "discord.js";
import type { CustomId } from "../custom-ids.ts";
import { localeFor } from "../i18n/index.ts";
import { memberRef } from "../interactions/member-ref.ts";
import type { BotContext } from "../interactions/context.ts";
import {
  renderAnswerModal,
  renderJudgeResult,
  renderNothingDue,
  renderReviewPrompt,
  renderReviewRated,
  renderShownAnswer,
} from "../presenters/index.ts";
import { UserError } from "../interactions/user-error.ts";

type Of<K extends CustomId["kind"]> = Extract<CustomId, { kind: K }>;

export async function handleReviewAnswer(interaction: ButtonInteraction, id: Of<"review-answer">, ctx: BotContext): Promise<void> {
  const item = ctx.study.items.get(id.itemId);
  if (!item) throw new UserError("error.unknown-item");
  await interaction.showModal(renderAnswerModal(item, null, localeFor(interaction.locale), id.reps));
}

export async function handleReviewShow(interaction: ButtonInteraction, id: Of<"review-show">, ctx: BotContext): Promise<void> {
  const item = ctx.study.items.get(id.itemId);
  if (!item) throw new UserError("error.unknown-item");
  await interaction.update(renderShownAnswer({ itemId: item.id, prompt: item.prompt }, item.answer, id.reps, localeFor(interaction.locale)));
}

export async function handleSelfRate(interaction: ButtonInteraction, id: Of<"self-rate">, ctx: BotContext): Promise<void> {
  await interaction.deferUpdate();
  const rated = await ctx.study.selfRate({
    deliveryKey: interaction.id,
    member: memberRef(interaction),
    itemId: id.itemId,
    rating: id.rating,
    shownReps: id.reps,
  });
  await interaction.editReply(renderReviewRated(rated, localeFor(interaction.locale)));
}

export async function handleJudge(interaction: ButtonInteraction, id: Of<"judge">, ctx: BotContext): Promise<void> {
  await interaction.deferUpdate();
  const judged = await ctx.study.judgeStatement({
    deliveryKey: interaction.id,
    member: memberRef(interaction),
    itemId: id.itemId,
    saysRight: id.verdict === "right",
    shownReps: id.reps,
  });
  await interaction.editReply(renderJudgeResult(judged, id.verdict, localeFor(interaction.locale)));
}

export async function handleReviewNext(interaction: ButtonInteraction, ctx: BotContext): Promise<void> {
  const locale = localeFor(interaction.locale);
  await interaction.deferUpdate();
  const prompt = await ctx.study.nextReview(memberRef(interaction));
  await interaction.editReply(prompt ? renderReviewPrompt(prompt, locale) : renderNothingDue(locale));
}
