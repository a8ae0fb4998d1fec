import { apiUser } from "./payloads.ts";
import { ok, route } from "./rest.ts";
import type { Route } from "./rest.ts";
import type { FakeState, Json } from "./state.ts";

/** GET /gateway and /gateway/bot: where discord.js finds the WebSocket, and how many shards to run. */
export function gatewayRoutes(gatewayUrl: () => string): Route[] {
  return [
    route("GET", "/gateway/bot", "bot-prefix", () =>
      ok({ url: gatewayUrl(), shards: 1, session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 } }),
    ),
    route("GET", "/gateway", "none", () => ok({ url: gatewayUrl() })),
  ];
}

/** READY's data for a new session. */
export function readyData(state: FakeState, sessionId: string, resumeUrl: string): Json {
  return {
    v: 10,
    user: { ...apiUser(state.botUser), verified: true, mfa_enabled: false, email: null },
    guilds: [...state.guilds.keys()].map((id) => ({ id, unavailable: true })),
    session_id: sessionId,
    resume_gateway_url: resumeUrl,
    session_type: "normal",
    application: { id: state.applicationId, flags: 0 },
    private_channels: [],
    relationships: [],
    presences: [],
    guild_join_requests: [],
    geo_ordered_rtc_regions: [],
    shard: [0, 1],
    _trace: ["recall-discord-fake"],
  };
}
