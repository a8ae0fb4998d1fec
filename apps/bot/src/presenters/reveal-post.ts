// Posted in the channel when a daily quiz closes: the model answer(s), the key points the group
// missed most and the day's top scorers. Several long answers can exceed one message, so this
// returns the messages to send in order; the first carries the summary.
import type { APIEmbed } from "discord.js";
import type { RevealView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { scorePercent } from "./answer-result.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { packEmbeds } from "./fit-embeds.ts";
import { COLORS } from "./item-embed.ts";
import { noMentions, type MessagePayload } from "./payload.ts";
import { contentText, memberText, truncate } from "./safe-text.ts";
import { splitText } from "./split-text.ts";

const MAX_MISSED = 5;
const MAX_SCORERS = 5;

function summaryEmbed(view: RevealView, locale: UiLocale): APIEmbed {
  const title = t(locale, "reveal.title", { date: view.localDate });
  if (view.answerCount === 0) {
    return { title, description: t(locale, "reveal.no-answers"), color: COLORS.neutral };
  }
  const fields = [];
  const missed = view.mostMissed.slice(0, MAX_MISSED);
  if (missed.length > 0) {
    fields.push({
      name: t(locale, "reveal.most-missed"),
      value: truncate(
        missed
          .map((point) => `• ${point.itemId} ${contentText(point.text)} — ${t(locale, "reveal.miss-rate", { percent: scorePercent(point.missRate) })}`)
          .join("\n"),
        DISCORD_LIMITS.fieldValue,
      ),
    });
  }
  const scorers = view.topScorers.slice(0, MAX_SCORERS);
  if (scorers.length > 0) {
    fields.push({
      name: t(locale, "reveal.top-scorers"),
      value: truncate(
        scorers
          .map((scorer, index) =>
            t(locale, "reveal.scorer", { rank: index + 1, name: memberText(scorer.displayName, 64), score: scorePercent(scorer.score) }),
          )
          .join("\n"),
        DISCORD_LIMITS.fieldValue,
      ),
    });
  }
  return { title, description: t(locale, "reveal.answer-count", { count: view.answerCount }), color: COLORS.good, fields };
}

function answerEmbeds(view: RevealView, locale: UiLocale): APIEmbed[] {
  return view.items.flatMap(({ item, modelAnswer }) =>
    splitText(contentText(modelAnswer), DISCORD_LIMITS.embedDescription).map((description, index) => ({
      title: truncate(
        `${index === 0 ? t(locale, "reveal.model-answer") : t(locale, "result.model-answer-continued")} · ${item.itemId}`,
        DISCORD_LIMITS.embedTitle,
      ),
      ...(index === 0 ? { author: { name: truncate(contentText(item.prompt).replace(/\s+/g, " "), DISCORD_LIMITS.authorName) } } : {}),
      description,
      color: COLORS.brand,
    })),
  );
}

export function renderRevealPost(view: RevealView, locale: UiLocale): MessagePayload[] {
  return packEmbeds([summaryEmbed(view, locale), ...answerEmbeds(view, locale)]).map((embeds) => ({
    embeds,
    components: [],
    allowedMentions: noMentions(),
  }));
}
