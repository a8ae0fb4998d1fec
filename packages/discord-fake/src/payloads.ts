import type { FakeChannelInput, FakeGuildInput, FakeMemberInput, FakeUserInput, StoredAttachment, StoredMessage } from "./types.ts";

/** Permission bits (Discord's values) that tests most often need. */
export const PermissionBits = {
  AddReactions: 1n << 6n,
  ManageGuild: 1n << 5n,
  Administrator: 1n << 3n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  UseApplicationCommands: 1n << 31n,
} as const;

const MEMBER_BITS =
  PermissionBits.ViewChannel |
  PermissionBits.SendMessages |
  PermissionBits.EmbedLinks |
  PermissionBits.AttachFiles |
  PermissionBits.ReadMessageHistory |
  PermissionBits.AddReactions |
  PermissionBits.UseApplicationCommands;

/** Ready-made permission strings for interaction members. */
export const FakePermissions = {
  /** An ordinary member: can talk and use commands, cannot manage the server. */
  member: MEMBER_BITS.toString(),
  /** A member with Manage Server. */
  manager: (MEMBER_BITS | PermissionBits.ManageGuild).toString(),
  administrator: (MEMBER_BITS | PermissionBits.ManageGuild | PermissionBits.Administrator).toString(),
} as const;

/** What the @everyone role grants, so what the bot (with no role of its own) has where no overwrite says otherwise. */
export const EVERYONE_PERMISSIONS = MEMBER_BITS;

/** The user who owns the application (and, unless a guild names its owner or members, the guild). */
export const APPLICATION_OWNER: FakeUserInput = { id: "1100000000000000999", username: "owner" };

export const GUILD_TEXT_CHANNEL = 0;
/** A permission overwrite's target: a role (0) or a member (1). */
export const OVERWRITE_MEMBER = 1;
const FIXED_JOINED_AT = "2024-01-01T00:00:00.000Z";

export function apiUser(user: FakeUserInput): Record<string, unknown> {
  const username = user.username ?? `user${user.id.slice(-4)}`;
  return {
    id: user.id,
    username,
    global_name: user.globalName ?? null,
    discriminator: "0",
    avatar: null,
    bot: user.bot ?? false,
    system: false,
    public_flags: 0,
    flags: 0,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
  };
}

export function apiMember(member: FakeMemberInput, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user: apiUser(member.user),
    nick: member.nick ?? null,
    avatar: null,
    banner: null,
    roles: member.roles ?? [],
    joined_at: FIXED_JOINED_AT,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
    ...extra,
  };
}

/**
 * The member overwrite (type 1) that leaves the bot exactly `permissions` in a channel: what the
 * @everyone role gives and `permissions` lacks is denied, the rest allowed. Discord (and
 * discord.js's `permissionsFor`) apply a member overwrite last, so this decides.
 */
export function botOverwrite(botUserId: string, permissions: bigint): Record<string, unknown> {
  return { id: botUserId, type: OVERWRITE_MEMBER, allow: permissions.toString(), deny: (EVERYONE_PERMISSIONS & ~permissions).toString() };
}

export function apiChannel(guildId: string, channel: FakeChannelInput, position: number, overwrites: Record<string, unknown>[] = []): Record<string, unknown> {
  return {
    id: channel.id,
    type: channel.type ?? GUILD_TEXT_CHANNEL,
    guild_id: guildId,
    name: channel.name,
    position,
    permission_overwrites: overwrites,
    parent_id: null,
    topic: null,
    nsfw: false,
    rate_limit_per_user: 0,
    last_message_id: null,
    flags: 0,
  };
}

/**
 * A channel as interactions carry it (the command's channel, resolved channel options): Discord's
 * partial channel, without permission_overwrites. discord.js patches its cached channel with it,
 * so overwrites here would replace the ones the gateway gave.
 */
export function apiPartialChannel(guildId: string, channel: FakeChannelInput, position: number): Record<string, unknown> {
  const { permission_overwrites: _overwrites, ...partial } = apiChannel(guildId, channel, position);
  return partial;
}

export function everyoneRole(guildId: string): Record<string, unknown> {
  return {
    id: guildId,
    name: "@everyone",
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: 0,
    permissions: EVERYONE_PERMISSIONS.toString(),
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

/** A guild as GUILD_CREATE carries it; `overwritesOf` gives each channel's permission_overwrites. */
export function apiGuild(
  guild: FakeGuildInput,
  botUser: FakeUserInput,
  overwritesOf: (channelId: string) => Record<string, unknown>[] = () => [],
): Record<string, unknown> {
  const members = [{ user: botUser }, ...(guild.members ?? [])];
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    // Never the bot: a guild's owner has every permission whatever the overwrites say.
    owner_id: guild.ownerId ?? guild.members?.[0]?.user.id ?? APPLICATION_OWNER.id,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [everyoneRole(guild.id)],
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: guild.preferredLocale ?? "en-US",
    max_members: 500000,
    max_video_channel_users: 25,
    nsfw_level: 0,
    hub_type: null,
    incidents_data: null,
    joined_at: FIXED_JOINED_AT,
    large: false,
    unavailable: false,
    member_count: members.length,
    members: members.map((member) => apiMember(member)),
    channels: guild.channels.map((channel, index) => apiChannel(guild.id, channel, index, overwritesOf(channel.id))),
    threads: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function apiAttachment(attachment: StoredAttachment): Record<string, unknown> {
  return {
    id: attachment.id,
    filename: attachment.filename,
    description: attachment.description ?? undefined,
    content_type: attachment.contentType ?? undefined,
    size: attachment.size,
    url: attachment.url,
    proxy_url: attachment.url,
  };
}

export function apiMessage(message: StoredMessage, botUser: FakeUserInput, applicationId: string): Record<string, unknown> {
  const fromInteraction = message.interactionId !== null;
  return {
    id: message.id,
    type: 0,
    channel_id: message.channelId,
    ...(message.guildId ? { guild_id: message.guildId } : {}),
    author: apiUser(botUser),
    content: message.content,
    timestamp: message.timestamp,
    edited_timestamp: message.editedTimestamp,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.attachments.map(apiAttachment),
    embeds: message.embeds.map((embed) => ({ type: "rich", ...embed })),
    components: message.components,
    pinned: false,
    flags: message.flags,
    ...(fromInteraction ? { webhook_id: applicationId, application_id: applicationId } : {}),
  };
}
