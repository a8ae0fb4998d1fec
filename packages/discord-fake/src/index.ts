export { startFakeDiscord, FakeDiscord } from "./fake-discord.ts";
export type {
  AutocompleteInput,
  ClickButtonInput,
  InteractionActor,
  LocalAction,
  PageFile,
  RegisteredCommand,
  SelectMenuInput,
  SlashCommandInput,
  SubmitModalInput,
} from "./fake-discord.ts";
export { LOCAL_API_PREFIX } from "./local-api.ts";
export { InteractionHandle, InteractionKind, CallbackType } from "./interaction-handle.ts";
export type { CallbackRecord, ReplyRecord, TimelineEvent } from "./interaction-handle.ts";
export { FakeDiscordError, FakeDiscordTimeoutError, FakeDiscordUsageError } from "./errors.ts";
export { DiscordLimits, ComponentKind, validateMessagePayload, validateModal, validateCommands } from "./limits.ts";
export type { ValidationIssue, MessagePayloadRules } from "./limits.ts";
export { FakePermissions, PermissionBits } from "./payloads.ts";
export { GatewayCloseCode, shardOfGuild } from "./gateway.ts";
export { DISCORD_RATE_LIMITS } from "./rate-limits.ts";
export type { EnforcedLimit, RateLimitSettings } from "./rate-limits.ts";
export type { GatewayStats } from "./gateway.ts";
export type { InjectedFailure } from "./rest.ts";
export { SnowflakeMint, snowflakeTimestampMs, DISCORD_EPOCH_MS } from "./snowflake.ts";
export type {
  CommandOptionValue,
  FakeChannelInput,
  FakeDiscordOptions,
  FakeGuildInput,
  FakeMemberInput,
  FakeUpload,
  FakeUserInput,
  MessageSnapshot,
  RecordedRequest,
  Rejection,
  RouteMatcher,
  StoredAttachment,
  StoredMessage,
  ValidationIssueRecord,
  WaitOptions,
} from "./types.ts";
export { effectivePings } from "./mentions.ts";
export type { EffectivePings } from "./mentions.ts";
