// Runs fits in child processes, one at a time, each with a time limit. The binding aborts its
// process on some inputs (a Rust panic that JavaScript cannot catch, which in a worker thread
// takes the whole parent down), so every fit gets a fresh process and any exit without an answer
// is reported as a failed fit: the caller keeps the parameters it has and stays alive.

import { fork, type ChildProcess } from "node:child_process";
import { setPriority } from "node:os";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fitJobProblem, optimizeRequestProblem, type ChildRequest, type FitJob, type FitReply, type OptimizeRequest } from "./fit-job.ts";
import type { OptimizeReport } from "./optimize.ts";

export type OptimizeOutcome = { ok: true; report: OptimizeReport } | { ok: false; reason: string; elapsedMs: number };

type ChildReply = { ok: true; [field: string]: unknown } | { ok: false; error: string };

export type FitOutcome =
  | { ok: true; parameters: number[]; elapsedMs: number; peakRssMb: number }
  | { ok: false; reason: string; elapsedMs: number };

export interface FitRunnerOptions {
  /** Kill a fit that takes longer (ms). 100k reviews fit in a few seconds here. */
  timeoutMs?: number;
  /** Heap limit of each child (MB); the binding's own memory comes on top. */
  maxOldSpaceMb?: number;
  /** The child's entry module; tests substitute children that crash or hang. */
  childModule?: string;
  /** Told when each child starts and ends (for logs); never given job data. */
  onChildStart?: (info: { pid: number | undefined }) => void;
  onChildExit?: (info: { pid: number | undefined; code: number | null; signal: NodeJS.Signals | null }) => void;
}

const DEFAULT_CHILD = fileURLToPath(new URL("./fit-child.ts", import.meta.url));
/** The TypeScript loader the child starts with, resolved from this package. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
/** Enough of the child's stderr to carry a panic message, bounded. */
const STDERR_KEPT = 2_000;

export class FitRunner {
  private readonly timeoutMs: number;
  private readonly maxOldSpaceMb: number;
  private readonly childModule: string;
  private readonly onChildStart: FitRunnerOptions["onChildStart"];
  private readonly onChildExit: FitRunnerOptions["onChildExit"];
  private queue: Promise<unknown> = Promise.resolve();
  private running: ChildProcess | null = null;
  private closed = false;

  constructor(options: FitRunnerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.maxOldSpaceMb = options.maxOldSpaceMb ?? 2_048;
    this.childModule = options.childModule ?? DEFAULT_CHILD;
    this.onChildStart = options.onChildStart;
    this.onChildExit = options.onChildExit;
  }

  /**
   * Fits one job after the ones before it. Never rejects: a refused job, a crash, a timeout or a
   * closed runner all come back as `{ ok: false, reason }`.
   */
  fit(job: FitJob): Promise<FitOutcome> {
    return this.enqueue(async () => {
      const started = performance.now();
      const problem = fitJobProblem(job);
      if (problem !== null) return { ok: false, reason: `input refused: ${problem}`, elapsedMs: performance.now() - started };
      const answer = await this.runOne({ kind: "fit", job });
      if (!answer.ok) return answer;
      const reply = answer.reply as FitReply & { ok: true };
      return { ok: true, parameters: reply.parameters, peakRssMb: reply.peakRssMb, elapsedMs: answer.elapsedMs };
    });
  }

  /** A whole optimisation (conversion, fit, evaluation) in a child; same guarantees as `fit`. */
  optimize(request: OptimizeRequest): Promise<OptimizeOutcome> {
    return this.enqueue(async () => {
      const problem = optimizeRequestProblem(request);
      if (problem !== null) return { ok: false, reason: `input refused: ${problem}`, elapsedMs: 0 };
      const answer = await this.runOne({ kind: "optimize", request });
      if (!answer.ok) return answer;
      return { ok: true, report: (answer.reply as { ok: true; report: OptimizeReport }).report };
    });
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the running fit, if any, and refuses later ones. */
  close(): void {
    this.closed = true;
    this.running?.kill("SIGKILL");
  }

  private runOne(
    request: ChildRequest,
  ): Promise<{ ok: true; reply: ChildReply; elapsedMs: number } | { ok: false; reason: string; elapsedMs: number }> {
    type Answer = Awaited<ReturnType<FitRunner["runOne"]>>;
    const started = performance.now();
    const failed = (reason: string): Answer => ({ ok: false, reason, elapsedMs: performance.now() - started });
    if (this.closed) return Promise.resolve(failed("the fit runner is closed"));
    return new Promise<Answer>((settle) => {
      let stderr = "";
      let reply: ChildReply | null = null;
      let timedOut = false;
      let child: ChildProcess;
      try {
        child = fork(this.childModule, [], {
          execArgv: ["--import", TSX_LOADER, `--max-old-space-size=${this.maxOldSpaceMb}`],
          stdio: ["ignore", "ignore", "pipe", "ipc"],
          serialization: "advanced",
        });
      } catch (error) {
        settle(failed(`could not start the fit process: ${(error as Error).message}`));
        return;
      }
      this.running = child;
      // Fits yield the CPU to the bot's own work: a member waiting on /review comes first.
      if (child.pid !== undefined) {
        try {
          setPriority(child.pid, 10);
        } catch {
          // Not permitted on this system: the fit runs at normal priority.
        }
      }
      this.onChildStart?.({ pid: child.pid });
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill("SIGKILL");
      }, this.timeoutMs);
      child.stderr?.setEncoding("utf8");
      child.stderr?.on("data", (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_KEPT);
      });
      child.on("message", (message: ChildReply) => {
        reply = message;
      });
      child.on("error", () => {
        // Reported through 'exit' (a failed send or kill); nothing else to do here.
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        this.running = null;
        this.onChildExit?.({ pid: child.pid, code, signal });
        const answer = reply;
        if (timedOut) settle(failed(`the fit took longer than ${this.timeoutMs} ms and was stopped`));
        else if (answer?.ok === true) settle({ ok: true, reply: answer, elapsedMs: performance.now() - started });
        else if (answer?.ok === false) settle(failed(`the fit failed: ${answer.error}`));
        else settle(failed(`the fit process ended without an answer (${exitText(code, signal)})${lastLine(stderr)}`));
      });
      child.send(request, (error) => {
        if (error !== null) child.kill("SIGKILL");
      });
    });
  }
}

function exitText(code: number | null, signal: NodeJS.Signals | null): string {
  return signal !== null ? `signal ${signal}` : `exit code ${String(code)}`;
}

/** A panic's message (the line after "panicked at"), else the last stderr line, for a reason text. */
function lastLine(stderr: string): string {
  const lines = stderr.split("\n").map((line) => line.trim()).filter((line) => line !== "");
  const panic = lines.findIndex((line) => line.includes("panicked at"));
  const text = panic >= 0 ? `panic: ${lines[panic + 1] ?? lines[panic]}` : lines.at(-1);
  return text === undefined ? "" : `: ${text.slice(0, 300)}`;
}
