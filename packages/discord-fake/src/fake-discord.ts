import { createServer } from "node:http";
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { Channels } from "./channels.ts";
import { Commands } from "./commands.ts";
import { FakeDiscordError } from "./errors.ts";
import { FakeGateway, shardOfGuild } from "./gateway.ts";
import { DISCORD_RATE_LIMITS } from "./rate-limits.ts";
import type { EnforcedLimit } from "./rate-limits.ts";
import type { GatewayStats } from "./gateway.ts";
import { gatewayRoutes, readyData } from "./gateway-routes.ts";
import { applicationRoutes, guildRoutes } from "./guilds.ts";
import type { InteractionHandle } from "./interaction-handle.ts";
import { InteractionResponses } from "./interaction-responses.ts";
import { Interactions } from "./interactions.ts";
import type { AutocompleteInput, ClickButtonInput, SelectMenuInput, SlashCommandInput, SubmitModalInput } from "./interactions.ts";
import { LocalApi } from "./local-api.ts";
import type { LocalAction, PageFile } from "./local-api.ts";
import { Rest } from "./rest.ts";
import type { InjectedFailure } from "./rest.ts";
import { FakeState } from "./state.ts";
import type { RegisteredCommand } from "./state.ts";
import type { FakeDiscordOptions, FakeUserInput, RecordedRequest, Rejection, RouteMatcher, StoredMessage, WaitOptions } from "./types.ts";

export type { AutocompleteInput, ClickButtonInput, SelectMenuInput, SlashCommandInput, SubmitModalInput } from "./interactions.ts";
export type { LocalAction, PageFile } from "./local-api.ts";
export type { InteractionActor, RegisteredCommand } from "./state.ts";

/**
 * A local Discord: gateway (WebSocket) and REST (HTTP) on 127.0.0.1 for the real discord.js Client.
 * Build it with startFakeDiscord(). Each Discord resource lives in its own module (gateway-routes,
 * guilds, channels, commands, interactions, interaction-responses) over one shared FakeState;
 * this class wires them together and is the API tests use.
 */
export class FakeDiscord {
  readonly applicationId: string;
  readonly botUser: FakeUserInput;
  readonly validToken: string;
  /** Every request the fake refused as Discord would (validation, late or doubled responses, auth). */
  readonly rejections: Rejection[];
  /** Requests to routes the fake does not know: a typo or an API the fake lacks. */
  readonly unknownRoutes: { method: string; path: string }[];
  /** Every REST request with its answer, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Requests answered with a 429 by rateLimitNext(). */
  readonly rateLimited: { method: string; path: string; at: number }[];
  /** Requests answered with a 429 for going over the global limit or a channel's message limit. */
  readonly enforcedRateLimits: EnforcedLimit[];

  private readonly state: FakeState;
  private readonly channels: Channels;
  private readonly commandRegistry: Commands;
  private readonly interactionSource: Interactions;
  private readonly rest: Rest;
  private readonly local: LocalApi;
  private readonly port: number;
  private readonly gateway: FakeGateway;
  private readonly server: Server;

  constructor(options: FakeDiscordOptions) {
    const state = new FakeState(options);
    this.state = state;
    this.applicationId = state.applicationId;
    this.botUser = state.botUser;
    this.validToken = state.validToken;
    this.gateway = new FakeGateway(
      {
        isValidToken: (token) => token === state.validToken || token === `Bot ${state.validToken}`,
        readyData: (sessionId, resumeUrl, shard) => readyData(state, sessionId, resumeUrl, shard),
        guildCreates: (shard) =>
          [...state.guilds.values()].filter((guild) => shardOfGuild(guild.id, shard[1]) === shard[0]).map((guild) => state.apiGuildOf(guild)),
        newSessionId: () => `session${state.mint.next()}`,
        onChange: () => state.signal.notify(),
      },
      options.heartbeatIntervalMs ?? 41_250,
      () => this.gatewayUrl,
    );
    this.channels = new Channels(state);
    this.commandRegistry = new Commands(state);
    this.interactionSource = new Interactions(state, this.commandRegistry, this.gateway);
    const responses = new InteractionResponses(state, this.channels);
    this.local = new LocalApi(state, this.interactionSource, () => [...state.commandScopes.values()].flat());
    this.port = options.port ?? 0;
    this.rest = new Rest(
      state,
      [
        ...gatewayRoutes(() => this.gatewayUrl, options.shardCount ?? 1),
        ...applicationRoutes(state),
        ...this.commandRegistry.routes(),
        ...guildRoutes(state),
        ...this.channels.routes(),
        ...responses.routes(),
      ],
      [this.channels.serveAttachment, this.interactionSource.serveUpload, this.local.handle],
      (apiPath, error) => responses.noteRejected(apiPath, error),
      { ...DISCORD_RATE_LIMITS, ...options.rateLimits },
    );
    this.rejections = this.rest.rejections;
    this.unknownRoutes = this.rest.unknownRoutes;
    this.requests = this.rest.requests;
    this.rateLimited = this.rest.rateLimits.limited;
    this.enforcedRateLimits = this.rest.rateLimits.enforced;
    this.server = createServer((request, response) => {
      void this.rest.serve(request, response);
    });
    this.server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.gateway.handleUpgrade(request, socket, head);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.port, "127.0.0.1", () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    this.state.port = (this.server.address() as AddressInfo).port;
  }

  /** The REST base for `new Client({ rest: { api } })` and `new REST({ api })`. */
  get apiBase(): string {
    return `${this.state.origin}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.state.port}`;
  }

  get gatewayStats(): GatewayStats {
    return this.gateway.snapshot();
  }

  /** Stops everything; pending waiters fail. Destroy discord.js clients first. */
  async close(): Promise<void> {
    if (this.state.closed) return;
    this.state.closed = true;
    this.state.signal.abortAll(new FakeDiscordError("The fake Discord was closed"));
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
    return this.state.signal.waitFor(
      () => {
        const stats = this.gateway.snapshot();
        return stats.connectedSessions >= count ? stats : undefined;
      },
      options.timeoutMs ?? this.state.defaultTimeoutMs,
      `${count} connected gateway session(s)`,
    );
  }

  /** Registered commands: global ones without an argument, a guild's with its id. */
  commands(guildId?: string): RegisteredCommand[] {
    return this.commandRegistry.list(guildId);
  }

  /** Messages visible in a channel (not ephemeral, not deleted), oldest first, in their current state. */
  channelMessages(channelId: string): StoredMessage[] {
    return this.channels.channelMessages(channelId);
  }

  /** Any stored message by id, ephemeral ones included. */
  message(messageId: string): StoredMessage | undefined {
    return this.state.messages.get(messageId);
  }

  /** Resolves with the first visible channel message (current state, past or future) matching the predicate. */
  waitForMessage(channelId: string, predicate: (message: StoredMessage) => boolean = () => true, options: WaitOptions = {}): Promise<StoredMessage> {
    return this.state.signal.waitFor(
      () => this.channelMessages(channelId).find(predicate),
      options.timeoutMs ?? this.state.defaultTimeoutMs,
      `a matching message in channel ${channelId}`,
    );
  }

  /** Resolves once the predicate over the fake holds; for conditions the other waiters do not cover. */
  waitUntil<T>(check: () => T | undefined | false, description: string, options: WaitOptions = {}): Promise<T> {
    return this.state.signal.waitFor(
      () => {
        const value = check();
        return value === false ? undefined : value;
      },
      options.timeoutMs ?? this.state.defaultTimeoutMs,
      description,
    );
  }

  interaction(id: string): InteractionHandle | undefined {
    return this.state.interactions.get(id);
  }

  allInteractions(): InteractionHandle[] {
    return [...this.state.interactions.values()];
  }

  /** Answers the next request matching the route with a 429 (discord.js retries after retry_after). */
  rateLimitNext(matcher: RouteMatcher | string): void {
    this.rest.rateLimits.next(matcher);
  }

  /** Answers the next request matching the route with this failure (e.g. a 502 from Discord). */
  failNext(matcher: RouteMatcher | string, failure: InjectedFailure): void {
    this.rest.failNext(typeof matcher === "string" ? { path: matcher } : matcher, failure);
  }

  /** Requests answered with a failure from failNext(). */
  get injectedFailures(): readonly { method: string; path: string; status: number; at: number }[] {
    return this.rest.injectedFailures;
  }

  /**
   * The bot's permissions in one channel (a decimal string or bigint, see FakePermissions), or null
   * for the default. Without VIEW_CHANNEL its requests there get 403 50001, without SEND_MESSAGES
   * a post gets 403 50013; interactions from the channel carry them as app_permissions. The
   * channel shows them as a member overwrite for the bot, and a change reaches the shard owning
   * the guild as CHANNEL_UPDATE, as when an admin edits the channel's permissions on Discord.
   */
  setBotPermissions(channelId: string, permissions: string | bigint | null): void {
    const before = this.state.botPermissions.get(channelId);
    if (permissions === null) this.state.botPermissions.delete(channelId);
    else this.state.botPermissions.set(channelId, BigInt(permissions));
    const place = this.state.channels.get(channelId);
    if (!place || this.state.botPermissions.get(channelId) === before) return;
    this.gateway.dispatch("CHANNEL_UPDATE", this.state.apiChannelOf(place), place.guildId);
    this.state.signal.notify();
  }

  /** Dispatches a chat-input command as a member typed it. */
  slashCommand(input: SlashCommandInput): InteractionHandle {
    return this.interactionSource.slashCommand(input);
  }

  /**
   * Sends the same INTERACTION_CREATE again (same id and token), as a replayed or doubled delivery:
   * a bot must not act twice, and its second acknowledgement gets 40060.
   */
  redeliver(handle: InteractionHandle): void {
    this.interactionSource.redeliver(handle);
  }

  /** Dispatches an autocomplete request as a member types in the focused option. */
  autocomplete(input: AutocompleteInput): InteractionHandle {
    return this.interactionSource.autocomplete(input);
  }

  /** Dispatches a click on a button of a stored message (ephemeral ones only for their member). */
  clickButton(input: ClickButtonInput): InteractionHandle {
    return this.interactionSource.clickButton(input);
  }

  /** Dispatches a choice in a select menu of a stored message (string selects check the values exist). */
  selectMenu(input: SelectMenuInput): InteractionHandle {
    return this.interactionSource.selectMenu(input);
  }

  /** Dispatches a modal submission, normally of the modal another interaction was answered with. */
  submitModal(input: SubmitModalInput): InteractionHandle {
    return this.interactionSource.submitModal(input);
  }

  // ---------------------------------------------------------------- local API (the page's view)

  /** The page served at `/` (path → file; "/index.html" is the start page). */
  setPage(files: Record<string, PageFile>): void {
    this.local.setPage(files);
  }

  /** Adds a button to the page that runs host code (the page shows its label and the text it returns). */
  addLocalAction(action: LocalAction): void {
    this.local.addAction(action);
  }

  /** Moves the local clock forward for the fake and every process following /_local/clock/events. */
  advanceClock(ms: number): void {
    this.local.advanceClock(ms);
  }

  /** How far advanceClock() has moved the clock, in ms. */
  get clockOffsetMs(): number {
    return this.state.clockOffsetMs;
  }

  /** The injected clock plus every advance, in ms. */
  now(): number {
    return this.state.now();
  }

  /** What the page shows a member: the local API's /_local/state. */
  localState(viewerId: string | null): Record<string, unknown> {
    return this.local.snapshot(viewerId);
  }

  /** The page's address, http://127.0.0.1:PORT/. */
  get pageUrl(): string {
    return `${this.state.origin}/`;
  }
}

/** Starts a fake Discord on 127.0.0.1 with a random port. */
export async function startFakeDiscord(options: FakeDiscordOptions): Promise<FakeDiscord> {
  const fake = new FakeDiscord(options);
  await fake.listen();
  return fake;
}
