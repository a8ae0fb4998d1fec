// Bounds how many acknowledged interactions do their database work at once. In a burst (a
// whole study group answering the moment the quiz posts) unbounded work interleaves on the event
// loop: every answer finishes late, and the acknowledgements of later arrivals wait behind it.
// First in, first out, about as wide as the database pool: early answers finish in
// milliseconds and acknowledgements go out as soon as they arrive.

export interface WorkLimiter {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createWorkLimiter(concurrency: number): WorkLimiter {
  let running = 0;
  const waiting: (() => void)[] = [];

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < concurrency) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
