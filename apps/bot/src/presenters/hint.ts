// A hint names the concepts a good answer covers, never the answer itself.
import type { HintView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { fitEmbeds } from "./fit-embeds.ts";
import { COLORS } from "./item-embed.ts";
import { noMentions, type MessagePayload } from "./payload.ts";
import { contentText, truncate } from "./safe-text.ts";

export function renderHint(view: HintView, locale: UiLocale): MessagePayload {
  const concepts = view.concepts.filter((concept) => concept.trim().length > 0);
  const description =
    concepts.length === 0
      ? t(locale, "hint.none")
      : [t(locale, "hint.body", { count: view.keyPointCount }), ...concepts.map((concept) => `• ${contentText(concept)}`)].join("\n");
  return {
    embeds: fitEmbeds([
      {
        title: t(locale, "hint.title", { itemId: view.item.itemId }),
        description: truncate(description, DISCORD_LIMITS.embedDescription),
        color: COLORS.fair,
      },
    ]),
    components: [],
    allowedMentions: noMentions(),
  };
}
