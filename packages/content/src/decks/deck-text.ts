// Deck fields → plain text. Fields hold HTML written by anyone: it is converted, never rendered,
// and every step here is linear in the field's length (no backtracking patterns on deck text).
import { compile } from "html-to-text";

const LIMIT_DEPTH = 64;

/** Compiled once: html-to-text recompiles its selectors on every convert() call otherwise. */
let converter: ((html: string) => string) | null = null;

function getConverter(maxChars: number): (html: string) => string {
  converter ??= compile({
    wordwrap: false,
    preserveNewlines: false,
    limits: { maxDepth: LIMIT_DEPTH, maxInputLength: maxChars, maxChildNodes: 10_000, ellipsis: "…" },
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { ignoreHref: true } },
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
      { selector: "h4", options: { uppercase: false } },
      { selector: "h5", options: { uppercase: false } },
      { selector: "h6", options: { uppercase: false } },
      { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
      { selector: "hr", format: "skip" },
    ],
  });
  return converter;
}

/** Bidi overrides and isolates (they can reverse what a reader sees) and C0/C1 controls but tab and newline. */
function isInvisibleControl(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

export function stripControls(text: string): string {
  let out = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (isInvisibleControl(text.charCodeAt(i))) {
      out += text.slice(start, i);
      start = i + 1;
    }
  }
  return start === 0 ? text : out + text.slice(start);
}

/** Removes every `open…close` span (Anki's `[sound:…]`, `[anki:tts]…[/anki:tts]`) with indexOf, not a pattern. */
export function removeSpans(text: string, open: string, close: string): string {
  let at = text.indexOf(open);
  if (at < 0) return text;
  let out = "";
  let from = 0;
  while (at >= 0) {
    const end = text.indexOf(close, at + open.length);
    if (end < 0) break;
    out += text.slice(from, at);
    from = end + close.length;
    at = text.indexOf(open, from);
  }
  return out + text.slice(from);
}

/** Anki's markup that is not HTML: audio, text-to-speech, type-in boxes. */
export function removeAnkiMarkup(text: string): string {
  let out = text;
  if (out.includes("[sound:")) out = removeSpans(out, "[sound:", "]");
  if (out.includes("[anki:tts")) out = removeSpans(out, "[anki:tts", "[/anki:tts]");
  if (out.includes("[[type:")) out = removeSpans(out, "[[type:", "]]");
  return out;
}

/** Collapses runs of blank space; keeps single line breaks between paragraphs. */
export function tidyWhitespace(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0\u3000]+/gu, " ").trim())
    .filter((line) => line !== "")
    .join("\n");
}

/** An HTML field as the plain text a member reads. Fields with neither `<` nor `&` skip the converter. */
export function htmlFieldToText(html: string, maxChars: number): string {
  const cleaned = removeAnkiMarkup(html);
  const text = cleaned.includes("<") || cleaned.includes("&") ? getConverter(maxChars)(cleaned) : cleaned;
  return tidyWhitespace(stripControls(text));
}

/** A field that is already text (a CSV with `#html:false`, Quizlet, Kotoba): only cleaned. */
export function plainFieldToText(text: string): string {
  return tidyWhitespace(stripControls(text));
}

/** Media a field refers to: `<img` tags and `[sound:` references (counted, never fetched). */
export function countMediaReferences(field: string): number {
  let count = 0;
  for (const marker of ["<img", "<IMG", "[sound:"]) {
    let at = field.indexOf(marker);
    while (at >= 0) {
      count++;
      at = field.indexOf(marker, at + marker.length);
    }
  }
  return count;
}
