import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { performance } from "node:perf_hooks";
import { FakeDiscordError, FakeDiscordUsageError } from "./errors.ts";
import { FakeGateway } from "./gateway.ts";
import type { GatewayStats } from "./gateway.ts";
import { ApiError, parseBody, readBody, sendBytes, sendEmpty, sendJson } from "./http-io.ts";
import type { ParsedBody, ReceivedFile } from "./http-io.ts";
import { CallbackType, InteractionHandle, InteractionKind } from "./interaction-handle.ts";
import type { ReplyRecord } from "./interaction-handle.ts";
import { ComponentKind, DiscordLimits, formatIssuePath, nestIssues, validateCommands, validateMessagePayload, validateModal } from "./limits.ts";
import type { ValidationIssue } from "./limits.ts";
import { FakePermissions, apiChannel, apiGuild, apiMember, apiMessage, apiUser, everyoneRole } from "./payloads.ts";
import { ChangeSignal } from "./signal.ts";
import { SnowflakeMint } from "./snowflake.ts";
import type {
  CommandOptionValue,
  FakeChannelInput,
  FakeDiscordOptions,
  FakeGuildInput,
  FakeMemberInput,
  FakeUserInput,
  MessageSnapshot,
  RecordedRequest,
  Rejection,
  RouteMatcher,
  StoredAttachment,
  StoredMessage,
  WaitOptions,
} from "./types.ts";
import type { APIEmbed, APIMessageTopLevelComponent } from "discord-api-types/v10";

type Json = Record<string, unknown>;

const EPHEMERAL = 1 << 6;
const LOADING = 1 << 7;
const CHAT_INPUT = 1;
const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

/** The bot's permissions in every channel (app_permissions): enough to post, embed and attach. */
const APP_PERMISSIONS = FakePermissions.member;

export interface InteractionActor {
  user: FakeUserInput;
  /** Member permissions as a decimal string (see FakePermissions) or a bigint; an ordinary member by default. */
  permissions?: string | bigint;
  /** The member's Discord client locale; "en-US" by default. */
  locale?: string;
}

export interface SlashCommandInput extends InteractionActor {
  guildId: string;
  channelId: string;
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  /** Option values by name; types come from the registered command when there is one. */
  options?: Record<string, CommandOptionValue>;
}

export interface ClickButtonInput extends InteractionActor {
  messageId: string;
  customId: string;
}

export interface SelectMenuInput extends InteractionActor {
  messageId: string;
  customId: string;
  values: string[];
}

export interface SubmitModalInput extends Partial<InteractionActor> {
  /** The interaction whose modal is being submitted: custom_id, place, user and inputs come from it. */
  modalOf?: InteractionHandle;
  customId?: string;
  guildId?: string;
  channelId?: string;
  /** Text input values by their custom_id. */
  fields: Record<string, string>;
}

export interface RegisteredCommand extends Json {
  id: string;
  application_id: string;
  name: string;
  type: number;
  version: string;
  guild_id?: string;
}

interface RouteContext {
  method: string;
  path: string;
  params: string[];
  query: URLSearchParams;
  body: ParsedBody;
}

type RouteReply = { status: 200; body: unknown } | { status: 204 };

interface Route {
  method: string;
  template: string;
  /** X-RateLimit-Bucket: one per route template, like Discord's opaque hashes. */
  bucket: string;
  pattern: RegExp;
  /** "bot": needs the valid bot token. "bot-prefix": needs a Bot header (see /gateway/bot). */
  auth: "bot" | "bot-prefix" | "none";
  handle(context: RouteContext): Promise<RouteReply> | RouteReply;
}

interface PendingRateLimit {
  matcher: RouteMatcher;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function bucketHash(template: string): string {
  let hash = 0;
  for (const char of template) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

function issuesToError(issues: ValidationIssue[]): ApiError {
  return new ApiError(
    400,
    50035,
    "Invalid Form Body",
    nestIssues(issues),
    issues.map((issue) => ({ path: formatIssuePath(issue.path), code: issue.code, message: issue.message })),
  );
}

function requireValid(issues: ValidationIssue[]): void {
  if (issues.length > 0) throw issuesToError(issues);
}

function* walkComponents(components: unknown): Generator<Json> {
  if (!Array.isArray(components)) return;
  for (const component of components) {
    if (!isObject(component)) continue;
    yield component;
    yield* walkComponents(component.components);
    if (isObject(component.component)) yield* walkComponents([component.component]);
    if (isObject(component.accessory)) yield* walkComponents([component.accessory]);
  }
}

/**
 * A local Discord: gateway (WebSocket) and REST (HTTP) on 127.0.0.1 for the real discord.js Client.
 * Build it with startFakeDiscord().
 */
export class FakeDiscord {
  readonly applicationId: string;
  readonly botUser: FakeUserInput;
  readonly validToken: string;
  /** Every request the fake refused as Discord would (validation, late or doubled responses, auth). */
  readonly rejections: Rejection[] = [];
  /** Requests to routes the fake does not know: a typo or an API the fake lacks. */
  readonly unknownRoutes: { method: string; path: string }[] = [];
  /** Every REST request with its answer, in arrival order. */
  readonly requests: RecordedRequest[] = [];
  /** Requests answered with a 429 by rateLimitNext(). */
  readonly rateLimited: { method: string; path: string; at: number }[] = [];

  private readonly now: () => number;
  private readonly tokenTtlMs: number;
  private readonly ackWindowMs: number;
  private readonly defaultTimeoutMs: number;
  private readonly mint: SnowflakeMint;
  private readonly signal = new ChangeSignal();
  private readonly guilds = new Map<string, FakeGuildInput>();
  private readonly channels = new Map<string, { guildId: string; channel: FakeChannelInput; position: number }>();
  private readonly messages = new Map<string, StoredMessage>();
  private readonly messageOrder: string[] = [];
  private readonly interactions = new Map<string, InteractionHandle>();
  private readonly interactionsByToken = new Map<string, InteractionHandle>();
  private readonly actors = new Map<string, InteractionActor>();
  private readonly commandScopes = new Map<string, RegisteredCommand[]>();
  private readonly pendingRateLimits: PendingRateLimit[] = [];
  private readonly routes: Route[];
  private readonly gateway: FakeGateway;
  private readonly server: Server;
  private port = 0;
  private closed = false;

  constructor(options: FakeDiscordOptions) {
    this.now = options.now ?? Date.now;
    this.mint = new SnowflakeMint(this.now);
    this.applicationId = options.applicationId ?? "1100000000000000001";
    this.botUser = { username: "recall-bot", ...(options.botUser ?? { id: this.applicationId }), bot: true };
    this.validToken = options.validToken ?? "fake-bot-token";
    this.tokenTtlMs = options.tokenTtlMs ?? DiscordLimits.interactionTokenTtlMs;
    this.ackWindowMs = options.ackWindowMs ?? DiscordLimits.interactionAckWindowMs;
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? 5000;
    for (const guild of options.guilds) {
      this.guilds.set(guild.id, guild);
      guild.channels.forEach((channel, position) => this.channels.set(channel.id, { guildId: guild.id, channel, position }));
    }
    this.gateway = new FakeGateway(
      {
        isValidToken: (token) => token === this.validToken || token === `Bot ${this.validToken}`,
        readyData: (sessionId, resumeUrl) => this.readyData(sessionId, resumeUrl),
        guildCreates: () => [...this.guilds.values()].map((guild) => apiGuild(guild, this.botUser)),
        newSessionId: () => `session${this.mint.next()}`,
        onChange: () => this.signal.notify(),
      },
      options.heartbeatIntervalMs ?? 41_250,
      () => this.gatewayUrl,
    );
    this.routes = this.buildRoutes();
    this.server = createServer((request, response) => {
      void this.serve(request, response);
    });
    this.server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.gateway.handleUpgrade(request, socket, head);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(0, "127.0.0.1", () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** The REST base for `new Client({ rest: { api } })` and `new REST({ api })`. */
  get apiBase(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  get gatewayStats(): GatewayStats {
    return this.gateway.snapshot();
  }

  /** Stops everything; pending waiters fail. Destroy discord.js clients first. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.signal.abortAll(new FakeDiscordError("The fake Discord was closed"));
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * Drops every gateway connection as if Discord restarted. Resumable (default): clients RESUME
   * about half a second later and get the events dispatched meanwhile. Otherwise they identify
   * anew (discord.js then waits up to 5 s for its identify throttle).
   */
  disconnectAll(options: { resumable?: boolean } = {}): void {
    this.gateway.disconnectAll(options.resumable ?? true);
  }

  /** Resolves once `count` gateway sessions are connected (after login, resume or re-identify). */
  waitForConnectedSessions(count = 1, options: WaitOptions = {}): Promise<GatewayStats> {
    return this.signal.waitFor(
      () => {
        const stats = this.gateway.snapshot();
        return stats.connectedSessions >= count ? stats : undefined;
      },
      options.timeoutMs ?? this.defaultTimeoutMs,
      `${count} connected gateway session(s)`,
    );
  }

  /** Registered commands: global ones without an argument, a guild's with its id. */
  commands(guildId?: string): RegisteredCommand[] {
    return [...(this.commandScopes.get(guildId ?? "global") ?? [])];
  }

  /** Messages visible in a channel (not ephemeral, not deleted), oldest first, in their current state. */
  channelMessages(channelId: string): StoredMessage[] {
    return this.messageOrder
      .map((id) => this.messages.get(id))
      .filter((message): message is StoredMessage => message !== undefined)
      .filter((message) => message.channelId === channelId && !message.deleted && (message.flags & EPHEMERAL) === 0);
  }

  /** Any stored message by id, ephemeral ones included. */
  message(messageId: string): StoredMessage | undefined {
    return this.messages.get(messageId);
  }

  /** Resolves with the first visible channel message (current state, past or future) matching the predicate. */
  waitForMessage(channelId: string, predicate: (message: StoredMessage) => boolean = () => true, options: WaitOptions = {}): Promise<StoredMessage> {
    return this.signal.waitFor(
      () => this.channelMessages(channelId).find(predicate),
      options.timeoutMs ?? this.defaultTimeoutMs,
      `a matching message in channel ${channelId}`,
    );
  }

  /** Resolves once the predicate over the fake holds; for conditions the other waiters do not cover. */
  waitUntil<T>(check: () => T | undefined | false, description: string, options: WaitOptions = {}): Promise<T> {
    return this.signal.waitFor(
      () => {
        const value = check();
        return value === false ? undefined : value;
      },
      options.timeoutMs ?? this.defaultTimeoutMs,
      description,
    );
  }

  interaction(id: string): InteractionHandle | undefined {
    return this.interactions.get(id);
  }

  allInteractions(): InteractionHandle[] {
    return [...this.interactions.values()];
  }

  /** Answers the next request matching the route with a 429 (discord.js retries after retry_after). */
  rateLimitNext(matcher: RouteMatcher | string): void {
    this.pendingRateLimits.push({ matcher: typeof matcher === "string" ? { path: matcher } : matcher });
  }

  // ---------------------------------------------------------------- interactions

  /** Dispatches a chat-input command as a member typed it. */
  slashCommand(input: SlashCommandInput): InteractionHandle {
    const guildId = input.guildId;
    const definition = this.findCommand(input.name, guildId);
    let optionDefs = definition ? ((definition.options as Json[] | undefined) ?? []) : undefined;
    const path = [input.subcommandGroup, input.subcommand].filter((part): part is string => part !== undefined);
    for (const part of path) {
      if (optionDefs === undefined) break;
      const next = optionDefs.find((option) => option.name === part && (option.type === OptionType.Subcommand || option.type === OptionType.SubcommandGroup));
      if (!next) throw new FakeDiscordUsageError(`Command /${input.name} has no subcommand (group) "${part}"`);
      optionDefs = (next.options as Json[] | undefined) ?? [];
    }
    const resolved: Record<string, Record<string, unknown>> = {};
    let options: Json[] = this.buildOptions(input.name, optionDefs, input.options ?? {}, resolved);
    if (input.subcommand !== undefined) options = [{ type: OptionType.Subcommand, name: input.subcommand, options }];
    if (input.subcommandGroup !== undefined) options = [{ type: OptionType.SubcommandGroup, name: input.subcommandGroup, options }];
    const data: Json = {
      id: definition?.id ?? this.mint.next(),
      name: input.name,
      type: CHAT_INPUT,
      options,
      ...(definition?.guild_id ? { guild_id: definition.guild_id } : {}),
      ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
    };
    return this.dispatchInteraction(InteractionKind.ApplicationCommand, data, guildId, input.channelId, input, null);
  }

  /**
   * Sends the same INTERACTION_CREATE again (same id and token), as a replayed or doubled delivery:
   * a bot must not act twice, and its second acknowledgement gets 40060.
   */
  redeliver(handle: InteractionHandle): void {
    if (!this.gateway.hasAnySession()) throw new FakeDiscordUsageError("No bot session on the gateway to redeliver to");
    handle.timeline.push({ kind: "dispatch", at: performance.now() });
    this.gateway.dispatch("INTERACTION_CREATE", handle.payload);
    this.signal.notify();
  }

  /** Dispatches a click on a button of a stored message (ephemeral ones only for their member). */
  clickButton(input: ClickButtonInput): InteractionHandle {
    const message = this.messages.get(input.messageId);
    if (!message || message.deleted) throw new FakeDiscordUsageError(`No message ${input.messageId} to click on`);
    const buttons = [...walkComponents(message.components)].filter((component) => component.type === ComponentKind.Button);
    const button = buttons.find((component) => component.custom_id === input.customId);
    if (!button) {
      const known = buttons.map((component) => String(component.custom_id)).join(", ");
      throw new FakeDiscordUsageError(`Message ${message.id} has no button "${input.customId}" (buttons: ${known || "none"})`);
    }
    if (button.disabled === true) throw new FakeDiscordUsageError(`Button "${input.customId}" is disabled`);
    this.assertCanSee(message, input.user.id);
    if (!message.guildId) throw new FakeDiscordUsageError(`Message ${message.id} is not in a guild`);
    const data = { custom_id: input.customId, component_type: ComponentKind.Button };
    return this.dispatchInteraction(InteractionKind.MessageComponent, data, message.guildId, message.channelId, input, message);
  }

  /** Dispatches a choice in a select menu of a stored message (string selects check the values exist). */
  selectMenu(input: SelectMenuInput): InteractionHandle {
    const message = this.messages.get(input.messageId);
    if (!message || message.deleted) throw new FakeDiscordUsageError(`No message ${input.messageId} to choose in`);
    const menu = [...walkComponents(message.components)].find((component) => component.custom_id === input.customId);
    const selectTypes: number[] = [ComponentKind.StringSelect, ComponentKind.UserSelect, ComponentKind.RoleSelect, ComponentKind.MentionableSelect, ComponentKind.ChannelSelect];
    if (!menu || typeof menu.type !== "number" || !selectTypes.includes(menu.type)) {
      throw new FakeDiscordUsageError(`Message ${message.id} has no select menu "${input.customId}"`);
    }
    if (menu.type === ComponentKind.StringSelect) {
      const offered = new Set(((menu.options as Json[] | undefined) ?? []).map((option) => option.value));
      const unknown = input.values.filter((value) => !offered.has(value));
      if (unknown.length > 0) throw new FakeDiscordUsageError(`Select menu "${input.customId}" offers no ${unknown.join(", ")}`);
    }
    const min = typeof menu.min_values === "number" ? menu.min_values : 1;
    const max = typeof menu.max_values === "number" ? menu.max_values : 1;
    if (input.values.length < min || input.values.length > max) {
      throw new FakeDiscordUsageError(`Select menu "${input.customId}" takes ${min}–${max} values, got ${input.values.length}`);
    }
    this.assertCanSee(message, input.user.id);
    if (!message.guildId) throw new FakeDiscordUsageError(`Message ${message.id} is not in a guild`);
    const data = { custom_id: input.customId, component_type: menu.type, values: input.values };
    return this.dispatchInteraction(InteractionKind.MessageComponent, data, message.guildId, message.channelId, input, message);
  }

  /** Dispatches a modal submission, normally of the modal another interaction was answered with. */
  submitModal(input: SubmitModalInput): InteractionHandle {
    const source = input.modalOf;
    const modal = source?.modal();
    const customId = input.customId ?? (modal ? String(modal.custom_id) : undefined);
    const guildId = input.guildId ?? source?.guildId ?? undefined;
    const channelId = input.channelId ?? source?.channelId;
    const origin = source ? this.actors.get(source.id) : undefined;
    const user = input.user ?? origin?.user;
    if (customId === undefined || guildId === undefined || channelId === undefined || user === undefined) {
      throw new FakeDiscordUsageError("submitModal needs modalOf, or customId, guildId, channelId and user");
    }
    const components = modal ? this.fillModal(modal, input.fields) : this.plainModalRows(input.fields);
    const data = { custom_id: customId, components };
    const sourceMessage = source?.sourceMessageId ? this.messages.get(source.sourceMessageId) : undefined;
    const permissions = input.permissions ?? origin?.permissions;
    const locale = input.locale ?? origin?.locale;
    const actor: InteractionActor = { user, ...(permissions !== undefined ? { permissions } : {}), ...(locale !== undefined ? { locale } : {}) };
    return this.dispatchInteraction(InteractionKind.ModalSubmit, data, guildId, channelId, actor, sourceMessage ?? null);
  }

  private fillModal(modal: Json, fields: Record<string, string>): Json[] {
    const used = new Set<string>();
    const fill = (input: Json): Json => {
      const id = String(input.custom_id);
      const value = fields[id] ?? "";
      used.add(id);
      const length = [...value].length;
      if (input.required !== false && length === 0) throw new FakeDiscordUsageError(`Modal input "${id}" is required`);
      const max = typeof input.max_length === "number" ? input.max_length : DiscordLimits.textInputLength;
      if (length > max) throw new FakeDiscordUsageError(`Modal input "${id}" takes at most ${max} characters, got ${length}`);
      if (typeof input.min_length === "number" && length > 0 && length < input.min_length) {
        throw new FakeDiscordUsageError(`Modal input "${id}" needs at least ${input.min_length} characters, got ${length}`);
      }
      return { type: ComponentKind.TextInput, id: input.id, custom_id: id, value };
    };
    const rows = (modal.components as Json[] | undefined) ?? [];
    const filled = rows.map((row): Json => {
      if (row.type === ComponentKind.Label && isObject(row.component) && row.component.type === ComponentKind.TextInput) {
        return { type: ComponentKind.Label, id: row.id, component: fill(row.component) };
      }
      if (row.type === ComponentKind.ActionRow && Array.isArray(row.components)) {
        return {
          type: ComponentKind.ActionRow,
          id: row.id,
          components: (row.components as Json[]).filter((child) => child.type === ComponentKind.TextInput).map(fill),
        };
      }
      return { type: row.type, id: row.id };
    });
    const unknown = Object.keys(fields).filter((id) => !used.has(id));
    if (unknown.length > 0) throw new FakeDiscordUsageError(`The modal has no input(s) ${unknown.join(", ")}`);
    return filled;
  }

  private plainModalRows(fields: Record<string, string>): Json[] {
    return Object.entries(fields).map(([customId, value]) => ({
      type: ComponentKind.ActionRow,
      components: [{ type: ComponentKind.TextInput, custom_id: customId, value }],
    }));
  }

  private assertCanSee(message: StoredMessage, userId: string): void {
    if ((message.flags & EPHEMERAL) === 0 || message.interactionId === null) return;
    const owner = this.interactions.get(message.interactionId)?.userId;
    if (owner !== undefined && owner !== userId) {
      throw new FakeDiscordUsageError(`Message ${message.id} is ephemeral and only visible to ${owner}`);
    }
  }

  private findCommand(name: string, guildId: string): RegisteredCommand | undefined {
    const match = (command: RegisteredCommand): boolean => command.name === name && command.type === CHAT_INPUT;
    return this.commandScopes.get(guildId)?.find(match) ?? this.commandScopes.get("global")?.find(match);
  }

  private buildOptions(command: string, defs: Json[] | undefined, values: Record<string, CommandOptionValue>, resolved: Record<string, Record<string, unknown>>): Json[] {
    if (defs) {
      for (const def of defs) {
        if (def.required === true && !(String(def.name) in values)) {
          throw new FakeDiscordUsageError(`Command /${command} needs option "${String(def.name)}"`);
        }
      }
    }
    return Object.entries(values).map(([name, value]) => {
      const def = defs?.find((option) => option.name === name);
      if (defs && !def) throw new FakeDiscordUsageError(`Command /${command} has no option "${name}"`);
      const type = typeof def?.type === "number" ? def.type : typeof value === "boolean" ? OptionType.Boolean : typeof value === "number" ? (Number.isInteger(value) ? OptionType.Integer : OptionType.Number) : OptionType.String;
      if (Array.isArray(def?.choices) && !(def.choices as Json[]).some((choice) => choice.value === value)) {
        throw new FakeDiscordUsageError(`Option "${name}" of /${command} must be one of its choices, got ${String(value)}`);
      }
      if (type === OptionType.Channel) {
        const place = this.channels.get(String(value));
        if (!place) throw new FakeDiscordUsageError(`Option "${name}": no channel ${String(value)}`);
        (resolved.channels ??= {})[place.channel.id] = { ...apiChannel(place.guildId, place.channel, place.position), permissions: APP_PERMISSIONS };
      } else if (type === OptionType.User || type === OptionType.Mentionable) {
        const userId = String(value);
        const member = [...this.guilds.values()].flatMap((guild) => guild.members ?? []).find((candidate) => candidate.user.id === userId);
        (resolved.users ??= {})[userId] = apiUser(member?.user ?? { id: userId });
        if (member) {
          const { user: _user, ...rest } = apiMember(member, { permissions: FakePermissions.member });
          (resolved.members ??= {})[userId] = rest;
        }
      } else if (type === OptionType.Role) {
        (resolved.roles ??= {})[String(value)] = { ...everyoneRole(String(value)), name: `role${String(value).slice(-4)}` };
      } else if (type === OptionType.Integer && (typeof value !== "number" || !Number.isInteger(value))) {
        throw new FakeDiscordUsageError(`Option "${name}" of /${command} must be an integer, got ${String(value)}`);
      }
      return { name, type, value };
    });
  }

  private dispatchInteraction(type: number, data: Json, guildId: string, channelId: string, actor: InteractionActor, message: StoredMessage | null): InteractionHandle {
    if (this.closed) throw new FakeDiscordUsageError("The fake Discord is closed");
    const guild = this.guilds.get(guildId);
    if (!guild) throw new FakeDiscordUsageError(`No guild ${guildId}`);
    const place = this.channels.get(channelId);
    if (!place || place.guildId !== guildId) throw new FakeDiscordUsageError(`No channel ${channelId} in guild ${guildId}`);
    if (!this.gateway.hasAnySession()) {
      throw new FakeDiscordUsageError("No bot session on the gateway: log a discord.js client in before dispatching interactions");
    }
    const id = this.mint.next();
    const token = `itoken_${id}_${this.applicationId}`;
    const configured: FakeMemberInput = guild.members?.find((member) => member.user.id === actor.user.id) ?? { user: actor.user };
    const permissions = actor.permissions === undefined ? FakePermissions.member : String(actor.permissions);
    const locale = actor.locale ?? "en-US";
    const payload: Json = {
      id,
      application_id: this.applicationId,
      type,
      data,
      guild_id: guildId,
      guild: { id: guildId, locale: guild.preferredLocale ?? "en-US", features: [] },
      channel_id: channelId,
      channel: { ...apiChannel(guildId, place.channel, place.position), permissions: APP_PERMISSIONS },
      member: apiMember({ ...configured, user: { ...configured.user, ...actor.user } }, { permissions }),
      token,
      version: 1,
      app_permissions: APP_PERMISSIONS,
      locale,
      guild_locale: guild.preferredLocale ?? "en-US",
      entitlements: [],
      authorizing_integration_owners: { "0": guildId },
      context: 0,
      attachment_size_limit: 10 * 1024 * 1024,
      ...(message ? { message: this.apiMessageWithMetadata(message) } : {}),
    };
    const handle = new InteractionHandle(
      id,
      token,
      type,
      payload,
      performance.now(),
      this.now(),
      actor.user.id,
      guildId,
      channelId,
      message?.id ?? null,
      this.signal,
      this.defaultTimeoutMs,
    );
    this.interactions.set(id, handle);
    this.interactionsByToken.set(token, handle);
    this.actors.set(id, { user: actor.user, permissions, locale });
    this.gateway.dispatch("INTERACTION_CREATE", payload);
    this.signal.notify();
    return handle;
  }

  private apiMessageWithMetadata(message: StoredMessage): Json {
    const api = apiMessage(message, this.botUser, this.applicationId);
    const origin = message.interactionId ? this.interactions.get(message.interactionId) : undefined;
    if (!origin) return api;
    return {
      ...api,
      interaction_metadata: {
        id: origin.id,
        type: origin.type,
        user: apiUser(this.actors.get(origin.id)?.user ?? { id: origin.userId }),
        authorizing_integration_owners: { "0": origin.guildId ?? "0" },
      },
    };
  }

  // ---------------------------------------------------------------- gateway payloads

  private readyData(sessionId: string, resumeUrl: string): Json {
    return {
      v: 10,
      user: { ...apiUser(this.botUser), verified: true, mfa_enabled: false, email: null },
      guilds: [...this.guilds.keys()].map((id) => ({ id, unavailable: true })),
      session_id: sessionId,
      resume_gateway_url: resumeUrl,
      session_type: "normal",
      application: { id: this.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      shard: [0, 1],
      _trace: ["recall-discord-fake"],
    };
  }

  // ---------------------------------------------------------------- HTTP

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = (request.method ?? "GET").toUpperCase();
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    // Discord ids never need escaping; "@original" arrives as "%40original".
    const path = url.pathname.split("/").map((segment) => decodeURIComponent(segment)).join("/");
    const record = (status: number): void => {
      this.requests.push({ method, path, status, at: performance.now() });
    };
    const attachment = /^\/attachments\/\d+\/(\d+)\/[^/]+$/.exec(path);
    if (attachment && method === "GET") {
      const stored = this.findAttachment(attachment[1] ?? "");
      if (stored) {
        sendBytes(response, stored.bytes, stored.contentType);
        record(200);
        return;
      }
    }
    const apiPath = path.startsWith("/api/v10/") ? path.slice("/api/v10".length) : null;
    const route = apiPath === null ? undefined : this.routes.find((candidate) => candidate.method === method && candidate.pattern.test(apiPath));
    if (!route || apiPath === null) {
      await readBody(request);
      this.unknownRoutes.push({ method, path });
      sendJson(response, 404, { message: "404: Not Found", code: 0 }, {});
      record(404);
      this.signal.notify();
      return;
    }
    const headers = this.rateLimitHeaders(route.bucket);
    let parsed: ParsedBody = { json: undefined, files: [], multipart: false };
    try {
      const raw = await readBody(request);
      this.checkAuth(route, request.headers.authorization);
      const limited = this.takeRateLimit(method, apiPath);
      if (limited) {
        const seconds = (limited.retryAfterMs ?? 50) / 1000;
        this.rateLimited.push({ method, path: apiPath, at: performance.now() });
        sendJson(
          response,
          429,
          { message: "You are being rate limited.", retry_after: seconds, global: false },
          { ...headers, "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": String(seconds), "Retry-After": String(seconds), "X-RateLimit-Scope": "user" },
        );
        record(429);
        return;
      }
      parsed = await parseBody(request.headers["content-type"], raw);
      const params = route.pattern.exec(apiPath)?.slice(1) ?? [];
      const reply = await route.handle({ method, path: apiPath, params, query: url.searchParams, body: parsed });
      if (reply.status === 204) sendEmpty(response, headers);
      else sendJson(response, 200, reply.body, headers);
      record(reply.status);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // A bug in the fake itself: answer 500 and record it, so the test fails loudly instead of hanging.
        const message = error instanceof Error ? error.message : String(error);
        this.rejections.push({ method, path: apiPath, status: 500, code: 0, message, issues: [], body: parsed.json, at: performance.now() });
        sendJson(response, 500, { message, code: 0 }, headers);
        record(500);
        return;
      }
      this.rejections.push({
        method,
        path: apiPath,
        status: error.status,
        code: error.code,
        message: error.message,
        issues: error.issues,
        body: parsed.json,
        at: performance.now(),
      });
      this.noteRejectedInteraction(apiPath, error);
      sendJson(response, error.status, { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) }, headers);
      record(error.status);
    } finally {
      this.signal.notify();
    }
  }

  private noteRejectedInteraction(path: string, error: ApiError): void {
    const match = /^\/interactions\/(\d+)\/[^/]+\/callback$/.exec(path) ?? /^\/webhooks\/\d+\/([^/]+)/.exec(path);
    const key = match?.[1];
    if (key === undefined) return;
    const handle = this.interactions.get(key) ?? this.interactionsByToken.get(key);
    handle?.timeline.push({ kind: "rejected", at: performance.now(), status: error.status, code: error.code, message: error.message });
  }

  private checkAuth(route: Route, header: string | undefined): void {
    if (route.auth === "none") return;
    const ok = route.auth === "bot-prefix" ? header?.startsWith("Bot ") === true : header === `Bot ${this.validToken}`;
    if (!ok) throw new ApiError(401, 0, "401: Unauthorized");
  }

  private takeRateLimit(method: string, path: string): RouteMatcher | undefined {
    const index = this.pendingRateLimits.findIndex(({ matcher }) => {
      if (matcher.method !== undefined && matcher.method.toUpperCase() !== method) return false;
      return typeof matcher.path === "string" ? matcher.path === path : matcher.path.test(path);
    });
    if (index < 0) return undefined;
    const [taken] = this.pendingRateLimits.splice(index, 1);
    return taken?.matcher;
  }

  private rateLimitHeaders(bucket: string): Record<string, string> {
    const resetSeconds = Math.ceil(this.now() / 1000) + 1;
    return {
      "X-RateLimit-Bucket": bucket,
      "X-RateLimit-Limit": "50",
      "X-RateLimit-Remaining": "49",
      "X-RateLimit-Reset": String(resetSeconds),
      "X-RateLimit-Reset-After": "1.000",
      "X-RateLimit-Scope": "user",
    };
  }

  private buildRoutes(): Route[] {
    const route = (method: string, template: string, auth: Route["auth"], handle: Route["handle"]): Route => {
      const pattern = new RegExp(`^${template.replace(/:[a-z]+/g, "([^/]+)")}$`);
      return { method, template: `${method} ${template}`, bucket: bucketHash(`${method} ${template}`), pattern, auth, handle };
    };
    const ok = (body: unknown): RouteReply => ({ status: 200, body });
    const empty: RouteReply = { status: 204 };
    return [
      route("GET", "/gateway/bot", "bot-prefix", () =>
        ok({ url: this.gatewayUrl, shards: 1, session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 } }),
      ),
      route("GET", "/gateway", "none", () => ok({ url: this.gatewayUrl })),
      route("GET", "/users/@me", "bot", () => ok(apiUser(this.botUser))),
      route("GET", "/applications/@me", "bot", () => ok(this.apiApplication())),
      route("GET", "/oauth2/applications/@me", "bot", () => ok(this.apiApplication())),
      route("GET", "/applications/:app/commands", "bot", ({ params }) => ok(this.commandsOf(params[0], undefined))),
      route("PUT", "/applications/:app/commands", "bot", ({ params, body }) => ok(this.overwriteCommands(params[0], undefined, body.json))),
      route("POST", "/applications/:app/commands", "bot", ({ params, body }) => ok(this.upsertCommand(params[0], undefined, body.json))),
      route("DELETE", "/applications/:app/commands/:cmd", "bot", ({ params }) => this.deleteCommand(params[0], undefined, params[1])),
      route("GET", "/applications/:app/guilds/:guild/commands", "bot", ({ params }) => ok(this.commandsOf(params[0], params[1]))),
      route("PUT", "/applications/:app/guilds/:guild/commands", "bot", ({ params, body }) => ok(this.overwriteCommands(params[0], params[1], body.json))),
      route("POST", "/applications/:app/guilds/:guild/commands", "bot", ({ params, body }) => ok(this.upsertCommand(params[0], params[1], body.json))),
      route("DELETE", "/applications/:app/guilds/:guild/commands/:cmd", "bot", ({ params }) => this.deleteCommand(params[0], params[1], params[2])),
      route("GET", "/guilds/:guild", "bot", ({ params }) => {
        const guild = this.requireGuild(params[0]);
        const { channels: _channels, members: _members, ...rest } = apiGuild(guild, this.botUser);
        return ok(rest);
      }),
      route("GET", "/guilds/:guild/channels", "bot", ({ params }) => ok(apiGuild(this.requireGuild(params[0]), this.botUser).channels)),
      route("GET", "/guilds/:guild/roles", "bot", ({ params }) => ok([everyoneRole(this.requireGuild(params[0]).id)])),
      route("GET", "/guilds/:guild/members/:user", "bot", ({ params }) => {
        const guild = this.requireGuild(params[0]);
        const member = [{ user: this.botUser }, ...(guild.members ?? [])].find((candidate) => candidate.user.id === params[1]);
        if (!member) throw new ApiError(404, 10007, "Unknown Member");
        return ok(apiMember(member));
      }),
      route("GET", "/channels/:channel", "bot", ({ params }) => {
        const place = this.requireChannel(params[0]);
        return ok(apiChannel(place.guildId, place.channel, place.position));
      }),
      route("GET", "/channels/:channel/messages", "bot", ({ params, query }) => {
        this.requireChannel(params[0]);
        const limit = Math.min(Number(query.get("limit") ?? 50), 100);
        const list = this.channelMessages(params[0] ?? "").reverse().slice(0, limit);
        return ok(list.map((message) => this.apiMessageWithMetadata(message)));
      }),
      route("POST", "/channels/:channel/messages", "bot", ({ params, body }) => {
        const place = this.requireChannel(params[0]);
        const payload = isObject(body.json) ? body.json : {};
        requireValid(validateMessagePayload(body.json, { requireBody: true, fileCount: body.files.length }));
        const message = this.createMessage(place.channel.id, place.guildId, payload, body.files, null, 0);
        return ok(this.apiMessageWithMetadata(message));
      }),
      route("GET", "/channels/:channel/messages/:message", "bot", ({ params }) => ok(this.apiMessageWithMetadata(this.requireChannelMessage(params[0], params[1])))),
      route("PATCH", "/channels/:channel/messages/:message", "bot", ({ params, body }) => {
        const message = this.requireChannelMessage(params[0], params[1]);
        requireValid(validateMessagePayload(body.json, { requireBody: false, fileCount: body.files.length }));
        this.applyEdit(message, isObject(body.json) ? body.json : {}, body.files);
        return ok(this.apiMessageWithMetadata(message));
      }),
      route("DELETE", "/channels/:channel/messages/:message", "bot", ({ params }) => {
        this.requireChannelMessage(params[0], params[1]).deleted = true;
        return empty;
      }),
      route("POST", "/interactions/:id/:token/callback", "none", (context) => this.interactionCallback(context)),
      route("POST", "/webhooks/:app/:token", "none", (context) => this.followUp(context)),
      route("GET", "/webhooks/:app/:token/messages/:message", "none", ({ params }) => {
        const { handle } = this.requireWebhook(params[0], params[1]);
        return ok(this.apiMessageWithMetadata(this.requireInteractionMessage(handle, params[2])));
      }),
      route("PATCH", "/webhooks/:app/:token/messages/:message", "none", (context) => this.editInteractionMessage(context)),
      route("DELETE", "/webhooks/:app/:token/messages/:message", "none", ({ params }) => {
        const { handle } = this.requireWebhook(params[0], params[1]);
        const message = this.requireInteractionMessage(handle, params[2]);
        message.deleted = true;
        handle.timeline.push({ kind: "delete", at: performance.now(), messageId: message.id });
        return empty;
      }),
    ];
  }

  private apiApplication(): Json {
    return {
      id: this.applicationId,
      name: this.botUser.username ?? "bot",
      icon: null,
      description: "",
      bot_public: true,
      bot_require_code_grant: false,
      verify_key: "0".repeat(64),
      flags: 0,
      team: null,
      owner: apiUser({ id: "1100000000000000999", username: "owner" }),
      bot: apiUser(this.botUser),
      approximate_guild_count: this.guilds.size,
    };
  }

  // ---------------------------------------------------------------- lookups

  private requireGuild(guildId: string | undefined): FakeGuildInput {
    const guild = guildId === undefined ? undefined : this.guilds.get(guildId);
    if (!guild) throw new ApiError(404, 10004, "Unknown Guild");
    return guild;
  }

  private requireChannel(channelId: string | undefined): { guildId: string; channel: FakeChannelInput; position: number } {
    const place = channelId === undefined ? undefined : this.channels.get(channelId);
    if (!place) throw new ApiError(404, 10003, "Unknown Channel");
    return place;
  }

  private requireChannelMessage(channelId: string | undefined, messageId: string | undefined): StoredMessage {
    this.requireChannel(channelId);
    const message = messageId === undefined ? undefined : this.messages.get(messageId);
    if (!message || message.deleted || message.channelId !== channelId || (message.flags & EPHEMERAL) !== 0) {
      throw new ApiError(404, 10008, "Unknown Message");
    }
    return message;
  }

  private findAttachment(id: string): StoredAttachment | undefined {
    for (const message of this.messages.values()) {
      const found = message.history.flatMap((version) => version.attachments).find((candidate) => candidate.id === id);
      if (found) return found;
    }
    return undefined;
  }

  // ---------------------------------------------------------------- messages

  private snapshot(message: StoredMessage): MessageSnapshot {
    return {
      content: message.content,
      embeds: message.embeds,
      components: message.components,
      attachments: message.attachments,
      flags: message.flags,
      allowedMentions: message.allowedMentions,
      at: message.at,
    };
  }

  private newAttachments(channelId: string, payload: Json, files: ReceivedFile[]): StoredAttachment[] {
    const described = Array.isArray(payload.attachments) ? (payload.attachments as unknown[]).filter(isObject) : [];
    return files.map((file) => {
      const meta = described.find((entry) => String(entry.id) === String(file.index));
      const id = this.mint.next();
      const filename = typeof meta?.filename === "string" ? meta.filename : file.filename;
      return {
        id,
        filename,
        contentType: file.contentType,
        description: typeof meta?.description === "string" ? meta.description : null,
        size: file.bytes.length,
        bytes: file.bytes,
        url: `http://127.0.0.1:${this.port}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`,
      };
    });
  }

  private createMessage(channelId: string, guildId: string | null, payload: Json, files: ReceivedFile[], interactionId: string | null, extraFlags: number): StoredMessage {
    const flags = ((typeof payload.flags === "number" ? payload.flags : 0) | extraFlags) >>> 0;
    const message: StoredMessage = {
      id: this.mint.next(),
      channelId,
      guildId,
      authorId: this.botUser.id,
      interactionId,
      content: typeof payload.content === "string" ? payload.content : "",
      embeds: Array.isArray(payload.embeds) ? (payload.embeds as APIEmbed[]) : [],
      components: Array.isArray(payload.components) ? (payload.components as APIMessageTopLevelComponent[]) : [],
      attachments: this.newAttachments(channelId, payload, files),
      flags,
      allowedMentions: isObject(payload.allowed_mentions) ? payload.allowed_mentions : undefined,
      at: performance.now(),
      timestamp: new Date(this.now()).toISOString(),
      editedTimestamp: null,
      deleted: false,
      history: [],
    };
    message.history.push(this.snapshot(message));
    this.messages.set(message.id, message);
    this.messageOrder.push(message.id);
    return message;
  }

  private applyEdit(message: StoredMessage, payload: Json, files: ReceivedFile[], clearFlags = 0): void {
    if ("content" in payload) message.content = typeof payload.content === "string" ? payload.content : "";
    if ("embeds" in payload) message.embeds = Array.isArray(payload.embeds) ? (payload.embeds as APIEmbed[]) : [];
    if ("components" in payload) message.components = Array.isArray(payload.components) ? (payload.components as APIMessageTopLevelComponent[]) : [];
    if ("allowed_mentions" in payload) message.allowedMentions = isObject(payload.allowed_mentions) ? payload.allowed_mentions : undefined;
    if (Array.isArray(payload.attachments)) {
      const keep = new Set((payload.attachments as unknown[]).filter(isObject).map((entry) => String(entry.id)));
      message.attachments = message.attachments.filter((attachment) => keep.has(attachment.id));
    }
    message.attachments = [...message.attachments, ...this.newAttachments(message.channelId, payload, files)];
    message.flags = (message.flags & ~clearFlags) >>> 0;
    message.at = performance.now();
    message.editedTimestamp = new Date(this.now()).toISOString();
    message.history.push(this.snapshot(message));
  }

  // ---------------------------------------------------------------- interaction responses

  private recordReply(handle: InteractionHandle, kind: ReplyRecord["kind"], message: StoredMessage): void {
    handle.replies.push({
      ...this.snapshot(message),
      kind,
      messageId: message.id,
      ephemeral: (message.flags & EPHEMERAL) !== 0,
      latencyMs: message.at - handle.dispatchedAt,
    });
    handle.timeline.push({ kind, at: message.at, messageId: message.id });
  }

  private interactionCallback({ params, body, query }: RouteContext): RouteReply {
    const handle = params[0] === undefined ? undefined : this.interactions.get(params[0]);
    if (!handle || handle.token !== params[1]) throw new ApiError(404, 10062, "Unknown interaction");
    if (handle.acknowledged) throw new ApiError(400, 40060, "Interaction has already been acknowledged.");
    // Discord's 3 s run on real time: a bot that stalls must miss it here too, whatever the tests'
    // injected clock says.
    if (performance.now() - handle.dispatchedAt > this.ackWindowMs) throw new ApiError(404, 10062, "Unknown interaction");
    const payload = isObject(body.json) ? body.json : {};
    const type = payload.type;
    const data = isObject(payload.data) ? payload.data : undefined;
    const invalidType = (): ApiError =>
      issuesToError([{ path: ["type"], code: "INTERACTION_CALLBACK_TYPE_INVALID", message: `Interaction callback type ${String(type)} is not valid for interaction type ${handle.type}` }]);
    const source = handle.sourceMessageId ? this.messages.get(handle.sourceMessageId) : undefined;
    let message: StoredMessage | undefined;
    switch (type) {
      case CallbackType.ChannelMessageWithSource:
        requireValid(validateMessagePayload(data, { requireBody: true, fileCount: body.files.length }, ["data"]));
        message = this.createMessage(handle.channelId, handle.guildId, data ?? {}, body.files, handle.id, 0);
        break;
      case CallbackType.DeferredChannelMessageWithSource: {
        const flags = typeof data?.flags === "number" ? data.flags & EPHEMERAL : 0;
        message = this.createMessage(handle.channelId, handle.guildId, { flags }, [], handle.id, LOADING);
        break;
      }
      case CallbackType.DeferredMessageUpdate:
      case CallbackType.UpdateMessage:
        if (!source) throw invalidType();
        if (type === CallbackType.UpdateMessage) {
          requireValid(validateMessagePayload(data, { requireBody: false, fileCount: body.files.length }, ["data"]));
          this.applyEdit(source, data ?? {}, body.files);
        }
        message = source;
        break;
      case CallbackType.Modal:
        if (handle.type !== InteractionKind.ApplicationCommand && handle.type !== InteractionKind.MessageComponent) throw invalidType();
        requireValid(validateModal(data));
        break;
      case CallbackType.AutocompleteResult:
        if (handle.type !== InteractionKind.Autocomplete) throw invalidType();
        break;
      default:
        throw invalidType();
    }
    const at = performance.now();
    handle.callback = { type, data, at, latencyMs: at - handle.dispatchedAt };
    handle.timeline.push({ kind: "callback", at, callbackType: type });
    if (message) {
      handle.originalMessageId = message.id;
      handle.originalLoading = type === CallbackType.DeferredChannelMessageWithSource || type === CallbackType.DeferredMessageUpdate;
      if (type === CallbackType.ChannelMessageWithSource || type === CallbackType.UpdateMessage) this.recordReply(handle, "callback", message);
    }
    if (query.get("with_response") !== "true") return { status: 204 };
    return {
      status: 200,
      body: {
        interaction: {
          id: handle.id,
          type: handle.type,
          activity_instance_id: null,
          response_message_id: message?.id ?? null,
          response_message_loading: message ? handle.originalLoading : null,
          response_message_ephemeral: message ? (message.flags & EPHEMERAL) !== 0 : null,
        },
        resource: { type, ...(message ? { message: this.apiMessageWithMetadata(message) } : {}) },
      },
    };
  }

  private requireWebhook(app: string | undefined, token: string | undefined): { handle: InteractionHandle } {
    const handle = token === undefined ? undefined : this.interactionsByToken.get(token);
    if (!handle || app !== this.applicationId) throw new ApiError(404, 10015, "Unknown Webhook");
    if (this.now() - handle.dispatchedClockMs > this.tokenTtlMs) throw new ApiError(401, 50027, "Invalid Webhook Token");
    return { handle };
  }

  private requireInteractionMessage(handle: InteractionHandle, messageId: string | undefined): StoredMessage {
    const id = messageId === "@original" ? handle.originalMessageId : messageId;
    const owned = id !== null && id !== undefined && (id === handle.originalMessageId || handle.followupIds.includes(id));
    const message = owned ? this.messages.get(id) : undefined;
    if (!message || message.deleted) throw new ApiError(404, 10008, "Unknown Message");
    return message;
  }

  private followUp({ params, body, query }: RouteContext): RouteReply {
    const { handle } = this.requireWebhook(params[0], params[1]);
    if (!handle.acknowledged) throw new ApiError(404, 10015, "Unknown Webhook");
    requireValid(validateMessagePayload(body.json, { requireBody: true, fileCount: body.files.length }));
    const payload = isObject(body.json) ? body.json : {};
    const original = handle.originalMessageId ? this.messages.get(handle.originalMessageId) : undefined;
    let message: StoredMessage;
    if (original && handle.originalLoading && handle.callback?.type === CallbackType.DeferredChannelMessageWithSource) {
      // Discord turns the first followup after a defer into the deferred reply itself.
      this.applyEdit(original, payload, body.files, LOADING);
      handle.originalLoading = false;
      message = original;
    } else {
      message = this.createMessage(handle.channelId, handle.guildId, payload, body.files, handle.id, 0);
      handle.followupIds.push(message.id);
    }
    this.recordReply(handle, "followup", message);
    if (query.get("wait") !== "true") return { status: 204 };
    return { status: 200, body: this.apiMessageWithMetadata(message) };
  }

  private editInteractionMessage({ params, body }: RouteContext): RouteReply {
    const { handle } = this.requireWebhook(params[0], params[1]);
    const message = this.requireInteractionMessage(handle, params[2]);
    requireValid(validateMessagePayload(body.json, { requireBody: false, fileCount: body.files.length }));
    const isOriginal = message.id === handle.originalMessageId;
    this.applyEdit(message, isObject(body.json) ? body.json : {}, body.files, isOriginal ? LOADING : 0);
    if (isOriginal) handle.originalLoading = false;
    this.recordReply(handle, isOriginal ? "edit-original" : "edit-followup", message);
    return { status: 200, body: this.apiMessageWithMetadata(message) };
  }

  // ---------------------------------------------------------------- commands

  private requireApp(app: string | undefined, guildId: string | undefined): string {
    if (app !== this.applicationId) throw new ApiError(403, 50001, "Missing Access");
    if (guildId !== undefined) this.requireGuild(guildId);
    return guildId ?? "global";
  }

  private commandsOf(app: string | undefined, guildId: string | undefined): RegisteredCommand[] {
    return [...(this.commandScopes.get(this.requireApp(app, guildId)) ?? [])];
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
      id: same?.id ?? this.mint.next(),
      application_id: this.applicationId,
      name: String(command.name),
      type,
      version: this.mint.next(),
      ...(guildId !== undefined ? { guild_id: guildId } : {}),
    };
  }

  private overwriteCommands(app: string | undefined, guildId: string | undefined, body: unknown): RegisteredCommand[] {
    const scope = this.requireApp(app, guildId);
    requireValid(validateCommands(body));
    const existing = this.commandScopes.get(scope) ?? [];
    const next = (body as Json[]).map((command) => this.materialize(command, guildId, existing));
    this.commandScopes.set(scope, next);
    return [...next];
  }

  private upsertCommand(app: string | undefined, guildId: string | undefined, body: unknown): RegisteredCommand {
    const scope = this.requireApp(app, guildId);
    requireValid(validateCommands([body]));
    const existing = this.commandScopes.get(scope) ?? [];
    const command = this.materialize(body as Json, guildId, existing);
    this.commandScopes.set(scope, [...existing.filter((candidate) => candidate.id !== command.id), command]);
    return command;
  }

  private deleteCommand(app: string | undefined, guildId: string | undefined, commandId: string | undefined): RouteReply {
    const scope = this.requireApp(app, guildId);
    const existing = this.commandScopes.get(scope) ?? [];
    if (!existing.some((command) => command.id === commandId)) throw new ApiError(404, 10063, "Unknown application command");
    this.commandScopes.set(scope, existing.filter((command) => command.id !== commandId));
    return { status: 204 };
  }
}

/** Starts a fake Discord on 127.0.0.1 with a random port. */
export async function startFakeDiscord(options: FakeDiscordOptions): Promise<FakeDiscord> {
  const fake = new FakeDiscord(options);
  await fake.listen();
  return fake;
}
