// The shape every presenter returns: plain discord.js-compatible JSON, so it can go to reply,
// editReply, update, followUp or channel.send unchanged, and tests can inspect it directly.
import { MessageFlags, type APIActionRowComponent, type APIComponentInMessageActionRow, type APIEmbed } from "discord.js";

export type MessageRow = APIActionRowComponent<APIComponentInMessageActionRow>;

/** Nothing a bot message says may ping anyone: no @everyone, no roles, no users. */
export interface NoMentions {
  parse: [];
}

export interface MessagePayload {
  content?: string;
  embeds: APIEmbed[];
  components: MessageRow[];
  allowedMentions: NoMentions;
}

/** A fresh object each time, so no caller can mutate a shared one into allowing mentions. */
export function noMentions(): NoMentions {
  return { parse: [] };
}

/** For `reply` and `followUp`; `editReply` and `update` keep the visibility of the message they edit. */
export function ephemeral<P extends MessagePayload>(payload: P): P & { flags: MessageFlags.Ephemeral } {
  return { ...payload, flags: MessageFlags.Ephemeral };
}

/** A plain text reply: errors, confirmations. */
export function textPayload(content: string): MessagePayload {
  return { content, embeds: [], components: [], allowedMentions: noMentions() };
}
