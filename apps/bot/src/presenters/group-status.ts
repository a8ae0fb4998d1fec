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

export function renderGroupStatus(view: GroupSettingsView, locale: UiLocale): MessagePayload {
  return {
    embeds: [
      {
        title: t(locale, "quiz.status.title"),
        color: view.paused ? COLORS.neutral : COLORS.good,
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

