import { shardOfGuild } from "./gateway.ts";
import { apiUser } from "./payloads.ts";
import { ok, route } from "./rest.ts";
import type { Route } from "./rest.ts";
import type { FakeState, Json } from "./state.ts";

/** GET /gateway and /gateway/bot: where discord.js finds the WebSocket, and how many shards to run. */
export function gatewayRoutes(gatewayUrl: () => string, shardCount: number): Route[] {
  return [
    route("GET", "/gateway/bot", "bot-prefix", () =>
      ok({ url: gatewayUrl(), shards: shardCount, session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 } }),
    ),
    route("GET", "/gateway", "none", () => ok({ url: gatewayUrl() })),
  ];
}

/** READY's data for a new session. */
export function readyData(state: FakeState, sessionId: string, resumeUrl: string, shard: [number, number]): Json {
  return {
    v: 10,
    user: { ...apiUser(state.botUser), verified: true, mfa_enabled: false, email: null },
    guilds: [...state.guilds.keys()].filter((id) => shardOfGuild(id, shard[1]) === shard[0]).map((id) => ({ id, unavailable: true })),
    session_id: sessionId,
    resume_gateway_url: resumeUrl,
    session_type: "normal",
    application: { id: state.applicationId, flags: 0 },
    private_channels: [],
    relationships: [],
    presences: [],
    guild_join_requests: [],
    geo_ordered_rtc_regions: [],
    shard,
    _trace: ["recall-discord-fake"],
  };
}
