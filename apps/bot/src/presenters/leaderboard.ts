// `/leaderboard`: one page of the ranking with buttons to the neighbouring pages. Names come from
// interaction data (members choose them), so they are escaped and cannot ping.
import type { LeaderboardPageView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { button, rows } from "./components.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { fitEmbeds } from "./fit-embeds.ts";
import { COLORS } from "./item-embed.ts";
import { noMentions, type MessagePayload } from "./payload.ts";
import { memberText, truncate } from "./safe-text.ts";

export function renderLeaderboard(view: LeaderboardPageView, locale: UiLocale): MessagePayload {
  const lines =
    view.rows.length === 0
      ? [t(locale, "leaderboard.empty")]
      : view.rows.map((row) =>
          t(locale, "leaderboard.row", {
            rank: row.rank,
            name: memberText(row.displayName, 64),
            points: Math.round(row.points),
            streak: row.streak,
          }),
        );
  lines.push("", view.you === null ? t(locale, "leaderboard.not-ranked") : t(locale, "leaderboard.you", { rank: view.you.rank, points: Math.round(view.you.points) }));

  const last = Math.max(view.pageCount - 1, 0);
  const page = Math.min(Math.max(view.page, 0), last);
  // Two buttons in one message may not share a custom_id, so the edges point at distinct pages.
  const components =
    view.pageCount <= 1
      ? []
      : rows([
          button(
            { kind: "leaderboard-page", scope: view.scope, period: view.period, page: page === 0 ? 0 : page - 1 },
            t(locale, "leaderboard.button.previous"),
            "secondary",
            page === 0,
          ),
          button(
            { kind: "leaderboard-page", scope: view.scope, period: view.period, page: page === last ? last : page + 1 },
            t(locale, "leaderboard.button.next"),
            "secondary",
            page === last,
          ),
        ]);
  return {
    embeds: fitEmbeds([
      {
        title: t(locale, "leaderboard.title", {
          scope: t(locale, `leaderboard.scope.${view.scope}`),
          period: t(locale, `leaderboard.period.${view.period}`),
        }),
        description: truncate(lines.join("\n"), DISCORD_LIMITS.embedDescription),
        color: COLORS.brand,
        footer: { text: `${t(locale, "leaderboard.page", { page: page + 1, pages: Math.max(view.pageCount, 1) })} · ${t(locale, "leaderboard.rules")}` },
      },
    ]),
    components,
    allowedMentions: noMentions(),
  };
}
