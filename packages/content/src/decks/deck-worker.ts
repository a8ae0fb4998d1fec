// Imports a deck off the caller's thread: a hostile or huge deck can cost seconds of CPU (and
// SQLite's WebAssembly heap lives outside V8's limits), so the bot keeps answering meanwhile and
// the worker is terminated when it takes too long or runs out of memory.
import { Worker } from "node:worker_threads";
import type { ParseResult } from "../model.ts";
import { PROBLEM_KINDS } from "../problems.ts";
import type { DeckLimits } from "./limits.ts";
import { DEFAULT_DECK_LIMITS, formatCount } from "./limits.ts";

export interface DeckWorkerOptions {
  limits?: DeckLimits;
  /** Wall-clock limit for the whole import, worker start-up included. */
  timeoutMs?: number;
  /** V8 heap of the worker; the SQLite heap is bounded by the collection cap instead. */
  maxHeapMb?: number;
}

export const DEFAULT_DECK_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_HEAP_MB = 1024;

function refused(file: string, message: string): ParseResult {
  return { pages: [], items: [], problems: [{ file, line: 1, column: 1, severity: "error", kind: PROBLEM_KINDS.deckRefused, message: `deck refused: ${message}` }] };
}

/** parseDeck in a worker thread with a time limit. Never throws on bad input, like parseDeck. */
export function parseDeckInWorker(bytes: Uint8Array, file: string, options: DeckWorkerOptions = {}): Promise<ParseResult> {
  const limits = options.limits ?? DEFAULT_DECK_LIMITS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_DECK_TIMEOUT_MS;
  if (bytes.byteLength > limits.maxFileBytes) {
    return Promise.resolve(refused(file, `the file is ${formatCount(bytes.byteLength)} bytes; at most ${formatCount(limits.maxFileBytes)} are accepted`));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./deck-worker.mjs", import.meta.url), {
      workerData: { bytes, file, limits },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB },
    });
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      settle(() => resolve(refused(file, `reading it took longer than ${(timeoutMs / 1000).toLocaleString("en-US")} s`)));
    }, timeoutMs);
    worker.once("message", (result: ParseResult) => settle(() => resolve(result)));
    worker.once("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") settle(() => resolve(refused(file, "reading it needs more memory than a deck may use")));
      else settle(() => reject(error));
    });
    worker.once("exit", (code) => settle(() => reject(new Error(`the deck worker stopped (exit code ${code}) before it answered`))));
  });
}
