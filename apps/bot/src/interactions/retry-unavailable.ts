// An acknowledged answer is kept while the database is unreachable (a restart takes seconds):
// its write is retried with backoff for up to a minute, then the member is told it was not saved.

/** Errors that mean "the database cannot be reached right now", found anywhere in the cause chain. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up)
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    current = current.cause;
  }
  return false;
}

export class StillUnavailableError extends Error {
  override readonly name = "StillUnavailableError";
}

export interface RetryOptions {
  /** Give up after this long (default 60 s). */
  deadlineMs?: number;
  /** First wait; doubles up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const performanceNow = (): number => performance.now();
const sleepFor = (ms: number): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it succeeds or fails for another reason; past the deadline, StillUnavailableError. */
export async function retryWhileUnavailable<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const now = options.now ?? performanceNow;
  const sleep = options.sleep ?? sleepFor;
  const deadline = now() + (options.deadlineMs ?? 60_000);
  let delay = options.firstDelayMs ?? 250;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const left = deadline - now();
      if (left <= 0) throw new StillUnavailableError("the database stayed unreachable", { cause: error });
      await sleep(Math.min(delay, left));
      delay = Math.min(delay * 2, options.maxDelayMs ?? 5_000);
    }
  }
}
