// The last guard before Discord: whatever a presenter built, the embeds that leave here respect
// every per-part limit and the 6,000-character total. Earlier content wins; later parts are cut
// with a visible mark or dropped, so a message is never rejected and the top of it always survives.
import type { APIEmbed, APIEmbedField } from "discord.js";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { truncate } from "./safe-text.ts";

/** The characters Discord counts toward the 6,000 total of one embed. */
export function embedLength(embed: APIEmbed): number {
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.author?.name.length ?? 0) +
    (embed.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0)
  );
}

export function embedsLength(embeds: readonly APIEmbed[]): number {
  return embeds.reduce((sum, embed) => sum + embedLength(embed), 0);
}

// Too little room left to say anything useful: drop the part instead of showing a lone "…".
const MIN_USEFUL = 8;

/**
 * Clamps each part to its own limit, then spends `totalLimit` in reading order. Fields that no
 * longer fit are dropped; an embed left with nothing is dropped. At most 10 embeds come back.
 */
export function fitEmbeds(embeds: readonly APIEmbed[], totalLimit: number = DISCORD_LIMITS.embedTotal): APIEmbed[] {
  let budget = totalLimit;
  const take = (text: string, limit: number): string | undefined => {
    const room = Math.min(limit, budget);
    if (text.length === 0 || room < Math.min(MIN_USEFUL, text.length)) return undefined;
    const kept = truncate(text, room);
    budget -= kept.length;
    return kept;
  };

  const fitted: APIEmbed[] = [];
  for (const embed of embeds.slice(0, DISCORD_LIMITS.embedsPerMessage)) {
    const { title, description, footer, author, fields, ...rest } = embed;
    const out: APIEmbed = { ...rest };
    const keptTitle = title === undefined ? undefined : take(title, DISCORD_LIMITS.embedTitle);
    if (keptTitle !== undefined) out.title = keptTitle;
    const keptAuthor = author === undefined ? undefined : take(author.name, DISCORD_LIMITS.authorName);
    if (author !== undefined && keptAuthor !== undefined) out.author = { ...author, name: keptAuthor };
    const keptDescription = description === undefined ? undefined : take(description, DISCORD_LIMITS.embedDescription);
    if (keptDescription !== undefined) out.description = keptDescription;

    const keptFields: APIEmbedField[] = [];
    for (const field of (fields ?? []).slice(0, DISCORD_LIMITS.embedFields)) {
      const name = truncate(field.name.length > 0 ? field.name : "\u200b", DISCORD_LIMITS.fieldName);
      // A field needs its name and some of its value, or it is not worth showing.
      if (budget < name.length + Math.min(MIN_USEFUL, field.value.length)) break;
      budget -= name.length;
      const value = take(field.value, DISCORD_LIMITS.fieldValue);
      if (value === undefined) {
        budget += name.length;
        break;
      }
      keptFields.push({ ...field, name, value });
    }
    if (keptFields.length > 0) out.fields = keptFields;

    const keptFooter = footer === undefined ? undefined : take(footer.text, DISCORD_LIMITS.footerText);
    if (footer !== undefined && keptFooter !== undefined) out.footer = { ...footer, text: keptFooter };

    if (embedLength(out) > 0 || out.image !== undefined || out.thumbnail !== undefined) fitted.push(out);
  }
  return fitted;
}

/**
 * Distributes embeds over as few messages as the limits allow, keeping their order: each
 * message holds at most 10 embeds and 6,000 characters. An embed too big on its own is fitted.
 */
export function packEmbeds(embeds: readonly APIEmbed[]): APIEmbed[][] {
  const messages: APIEmbed[][] = [];
  let current: APIEmbed[] = [];
  let used = 0;
  for (const embed of embeds) {
    const [fitted] = fitEmbeds([embed]);
    if (fitted === undefined) continue;
    const length = embedLength(fitted);
    if (current.length > 0 && (used + length > DISCORD_LIMITS.embedTotal || current.length === DISCORD_LIMITS.embedsPerMessage)) {
      messages.push(current);
      current = [];
      used = 0;
    }
    current.push(fitted);
    used += length;
  }
  if (current.length > 0) messages.push(current);
  return messages;
}
