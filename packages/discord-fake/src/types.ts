import type { APIAllowedMentions, APIEmbed, APIMessageTopLevelComponent } from "discord-api-types/v10";
import type { RateLimitSettings } from "./rate-limits.ts";

export interface FakeUserInput {
  id: string;
  username?: string;
  globalName?: string | null;
  bot?: boolean;
}

export interface FakeChannelInput {
  id: string;
  name: string;
  /** Channel type; 0 (guild text) by default. */
  type?: number;
}

export interface FakeMemberInput {
  user: FakeUserInput;
  /** Permissions the local API acts with for this member (decimal string); an ordinary member by default. */
  permissions?: string;
  roles?: string[];
  nick?: string | null;
}

export interface FakeGuildInput {
  id: string;
  name: string;
  channels: FakeChannelInput[];
  members?: FakeMemberInput[];
  ownerId?: string;
  /** The guild_locale sent with interactions; "en-US" by default. */
  preferredLocale?: string;
}

export interface FakeDiscordOptions {
  guilds: FakeGuildInput[];
  applicationId?: string;
  botUser?: FakeUserInput;
  /** The only token the gateway and bot routes accept. */
  validToken?: string;
  /** HELLO's heartbeat_interval; keep it short in tests. */
  heartbeatIntervalMs?: number;
  /** Injected clock for token expiry, snowflakes and timestamps (the 3 s window is real time). */
  now?: () => number;
  /** How long an interaction token works for webhook calls (15 min like Discord). */
  tokenTtlMs?: number;
  /** How long after dispatch an interaction can still be acknowledged (3 s like Discord). */
  ackWindowMs?: number;
  /** Default timeout of every waiter, in ms of real time. */
  defaultTimeoutMs?: number;
  /** The shard count GET /gateway/bot recommends (default 1). Sessions are routed by the count they identify with. */
  shardCount?: number;
  /**
   * Discord's limits, enforced in real time with 429s and X-RateLimit-* headers: 50 requests a
   * second per bot (interaction responses exempt) and 5 messages per 5 s per channel by default.
   */
  rateLimits?: Partial<RateLimitSettings>;
  /** The port to listen on (127.0.0.1); a random free one by default. */
  port?: number;
  /**
   * Whether a channel option's resolved channel carries the bot's permissions there
   * (`app_permissions`), as Discord sends since July 2026 (default true); false for the payloads
   * before, where a bot has to compute them itself.
   */
  resolvedChannelAppPermissions?: boolean;
}

export interface StoredAttachment {
  id: string;
  filename: string;
  contentType: string | null;
  description: string | null;
  size: number;
  bytes: Buffer;
  url: string;
}

/** One version of a message (its first version, or the state after an edit). */
export interface MessageSnapshot {
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: StoredAttachment[];
  flags: number;
  allowedMentions: APIAllowedMentions | undefined;
  /** performance.now() when this version was stored. */
  at: number;
}

export interface StoredMessage extends MessageSnapshot {
  id: string;
  channelId: string;
  guildId: string | null;
  authorId: string;
  /** Set for interaction responses and followups. */
  interactionId: string | null;
  /** ISO timestamps from the injected clock, as Discord would send them. */
  timestamp: string;
  editedTimestamp: string | null;
  deleted: boolean;
  /** Every version, oldest first; history[0] is the message as first sent. */
  history: MessageSnapshot[];
}

export interface ValidationIssueRecord {
  /** Where in the body, e.g. "embeds[0].fields[3].value". */
  path: string;
  code: string;
  message: string;
}

/** A request the fake refused as Discord would; tests should usually assert there were none. */
export interface Rejection {
  method: string;
  path: string;
  status: number;
  code: number;
  message: string;
  issues: ValidationIssueRecord[];
  body: unknown;
  at: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  status: number;
  at: number;
}

export interface RouteMatcher {
  method?: string;
  /** An exact path after /api/v10 (e.g. "/channels/123/messages") or a pattern. */
  path: string | RegExp;
  retryAfterMs?: number;
}

export interface WaitOptions {
  timeoutMs?: number;
}

export type CommandOptionValue = string | number | boolean;

/**
 * A file a member attaches to an attachment option of a slash command. The local Discord keeps the
 * bytes and hands the bot a URL on its own HTTP server, as Discord's CDN would.
 */
export interface FakeUpload {
  filename: string;
  /** The attachment's content_type and the served Content-Type; application/octet-stream by default. */
  contentType?: string;
  bytes: Buffer | Uint8Array | string;
  /** The size Discord declares; the byte length unless a test declares another (a size check without allocating). */
  size?: number;
}
