// The playground's clock: `npm run playground` moves time forward ("next day", "+1 week") in the
// local Discord, and the bot follows it through the local Discord's clock stream
// (server-sent events of { offsetMs }). `npm start` never sets PLAYGROUND_CLOCK_URL and keeps
// real time.
import type { Logger } from "pino";

export interface FollowedClock {
  now(): Date;
  /** Called after every move of the clock (not for the first reading). */
  onChange(listener: () => void): void;
  stop(): void;
}

/** Parses complete server-sent events out of a buffer; returns the data of each and what is left. */
export function takeEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const events: { event: string; data: string }[] = [];
  let rest = buffer.replace(/\r\n/g, "\n");
  let end = rest.indexOf("\n\n");
  while (end >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) events.push({ event, data: data.join("\n") });
    end = rest.indexOf("\n\n");
  }
  return { events, rest };
}

/** Connects to the clock stream and resolves once the first reading arrived. */
export async function followClock(url: string, logger: Logger, timeoutMs = 10_000): Promise<FollowedClock> {
  const controller = new AbortController();
  const listeners: (() => void)[] = [];
  let offsetMs: number | null = null;
  let stopped = false;
  const response = await fetch(url, { signal: controller.signal, headers: { Accept: "text/event-stream" } }).catch((error: unknown) => {
    throw new Error(`could not follow the playground clock at ${url}: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (!response.ok || !response.body) throw new Error(`could not follow the playground clock at ${url}: HTTP ${response.status}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();

  const firstReading = { resolve: (): void => {} };
  const first = new Promise<void>((resolve, reject) => {
    firstReading.resolve = resolve;
    setTimeout(() => reject(new Error(`no reading from the playground clock at ${url} within ${timeoutMs} ms`)), timeoutMs).unref();
  });

  void (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const taken = takeEvents(buffer + decoder.decode(value, { stream: true }));
        buffer = taken.rest;
        for (const { event, data } of taken.events) {
          if (event !== "clock") continue;
          const reading = JSON.parse(data) as { offsetMs?: unknown };
          if (typeof reading.offsetMs !== "number") continue;
          const changed = offsetMs !== null && reading.offsetMs !== offsetMs;
          offsetMs = reading.offsetMs;
          firstReading.resolve();
          if (changed) {
            logger.info({ offsetMs }, "playground clock moved");
            for (const listener of listeners) listener();
          }
        }
      }
    } catch (error) {
      if (!stopped) logger.warn({ err: error }, "lost the playground clock; keeping its last offset");
    }
  })();

  await first;
  return {
    now: () => new Date(Date.now() + (offsetMs ?? 0)),
    onChange: (listener) => listeners.push(listener),
    stop: () => {
      stopped = true;
      controller.abort();
    },
  };
}
