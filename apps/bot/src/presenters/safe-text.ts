// Text a member controls (the words of their answer, their display name) must not format the
// bot's message or ping anyone, even if allowedMentions were ever lost on the way: escape the
// markdown and break every `@` with a zero-width space, as discord.js's cleanContent does.
import { escapeMarkdown, time, TimestampStyles } from "discord.js";

const ZERO_WIDTH_SPACE = "\u200b";
const ELLIPSIS = "…";

/** `@everyone`, `<@123>` and `<@&123>` stop being mentions; the text still reads the same. */
export function neutraliseMentions(text: string): string {
  return text.replaceAll("@", `@${ZERO_WIDTH_SPACE}`);
}

/** Cut to at most `max` UTF-16 units, never inside a surrogate pair, marking the cut. */
export function truncate(text: string, max: number, mark: string = ELLIPSIS): string {
  if (text.length <= max) return text;
  if (max <= mark.length) return [...mark].slice(0, Math.max(max, 0)).join("");
  let cut = max - mark.length;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return text.slice(0, cut) + mark;
}

/** Member text shown as prose: markdown escaped, mentions broken, one line. */
export function memberText(text: string, max = 100): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return neutraliseMentions(escapeMarkdown(truncate(oneLine, max)));
}

/**
 * Member text shown verbatim inside inline code, where markdown does not apply. A backtick would
 * close the code span, so it becomes a look-alike; mentions are broken as well.
 */
export function memberCode(text: string, max = 60): string {
  const oneLine = text.replace(/\s+/g, " ").trim().replaceAll("`", "ˋ");
  const body = neutraliseMentions(truncate(oneLine, max));
  return `\`${body.length > 0 ? body : " "}\``;
}

/** Content-bank text: trusted markdown, but never a mention. */
export function contentText(text: string): string {
  return neutraliseMentions(text.trim());
}

/** A Discord timestamp, shown in each reader's own timezone and language. */
export function discordTime(iso: string, style: "full" | "relative" | "time" | "date" = "full"): string {
  const styles = {
    full: TimestampStyles.ShortDateTime,
    relative: TimestampStyles.RelativeTime,
    time: TimestampStyles.ShortTime,
    date: TimestampStyles.ShortDate,
  } as const;
  return time(Math.floor(Date.parse(iso) / 1000), styles[style]);
}

/** Absolute and relative together: "<t:…:f> (<t:…:R>)". */
export function discordDue(iso: string): string {
  return `${discordTime(iso, "full")} (${discordTime(iso, "relative")})`;
}
