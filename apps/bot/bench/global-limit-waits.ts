// discord.js holds every request but interaction callbacks to a client-side global limit of 50
// per second, edits of interaction replies included (Discord itself exempts those). Counting the
// waits it reports tells how much of a reply's latency is that limiter rather than the bot.
import { RESTEvents, type Client } from "discord.js";

/** A running count of requests the client made wait for its global limit. */
export function countGlobalLimitWaits(client: Client): () => number {
  let waits = 0;
  client.rest.on(RESTEvents.RateLimited, (info) => {
    if (info.global) waits += 1;
  });
  return () => waits;
}
