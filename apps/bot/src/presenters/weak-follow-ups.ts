// `/weak`: the follow-ups of questions a member just missed (new to them), then those they are
// most likely to have forgotten, each with a drill button.
import type { WeakFollowUpView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { button, rows } from "./components.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { fitEmbeds } from "./fit-embeds.ts";
import { COLORS } from "./item-embed.ts";
import { noMentions, type MessagePayload } from "./payload.ts";
import { contentText, truncate } from "./safe-text.ts";

/** Five rows of five buttons at most; ten keeps the list readable. */
export const MAX_WEAK_SHOWN = 10;

export function renderWeakFollowUps(items: readonly WeakFollowUpView[], locale: UiLocale): MessagePayload {
  const shown = items.slice(0, MAX_WEAK_SHOWN);
  const description =
    shown.length === 0
      ? t(locale, "weak.empty")
      : shown
          .map((item, index) => {
            const prompt = truncate(contentText(item.prompt).replace(/\s+/g, " "), 120);
            // Not reviewed yet: no recall figure to show, only the miss that brought it in.
            return item.missedIn !== null
              ? t(locale, "weak.row.missed", { rank: index + 1, itemId: item.itemId, prompt, questionId: item.missedIn })
              : t(locale, "weak.row", {
                  rank: index + 1,
                  itemId: item.itemId,
                  prompt,
                  retrievability: Math.round(Math.min(Math.max(item.retrievability, 0), 1) * 100),
                  lapses: item.lapses,
                });
          })
          .join("\n");
  return {
    embeds: fitEmbeds([{ title: t(locale, "weak.title"), description: truncate(description, DISCORD_LIMITS.embedDescription), color: COLORS.fair }]),
    components: rows(shown.map((item) => button({ kind: "drill", itemId: item.itemId, reps: item.reps }, t(locale, "weak.button.drill", { itemId: item.itemId }), "primary"))),
    allowedMentions: noMentions(),
  };
}
