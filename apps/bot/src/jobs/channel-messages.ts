// Channel posts go through discord.js's REST client directly: the bot needs no channel cache
// (and so no privileged intent) to post to or edit a channel it was given by id.
import { Routes, type Client } from "discord.js";
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

function body(payload: MessagePayload) {
  return {
    content: payload.content ?? "",
    embeds: payload.embeds,
    components: payload.components,
    allowed_mentions: { parse: [] },
  };
}

export async function sendChannelMessage(client: Client, channelId: string, payload: MessagePayload): Promise<string> {
  const request = body(payload);
  await slotFor(client);
  const created = (await client.rest.post(Routes.channelMessages(channelId), { body: request })) as CreatedMessage;
  return created.id;
}

export async function editChannelMessage(client: Client, channelId: string, messageId: string, payload: MessagePayload): Promise<void> {
  const request = body(payload);
  await slotFor(client);
  await client.rest.patch(Routes.channelMessage(channelId, messageId), { body: request });
}
