// The daily post's buttons and the answer modal: answer, hint, reveal, and the rating override.
import { MessageFlags, type ButtonInteraction, type ModalSubmitInteraction } from "discord.js";
import type { AnswerResultView } from "@recall/study";
import { ANSWER_INPUT_ID, type CustomId } from "../custom-ids.ts";
import { localeFor, type UiLocale } from "../i18n/index.ts";
import { editOriginal } from "../interactions/edit-original.ts";
import { memberRef } from "../interactions/member-ref.ts";
import type { BotContext } from "../interactions/context.ts";
import { ephemeral, renderAnswerModal, renderAnswerResult, renderHint, type AnswerResultOptions } from "../presenters/index.ts";
import { UserError } from "../interactions/user-error.ts";
import { retryWhileUnavailable, StillUnavailableError } from "../interactions/retry-unavailable.ts";
import { noMentions, type MessagePayload } from "../presenters/payload.ts";
import { t } from "../i18n/index.ts";

/** The member's own text quoted back (privately) when it could not be saved, so nothing is lost. */
function renderNotSaved(text: string, locale: UiLocale): MessagePayload {
  const quoted = text.replaceAll("`", "ˋ").slice(0, 3_900);
  return { content: t(locale, "answer.not-saved"), embeds: [{ description: `\`\`\`\n${quoted}\n\`\`\`` }], components: [], allowedMentions: noMentions() };
}

type Of<K extends CustomId["kind"]> = Extract<CustomId, { kind: K }>;

/** Sends a result as the (deferred) reply, and the rest of a long model answer as follow-ups. */
async function sendResult(
  interaction: ButtonInteraction | ModalSubmitInteraction,
  view: AnswerResultView,
  locale: UiLocale,
  options: AnswerResultOptions = {},
): Promise<void> {
  await sendRendered(interaction, renderAnswerResult(view, locale, options));
}

async function sendRendered(
  interaction: ButtonInteraction | ModalSubmitInteraction,
  { reply, followUps }: ReturnType<typeof renderAnswerResult>,
): Promise<void> {
  // The hot path of a burst: one plain PATCH (see edit-original.ts).
  await editOriginal(interaction, reply);
  for (const payload of followUps) await interaction.followUp(ephemeral(payload));
}

/**
 * How long the Answer button waits to learn whether the member already answered. A form cannot be
 * deferred and Discord allows 3 s: in a burst the check can queue behind other work, so past this
 * the form opens anyway, and a second submission is shown the first result (it is idempotent).
 */
export const EXISTING_ANSWER_BUDGET_MS = 400;

export async function handleAnswerButton(interaction: ButtonInteraction, id: Of<"answer">, ctx: BotContext): Promise<void> {
  const locale = localeFor(interaction.locale);
  const item = ctx.study.items.get(id.itemId);
  if (!item) throw new UserError("error.unknown-item");
  // A member who already answered sees their first result instead of a second form.
  const check = ctx.study.existingAnswer(memberRef(interaction), id.postId, id.itemId);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), EXISTING_ANSWER_BUDGET_MS);
  });
  const earlier = await Promise.race([check, late]).finally(() => clearTimeout(timer));
  if (earlier === "late") {
    // The check goes on unobserved; its failure is only worth a log line now.
    check.catch((error: unknown) => ctx.logger.warn({ err: error, interactionId: interaction.id }, "existing-answer check failed"));
  } else if (earlier) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    await sendResult(interaction, earlier, locale);
    return;
  }
  await interaction.showModal(renderAnswerModal(item, id.postId, locale));
}

export async function handleHintButton(interaction: ButtonInteraction, id: Of<"hint">, ctx: BotContext): Promise<void> {
  await interaction.reply(ephemeral(renderHint(ctx.study.hint(id.itemId), localeFor(interaction.locale))));
}

export async function handleRevealButton(interaction: ButtonInteraction, id: Of<"reveal">, ctx: BotContext): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  // The work slot covers the database work and rendering; the reply to Discord is sent outside
  // it, so a slow round trip to Discord does not hold back the next member's answer.
  const { view, rendered } = await ctx.work.run(async () => {
    const revealed = await ctx.study.revealAnswer({
      deliveryKey: interaction.id,
      member: memberRef(interaction),
      postId: id.postId,
      itemId: id.itemId,
    });
    return { view: revealed, rendered: renderAnswerResult(revealed, localeFor(interaction.locale), { revealed: !revealed.alreadyAnswered }) };
  });
  if (!view.alreadyAnswered) ctx.answerCounts.bump(id.postId);
  await sendRendered(interaction, rendered);
}

export async function handleAnswerModal(
  interaction: ModalSubmitInteraction,
  id: Of<"answer-modal">,
  ctx: BotContext,
): Promise<void> {
  // Acknowledge first: grading is fast, but the database may not be, and Discord allows 3 s.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const text = interaction.fields.getTextInputValue(ANSWER_INPUT_ID);
  // Database work and rendering in the work slot; the reply goes out after it (see above). While
  // the database is unreachable each attempt takes a slot of its own, so waiting holds none.
  let outcome;
  try {
    outcome = await retryWhileUnavailable(() => ctx.work.run(async () => {
    const graded = await ctx.study.submitAnswer({
      deliveryKey: interaction.id,
      member: memberRef(interaction),
      postId: id.postId,
      itemId: id.itemId,
      text,
      ...(id.reps === null ? {} : { shownReps: id.reps }),
    });
    return { view: graded, rendered: renderAnswerResult(graded, localeFor(interaction.locale), { withNextReview: id.postId === null }) };
    }));
  } catch (error) {
    if (!(error instanceof StillUnavailableError)) throw error;
    ctx.logger.warn({ interactionId: interaction.id }, "answer not saved: the database stayed unreachable");
    await interaction.editReply(renderNotSaved(text, localeFor(interaction.locale)));
    return;
  }
  const { view, rendered } = outcome;
  if (id.postId !== null && !view.alreadyAnswered) ctx.answerCounts.bump(id.postId);
  await sendRendered(interaction, rendered);
}

export async function handleOverride(interaction: ButtonInteraction, id: Of<"override">, ctx: BotContext): Promise<void> {
  await interaction.deferUpdate();
  const view = await ctx.study.overrideRating({ member: memberRef(interaction), answerId: id.answerId, rating: id.rating });
  const { reply } = renderAnswerResult(view, localeFor(interaction.locale));
  await interaction.editReply(reply);
}
