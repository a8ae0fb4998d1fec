// `scheduler replay <file.jsonl>` (`-` reads stdin); src/cli.ts runs it, and so does the
// repository's `pnpm --silent scheduler` front end, which adds `optimize`.
// Prints one JSON line per review line; a bad line prints {"line": N, "error": "..."} and the
// replay goes on. Bad lines are reported in the output, so the exit status is 0 once the input
// was read through; 2 means a usage or I/O error.

import { createReadStream } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { Replayer } from "./replay.ts";

export const REPLAY_USAGE = "usage: scheduler replay <file.jsonl>   (one review a line; '-' reads standard input)";

/**
 * Runs `replay <file>`; other commands get the usage text (`usage`, for a front end that
 * offers more commands) and status 2.
 */
export async function runReplayCli(argv: readonly string[], usage = REPLAY_USAGE): Promise<number> {
  const [command, file, ...rest] = argv;
  if (command !== "replay" || file === undefined || rest.length > 0) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const input = file === "-" ? process.stdin : createReadStream(resolve(process.cwd(), file), { encoding: "utf8" });
  const lines = createInterface({ input, crlfDelay: Infinity });
  const replayer = new Replayer();
  let lineNumber = 0;
  const out: string[] = [];
  try {
    for await (const text of lines) {
      lineNumber += 1;
      const result = replayer.line(text, lineNumber);
      if (result === null) continue;
      out.push(JSON.stringify(result));
      if (out.length >= 1000) await flush(out);
    }
  } catch (error) {
    await flush(out);
    process.stderr.write(`scheduler replay: cannot read ${file}: ${(error as Error).message}\n`);
    return 2;
  }
  await flush(out);
  return 0;
}

/** Writes buffered lines, waiting when stdout is a slow pipe. */
async function flush(lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  const chunk = `${lines.join("\n")}\n`;
  lines.length = 0;
  if (!process.stdout.write(chunk)) {
    await new Promise<void>((done) => process.stdout.once("drain", () => done()));
  }
}

