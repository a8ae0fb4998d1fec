// `pnpm --silent scheduler replay <file.jsonl>` (run from the repository root; `-` reads stdin).
// Prints one JSON line per review line; a bad line prints {"line": N, "error": "..."} and the
// replay goes on. Exit 0 once the input was read through; 2 means a usage or I/O error.

import { runReplayCli } from "./replay-cli.ts";

process.exitCode = await runReplayCli(process.argv.slice(2));
