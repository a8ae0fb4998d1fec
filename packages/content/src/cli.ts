// `pnpm content check [path]` and `pnpm --silent content parse <path> --json`, run from the repo root.
import { ContentPathError } from "./errors.ts";
import type { ParseResult } from "./model.ts";
import { parseBank } from "./parse.ts";
import { formatProblem } from "./problems.ts";

const USAGE = `usage:
  pnpm content check [path]              lint a page or a bank directory (default: content/)
  pnpm --silent content parse <path> --json
                                         print {"pages": [...], "items": [...], "problems": [...]}
  pnpm content parse <path>              list the quiz items`;

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

function parseArguments(argv: readonly string[]): { command: "check" | "parse" | "help"; path: string; json: boolean } {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    return { command: "help", path: "", json: false };
  }
  if (command !== "check" && command !== "parse") throw new UsageError(`unknown command "${command}"`);
  let json = false;
  const paths: string[] = [];
  for (const argument of rest) {
    if (argument === "--json") json = true;
    else if (argument.startsWith("-")) throw new UsageError(`unknown option "${argument}"`);
    else paths.push(argument);
  }
  if (paths.length > 1) throw new UsageError(`expected one path, got ${paths.length}`);
  if (command === "parse" && paths.length === 0) throw new UsageError("parse needs a file or directory");
  if (command === "check" && json) throw new UsageError("--json goes with parse");
  return { command, path: paths[0] ?? DEFAULT_BANK, json };
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
