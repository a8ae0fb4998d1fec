import { ApiError } from "./http-io.ts";
import { validateCommands } from "./limits.ts";
import { ok, requireValid, route } from "./rest.ts";
import type { Route, RouteReply } from "./rest.ts";
import { CHAT_INPUT } from "./state.ts";
import type { FakeState, Json, RegisteredCommand } from "./state.ts";

/** Application commands, global ("global" scope) and per guild (the guild id as scope). */
export class Commands {
  constructor(private readonly state: FakeState) {}

  /** Registered commands: global ones without an argument, a guild's with its id. */
  list(guildId?: string): RegisteredCommand[] {
    return [...(this.state.commandScopes.get(guildId ?? "global") ?? [])];
  }

  /** The chat-input command a member would see under this name: the guild's first, then the global one. */
  find(name: string, guildId: string): RegisteredCommand | undefined {
    const match = (command: RegisteredCommand): boolean => command.name === name && command.type === CHAT_INPUT;
    return this.state.commandScopes.get(guildId)?.find(match) ?? this.state.commandScopes.get("global")?.find(match);
  }

  routes(): Route[] {
    return [
      route("GET", "/applications/:app/commands", "bot", ({ params }) => ok(this.commandsOf(params[0], undefined))),
      route("PUT", "/applications/:app/commands", "bot", ({ params, body }) => ok(this.overwrite(params[0], undefined, body.json))),
      route("POST", "/applications/:app/commands", "bot", ({ params, body }) => ok(this.upsert(params[0], undefined, body.json))),
      route("DELETE", "/applications/:app/commands/:cmd", "bot", ({ params }) => this.delete(params[0], undefined, params[1])),
      route("GET", "/applications/:app/guilds/:guild/commands", "bot", ({ params }) => ok(this.commandsOf(params[0], params[1]))),
      route("PUT", "/applications/:app/guilds/:guild/commands", "bot", ({ params, body }) => ok(this.overwrite(params[0], params[1], body.json))),
      route("POST", "/applications/:app/guilds/:guild/commands", "bot", ({ params, body }) => ok(this.upsert(params[0], params[1], body.json))),
      route("DELETE", "/applications/:app/guilds/:guild/commands/:cmd", "bot", ({ params }) => this.delete(params[0], params[1], params[2])),
    ];
  }

  private requireApp(app: string | undefined, guildId: string | undefined): string {
    if (app !== this.state.applicationId) throw new ApiError(403, 50001, "Missing Access");
    if (guildId !== undefined) this.state.requireGuild(guildId);
    return guildId ?? "global";
  }

  private commandsOf(app: string | undefined, guildId: string | undefined): RegisteredCommand[] {
    return [...(this.state.commandScopes.get(this.requireApp(app, guildId)) ?? [])];
  }

  private materialize(command: Json, guildId: string | undefined, existing: RegisteredCommand[]): RegisteredCommand {
    const type = typeof command.type === "number" ? command.type : CHAT_INPUT;
    const same = existing.find((candidate) => candidate.name === command.name && candidate.type === type);
    return {
      default_member_permissions: null,
      nsfw: false,
      name_localizations: null,
      description_localizations: null,
      contexts: null,
      integration_types: [0],
      options: [],
      description: "",
      ...command,
      id: same?.id ?? this.state.mint.next(),
      application_id: this.state.applicationId,
      name: String(command.name),
      type,
      version: this.state.mint.next(),
      ...(guildId !== undefined ? { guild_id: guildId } : {}),
    };
  }

  private overwrite(app: string | undefined, guildId: string | undefined, body: unknown): RegisteredCommand[] {
    const scope = this.requireApp(app, guildId);
    requireValid(validateCommands(body));
    const existing = this.state.commandScopes.get(scope) ?? [];
    const next = (body as Json[]).map((command) => this.materialize(command, guildId, existing));
    this.state.commandScopes.set(scope, next);
    return [...next];
  }

  private upsert(app: string | undefined, guildId: string | undefined, body: unknown): RegisteredCommand {
    const scope = this.requireApp(app, guildId);
    requireValid(validateCommands([body]));
    const existing = this.state.commandScopes.get(scope) ?? [];
    const command = this.materialize(body as Json, guildId, existing);
    this.state.commandScopes.set(scope, [...existing.filter((candidate) => candidate.id !== command.id), command]);
    return command;
  }

  private delete(app: string | undefined, guildId: string | undefined, commandId: string | undefined): RouteReply {
    const scope = this.requireApp(app, guildId);
    const existing = this.state.commandScopes.get(scope) ?? [];
    if (!existing.some((command) => command.id === commandId)) throw new ApiError(404, 10063, "Unknown application command");
    this.state.commandScopes.set(scope, existing.filter((command) => command.id !== commandId));
    return { status: 204 };
  }
}
