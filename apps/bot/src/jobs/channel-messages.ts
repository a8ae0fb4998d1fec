// Channel posts go through discord.js's REST client directly: the bot needs no channel cache
// (and so no privileged intent) to post to or edit a channel it was given by id.
import { DiscordAPIError, Routes, type Client } from "discord.js";
import type { MessagePayload } from "../presenters/index.ts";
import type { RequestPacer } from "./request-pacer.ts";

interface CreatedMessage {
  id: string;
}

// Channel requests count against Discord's global limit, interaction responses do not; the bot
// raises discord.js's own global limit for the latter, so the former are paced here. Kept per
// client so every caller (daily cycle, answer counts, commands) shares its bot's pacer unchanged.
const pacers = new WeakMap<Client, RequestPacer>();

/** Every channel post and edit of this client waits for a slot of `pacer` from now on. */
export function paceChannelRequests(client: Client, pacer: RequestPacer): void {
  pacers.set(client, pacer);
}

async function slotFor(client: Client): Promise<void> {
  await pacers.get(client)?.slot();
}

function body(payload: MessagePayload, nonce?: string) {
  return {
    content: payload.content ?? "",
    embeds: payload.embeds,
    components: payload.components,
    allowed_mentions: { parse: [] },
    // Discord returns the message already created for a resend with the same nonce (a few
    // minutes): a send retried after a lost response cannot post twice.
    ...(nonce === undefined ? {} : { nonce, enforce_nonce: true }),
  };
}

/** `nonce`: at most 25 characters, unique to what is sent (e.g. `p` + the post id). */
export async function sendChannelMessage(client: Client, channelId: string, payload: MessagePayload, nonce?: string): Promise<string> {
  const request = body(payload, nonce);
  await slotFor(client);
  const created = (await client.rest.post(Routes.channelMessages(channelId), { body: request })) as CreatedMessage;
  return created.id;
}

interface ListedMessage {
  id: string;
  author?: { id?: string };
  components?: unknown[];
}

/**
 * The newest of the channel's recent messages by this bot with a button whose custom_id passes
 * `matches`: how a taken-over claim finds the post its crashed claimer already sent.
 */
export async function findRecentBotMessage(client: Client, channelId: string, matches: (customId: string) => boolean): Promise<string | null> {
  const listed = (await client.rest.get(Routes.channelMessages(channelId), { query: new URLSearchParams({ limit: "50" }) })) as ListedMessage[];
  const botId = client.user?.id;
  for (const message of listed) {
    if (botId !== undefined && message.author?.id !== botId) continue;
    if (customIdsOf(message.components).some(matches)) return message.id;
  }
  return null;
}

function customIdsOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(customIdsOf);
  if (node === null || typeof node !== "object") return [];
  const record = node as { custom_id?: unknown; components?: unknown };
  return [...(typeof record.custom_id === "string" ? [record.custom_id] : []), ...customIdsOf(record.components)];
}

/** Discord's answer when the bot may not use a channel: 403 (Missing Access/Permissions) or 404 (Unknown Channel). */
export function channelProblemOf(error: unknown): "missing-access" | "missing-permissions" | "unknown-channel" | null {
  if (!(error instanceof DiscordAPIError)) return null;
  if (error.code === 50001) return "missing-access";
  if (error.code === 50013) return "missing-permissions";
  if (error.code === 10003) return "unknown-channel";
  if (error.status === 403) return "missing-access";
  return null;
}

export async function editChannelMessage(client: Client, channelId: string, messageId: string, payload: MessagePayload): Promise<void> {
  const request = body(payload);
  await slotFor(client);
  await client.rest.patch(Routes.channelMessage(channelId, messageId), { body: request });
}
