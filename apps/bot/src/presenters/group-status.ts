// `/quiz status` and the confirmations of `/quiz setup`, `pause` and `resume`.
import { channelMention } from "discord.js";
import type { GroupSettingsView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { COLORS } from "./item-embed.ts";
import { noMentions, textPayload, type MessagePayload } from "./payload.ts";
import { discordDue } from "./safe-text.ts";

function chapters(view: GroupSettingsView, locale: UiLocale): string {
  return view.chapters.length === 0 ? t(locale, "quiz.chapters.all") : view.chapters.join(", ");
}

function nextPost(view: GroupSettingsView, locale: UiLocale): string {
  return view.nextPostAt === null || view.paused ? t(locale, "quiz.status.not-scheduled") : discordDue(view.nextPostAt);
}

const CHANNEL_PROBLEMS = {
  "missing-access": "channel.problem.missing-access",
  "missing-permissions": "channel.problem.missing-permissions",
  "unknown-channel": "channel.problem.unknown-channel",
} as const;

/** What went wrong with a group's channel and how to fix it, for `/quiz status` and `/quiz now`. */
export function channelProblemText(reason: string, channelId: string, locale: UiLocale): string {
  const key = CHANNEL_PROBLEMS[reason as keyof typeof CHANNEL_PROBLEMS] ?? CHANNEL_PROBLEMS["missing-access"];
  return `${t(locale, key, { channel: channelMention(channelId) })}\n${t(locale, "channel.problem.fix")}`;
}

export function renderGroupStatus(view: GroupSettingsView, locale: UiLocale): MessagePayload {
  const problem = view.paused && view.pausedReason !== null;
  return {
    embeds: [
      {
        title: t(locale, "quiz.status.title"),
        color: problem ? COLORS.poor : view.paused ? COLORS.neutral : COLORS.good,
        ...(problem ? { description: `⚠️ ${t(locale, "quiz.status.paused-by-channel")}\n${channelProblemText(view.pausedReason ?? "", view.channelId, locale)}` } : {}),
        fields: [
          { name: t(locale, "quiz.status.channel"), value: channelMention(view.channelId), inline: true },
          { name: t(locale, "quiz.status.time"), value: view.dailyTime, inline: true },
          { name: t(locale, "quiz.status.timezone"), value: view.timezone, inline: true },
          { name: t(locale, "quiz.status.questions"), value: String(view.questionsPerDay), inline: true },
          { name: t(locale, "quiz.status.chapters"), value: chapters(view, locale), inline: true },
          { name: t(locale, "quiz.status.state"), value: t(locale, view.paused ? "quiz.status.paused" : "quiz.status.active"), inline: true },
          { name: t(locale, "quiz.status.next"), value: nextPost(view, locale) },
        ],
      },
    ],
    components: [],
    allowedMentions: noMentions(),
  };
}

export function renderGroupSetupDone(view: GroupSettingsView, locale: UiLocale): MessagePayload {
  const lines = [
    t(locale, "quiz.setup.done", {
      time: view.dailyTime,
      timezone: view.timezone,
      channel: channelMention(view.channelId),
      questions: view.questionsPerDay,
      chapters: chapters(view, locale),
    }),
  ];
  if (view.nextPostAt !== null && !view.paused) lines.push(t(locale, "quiz.setup.next", { next: discordDue(view.nextPostAt) }));
  return textPayload(lines.join("\n"));
}

export function renderPauseResume(view: GroupSettingsView, locale: UiLocale): MessagePayload {
  if (view.paused) return textPayload(t(locale, "quiz.pause.done"));
  const lines = [t(locale, "quiz.resume.done")];
  if (view.nextPostAt !== null) lines.push(t(locale, "quiz.setup.next", { next: discordDue(view.nextPostAt) }));
  return textPayload(lines.join("\n"));
}

