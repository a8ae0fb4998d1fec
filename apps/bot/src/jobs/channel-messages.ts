// Channel posts go through discord.js's REST client directly: the bot needs no channel cache
// (and so no privileged intent) to post to or edit a channel it was given by id.
import { Routes, type Client } from "discord.js";
import type { MessagePayload } from "../presenters/index.ts";

interface CreatedMessage {
  id: string;
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
  const created = (await client.rest.post(Routes.channelMessages(channelId), { body: body(payload) })) as CreatedMessage;
  return created.id;
}

export async function editChannelMessage(client: Client, channelId: string, messageId: string, payload: MessagePayload): Promise<void> {
  await client.rest.patch(Routes.channelMessage(channelId, messageId), { body: body(payload) });
}
