// Discord allows a bot 50 requests a second across all its processes (interaction responses
// exempt), and answers any excess with a global 429 that stalls every request of the bot. When a
// thousand groups share a daily minute, the channel posts alone would exceed it, so channel
// requests go out evenly spaced at this process's share of a budget kept under the limit.

/** Requests a second the bot as a whole spends on channel posts and edits: under 50, so that two
 * requests sent 1/47 s apart can arrive a little closer together and still fit Discord's second. */
export const CHANNEL_REQUESTS_PER_SECOND = 47;

export interface RequestPacer {
  readonly perSecond: number;
  /** Resolves when the next request may go out; callers are served in order, evenly spaced. */
  slot(): Promise<void>;
}

export interface RequestPacerOptions {
  /** Milliseconds on a monotonic clock (default performance.now). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export function createRequestPacer(perSecond: number, options: RequestPacerOptions = {}): RequestPacer {
  if (!(perSecond > 0)) throw new RangeError(`a request pacer needs a positive rate, not ${perSecond}`);
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const intervalMs = 1_000 / perSecond;
  let nextFreeAt = Number.NEGATIVE_INFINITY;
  return {
    perSecond,
    async slot() {
      const at = Math.max(now(), nextFreeAt);
      nextFreeAt = at + intervalMs;
      const wait = at - now();
      if (wait > 0) await sleep(wait);
    },
  };
}

/**
 * This process's share of the bot's channel budget: processes split it by the shards they run,
 * so together they stay under Discord's limit (each posts for its own shards' guilds).
 */
export function channelRequestsPerSecond(shardIds: readonly number[], shardCount: number): number {
  return (CHANNEL_REQUESTS_PER_SECOND * shardIds.length) / shardCount;
}
