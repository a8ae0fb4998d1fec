// One entry for every deck format, recognised by content (never by the file's extension).
import { basename, extname } from "node:path";
import type { ParseResult } from "../model.ts";
import { detectFormat } from "../page-outline.ts";
import { PROBLEM_KINDS, ProblemLog, compareProblems } from "../problems.ts";
import { decodeSource, looksBinary, splitSourceLines } from "../source-text.ts";
import { looksLikeAnkiPackage, readAnkiPackage } from "./anki-package.ts";
import { hasAnkiTextHeader, readAnkiText } from "./anki-text.ts";
import type { DeckRead } from "./deck-cards.ts";
import { buildDeckPage } from "./deck-cards.ts";
import { hasKotobaHeader, readKotoba } from "./kotoba.ts";
import type { DeckLimits } from "./limits.ts";
import { DEFAULT_DECK_LIMITS, DeckRefusedError, formatCount } from "./limits.ts";
import { readQuizlet } from "./quizlet.ts";

export type DeckFormat = "anki-package" | "anki-text" | "quizlet" | "kotoba";

const SNIFF_LINES = 200;

function firstLines(text: string, count: number): string[] {
  const lines: string[] = [];
  let from = 0;
  while (lines.length < count && from <= text.length) {
    let end = text.indexOf("\n", from);
    if (end < 0) end = text.length;
    lines.push(text.slice(from, end).replace(/\r$/u, ""));
    from = end + 1;
  }
  return lines;
}

function countChar(line: string, char: string): number {
  let count = 0;
  for (let at = line.indexOf(char); at >= 0; at = line.indexOf(char, at + 1)) count++;
  return count;
}

/**
 * Which deck format a file holds, or null when it is not a deck (a question page, or nothing we
 * read). Binary: Anki's zip, SQLite or zstd magic. Text: Anki's header block, Kotoba's header
 * row, then (when it is no question page) quoted or many-column rows for Anki's text import and
 * plain `term<sep>definition` rows for Quizlet.
 */
export function detectDeckFormat(input: Uint8Array | string): DeckFormat | null {
  if (typeof input !== "string" && looksLikeAnkiPackage(input)) return "anki-package";
  const text = decodeSource(input);
  if (text.trim() === "" || looksBinary(text)) return null;
  const head = firstLines(text, SNIFF_LINES);
  if (hasAnkiTextHeader(head)) return "anki-text";
  if (hasKotobaHeader(head[0] ?? "")) return "kotoba";
  if (detectFormat(splitSourceLines(head.join("\n"))) !== null) return null;
  const rows = head.filter((line) => line.trim() !== "");
  if (rows.length === 0) return null;
  const quoted = rows.some((line) => line.startsWith('"') || line.includes('\t"') || line.includes(',"'));
  const tabs = rows.some((line) => line.includes("\t"));
  // Quizlet's "rows by semicolon": the whole set on one line.
  if (!quoted && tabs && rows.length === 1 && rows[0]?.includes(";")) return "quizlet";
  if (quoted || rows.some((line) => countChar(line, "\t") >= 2)) return "anki-text";
  if (tabs) return "quizlet";
  if (rows.every((line) => line.includes(","))) return rows.some((line) => countChar(line, ",") >= 2) ? "anki-text" : "quizlet";
  if (rows.some((line) => line.includes("|") || line.includes(";"))) return "anki-text";
  return null;
}

/** The deck's name when the file does not carry one: the file name without its extension. */
export function deckNameFromFile(file: string): string {
  const name = basename(file);
  return name.slice(0, name.length - extname(name).length) || name;
}

/**
 * Parses a deck of any format into pages, items and problems. Never throws on bad input: a
 * refused deck is one error problem naming the file (and the note or line), with nothing else.
 */
export async function parseDeck(input: Uint8Array | string, file: string, limits: DeckLimits = DEFAULT_DECK_LIMITS): Promise<ParseResult> {
  const log = new ProblemLog(file);
  const done = (result: Omit<ParseResult, "problems">): ParseResult => {
    log.problems.sort(compareProblems);
    return { ...result, problems: log.problems };
  };
  const size = typeof input === "string" ? Buffer.byteLength(input) : input.byteLength;
  if (size > limits.maxFileBytes) {
    log.error(PROBLEM_KINDS.deckRefused, 1, `deck refused: the file is ${formatCount(size)} bytes; at most ${formatCount(limits.maxFileBytes)} are accepted`);
    return done({ pages: [], items: [] });
  }
  const format = detectDeckFormat(input);
  if (format === null) {
    log.error(PROBLEM_KINDS.unrecognisedFormat, 1, "not a deck: neither an Anki package nor Anki, Quizlet or Kotoba text");
    return done({ pages: [], items: [] });
  }
  const name = deckNameFromFile(file);
  let read: DeckRead;
  try {
    if (format === "anki-package") {
      read = await readAnkiPackage(typeof input === "string" ? Buffer.from(input) : input, name, limits, log);
    } else {
      const text = decodeSource(input);
      read =
        format === "anki-text" ? readAnkiText(text, name, limits, log) : format === "kotoba" ? readKotoba(text, name, limits, log) : readQuizlet(text, name, limits, log);
    }
  } catch (error) {
    if (!(error instanceof DeckRefusedError)) throw error;
    log.problems.length = 0;
    log.error(PROBLEM_KINDS.deckRefused, error.line, `deck refused: ${error.message}`);
    return done({ pages: [], items: [] });
  }
  const { page, items } = buildDeckPage(read, file, log);
  return done({ pages: [page], items });
}
