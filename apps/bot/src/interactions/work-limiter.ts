// Bounds how many acknowledged interactions do their database work at once. In a burst (a
// whole study group answering the moment the quiz posts) unbounded work interleaves on the event
// loop: every answer finishes late, and the acknowledgements of later arrivals wait behind it.
// First in, first out, about as wide as the database pool: early answers finish in
// milliseconds and acknowledgements go out as soon as they arrive.
//
// Two widths: narrow while some interaction still waits for its acknowledgement, wide once every
// one has it. The answer path groups its statements across the answers in flight (group commit,
// @recall/study's answer-statements.ts), so more answers at once cost less CPU each; but while
// acknowledgements are owed, each answer graded is time they wait.

export interface WorkLimiter {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export interface TwoWidths {
  /** Work at once while `acknowledging()` says acknowledgements are owed. */
  narrow: number;
  /** Work at once otherwise. */
  wide: number;
  acknowledging: () => boolean;
}

export interface AdjustableWorkLimiter extends WorkLimiter {
  /** Starts waiting work up to the width that applies now (call when acknowledgements are done). */
  admit(): void;
}

export function createWorkLimiter(concurrency: number | TwoWidths): AdjustableWorkLimiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  const width = typeof concurrency === "number" ? () => concurrency : () => (concurrency.acknowledging() ? concurrency.narrow : concurrency.wide);

  function admit(): void {
    while (running < width() && waiting.length > 0) {
      running += 1;
      waiting.shift()?.();
    }
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < width() && waiting.length === 0) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        running -= 1;
        admit();
      }
    },
    admit,
  };
}
