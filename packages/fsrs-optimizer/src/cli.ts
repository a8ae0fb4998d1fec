// The repository's `pnpm --silent scheduler` front end: `replay` is the scheduler's own command,
// `optimize` lives here because only this package may load the optimizer binding.
//
// `scheduler optimize <reviews.jsonl>` reads review lines in the `scheduler replay` format and
// prints one JSON object: the weights to use, whether a fit was adopted and why, and log loss
// and RMSE(bins) of the current and fitted weights on the newest 20% of items. Bad lines are
// listed under `problems` and skipped; they never stop the run. Exit 0 once the input was read
// through; 2 on usage or I/O errors.

import { createReadStream } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { runReplayCli } from "@recall/scheduler/replay-cli";
import { readReviewLines } from "./review-lines.ts";
import { FitRunner } from "./fit-runner.ts";
import { optimizeParameters } from "./optimize.ts";

const USAGE = [
  "usage: scheduler replay <file.jsonl>     replay reviews, one card state a line",
  "       scheduler optimize <file.jsonl>   fit personal FSRS weights to the reviews, one JSON object",
  "       ('-' reads standard input)",
].join("\n");

async function optimizeCommand(file: string): Promise<number> {
  const input = file === "-" ? process.stdin : createReadStream(resolve(process.cwd(), file), { encoding: "utf8" });
  let read;
  try {
    read = await readReviewLines(createInterface({ input, crlfDelay: Infinity }));
  } catch (error) {
    process.stderr.write(`scheduler optimize: cannot read ${file}: ${(error as Error).message}\n`);
    return 2;
  }
  const runner = new FitRunner();
  const report = await optimizeParameters(read.reviews, { runner });
  const output = { ...report, problemCount: read.problems.length, problems: read.problems.slice(0, 100) };
  process.stdout.write(`${JSON.stringify(output)}\n`);
  return 0;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === "optimize") {
    const [, file, ...rest] = argv;
    if (file === undefined || rest.length > 0) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    return optimizeCommand(file);
  }
  return runReplayCli(argv, USAGE);
}

process.exitCode = await main(process.argv.slice(2));
