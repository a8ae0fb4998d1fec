// The daily post in a group's channel: the question(s), the running answer count, and per item
// the buttons to answer, get a hint or reveal. Never anyone's answer text.
import type { APIEmbed } from "discord.js";
import type { DailyQuizView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { button, rows } from "./components.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { fitEmbeds } from "./fit-embeds.ts";
import { COLORS, itemEmbed } from "./item-embed.ts";
import { noMentions, type MessagePayload, type MessageRow } from "./payload.ts";
import { discordTime } from "./safe-text.ts";

export interface DailyQuizPostOptions {
  /** After the reveal the buttons stay visible but can no longer be pressed. */
  closed?: boolean;
}

export function renderDailyQuizPost(
  view: DailyQuizView,
  locale: UiLocale,
  options: DailyQuizPostOptions = {},
): MessagePayload {
  const closed = options.closed ?? false;
  // One action row per item: Discord allows five rows, and a group asks at most five questions.
  const items = view.items.slice(0, DISCORD_LIMITS.actionRows);
  const several = items.length > 1;

  const header: APIEmbed = {
    title: t(locale, "post.title", { date: view.localDate }),
    description: [
      t(locale, "post.intro"),
      "",
      t(locale, "post.answers", { count: view.answerCount }),
      t(locale, "post.closes-at", { time: `${discordTime(view.closesAt, "full")} (${discordTime(view.closesAt, "relative")})` }),
    ].join("\n"),
    color: COLORS.brand,
  };
  const itemEmbeds = items.map((item) => itemEmbed(locale, item, `${item.itemId} · ${item.chapterName}`));

  const components: MessageRow[] = items.flatMap((item) =>
    rows([
      button(
        { kind: "answer", postId: view.postId, itemId: item.itemId },
        several ? t(locale, "post.button.answer-item", { itemId: item.itemId }) : t(locale, "post.button.answer"),
        "primary",
        closed,
      ),
      button({ kind: "hint", postId: view.postId, itemId: item.itemId }, t(locale, "post.button.hint"), "secondary", closed),
      button({ kind: "reveal", postId: view.postId, itemId: item.itemId }, t(locale, "post.button.reveal"), "secondary", closed),
    ]),
  );

  return { embeds: fitEmbeds([header, ...itemEmbeds]), components, allowedMentions: noMentions() };
}
