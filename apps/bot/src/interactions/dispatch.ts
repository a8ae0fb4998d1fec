// Routes every interaction to its handler by command name or custom_id kind, inside the one
// error boundary, and logs one line per interaction with its latency.
import {
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from "discord.js";
import { decodeCustomId, type CustomId } from "../custom-ids.ts";
import { COMMAND_NAMES, type CommandName } from "../commands/definitions.ts";
import {
  handleAppealAccept,
  handleAppealAcceptModal,
  handleAppealPoints,
  handleAppealReject,
  handleAppealRejectModal,
  handleAppealsCommand,
} from "../commands/appeals.ts";
import { handleDeckCommand } from "../commands/deck.ts";
import { handleAppealButton, handleAppealModal } from "../components/appeal.ts";
import { localeFor } from "../i18n/index.ts";
import { ephemeral, renderAppealNotices } from "../presenters/index.ts";
import { memberRef } from "./member-ref.ts";
import { handleQuizAutocomplete, handleQuizCommand } from "../commands/quiz.ts";
import { handleReviewCommand } from "../commands/review.ts";
import { handleInterviewAnswer, handleInterviewCommand, handleInterviewModal, handleInterviewStop } from "../commands/interview.ts";
import { handleFsrsDefaults, handleFsrsPersonal, handleSettingsCommand } from "../commands/settings.ts";
import {
  handleAnswerButton,
  handleAnswerModal,
  handleHintButton,
  handleOverride,
  handleRevealButton,
} from "../components/daily-answer.ts";
import { handleJudge, handleReviewAnswer, handleReviewNext, handleReviewShow, handleSelfRate } from "../components/review.ts";
import {
  handleDrill,
  handleForget,
  handleLeaderboardCommand,
  handleLeaderboardPage,
  handleMeCommand,
  handleStatsCommand,
  handleWeakCommand,
} from "../commands/progress.ts";
import type { BotContext } from "./context.ts";
import { withErrorBoundary } from "./error-boundary.ts";
import { UserError } from "./user-error.ts";

type CommandHandler = (interaction: ChatInputCommandInteraction, ctx: BotContext) => Promise<void>;

const commands: Record<CommandName, CommandHandler> = {
  [COMMAND_NAMES.quiz]: handleQuizCommand,
  [COMMAND_NAMES.review]: handleReviewCommand,
  [COMMAND_NAMES.settings]: handleSettingsCommand,
  [COMMAND_NAMES.leaderboard]: handleLeaderboardCommand,
  [COMMAND_NAMES.weak]: handleWeakCommand,
  [COMMAND_NAMES.stats]: handleStatsCommand,
  [COMMAND_NAMES.me]: handleMeCommand,
  [COMMAND_NAMES.deck]: handleDeckCommand,
  [COMMAND_NAMES.interview]: handleInterviewCommand,
  [COMMAND_NAMES.appeals]: handleAppealsCommand,
};

async function routeButton(interaction: ButtonInteraction, id: CustomId, ctx: BotContext): Promise<void> {
  switch (id.kind) {
    case "answer":
      return handleAnswerButton(interaction, id, ctx);
    case "hint":
      return handleHintButton(interaction, id, ctx);
    case "reveal":
      return handleRevealButton(interaction, id, ctx);
    case "override":
      return handleOverride(interaction, id, ctx);
    case "review-answer":
      return handleReviewAnswer(interaction, id, ctx);
    case "review-show":
      return handleReviewShow(interaction, id, ctx);
    case "self-rate":
      return handleSelfRate(interaction, id, ctx);
    case "review-next":
      return handleReviewNext(interaction, ctx);
    case "judge":
      return handleJudge(interaction, id, ctx);
    case "leaderboard-page":
      return handleLeaderboardPage(interaction, id, ctx);
    case "drill":
      return handleDrill(interaction, id, ctx);
    case "forget-confirm":
    case "forget-cancel":
      return handleForget(interaction, id.kind === "forget-confirm", ctx);
    case "interview-answer":
      return handleInterviewAnswer(interaction, id, ctx);
    case "interview-stop":
      return handleInterviewStop(interaction, id, ctx);
    case "fsrs-defaults":
      return handleFsrsDefaults(interaction, ctx);
    case "fsrs-personal":
      return handleFsrsPersonal(interaction, ctx);
    case "appeal":
      return handleAppealButton(interaction, id);
    case "appeal-accept":
      return handleAppealAccept(interaction, id, ctx);
    case "appeal-reject":
      return handleAppealReject(interaction, id);
    case "appeal-points":
    case "appeal-modal":
    case "appeal-accept-modal":
    case "appeal-reject-modal":
    case "answer-modal":
    case "interview-modal":
      // A modal id on a button can only come from a tampered client.
      throw new UserError("error.interaction-expired");
  }
}

async function routeModal(interaction: ModalSubmitInteraction, id: CustomId, ctx: BotContext): Promise<void> {
  switch (id.kind) {
    case "interview-modal":
      return handleInterviewModal(interaction, id, ctx);
    case "answer-modal":
      return handleAnswerModal(interaction, id, ctx);
    case "appeal-modal":
      return handleAppealModal(interaction, id, ctx);
    case "appeal-accept-modal":
      return handleAppealAcceptModal(interaction, id, ctx);
    case "appeal-reject-modal":
      return handleAppealRejectModal(interaction, id, ctx);
    default:
      throw new UserError("error.interaction-expired");
  }
}

async function routeSelect(interaction: StringSelectMenuInteraction, id: CustomId, ctx: BotContext): Promise<void> {
  if (id.kind !== "appeal-points") throw new UserError("error.interaction-expired");
  return handleAppealPoints(interaction, id, ctx);
}

/**
 * Decisions on the member's appeals, told once as a private follow-up to their next command
 * (the bot has no DM channel with them in general). A failure only costs a log line: the notice
 * stays owed only if the database never marked it told.
 */
async function tellAppealDecisions(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  try {
    const notices = await ctx.study.takeAppealNotices(memberRef(interaction));
    if (notices.length > 0) await interaction.followUp(ephemeral(renderAppealNotices(notices, localeFor(interaction.locale))));
  } catch (error) {
    ctx.logger.warn({ err: error, interactionId: interaction.id }, "appeal notices failed");
  }
}

export async function dispatchInteraction(interaction: Interaction, ctx: BotContext): Promise<void> {
  if (interaction.isAutocomplete()) {
    // Suggestions only: a failure leaves the member typing freely, so it is logged, not answered.
    if (interaction.commandName !== COMMAND_NAMES.quiz) return;
    await handleQuizAutocomplete(interaction, ctx).catch((error: unknown) => {
      ctx.logger.warn({ err: error, interactionId: interaction.id }, "autocomplete failed");
    });
    return;
  }
  if (!interaction.isRepliable()) return;
  const started = performance.now();
  let route = "unknown";
  await withErrorBoundary(interaction, ctx.logger, async () => {
    if (interaction.isChatInputCommand()) {
      route = `/${interaction.commandName}`;
      const handler = (commands as Partial<Record<string, CommandHandler>>)[interaction.commandName];
      if (!handler) throw new UserError("error.interaction-expired");
      // Acknowledged before any database work: Discord allows 3 s, the database promises nothing.
      // Every command answers privately, so handlers only ever edit this deferred reply.
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      await handler(interaction, ctx);
      return tellAppealDecisions(interaction, ctx);
    }
    if (interaction.isButton() || interaction.isModalSubmit() || interaction.isStringSelectMenu()) {
      const id = decodeCustomId(interaction.customId);
      route = id?.kind ?? "stale-component";
      // A button from an older version of the bot, or a tampered id: tell the member, no crash.
      if (!id) throw new UserError("error.interaction-expired");
      if (interaction.isButton()) return routeButton(interaction, id, ctx);
      if (interaction.isStringSelectMenu()) return routeSelect(interaction, id, ctx);
      return routeModal(interaction, id, ctx);
    }
  });
  // The line's object is built only when it is written (a burst runs this for every member).
  if (ctx.logger.isLevelEnabled("info")) {
    ctx.logger.info(
      { interactionId: interaction.id, route, userId: interaction.user.id, latencyMs: Math.round(performance.now() - started) },
      "interaction",
    );
  }
}
