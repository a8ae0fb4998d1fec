import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { ApiError, sendBytes } from "./http-io.ts";
import type { ReceivedFile } from "./http-io.ts";
import { validateMessagePayload } from "./limits.ts";
import { empty, ok, requireValid, route } from "./rest.ts";
import type { Route } from "./rest.ts";
import { EPHEMERAL, SEND_MESSAGES, isObject } from "./state.ts";
import type { FakeState, Json } from "./state.ts";
import type { MessageSnapshot, StoredAttachment, StoredMessage } from "./types.ts";
import type { APIEmbed, APIMessageTopLevelComponent } from "discord-api-types/v10";

/** Channels and their messages: storing, editing, listing, attachments. */
export class Channels {
  /** Messages sent with `enforce_nonce`, by channel, author and nonce: a resend returns the first. */
  private readonly nonces = new Map<string, { messageId: string; atClockMs: number }>();

  constructor(private readonly state: FakeState) {}

  /** Messages visible in a channel (not ephemeral, not deleted), oldest first, in their current state. */
  channelMessages(channelId: string): StoredMessage[] {
    return this.state.messageOrder
      .map((id) => this.state.messages.get(id))
      .filter((message): message is StoredMessage => message !== undefined)
      .filter((message) => message.channelId === channelId && !message.deleted && (message.flags & EPHEMERAL) === 0);
  }

  createMessage(channelId: string, guildId: string | null, payload: Json, files: ReceivedFile[], interactionId: string | null, extraFlags: number): StoredMessage {
    const flags = ((typeof payload.flags === "number" ? payload.flags : 0) | extraFlags) >>> 0;
    const message: StoredMessage = {
      id: this.state.mint.next(),
      channelId,
      guildId,
      authorId: this.state.botUser.id,
      interactionId,
      content: typeof payload.content === "string" ? payload.content : "",
      embeds: Array.isArray(payload.embeds) ? (payload.embeds as APIEmbed[]) : [],
      components: Array.isArray(payload.components) ? (payload.components as APIMessageTopLevelComponent[]) : [],
      attachments: this.newAttachments(channelId, payload, files),
      flags,
      allowedMentions: isObject(payload.allowed_mentions) ? payload.allowed_mentions : undefined,
      at: performance.now(),
      timestamp: new Date(this.state.now()).toISOString(),
      editedTimestamp: null,
      deleted: false,
      history: [],
    };
    message.history.push(snapshot(message));
    this.state.messages.set(message.id, message);
    this.state.messageOrder.push(message.id);
    return message;
  }

  applyEdit(message: StoredMessage, payload: Json, files: ReceivedFile[], clearFlags = 0): void {
    if ("content" in payload) message.content = typeof payload.content === "string" ? payload.content : "";
    if ("embeds" in payload) message.embeds = Array.isArray(payload.embeds) ? (payload.embeds as APIEmbed[]) : [];
    if ("components" in payload) message.components = Array.isArray(payload.components) ? (payload.components as APIMessageTopLevelComponent[]) : [];
    if ("allowed_mentions" in payload) message.allowedMentions = isObject(payload.allowed_mentions) ? payload.allowed_mentions : undefined;
    if (Array.isArray(payload.attachments)) {
      const keep = new Set((payload.attachments as unknown[]).filter(isObject).map((entry) => String(entry.id)));
      message.attachments = message.attachments.filter((attachment) => keep.has(attachment.id));
    }
    message.attachments = [...message.attachments, ...this.newAttachments(message.channelId, payload, files)];
    message.flags = (message.flags & ~clearFlags) >>> 0;
    message.at = performance.now();
    message.editedTimestamp = new Date(this.state.now()).toISOString();
    message.history.push(snapshot(message));
  }

  /** Serves GET /attachments/CHANNEL/ID/NAME, the URLs stored attachments are given. */
  readonly serveAttachment = (method: string, path: string, _url: URL, _request: IncomingMessage, response: ServerResponse): boolean => {
    const attachment = /^\/attachments\/\d+\/(\d+)\/[^/]+$/.exec(path);
    if (!attachment || method !== "GET") return false;
    const stored = this.findAttachment(attachment[1] ?? "");
    if (!stored) return false;
    sendBytes(response, stored.bytes, stored.contentType);
    return true;
  };

  routes(): Route[] {
    const state = this.state;
    return [
      route("GET", "/channels/:channel", "bot", ({ params }) => {
        const place = state.requireChannel(params[0]);
        state.requireBotAccess(place.channel.id);
        return ok(state.apiChannelOf(place));
      }),
      route("GET", "/channels/:channel/messages", "bot", ({ params, query }) => {
        state.requireBotAccess(state.requireChannel(params[0]).channel.id);
        const limit = Math.min(Number(query.get("limit") ?? 50), 100);
        const list = this.channelMessages(params[0] ?? "").reverse().slice(0, limit);
        return ok(list.map((message) => state.apiMessageWithMetadata(message)));
      }),
      route("POST", "/channels/:channel/messages", "bot", ({ params, body }) => {
        const place = state.requireChannel(params[0]);
        state.requireBotAccess(place.channel.id, SEND_MESSAGES);
        const payload = isObject(body.json) ? body.json : {};
        requireValid(validateMessagePayload(body.json, { requireBody: true, fileCount: body.files.length }));
        const repeated = this.messageWithNonce(place.channel.id, payload);
        if (repeated) return ok(state.apiMessageWithMetadata(repeated));
        const message = this.createMessage(place.channel.id, place.guildId, payload, body.files, null, 0);
        this.rememberNonce(message, payload);
        return ok(state.apiMessageWithMetadata(message));
      }),
      route("GET", "/channels/:channel/messages/:message", "bot", ({ params }) => ok(state.apiMessageWithMetadata(this.requireChannelMessage(params[0], params[1])))),
      route("PATCH", "/channels/:channel/messages/:message", "bot", ({ params, body }) => {
        const message = this.requireChannelMessage(params[0], params[1]);
        state.requireBotAccess(message.channelId, SEND_MESSAGES);
        requireValid(validateMessagePayload(body.json, { requireBody: false, fileCount: body.files.length }));
        this.applyEdit(message, isObject(body.json) ? body.json : {}, body.files);
        return ok(state.apiMessageWithMetadata(message));
      }),
      route("DELETE", "/channels/:channel/messages/:message", "bot", ({ params }) => {
        this.requireChannelMessage(params[0], params[1]).deleted = true;
        return empty;
      }),
    ];
  }

  /**
   * Discord's `nonce` with `enforce_nonce: true`: the same nonce from the same author in the same
   * channel within a few minutes returns the message already created instead of a second one.
   */
  private messageWithNonce(channelId: string, payload: Json): StoredMessage | undefined {
    const key = this.nonceKey(channelId, payload);
    if (key === null) return undefined;
    const seen = this.nonces.get(key);
    if (!seen || this.state.now() - seen.atClockMs > NONCE_WINDOW_MS) return undefined;
    return this.state.messages.get(seen.messageId);
  }

  private rememberNonce(message: StoredMessage, payload: Json): void {
    const key = this.nonceKey(message.channelId, payload);
    if (key !== null) this.nonces.set(key, { messageId: message.id, atClockMs: this.state.now() });
  }

  private nonceKey(channelId: string, payload: Json): string | null {
    const nonce = payload.nonce;
    if (payload.enforce_nonce !== true || (typeof nonce !== "string" && typeof nonce !== "number")) return null;
    if (String(nonce).length > 25) throw new ApiError(400, 50035, "Invalid Form Body: nonce is longer than 25");
    return `${channelId}:${this.state.botUser.id}:${String(nonce)}`;
  }

  private requireChannelMessage(channelId: string | undefined, messageId: string | undefined): StoredMessage {
    this.state.requireChannel(channelId);
    const message = messageId === undefined ? undefined : this.state.messages.get(messageId);
    if (!message || message.deleted || message.channelId !== channelId || (message.flags & EPHEMERAL) !== 0) {
      throw new ApiError(404, 10008, "Unknown Message");
    }
    return message;
  }

  private findAttachment(id: string): StoredAttachment | undefined {
    for (const message of this.state.messages.values()) {
      const found = message.history.flatMap((version) => version.attachments).find((candidate) => candidate.id === id);
      if (found) return found;
    }
    return undefined;
  }

  private newAttachments(channelId: string, payload: Json, files: ReceivedFile[]): StoredAttachment[] {
    const described = Array.isArray(payload.attachments) ? (payload.attachments as unknown[]).filter(isObject) : [];
    return files.map((file) => {
      const meta = described.find((entry) => String(entry.id) === String(file.index));
      const id = this.state.mint.next();
      const filename = typeof meta?.filename === "string" ? meta.filename : file.filename;
      return {
        id,
        filename,
        contentType: file.contentType,
        description: typeof meta?.description === "string" ? meta.description : null,
        size: file.bytes.length,
        bytes: file.bytes,
        url: `${this.state.origin}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`,
      };
    });
  }
}

/** How long Discord remembers an enforced nonce ("a few minutes"). */
export const NONCE_WINDOW_MS = 5 * 60_000;

/** One version of a message, as kept in its history and in interaction replies. */
export function snapshot(message: StoredMessage): MessageSnapshot {
  return {
    content: message.content,
    embeds: message.embeds,
    components: message.components,
    attachments: message.attachments,
    flags: message.flags,
    allowedMentions: message.allowedMentions,
    at: message.at,
  };
}
