// Text a member controls (the words of their answer, their display name) must not format the
// bot's message or ping anyone, even if allowedMentions were ever lost on the way: escape the
// markdown and break every `@` with a zero-width space, as discord.js's cleanContent does.
import { time, TimestampStyles } from "discord.js";

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

// Every character Discord's markdown gives a meaning to: emphasis, code, spoilers, strikes,
// masked links and angle-bracket tokens (mentions, emoji, timestamps), headings, block quotes and
// list markers. Discord treats a backslash before any punctuation as a literal, so escaping one of
// these where it would not have formatted anything changes nothing a reader sees. One pass over
// the characters, no pattern: linear in the text's length whatever a member types.
const MARKDOWN_SIGNIFICANT = new Set(["\\", "*", "_", "~", "|", "`", "[", "]", "(", ")", "<", ">", "#", "-", "+", ":"]);

/** Escapes every markdown construct in member text (and an ordered-list `1.` at a line start). */
export function escapeAllMarkdown(text: string): string {
  let out = "";
  let lineStart = true;
  let digitsAtLineStart = false;
  for (const char of text) {
    if (char === "\n") {
      out += char;
      lineStart = true;
      digitsAtLineStart = false;
      continue;
    }
    if (MARKDOWN_SIGNIFICANT.has(char)) out += `\\${char}`;
    else if (char === "." && digitsAtLineStart) out += "\\.";
    else out += char;
    const isDigit = char >= "0" && char <= "9";
    digitsAtLineStart = isDigit && (lineStart || digitsAtLineStart);
    if (char !== " " && char !== "\t") lineStart = false;
  }
  return out;
}

/** Member text shown as prose: every markdown construct escaped, mentions broken, one line. */
export function memberText(text: string, max = 100): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return neutraliseMentions(escapeAllMarkdown(truncate(oneLine, max)));
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

/**
 * Content-bank text keeps its emphasis, code and lists (authors format with them), but a deck can
 * be imported from anywhere: masked links (`](`) and headings at a line start are escaped, and
 * mentions broken. Brackets and `<` alone stay, since code in model answers uses them.
 */
export function contentText(text: string): string {
  return neutraliseMentions(escapeDeckMarkdown(text.trim()));
}

function escapeDeckMarkdown(text: string): string {
  // Most content has neither construct: handed back as it is, without a copy built character by character.
  if (!text.includes("#") && !text.includes("](")) return text;
  let out = "";
  let lineStart = true;
  let previous = "";
  for (const char of text) {
    if ((char === "(" && previous === "]") || (char === "#" && lineStart)) out += `\\${char}`;
    else out += char;
    previous = char;
    if (char === "\n") lineStart = true;
    else if (char !== " " && char !== "\t") lineStart = false;
  }
  return out;
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
