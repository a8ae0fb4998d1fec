import { FakeDiscordUsageError } from "./errors.ts";
import type { ChangeSignal } from "./signal.ts";
import type { MessageSnapshot, WaitOptions } from "./types.ts";

export const InteractionKind = {
  Ping: 1,
  ApplicationCommand: 2,
  MessageComponent: 3,
  Autocomplete: 4,
  ModalSubmit: 5,
} as const;

export const CallbackType = {
  Pong: 1,
  ChannelMessageWithSource: 4,
  DeferredChannelMessageWithSource: 5,
  DeferredMessageUpdate: 6,
  UpdateMessage: 7,
  AutocompleteResult: 8,
  Modal: 9,
} as const;

/** The first (and only) initial response to an interaction. */
export interface CallbackRecord {
  type: number;
  data: Record<string, unknown> | undefined;
  /** performance.now() when the fake received it. */
  at: number;
  /** From dispatch to this callback, in ms. */
  latencyMs: number;
}

/** A visible state of a reply: the initial message, an edit of it, a followup or a followup's edit. */
export interface ReplyRecord extends MessageSnapshot {
  kind: "callback" | "edit-original" | "followup" | "edit-followup";
  messageId: string;
  ephemeral: boolean;
  /** From dispatch to this reply, in ms. */
  latencyMs: number;
}

export interface TimelineEvent {
  kind: "dispatch" | "callback" | "edit-original" | "followup" | "edit-followup" | "delete" | "rejected";
  at: number;
  callbackType?: number;
  messageId?: string;
  status?: number;
  code?: number;
  message?: string;
}

export class InteractionHandle {
  readonly timeline: TimelineEvent[] = [];
  readonly replies: ReplyRecord[] = [];
  readonly followupIds: string[] = [];
  callback: CallbackRecord | undefined;
  /** The message @original refers to, once there is one. */
  originalMessageId: string | null = null;
  /** True while a deferred reply still shows "thinking". */
  originalLoading = false;
  /** The shard ids of the sessions INTERACTION_CREATE went to: the guild's shard only. */
  readonly deliveredToShards: number[] = [];

  constructor(
    readonly id: string,
    readonly token: string,
    readonly type: number,
    /** Exactly what was sent in INTERACTION_CREATE. */
    readonly payload: Record<string, unknown>,
    /** performance.now() at dispatch: latency figures and the 3 s acknowledgement window. */
    readonly dispatchedAt: number,
    /** Injected clock at dispatch, for the token lifetime. */
    readonly dispatchedClockMs: number,
    readonly userId: string,
    readonly guildId: string | null,
    readonly channelId: string,
    /** The message a component or modal interaction came from. */
    readonly sourceMessageId: string | null,
    private readonly signal: ChangeSignal,
    private readonly defaultTimeoutMs: number,
  ) {
    this.timeline.push({ kind: "dispatch", at: dispatchedAt });
  }

  get acknowledged(): boolean {
    return this.callback !== undefined;
  }

  /** Resolves with the initial callback (reply, defer, update or modal). */
  firstResponse(options: WaitOptions = {}): Promise<CallbackRecord> {
    return this.signal.waitFor(() => this.callback, options.timeoutMs ?? this.defaultTimeoutMs, `the first response to interaction ${this.id}`);
  }

  /**
   * Resolves with the first visible reply state matching the predicate, past or future: the
   * callback message, an edit of @original, a followup or its edit. Without a predicate, any.
   */
  waitForReply(predicate: (reply: ReplyRecord) => boolean = () => true, options: WaitOptions = {}): Promise<ReplyRecord> {
    return this.signal.waitFor(
      () => this.replies.find(predicate),
      options.timeoutMs ?? this.defaultTimeoutMs,
      `a matching reply to interaction ${this.id} (${this.replies.length} replies so far)`,
    );
  }

  /** The latest visible state of the reply: what the member sees now. */
  latestReply(): ReplyRecord | undefined {
    return this.replies.at(-1);
  }

  /** The modal shown as the first response; throws if the first response was something else. */
  modal(): Record<string, unknown> {
    if (this.callback?.type !== CallbackType.Modal || this.callback.data === undefined) {
      throw new FakeDiscordUsageError(
        `Interaction ${this.id} was not answered with a modal (first response: ${this.callback ? `type ${this.callback.type}` : "none yet"})`,
      );
    }
    return this.callback.data;
  }

  /** Requests about this interaction that the fake refused. */
  rejections(): TimelineEvent[] {
    return this.timeline.filter((event) => event.kind === "rejected");
  }
}
