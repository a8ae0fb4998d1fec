// How the bot talks to Discord's REST API. Its own module so the benchmark's trivial client can
// use the same transport without loading the bot.
import type { RESTOptions } from "discord.js";
import { Agent } from "undici";

/** Connections to Discord's REST API: enough for a burst's callbacks and edits, not one each. */
const REST_CONNECTIONS = 16;

/**
 * The bot's REST settings, shared with the benchmark's trivial client so that its baseline is
 * discord.js with the same transport. `close` ends the connection pool.
 */
export function restSettings(apiBase?: string): { rest: Partial<RESTOptions>; close(): Promise<void> } {
  // undici's default pool opens a connection per request in flight: a burst of 200 answers would
  // open 200 (TLS) connections to Discord at once. A bounded keep-alive pool queues them instead.
  const agent = new Agent({ connections: REST_CONNECTIONS, keepAliveTimeout: 30_000 });
  return {
    rest: {
      // discord.js counts interaction responses against its client-side global limit of 50/s,
      // but Discord exempts them, and they are nearly all of this bot's traffic: with the default,
      // a burst of 200 answers queues its replies for seconds. Channel posts and edits are few
      // (one per group a day, debounced counts), and a real global 429 is still honoured.
      globalRequestsPerSecond: 1_000,
      agent,
      ...(apiBase ? { api: apiBase } : {}),
    },
    // close() may be called again (a restart after a stop): closing twice would throw.
    close: async () => {
      if (!agent.closed && !agent.destroyed) await agent.close();
    },
  };
}
