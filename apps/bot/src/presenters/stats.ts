// `/stats`: the numbers as an embed; the chart travels as an attachment the embed shows.
import type { StatsView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { scorePercent } from "./answer-result.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { COLORS } from "./item-embed.ts";
import { noMentions, type MessagePayload } from "./payload.ts";
import { memberText, truncate } from "./safe-text.ts";

/** The file name the chart is attached under; the embed's image points at it. */
export const STATS_CHART_FILE = "recall-stats.png";

export function renderStats(view: StatsView, locale: UiLocale, options: { withChart: boolean }): MessagePayload {
  const due = view.dueForecast.reduce((sum, day) => sum + day.count, 0);
  const mastery =
    view.mastery.length === 0
      ? t(locale, "stats.no-data")
      : view.mastery
          .map((row) =>
            `${t(locale, "stats.mastery-row", { chapter: row.chapter, percent: row.items > 0 ? Math.round((row.mastered / row.items) * 100) : 0 })} · ${row.seen}/${row.items}`,
          )
          .join("\n");
  return {
    embeds: [
      {
        title: truncate(t(locale, "stats.title", { name: memberText(view.displayName, 64) }), DISCORD_LIMITS.embedTitle),
        color: COLORS.brand,
        description: view.reviews === 0 ? t(locale, "stats.no-data") : undefined,
        fields: [
          { name: t(locale, "stats.reviews"), value: String(view.reviews), inline: true },
          {
            name: t(locale, "stats.retention"),
            value: view.trueRetention === null ? "—" : `${scorePercent(view.trueRetention)}%`,
            inline: true,
          },
          { name: t(locale, "stats.streak"), value: `${view.streak.current} (${view.streak.longest})`, inline: true },
          { name: t(locale, "stats.due"), value: String(due), inline: true },
          { name: t(locale, "stats.mastery"), value: truncate(mastery, DISCORD_LIMITS.fieldValue) },
        ],
        ...(options.withChart ? { image: { url: `attachment://${STATS_CHART_FILE}` } } : {}),
      },
    ],
    components: [],
    allowedMentions: noMentions(),
  };
}
