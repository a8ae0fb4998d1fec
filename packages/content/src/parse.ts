import { readFile, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { buildPage } from "./build-page.ts";
import { detectDeckFormat, parseDeck } from "./decks/parse-deck.ts";
import { ContentPathError } from "./errors.ts";
import { buildItems } from "./items.ts";
import type { Page, ParseResult, Problem, QuizItem } from "./model.ts";
import { detectFormat, outlineMarkdown, outlinePublished } from "./page-outline.ts";
import { PROBLEM_KINDS, ProblemLog, compareProblems } from "./problems.ts";
import { decodeSource, looksBinary, splitSourceLines } from "./source-text.ts";

/**
 * File names the bank reads; anything else in `content/` (images, notes) is left alone. Pages
 * and decks alike are then recognised by content: the extension only chooses what to open.
 */
const PAGE_EXTENSIONS = /\.(md|markdown|txt|csv|tsv|apkg|colpkg|anki2|anki21|anki21b)$/iu;
/** Documentation about the bank, not a page of it. */
const NOT_A_PAGE = /^(readme|changelog|license)(\.[a-z]+)?$/iu;

/**
 * Parses one page in either format (recognised by content). Never throws on bad content:
 * returns what is valid plus every problem found.
 */
export function parsePage(input: string | Uint8Array, file: string): ParseResult {
  const log = new ProblemLog(file);
  const result = parseInto(input, log);
  result.problems.sort(compareProblems);
  return result;
}

function parseInto(input: string | Uint8Array, log: ProblemLog): ParseResult {
  const empty = (): ParseResult => ({ pages: [], items: [], problems: log.problems });
  const text = decodeSource(input);
  if (text.trim() === "") {
    log.error(PROBLEM_KINDS.emptyFile, 1, "file is empty");
    return empty();
  }
  if (looksBinary(text)) {
    log.error(PROBLEM_KINDS.binaryFile, 1, "file is not UTF-8 text (binary content)");
    return empty();
  }
  const lines = splitSourceLines(text);
  const format = detectFormat(lines);
  if (!format) {
    log.error(
      PROBLEM_KINDS.unrecognisedFormat,
      1,
      `not a question page: neither Markdown ("# title", "## Q090 …") nor published ("¶" anchors, "优先级：" lines)`,
    );
    return empty();
  }
  const raw = format === "markdown" ? outlineMarkdown(lines, log) : outlinePublished(lines, log);
  const page = buildPage(raw, log.file, log);
  if (raw.questions.length === 0) {
    log.error(PROBLEM_KINDS.noQuestions, raw.title?.line ?? 1, `page has no questions (headings like "${format === "markdown" ? "## " : ""}Q090 …")`);
  }
  const items = buildItems(page, log);
  return { pages: [page], items, problems: log.problems };
}

/**
 * Ids key every member's schedule, so they must be unique across the whole bank:
 * a question whose id an earlier page already used is dropped with its items.
 */
function mergeResults(results: readonly ParseResult[]): ParseResult {
  const pages: Page[] = [];
  const items: QuizItem[] = [];
  const problems: Problem[] = [];
  const owner = new Map<string, string>();
  for (const result of results) {
    problems.push(...result.problems);
    for (const page of result.pages) {
      const dropped = new Set<string>();
      page.questions = page.questions.filter((question) => {
        const first = owner.get(question.id);
        if (first === undefined) {
          owner.set(question.id, `${question.source.file}:${question.source.line}`);
          return true;
        }
        dropped.add(question.id);
        problems.push({
          file: question.source.file,
          line: question.source.line,
          column: 1,
          severity: "error",
          kind: PROBLEM_KINDS.duplicateId,
          message: `duplicate id ${question.id} (first at ${first}); this one is ignored`,
        });
        return false;
      });
      pages.push(page);
      for (const item of result.items) if (!dropped.has(item.questionId) && page.questions.some((q) => q.id === item.questionId)) items.push(item);
    }
  }
  problems.sort(compareProblems);
  return { pages, items, problems };
}

export async function parseFiles(paths: readonly string[]): Promise<ParseResult> {
  const results: ParseResult[] = [];
  for (const path of paths) {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(path);
    } catch (error) {
      const log = new ProblemLog(path);
      log.error(PROBLEM_KINDS.unreadableFile, 1, `cannot read file: ${error instanceof Error ? error.message : String(error)}`);
      results.push({ pages: [], items: [], problems: log.problems });
      continue;
    }
    results.push(detectDeckFormat(bytes) === null ? parsePage(bytes, path) : await parseDeck(bytes, path));
  }
  return mergeResults(results);
}

/** Every page file under `path` (recursively, in a stable order), or `path` itself when it is a file. */
export async function listPageFiles(path: string): Promise<string[]> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new ContentPathError(path, { cause: error });
  }
  if (info.isFile()) return [path];
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      throw new ContentPathError(dir, { cause: error });
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && PAGE_EXTENSIONS.test(entry.name) && !NOT_A_PAGE.test(entry.name)) files.push(full);
    }
  };
  await walk(path);
  return files;
}

/** Parses a bank directory (or a single file). Throws ContentPathError only when `path` cannot be read at all. */
export async function parseBank(path: string): Promise<ParseResult> {
  return parseFiles(await listPageFiles(path));
}

export interface Bank extends ParseResult {
  itemsById: ReadonlyMap<string, QuizItem>;
  /** Problems of severity error; the valid items are served regardless. */
  errors: Problem[];
}

/** The bank as the bot and the grader use it: items by id, errors set apart. */
export async function loadBank(path: string): Promise<Bank> {
  const result = await parseBank(path);
  return {
    ...result,
    itemsById: new Map(result.items.map((item) => [item.id, item])),
    errors: result.problems.filter((problem) => problem.severity === "error"),
  };
}
