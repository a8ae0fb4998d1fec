// The weekly summary a group gets at the start of its local week: last week's top members, the
// key points it missed most and its weakest follow-ups.
import type { WeeklySummaryView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { scorePercent } from "./answer-result.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { COLORS } from "./item-embed.ts";
import { noMentions, type MessagePayload } from "./payload.ts";
import { contentText, memberText, truncate } from "./safe-text.ts";

export function renderWeeklySummary(view: WeeklySummaryView, locale: UiLocale): MessagePayload {
  const title = t(locale, "weekly.title", { start: view.weekStart, end: view.weekEnd });
  if (view.topMembers.length === 0) {
    return {
      embeds: [{ title, description: t(locale, "weekly.no-activity"), color: COLORS.neutral }],
      components: [],
      allowedMentions: noMentions(),
    };
  }
  const fields = [
    {
      name: t(locale, "weekly.top-members"),
      value: view.topMembers
        .map((row) => t(locale, "weekly.member-row", { rank: row.rank, name: memberText(row.displayName, 64), points: row.points }))
        .join("\n"),
    },
  ];
  if (view.mostMissed.length > 0) {
    fields.push({
      name: t(locale, "weekly.most-missed"),
      value: view.mostMissed
        .map((point) => `• ${point.itemId} ${contentText(point.text)} — ${t(locale, "reveal.miss-rate", { percent: scorePercent(point.missRate) })}`)
        .join("\n"),
    });
  }
  if (view.weakFollowUps.length > 0) {
    fields.push({
      name: t(locale, "weekly.weak-follow-ups"),
      value: view.weakFollowUps.map((item) => `• ${item.itemId} ${contentText(item.prompt)}`).join("\n"),
    });
  }
  return {
    embeds: [
      {
        title,
        color: COLORS.brand,
        fields: fields.map((field) => ({ name: field.name, value: truncate(field.value, DISCORD_LIMITS.fieldValue) })),
      },
    ],
    components: [],
    allowedMentions: noMentions(),
  };
}
