// The study-group commands: `/leaderboard`, `/weak`, `/stats`, `/me export|forget`, and the
// buttons that page the leaderboard, start a drill and confirm forgetting.
import { AttachmentBuilder, type ButtonInteraction, type ChatInputCommandInteraction } from "discord.js";
import { renderStatsChart } from "@recall/charts";
import type { LeaderboardPeriodName, LeaderboardScopeName, StatsView } from "@recall/study";
import type { CustomId } from "../custom-ids.ts";
import { localeFor, t, type UiLocale } from "../i18n/index.ts";
import type { BotContext } from "../interactions/context.ts";
import { groupOf, memberRef } from "../interactions/member-ref.ts";
import { UserError } from "../interactions/user-error.ts";
import {
  renderAnswerModal,
  renderExportNote,
  renderForgetConfirm,
  renderForgetOutcome,
  renderLeaderboard,
  renderStats,
  renderWeakFollowUps,
  STATS_CHART_FILE,
} from "../presenters/index.ts";
import { ME_SUBCOMMANDS, OPTION_NAMES } from "./definitions.ts";

type Of<K extends CustomId["kind"]> = Extract<CustomId, { kind: K }>;

async function leaderboardPage(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  ctx: BotContext,
  scope: LeaderboardScopeName,
  period: LeaderboardPeriodName,
  page: number,
) {
  const view = await ctx.study.leaderboard(memberRef(interaction), { scope, period, page, group: groupOf(interaction) });
  return renderLeaderboard(view, localeFor(interaction.locale));
}

export async function handleLeaderboardCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const scope = (interaction.options.getString(OPTION_NAMES.scope) ?? "group") as LeaderboardScopeName;
  const period = (interaction.options.getString(OPTION_NAMES.period) ?? "week") as LeaderboardPeriodName;
  await interaction.editReply(await leaderboardPage(interaction, ctx, scope, period, 0));
}

export async function handleLeaderboardPage(interaction: ButtonInteraction, id: Of<"leaderboard-page">, ctx: BotContext): Promise<void> {
  await interaction.deferUpdate();
  await interaction.editReply(await leaderboardPage(interaction, ctx, id.scope, id.period, id.page));
}

export async function handleWeakCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const items = await ctx.study.weakFollowUps(memberRef(interaction));
  await interaction.editReply(renderWeakFollowUps(items, localeFor(interaction.locale)));
}

export async function handleDrill(interaction: ButtonInteraction, id: Of<"drill">, ctx: BotContext): Promise<void> {
  const item = ctx.study.items.get(id.itemId);
  if (!item) throw new UserError("error.unknown-item");
  // A drill is an answer outside any daily post: graded and reviewed like `/review`.
  await interaction.showModal(renderAnswerModal(item, null, localeFor(interaction.locale), id.reps));
}

function chartLabels(locale: UiLocale) {
  return {
    dueForecast: t(locale, "stats.chart.due-forecast"),
    retention: t(locale, "stats.chart.retention"),
    noData: t(locale, "stats.no-data"),
  };
}

export function statsChart(view: StatsView, locale: UiLocale): AttachmentBuilder {
  const png = renderStatsChart({
    title: t(locale, "stats.title", { name: view.displayName }),
    dueForecast: view.dueForecast,
    retention: view.retentionByDay,
    labels: chartLabels(locale),
  });
  return new AttachmentBuilder(png, { name: STATS_CHART_FILE, description: t(locale, "stats.chart.alt", { name: view.displayName }) });
}

export async function handleStatsCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const locale = localeFor(interaction.locale);
  const user = interaction.options.getUser(OPTION_NAMES.member);
  const target = user ? { userId: user.id, displayName: user.globalName ?? user.username } : null;
  const view = await ctx.study.stats(memberRef(interaction), target);
  await interaction.editReply({ ...renderStats(view, locale, { withChart: true }), files: [statsChart(view, locale)] });
}

export async function handleMeCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const locale = localeFor(interaction.locale);
  const subcommand = interaction.options.getSubcommand(true);
  if (subcommand === ME_SUBCOMMANDS.forget) {
    await interaction.editReply(renderForgetConfirm(locale));
    return;
  }
  const data = await ctx.study.exportData(memberRef(interaction));
  const files = data ? [new AttachmentBuilder(Buffer.from(data, "utf8"), { name: "recall-my-data.json" })] : [];
  await interaction.editReply({ ...renderExportNote(data !== null, locale), files });
}

export async function handleForget(interaction: ButtonInteraction, confirmed: boolean, ctx: BotContext): Promise<void> {
  // Acknowledged first: deleting a member's data may take longer than Discord's 3 s.
  await interaction.deferUpdate();
  const deleted = confirmed ? await ctx.study.forgetMe(memberRef(interaction)) : false;
  await interaction.editReply(renderForgetOutcome(deleted && confirmed, localeFor(interaction.locale)));
}
