// The benchmark's side of the bot's own process (bot-process.ts): forks it, waits until its
// client is logged in, and turns each command into a request with an id whose reply settles a
// promise. A child that fails, exits or stops answering rejects what is waiting on it with the
// child's own message (or the tail of its stderr), so a scenario fails instead of hanging.
import { fork } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describeError, isChildMessage, type BotCommand, type BotProcessConfig, type ParentMessage, type ProcessUsage } from "./bot-protocol.ts";

const ENTRY = fileURLToPath(new URL("./bot-process.ts", import.meta.url));
/** apps/bot: where `--import tsx` resolves and tsx finds the tsconfig. */
const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
const START_TIMEOUT_MS = 120_000;
const REQUEST_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 60_000;
const STDERR_TAIL_CHARS = 4_000;
/**
 * BENCH_BOT_PROFILE_DIR: each process writes a V8 CPU profile of its run there, the bot's under
 * recall/ and the trivial client's under trivial/, so the two can be compared function by function
 * (bench/cpu-profile.ts reads them).
 */
const PROFILE_DIR = process.env.BENCH_BOT_PROFILE_DIR;

/** What a measurement needs from the process that answers the interactions. */
export interface BotMeter {
  /** The process's CPU and global-limit waits so far (its clock follows the bench's first). */
  usage(): Promise<ProcessUsage>;
  /** `work`, or the process's failure if it dies first. */
  whileRunning<T>(work: Promise<T>): Promise<T>;
}

export interface BotProcess extends BotMeter {
  readonly pid: number | undefined;
  runDailyCycle(): Promise<void>;
  /** Every interaction in flight and pending edit done (see Bot.idle). */
  idle(): Promise<void>;
  /** Graceful: the bot stops, its database closes, the process exits. */
  stop(): Promise<void>;
}

interface Pending {
  command: BotCommand;
  resolve(usage: ProcessUsage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Forks the bot's own process and resolves once it is logged in to the local Discord.
 * `clockMs` is read at every command, so the child's clock follows the bench's.
 */
export async function startBotProcess(config: BotProcessConfig, clockMs: () => number): Promise<BotProcess> {
  const child = fork(ENTRY, [], {
    cwd: APP_DIR,
    execArgv: ["--import", "tsx", ...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${join(PROFILE_DIR, config.kind)}`] : [])],
    stdio: ["ignore", "inherit", "pipe", "ipc"],
    serialization: "json",
  });
  const name = `the ${config.kind === "recall" ? "bot" : "trivial client"}'s process`;
  let stderrTail = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTail = (stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
  });

  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopping = false;
  /** Set once the child has failed or is gone; every later command rejects with it. */
  let failed: Error | null = null;
  let closed = false;
  let markClosed: () => void = () => undefined;
  const whenClosed = new Promise<void>((resolve) => (markClosed = resolve));
  let rejectFailure: (error: Error) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => (rejectFailure = reject));
  failure.catch(() => undefined); // observed through whileRunning and the commands
  let settleReady: { resolve(): void; reject(error: Error): void } | null = null;
  const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));

  function failAll(error: Error): void {
    failed ??= error;
    for (const entry of pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(failed);
    }
    pending.clear();
    settleReady?.reject(failed);
    rejectFailure(failed);
  }

  child.on("message", (message: unknown) => {
    if (!isChildMessage(message)) return;
    if (message.type === "ready") {
      settleReady?.resolve();
    } else if (message.type === "fatal") {
      failAll(new Error(`${name} failed: ${message.message}`));
    } else {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      clearTimeout(entry.timer);
      if (message.ok) entry.resolve(message.usage);
      else entry.reject(new Error(`${name} failed at ${entry.command}: ${message.message}`));
    }
  });
  child.on("error", (error) => failAll(new Error(`${name}: ${describeError(error)}`)));
  // "close", not "exit": by then its stderr and IPC are drained, so the message is complete.
  child.on("close", (code, signal) => {
    closed = true;
    markClosed();
    if (!stopping || pending.size > 0 || failed) {
      const why = signal ? `was killed (${signal})` : `exited with code ${code}`;
      const tail = stderrTail.trim();
      failAll(new Error(`${name} ${why}${tail ? `; its stderr ended with:\n${tail}` : ""}`));
    }
  });

  function request(command: BotCommand, timeoutMs = REQUEST_TIMEOUT_MS): Promise<ProcessUsage> {
    if (failed) return Promise.reject(failed);
    if (closed) return Promise.reject(new Error(`${name} has stopped`));
    return new Promise<ProcessUsage>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${name} did not answer ${command} within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(id, { command, resolve, reject, timer });
      const message: ParentMessage = { type: "request", id, command, clockMs: clockMs() };
      child.send(message, (error) => {
        if (!error || !pending.has(id)) return;
        pending.delete(id);
        clearTimeout(timer);
        reject(new Error(`${name}: could not send ${command}: ${error.message}`));
      });
    });
  }

  async function kill(): Promise<void> {
    if (!closed) child.kill("SIGKILL");
    await whenClosed;
  }

  const start: ParentMessage = { type: "start", config };
  child.send(start, (error) => {
    if (error) failAll(new Error(`${name}: could not send its config: ${error.message}`));
  });
  let startTimer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ready,
      new Promise<never>((_, reject) => {
        startTimer = setTimeout(() => reject(new Error(`${name} was not ready within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    stopping = true;
    await kill();
    throw error;
  } finally {
    clearTimeout(startTimer);
  }

  return {
    pid: child.pid,
    usage: () => request("usage"),
    whileRunning: <T>(work: Promise<T>) => Promise.race([work, failure]),
    runDailyCycle: async () => void (await request("runDailyCycle")),
    idle: async () => void (await request("idle")),
    async stop() {
      if (failed) throw failed;
      if (closed) return;
      stopping = true;
      try {
        await request("stop", STOP_TIMEOUT_MS);
        let exitTimer: NodeJS.Timeout | undefined;
        const exitedInTime = await Promise.race([
          whenClosed.then(() => true),
          new Promise<boolean>((resolve) => (exitTimer = setTimeout(() => resolve(false), STOP_TIMEOUT_MS))),
        ]);
        clearTimeout(exitTimer);
        if (!exitedInTime) throw new Error(`${name} stopped its bot but did not exit within ${STOP_TIMEOUT_MS} ms`);
      } catch (error) {
        await kill();
        throw error;
      }
    },
  };
}
