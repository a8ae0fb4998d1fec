// `pnpm content check [path]` and `pnpm --silent content parse <path> --json`, run from the repo root.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { deckToMarkdown } from "./decks/deck-markdown.ts";
import { DEFAULT_DECK_LIMITS } from "./decks/limits.ts";
import { detectDeckFormat, parseDeck } from "./decks/parse-deck.ts";
import { ContentPathError } from "./errors.ts";
import type { ParseResult } from "./model.ts";
import { parseBank } from "./parse.ts";
import { formatProblem } from "./problems.ts";

const USAGE = `usage:
  pnpm content check [path]              lint a page or a bank directory (default: content/)
  pnpm --silent content parse <path> --json
                                         print {"pages": [...], "items": [...], "problems": [...]}
  pnpm content parse <path>              list the quiz items
  pnpm content import <file> [--out content/<book>/<name>.md]
                                         convert a deck (Anki package or text, Quizlet, Kotoba) to Markdown
  pnpm content suggestions [--server ID] aliases servers accepted on appeal, as a patch to the content
                                         (reads the database: the root script runs it from apps/bot)`;

const DEFAULT_BANK = "content/";

export const EXIT = { ok: 0, contentErrors: 1, usage: 2 } as const;

interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export function summarise(result: ParseResult): string {
  const errors = result.problems.filter((problem) => problem.severity === "error").length;
  const warnings = result.problems.length - errors;
  const questions = result.pages.reduce((sum, page) => sum + page.questions.length, 0);
  return `${plural(result.pages.length, "page")}, ${plural(questions, "question")}, ${plural(result.items.length, "item")}: ${plural(errors, "error")}, ${plural(warnings, "warning")}`;
}

interface Arguments {
  command: "check" | "parse" | "import" | "help";
  path: string;
  json: boolean;
  out: string | null;
}

function parseArguments(argv: readonly string[]): Arguments {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    return { command: "help", path: "", json: false, out: null };
  }
  if (command !== "check" && command !== "parse" && command !== "import") throw new UsageError(`unknown command "${command}"`);
  let json = false;
  let out: string | null = null;
  const paths: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const argument = rest[index] as string;
    if (argument === "--json") json = true;
    else if (argument === "--out" && command === "import") {
      const value = rest[++index];
      if (value === undefined || value.startsWith("-")) throw new UsageError("--out needs a file path");
      out = value;
    }
    else if (argument.startsWith("-")) throw new UsageError(`unknown option "${argument}"`);
    else paths.push(argument);
  }
  if (paths.length > 1) throw new UsageError(`expected one path, got ${paths.length}`);
  if (command === "parse" && paths.length === 0) throw new UsageError("parse needs a file or directory");
  if (command === "import" && paths.length === 0) throw new UsageError("import needs a deck file");
  if (command !== "parse" && json) throw new UsageError("--json goes with parse");
  return { command, path: paths[0] ?? DEFAULT_BANK, json, out };
}

/** `content import`: any deck format → the Markdown source format, on stdout or into `--out`. */
async function importDeck(args: Arguments, output: Output): Promise<number> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(args.path);
  } catch (error) {
    output.err(`content: cannot read ${args.path}: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.usage;
  }
  if (bytes.byteLength <= DEFAULT_DECK_LIMITS.maxFileBytes && detectDeckFormat(bytes) === null) {
    output.err(`content: ${args.path} is not a deck (Anki package or text export, Quizlet or Kotoba export)\n`);
    return EXIT.contentErrors;
  }
  const result = await parseDeck(bytes, args.path);
  for (const problem of result.problems) output.err(`${formatProblem(problem)}\n`);
  const page = result.pages[0];
  if (!page) return EXIT.contentErrors;
  const markdown = deckToMarkdown(page, result.items);
  if (args.out === null) {
    output.out(markdown);
  } else {
    await mkdir(dirname(args.out), { recursive: true });
    await writeFile(args.out, markdown);
    output.err(`${args.out}: ${summarise(result)}\n`);
  }
  return EXIT.ok;
}

export async function runCli(argv: readonly string[], output: Output): Promise<number> {
  let args;
  try {
    args = parseArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`content: ${error.message}\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (args.command === "help") {
    output.out(`${USAGE}\n`);
    return EXIT.ok;
  }
  if (args.command === "import") return importDeck(args, output);
  let result: ParseResult;
  try {
    result = await parseBank(args.path);
  } catch (error) {
    if (!(error instanceof ContentPathError)) throw error;
    output.err(`content: ${error.message}\n`);
    return EXIT.usage;
  }
  if (args.command === "parse") {
    if (args.json) {
      output.out(`${JSON.stringify({ pages: result.pages, items: result.items, problems: result.problems })}\n`);
    } else {
      for (const item of result.items) output.out(`${item.id}\t${item.kind}\t${item.prompt}\n`);
      output.out(`${summarise(result)}\n`);
    }
    return EXIT.ok;
  }
  for (const problem of result.problems) output.out(`${formatProblem(problem)}\n`);
  output.out(`${summarise(result)}\n`);
  return result.problems.some((problem) => problem.severity === "error") ? EXIT.contentErrors : EXIT.ok;
}

// A reader that stops early (`| head`) is not an error worth a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

// Exit through exitCode, not process.exit(), so a large JSON document is fully flushed to a pipe.
process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
