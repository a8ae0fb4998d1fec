// Turning raw file content into numbered lines, whatever the editor or OS did to it.

export interface SourceLine {
  /** 1-based line number in the file. */
  line: number;
  /** The line without its end-of-line characters, trailing whitespace or `¶` anchor. */
  raw: string;
  /** `raw` without surrounding whitespace (ASCII, full-width spaces, NBSP). */
  text: string;
  /** Leading whitespace width; a tab counts as 4. */
  indent: number;
  /** The line ended in a `¶` anchor: a heading on a published page. */
  anchored: boolean;
}

const BOM = "\uFEFF";
/** Like git: look at the start of a file to decide whether it is text. */
const SNIFF_LENGTH = 8000;

export function decodeSource(input: string | Uint8Array): string {
  const text = typeof input === "string" ? input : new TextDecoder("utf-8", { fatal: false }).decode(input);
  return text.startsWith(BOM) ? text.slice(1) : text;
}

/** True when the content is not text: NUL bytes, or many control / undecodable characters. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, SNIFF_LENGTH);
  if (sample.length === 0) return false;
  let suspicious = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if (code === 0) return true;
    const isControl = code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12;
    if (isControl || code === 0xfffd) suspicious++;
  }
  return suspicious / sample.length > 0.01;
}

export function splitSourceLines(text: string): SourceLine[] {
  return text.split(/\r\n|\r|\n/u).map((content, index) => makeLine(content, index + 1));
}

function makeLine(content: string, line: number): SourceLine {
  const trimmed = content.trimEnd();
  const anchored = trimmed.endsWith("¶");
  const raw = anchored ? trimmed.slice(0, -1).trimEnd() : trimmed;
  let indent = 0;
  for (const ch of raw) {
    if (ch === " " || ch === "\u00A0") indent += 1;
    else if (ch === "\t") indent += 4;
    else if (ch === "\u3000") indent += 2;
    else break;
  }
  return { line, raw, text: raw.trim(), indent, anchored };
}

/** `：` and `:` both end a label. Returns the text after the label, or null when the line is not that label. */
export function afterLabel(text: string, label: RegExp): string | null {
  const match = label.exec(text);
  if (!match) return null;
  const rest = text.slice(match[0].length);
  const colon = /^\s*[:：]/u.exec(rest);
  if (!colon) return null;
  return rest.slice(colon[0].length).trim();
}

/**
 * Joins the lines of one wrapped paragraph. Chinese needs no space between lines;
 * Latin words split across lines do.
 */
export function joinWrapped(parts: readonly string[]): string {
  let out = "";
  for (const part of parts) {
    if (out && /[A-Za-z0-9.,;:!?)]$/.test(out) && /^[A-Za-z0-9(]/.test(part)) out += " ";
    out += part;
  }
  return out;
}

/** Names of sections normalised for comparison: no spaces, one kind of dash, no trailing colon. */
export function normaliseLabel(text: string): string {
  return text
    .replace(/[\s\u3000]+/gu, "")
    .replace(/[–—−-]/gu, "-")
    .replace(/[:：]+$/u, "");
}
