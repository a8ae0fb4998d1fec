import { performance } from "node:perf_hooks";
import { snapshot } from "./channels.ts";
import type { Channels } from "./channels.ts";
import { ApiError } from "./http-io.ts";
import { CallbackType, InteractionKind } from "./interaction-handle.ts";
import type { InteractionHandle, ReplyRecord } from "./interaction-handle.ts";
import { validateMessagePayload, validateModal } from "./limits.ts";
import { empty, issuesToError, ok, requireValid, route } from "./rest.ts";
import type { Route, RouteContext, RouteReply } from "./rest.ts";
import { EPHEMERAL, LOADING, isObject } from "./state.ts";
import type { FakeState } from "./state.ts";
import type { StoredMessage } from "./types.ts";

/** The bot's answers to interactions: the initial callback, then webhook followups and edits. */
export class InteractionResponses {
  constructor(
    private readonly state: FakeState,
    private readonly channels: Channels,
  ) {}

  routes(): Route[] {
    return [
      route("POST", "/interactions/:id/:token/callback", "none", (context) => this.callback(context)),
      route("POST", "/webhooks/:app/:token", "none", (context) => this.followUp(context)),
      route("GET", "/webhooks/:app/:token/messages/:message", "none", ({ params }) => {
        const { handle } = this.requireWebhook(params[0], params[1]);
        return ok(this.state.apiMessageWithMetadata(this.requireInteractionMessage(handle, params[2])));
      }),
      route("PATCH", "/webhooks/:app/:token/messages/:message", "none", (context) => this.editInteractionMessage(context)),
      route("DELETE", "/webhooks/:app/:token/messages/:message", "none", ({ params }) => {
        const { handle } = this.requireWebhook(params[0], params[1]);
        const message = this.requireInteractionMessage(handle, params[2]);
        message.deleted = true;
        handle.timeline.push({ kind: "delete", at: performance.now(), messageId: message.id });
        return empty;
      }),
    ];
  }

  /** Puts a refused callback or webhook call on its interaction's timeline. */
  noteRejected(path: string, error: ApiError): void {
    const match = /^\/interactions\/(\d+)\/[^/]+\/callback$/.exec(path) ?? /^\/webhooks\/\d+\/([^/]+)/.exec(path);
    const key = match?.[1];
    if (key === undefined) return;
    const handle = this.state.interactions.get(key) ?? this.state.interactionsByToken.get(key);
    handle?.timeline.push({ kind: "rejected", at: performance.now(), status: error.status, code: error.code, message: error.message });
  }

  private recordReply(handle: InteractionHandle, kind: ReplyRecord["kind"], message: StoredMessage): void {
    handle.replies.push({
      ...snapshot(message),
      kind,
      messageId: message.id,
      ephemeral: (message.flags & EPHEMERAL) !== 0,
      latencyMs: message.at - handle.dispatchedAt,
    });
    handle.timeline.push({ kind, at: message.at, messageId: message.id });
  }

  private callback({ params, body, query }: RouteContext): RouteReply {
    const handle = params[0] === undefined ? undefined : this.state.interactions.get(params[0]);
    if (!handle || handle.token !== params[1]) throw new ApiError(404, 10062, "Unknown interaction");
    if (handle.acknowledged) throw new ApiError(400, 40060, "Interaction has already been acknowledged.");
    if (this.state.now() - handle.dispatchedClockMs > this.state.ackWindowMs) throw new ApiError(404, 10062, "Unknown interaction");
    const payload = isObject(body.json) ? body.json : {};
    const type = payload.type;
    const data = isObject(payload.data) ? payload.data : undefined;
    const invalidType = (): ApiError =>
      issuesToError([{ path: ["type"], code: "INTERACTION_CALLBACK_TYPE_INVALID", message: `Interaction callback type ${String(type)} is not valid for interaction type ${handle.type}` }]);
    const source = handle.sourceMessageId ? this.state.messages.get(handle.sourceMessageId) : undefined;
    let message: StoredMessage | undefined;
    switch (type) {
      case CallbackType.ChannelMessageWithSource:
        requireValid(validateMessagePayload(data, { requireBody: true, fileCount: body.files.length }, ["data"]));
        message = this.channels.createMessage(handle.channelId, handle.guildId, data ?? {}, body.files, handle.id, 0);
        break;
      case CallbackType.DeferredChannelMessageWithSource: {
        const flags = typeof data?.flags === "number" ? data.flags & EPHEMERAL : 0;
        message = this.channels.createMessage(handle.channelId, handle.guildId, { flags }, [], handle.id, LOADING);
        break;
      }
      case CallbackType.DeferredMessageUpdate:
      case CallbackType.UpdateMessage:
        if (!source) throw invalidType();
        if (type === CallbackType.UpdateMessage) {
          requireValid(validateMessagePayload(data, { requireBody: false, fileCount: body.files.length }, ["data"]));
          this.channels.applyEdit(source, data ?? {}, body.files);
        }
        message = source;
        break;
      case CallbackType.Modal:
        if (handle.type !== InteractionKind.ApplicationCommand && handle.type !== InteractionKind.MessageComponent) throw invalidType();
        requireValid(validateModal(data));
        break;
      case CallbackType.AutocompleteResult:
        if (handle.type !== InteractionKind.Autocomplete) throw invalidType();
        break;
      default:
        throw invalidType();
    }
    const at = performance.now();
    handle.callback = { type, data, at, latencyMs: at - handle.dispatchedAt };
    handle.timeline.push({ kind: "callback", at, callbackType: type });
    if (message) {
      handle.originalMessageId = message.id;
      handle.originalLoading = type === CallbackType.DeferredChannelMessageWithSource || type === CallbackType.DeferredMessageUpdate;
      if (type === CallbackType.ChannelMessageWithSource || type === CallbackType.UpdateMessage) this.recordReply(handle, "callback", message);
    }
    if (query.get("with_response") !== "true") return { status: 204 };
    return {
      status: 200,
      body: {
        interaction: {
          id: handle.id,
          type: handle.type,
          activity_instance_id: null,
          response_message_id: message?.id ?? null,
          response_message_loading: message ? handle.originalLoading : null,
          response_message_ephemeral: message ? (message.flags & EPHEMERAL) !== 0 : null,
        },
        resource: { type, ...(message ? { message: this.state.apiMessageWithMetadata(message) } : {}) },
      },
    };
  }

  private requireWebhook(app: string | undefined, token: string | undefined): { handle: InteractionHandle } {
    const handle = token === undefined ? undefined : this.state.interactionsByToken.get(token);
    if (!handle || app !== this.state.applicationId) throw new ApiError(404, 10015, "Unknown Webhook");
    if (this.state.now() - handle.dispatchedClockMs > this.state.tokenTtlMs) throw new ApiError(401, 50027, "Invalid Webhook Token");
    return { handle };
  }

  private requireInteractionMessage(handle: InteractionHandle, messageId: string | undefined): StoredMessage {
    const id = messageId === "@original" ? handle.originalMessageId : messageId;
    const owned = id !== null && id !== undefined && (id === handle.originalMessageId || handle.followupIds.includes(id));
    const message = owned ? this.state.messages.get(id) : undefined;
    if (!message || message.deleted) throw new ApiError(404, 10008, "Unknown Message");
    return message;
  }

  private followUp({ params, body, query }: RouteContext): RouteReply {
    const { handle } = this.requireWebhook(params[0], params[1]);
    if (!handle.acknowledged) throw new ApiError(404, 10015, "Unknown Webhook");
    requireValid(validateMessagePayload(body.json, { requireBody: true, fileCount: body.files.length }));
    const payload = isObject(body.json) ? body.json : {};
    const original = handle.originalMessageId ? this.state.messages.get(handle.originalMessageId) : undefined;
    let message: StoredMessage;
    if (original && handle.originalLoading && handle.callback?.type === CallbackType.DeferredChannelMessageWithSource) {
      // Discord turns the first followup after a defer into the deferred reply itself.
      this.channels.applyEdit(original, payload, body.files, LOADING);
      handle.originalLoading = false;
      message = original;
    } else {
      message = this.channels.createMessage(handle.channelId, handle.guildId, payload, body.files, handle.id, 0);
      handle.followupIds.push(message.id);
    }
    this.recordReply(handle, "followup", message);
    if (query.get("wait") !== "true") return { status: 204 };
    return { status: 200, body: this.state.apiMessageWithMetadata(message) };
  }

  private editInteractionMessage({ params, body }: RouteContext): RouteReply {
    const { handle } = this.requireWebhook(params[0], params[1]);
    const message = this.requireInteractionMessage(handle, params[2]);
    requireValid(validateMessagePayload(body.json, { requireBody: false, fileCount: body.files.length }));
    const isOriginal = message.id === handle.originalMessageId;
    this.channels.applyEdit(message, isObject(body.json) ? body.json : {}, body.files, isOriginal ? LOADING : 0);
    if (isOriginal) handle.originalLoading = false;
    this.recordReply(handle, isOriginal ? "edit-original" : "edit-followup", message);
    return { status: 200, body: this.state.apiMessageWithMetadata(message) };
  }
}
