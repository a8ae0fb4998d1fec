// Edits a deferred reply with one REST call and nothing else. discord.js's editReply re-validates
// a payload that is already plain API JSON (each component through its builder, each embed through
// its case transformer) and then builds and caches a Message object from Discord's answer, which
// no handler reads. On the answer path, where a burst of members is waiting, that work is most of
// what the reply costs in the bot's own CPU; the request sent is the same.
import { RequestMethod, Routes, type RepliableInteraction } from "discord.js";
import type { MessagePayload } from "../presenters/payload.ts";

/** The JSON body Discord takes for an edit of a message: the payload with its one camelCase key renamed. */
export function editBody(payload: MessagePayload): Record<string, unknown> {
  const { allowedMentions, ...rest } = payload;
  return { ...rest, allowed_mentions: allowedMentions };
}

/** editReply for a reply already deferred (or sent): same request, no Message built from the answer. */
export async function editOriginal(interaction: RepliableInteraction, payload: MessagePayload): Promise<void> {
  const response = await interaction.client.rest.queueRequest({
    fullRoute: Routes.webhookMessage(interaction.applicationId, interaction.token, "@original"),
    method: RequestMethod.Patch,
    body: editBody(payload),
    // The interaction token authorises the edit; the bot token must not go along.
    auth: false,
  });
  // Discord answers with the whole edited message, which nothing reads: its bytes are drained (the
  // connection goes back to the pool) but not decoded and parsed. Errors were thrown above.
  await response.arrayBuffer();
  // As editReply leaves it, so that an error reply afterwards edits rather than replies.
  interaction.replied = true;
}
