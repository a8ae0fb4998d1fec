import { ApiError } from "./http-io.ts";
import { APPLICATION_OWNER, apiMember, apiUser, everyoneRole } from "./payloads.ts";
import { ok, route } from "./rest.ts";
import type { Route } from "./rest.ts";
import type { FakeState, Json } from "./state.ts";

/** The bot's own user and application. */
export function applicationRoutes(state: FakeState): Route[] {
  return [
    route("GET", "/users/@me", "bot", () => ok(apiUser(state.botUser))),
    route("GET", "/applications/@me", "bot", () => ok(apiApplication(state))),
    route("GET", "/oauth2/applications/@me", "bot", () => ok(apiApplication(state))),
  ];
}

/** Guilds, their channel list, roles and members. */
export function guildRoutes(state: FakeState): Route[] {
  return [
    route("GET", "/guilds/:guild", "bot", ({ params }) => {
      const guild = state.requireGuild(params[0]);
      const { channels: _channels, members: _members, ...rest } = state.apiGuildOf(guild);
      return ok(rest);
    }),
    route("GET", "/guilds/:guild/channels", "bot", ({ params }) => ok(state.apiGuildOf(state.requireGuild(params[0])).channels)),
    route("GET", "/guilds/:guild/roles", "bot", ({ params }) => ok([everyoneRole(state.requireGuild(params[0]).id)])),
    route("GET", "/guilds/:guild/members/:user", "bot", ({ params }) => {
      const guild = state.requireGuild(params[0]);
      const member = [{ user: state.botUser }, ...(guild.members ?? [])].find((candidate) => candidate.user.id === params[1]);
      if (!member) throw new ApiError(404, 10007, "Unknown Member");
      return ok(apiMember(member));
    }),
  ];
}

function apiApplication(state: FakeState): Json {
  return {
    id: state.applicationId,
    name: state.botUser.username ?? "bot",
    icon: null,
    description: "",
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: "0".repeat(64),
    flags: 0,
    team: null,
    owner: apiUser(APPLICATION_OWNER),
    bot: apiUser(state.botUser),
    approximate_guild_count: state.guilds.size,
  };
}
