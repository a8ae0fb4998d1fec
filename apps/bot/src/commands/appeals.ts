// `/appeals` (Manage Server, checked again by the study layer on every step): the server's
// pending appeals one at a time, oldest first. The select rules points hit; Accept opens a form
// with the answer's words for each concept to alias (prefilled with the likeliest clause); Reject
// opens a form for the reason. A decision shows what it did above the next appeal.
import type {
  ButtonInteraction,
  ChatInputCommandInteraction,
  ModalSubmitInteraction,
  StringSelectMenuInteraction,
} from "discord.js";
import type { AliasGuess } from "@recall/study";
import { parseAliasInputId, REJECT_REASON_INPUT_ID, type CustomId } from "../custom-ids.ts";
import { localeFor } from "../i18n/index.ts";
import type { BotContext } from "../interactions/context.ts";
import { actorOf } from "../interactions/member-ref.ts";
import { UserError } from "../interactions/user-error.ts";
import {
  renderAcceptModal,
  renderAppealDecision,
  renderAppealReview,
  renderRejectModal,
} from "../presenters/index.ts";

type Of<K extends CustomId["kind"]> = Extract<CustomId, { kind: K }>;

/**
 * The accept form must be the first response to the click (within 3 s of it), and it is
 * prefilled from the database: past this the admin is asked to press again instead.
 */
export const ACCEPT_FORM_BUDGET_MS = 2_000;

export async function handleAppealsCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const view = await ctx.work.run(() => ctx.study.nextAppeal(actorOf(interaction)));
  await interaction.editReply(renderAppealReview(view, localeFor(interaction.locale)));
}

export async function handleAppealPoints(interaction: StringSelectMenuInteraction, id: Of<"appeal-points">, ctx: BotContext): Promise<void> {
  await interaction.deferUpdate();
  const view = await ctx.work.run(() => ctx.study.pendingAppeal(actorOf(interaction), id.appealId));
  await interaction.editReply(renderAppealReview(view, localeFor(interaction.locale), interaction.values));
}

export async function handleAppealAccept(interaction: ButtonInteraction, id: Of<"appeal-accept">, ctx: BotContext): Promise<void> {
  const guessing = ctx.study.appealAliasGuesses(actorOf(interaction), id.appealId, id.pointIds);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ACCEPT_FORM_BUDGET_MS);
  });
  const guesses: AliasGuess[] | "late" = await Promise.race([guessing, late]).finally(() => clearTimeout(timer));
  if (guesses === "late") {
    guessing.catch((error: unknown) => ctx.logger.warn({ err: error, interactionId: interaction.id }, "alias guesses failed late"));
    throw new UserError("error.appeal-slow");
  }
  if (guesses.length === 0) {
    // The answer already names every concept of the chosen points: nothing to alias, no form.
    await interaction.deferUpdate();
    await accept(interaction, id.appealId, id.pointIds, [], ctx);
    return;
  }
  await interaction.showModal(renderAcceptModal(id.appealId, id.pointIds, guesses, localeFor(interaction.locale)));
}

export async function handleAppealAcceptModal(
  interaction: ModalSubmitInteraction,
  id: Of<"appeal-accept-modal">,
  ctx: BotContext,
): Promise<void> {
  await interaction.deferUpdate();
  const aliases: Array<{ pointId: string; concept: number; alias: string }> = [];
  for (const [customId] of interaction.fields.fields) {
    const target = parseAliasInputId(customId);
    if (target) aliases.push({ ...target, alias: interaction.fields.getTextInputValue(customId) });
  }
  await accept(interaction, id.appealId, id.pointIds, aliases, ctx);
}

async function accept(
  interaction: ButtonInteraction | ModalSubmitInteraction,
  appealId: string,
  pointIds: string[],
  aliases: Array<{ pointId: string; concept: number; alias: string }>,
  ctx: BotContext,
): Promise<void> {
  const view = await ctx.work.run(() => ctx.study.acceptAppeal({ actor: actorOf(interaction), appealId, pointIds, aliases }));
  // What each alias stands for, named by the concept's label in the item.
  const labels = new Map<string, string>();
  for (const point of ctx.study.items.get(view.item.itemId)?.keyPoints ?? []) {
    point.concepts.forEach((concept, index) => labels.set(`${point.id}.${index}`, concept.aliases[0] ?? point.id));
  }
  await interaction.editReply(renderAppealDecision(view, localeFor(interaction.locale), labels));
}

export async function handleAppealReject(interaction: ButtonInteraction, id: Of<"appeal-reject">): Promise<void> {
  await interaction.showModal(renderRejectModal(id.appealId, localeFor(interaction.locale)));
}

export async function handleAppealRejectModal(
  interaction: ModalSubmitInteraction,
  id: Of<"appeal-reject-modal">,
  ctx: BotContext,
): Promise<void> {
  await interaction.deferUpdate();
  const reason = interaction.fields.getTextInputValue(REJECT_REASON_INPUT_ID);
  const view = await ctx.work.run(() => ctx.study.rejectAppeal({ actor: actorOf(interaction), appealId: id.appealId, reason }));
  await interaction.editReply(renderAppealDecision(view, localeFor(interaction.locale)));
}
