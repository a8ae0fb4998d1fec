import { DiscordLimits } from "./limits.ts";
import { ApiError } from "./http-io.ts";
import { EVERYONE_PERMISSIONS, PermissionBits, apiChannel, apiGuild, apiMessage, apiUser, botOverwrite } from "./payloads.ts";
import { ChangeSignal } from "./signal.ts";
import { SnowflakeMint } from "./snowflake.ts";
import type { InteractionHandle } from "./interaction-handle.ts";
import type { FakeChannelInput, FakeDiscordOptions, FakeGuildInput, FakeUserInput, StoredAttachment, StoredMessage } from "./types.ts";

export type Json = Record<string, unknown>;

export const EPHEMERAL = 1 << 6;
export const LOADING = 1 << 7;
export const CHAT_INPUT = 1;

/**
 * The bot's permissions in every channel without an overwrite (app_permissions): what the
 * @everyone role grants, since the bot has no role of its own; enough to post, embed and attach.
 */
export const APP_PERMISSIONS = EVERYONE_PERMISSIONS.toString();

export const VIEW_CHANNEL = PermissionBits.ViewChannel;
export const SEND_MESSAGES = PermissionBits.SendMessages;

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export interface InteractionActor {
  user: FakeUserInput;
  /** Member permissions as a decimal string (see FakePermissions) or a bigint; an ordinary member by default. */
  permissions?: string | bigint;
  /** The member's Discord client locale; "en-US" by default. */
  locale?: string;
}

export interface RegisteredCommand extends Json {
  id: string;
  application_id: string;
  name: string;
  type: number;
  version: string;
  guild_id?: string;
}

export interface ChannelPlace {
  guildId: string;
  channel: FakeChannelInput;
  position: number;
}

/**
 * Everything the local Discord knows (guilds, channels, messages, interactions, commands) and its
 * settings, shared by the per-resource modules. Behaviour lives in those modules, not here.
 */
export class FakeState {
  readonly applicationId: string;
  readonly botUser: FakeUserInput;
  readonly validToken: string;
  readonly now: () => number;
  readonly tokenTtlMs: number;
  readonly ackWindowMs: number;
  readonly defaultTimeoutMs: number;
  readonly resolvedChannelAppPermissions: boolean;
  readonly mint: SnowflakeMint;
  readonly signal = new ChangeSignal();
  readonly guilds = new Map<string, FakeGuildInput>();
  readonly channels = new Map<string, ChannelPlace>();
  /** The bot's permissions where they differ from APP_PERMISSIONS (setBotPermissions). */
  readonly botPermissions = new Map<string, bigint>();
  readonly messages = new Map<string, StoredMessage>();
  readonly messageOrder: string[] = [];
  readonly interactions = new Map<string, InteractionHandle>();
  readonly interactionsByToken = new Map<string, InteractionHandle>();
  readonly actors = new Map<string, InteractionActor>();
  readonly commandScopes = new Map<string, RegisteredCommand[]>();
  /** Files members attached to slash commands, by attachment id (served under /ephemeral-attachments). */
  readonly uploads = new Map<string, StoredAttachment>();
  port = 0;
  closed = false;
  /** Added to the injected clock: the local API's clock moves time forward for everyone who reads it. */
  clockOffsetMs = 0;

  constructor(options: FakeDiscordOptions) {
    const base = options.now ?? Date.now;
    this.now = () => base() + this.clockOffsetMs;
    this.mint = new SnowflakeMint(this.now);
    this.applicationId = options.applicationId ?? "1100000000000000001";
    this.botUser = { username: "recall-bot", ...(options.botUser ?? { id: this.applicationId }), bot: true };
    this.validToken = options.validToken ?? "fake-bot-token";
    this.tokenTtlMs = options.tokenTtlMs ?? DiscordLimits.interactionTokenTtlMs;
    this.ackWindowMs = options.ackWindowMs ?? DiscordLimits.interactionAckWindowMs;
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? 5000;
    this.resolvedChannelAppPermissions = options.resolvedChannelAppPermissions ?? true;
    for (const guild of options.guilds) {
      this.guilds.set(guild.id, guild);
      guild.channels.forEach((channel, position) => this.channels.set(channel.id, { guildId: guild.id, channel, position }));
    }
  }

  /** http://127.0.0.1:PORT, the base of every URL the fake hands out. */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  requireGuild(guildId: string | undefined): FakeGuildInput {
    const guild = guildId === undefined ? undefined : this.guilds.get(guildId);
    if (!guild) throw new ApiError(404, 10004, "Unknown Guild");
    return guild;
  }

  /** The bot's permissions in a channel (app_permissions), as a decimal string. */
  botPermissionsIn(channelId: string): string {
    return (this.botPermissions.get(channelId) ?? BigInt(APP_PERMISSIONS)).toString();
  }

  /**
   * Refuses a bot request on a channel the bot may not see (50001 Missing Access) or, for `needs`,
   * may see but not use that way (50013 Missing Permissions), as Discord does.
   */
  requireBotAccess(channelId: string, needs: bigint = 0n): void {
    const granted = BigInt(this.botPermissionsIn(channelId));
    if ((granted & VIEW_CHANNEL) === 0n) throw new ApiError(403, 50001, "Missing Access");
    if ((granted & needs) !== needs) throw new ApiError(403, 50013, "Missing Permissions");
  }

  /**
   * A channel's permission_overwrites: where setBotPermissions applies, a member overwrite for the
   * bot that leaves it exactly those permissions, so a bot computing its permissions from its
   * cache (discord.js `permissionsFor`) finds what the fake enforces.
   */
  channelOverwrites(channelId: string): Json[] {
    const permissions = this.botPermissions.get(channelId);
    return permissions === undefined ? [] : [botOverwrite(this.botUser.id, permissions)];
  }

  /** A channel as GET /channels/{id}, GUILD_CREATE and CHANNEL_UPDATE carry it, overwrites included. */
  apiChannelOf(place: ChannelPlace): Json {
    return apiChannel(place.guildId, place.channel, place.position, this.channelOverwrites(place.channel.id));
  }

  /** A guild as GUILD_CREATE carries it (the bot's own member included), channels with their overwrites. */
  apiGuildOf(guild: FakeGuildInput): Json {
    return apiGuild(guild, this.botUser, (channelId) => this.channelOverwrites(channelId));
  }

  requireChannel(channelId: string | undefined): ChannelPlace {
    const place = channelId === undefined ? undefined : this.channels.get(channelId);
    if (!place) throw new ApiError(404, 10003, "Unknown Channel");
    return place;
  }

  /** A stored message as the API returns it, with interaction_metadata for interaction responses. */
  apiMessageWithMetadata(message: StoredMessage): Json {
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
}
