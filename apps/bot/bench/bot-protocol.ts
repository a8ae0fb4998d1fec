// What the benchmark and the bot's own process (bot-process.ts) say to each other over the IPC
// channel of `child_process.fork`. The parent sends one `start`, then requests with ids; the
// child answers `ready` once its client is logged in, one reply per request, and `fatal` when
// it fails outside a request (then exits). Every request carries the parent's clock, which the
// child's own clock takes before acting; every answer carries the child's CPU and global-limit
// waits so far.

/** The real bot on PostgreSQL, or the trivial discord.js client of the baseline. */
export type BotProcessConfig =
  | {
      kind: "recall";
      databaseUrl: string;
      /** The local Discord's REST base; the gateway URL follows from its /gateway/bot. */
      apiBase: string;
      token: string;
      clockMs: number;
      logLevel: string;
      /** Where the quiz items come from: the repository's content bank, as the bench loads it. */
      content: "bank";
      /** The shards this process runs (default: the whole bot). */
      shards?: { ids: number[]; count: number };
    }
  | { kind: "trivial"; apiBase: string; token: string };

export type BotCommand = "runDailyCycle" | "idle" | "usage" | "stop";

export interface ProcessUsage {
  /** process.cpuUsage() of the child, user + system, in ms since it started. */
  cpuMs: number;
  /** Requests the child's discord.js client held for its client-side global limit so far. */
  globalLimitWaits: number;
}

export type ParentMessage =
  | { type: "start"; config: BotProcessConfig }
  | { type: "request"; id: number; command: BotCommand; clockMs: number };

export type ChildMessage =
  | { type: "ready"; usage: ProcessUsage }
  | { type: "reply"; id: number; ok: true; usage: ProcessUsage }
  | { type: "reply"; id: number; ok: false; message: string }
  | { type: "fatal"; message: string };

export function isParentMessage(message: unknown): message is ParentMessage {
  if (typeof message !== "object" || message === null) return false;
  const type = (message as { type?: unknown }).type;
  return type === "start" || type === "request";
}

export function isChildMessage(message: unknown): message is ChildMessage {
  if (typeof message !== "object" || message === null) return false;
  const type = (message as { type?: unknown }).type;
  return type === "ready" || type === "reply" || type === "fatal";
}

export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
