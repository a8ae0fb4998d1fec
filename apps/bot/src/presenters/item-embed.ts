// How one quiz item looks wherever it is asked: daily post, /review, drills.
import type { APIEmbed, APIEmbedField } from "discord.js";
import type { ItemView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { contentText, truncate } from "./safe-text.ts";

export const COLORS = {
  brand: 0x5865f2,
  good: 0x57f287,
  fair: 0xfee75c,
  poor: 0xed4245,
  neutral: 0x99aab5,
} as const;

export function kindLabel(locale: UiLocale, item: ItemView): string {
  return t(locale, `post.kind.${item.kind}`);
}

export function itemFields(locale: UiLocale, item: ItemView): APIEmbedField[] {
  return [
    {
      name: t(locale, "post.chapter"),
      value: truncate(contentText(t(locale, "post.chapter-value", { number: item.chapterNumber, name: item.chapterName })), DISCORD_LIMITS.fieldValue),
      inline: true,
    },
    { name: t(locale, "post.priority"), value: item.priority, inline: true },
    { name: t(locale, "post.kind"), value: kindLabel(locale, item), inline: true },
  ];
}

export function itemEmbed(locale: UiLocale, item: ItemView, title: string): APIEmbed {
  return {
    title: truncate(title, DISCORD_LIMITS.embedTitle),
    description: truncate(contentText(item.prompt), DISCORD_LIMITS.embedDescription),
    color: COLORS.brand,
    fields: itemFields(locale, item),
  };
}
