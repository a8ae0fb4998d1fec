import type { IncomingMessage, ServerResponse } from "node:http";
import { FakeDiscordError } from "./errors.ts";
import { readBody, sendBytes, sendJson } from "./http-io.ts";
import type { InteractionHandle } from "./interaction-handle.ts";
import type { Interactions } from "./interactions.ts";
import { FakePermissions, apiUser } from "./payloads.ts";
import { EPHEMERAL, LOADING, isObject } from "./state.ts";
import type { FakeState, Json } from "./state.ts";
import type { CommandOptionValue, FakeMemberInput, StoredMessage } from "./types.ts";

/** A file of the page the local Discord serves at `/`. */
export interface PageFile {
  contentType: string;
  body: Buffer | string;
}

/** A button the host adds to the page (e.g. "classmates answer"); the page knows only its label. */
export interface LocalAction {
  id: string;
  label: string;
  /** Runs the action; the text is shown to the viewer. */
  run(): Promise<string>;
}

/** What the page may ask the local Discord to do as a member. */
type MemberRequest =
  | { type: "command"; name: string; subcommandGroup?: string; subcommand?: string; options?: Record<string, CommandOptionValue> }
  | { type: "autocomplete"; name: string; subcommandGroup?: string; subcommand?: string; options?: Record<string, CommandOptionValue>; focused: string }
  | { type: "button"; messageId: string; customId: string }
  | { type: "select"; messageId: string; customId: string; values: string[] }
  | { type: "modal"; modalOf: string; fields: Record<string, string> };

export const LOCAL_API_PREFIX = "/_local";

/**
 * The local Discord's own small API for a viewer (the playground page): its state as Discord API
 * objects (JSON), a change stream (server-sent events), member actions, a movable clock and the
 * page's files. Nothing here knows any bot.
 */
export class LocalApi {
  private readonly pageFiles = new Map<string, PageFile>();
  private readonly actions = new Map<string, LocalAction>();
  private readonly clockListeners = new Set<ServerResponse>();

  constructor(
    private readonly state: FakeState,
    private readonly interactions: Interactions,
    private readonly commands: () => Json[],
  ) {}

  /** Replaces the page's files; "/index.html" is served at "/". */
  setPage(files: Record<string, PageFile>): void {
    this.pageFiles.clear();
    for (const [path, file] of Object.entries(files)) this.pageFiles.set(path, file);
  }

  addAction(action: LocalAction): void {
    this.actions.set(action.id, action);
    this.state.signal.notify();
  }

  /** Moves the clock forward (never back: Discord's time does not rewind). */
  advanceClock(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new FakeDiscordError(`The clock only moves forward, got ${ms} ms`);
    this.state.clockOffsetMs += ms;
    const data = `event: clock\ndata: ${JSON.stringify(this.clockState())}\n\n`;
    for (const response of this.clockListeners) response.write(data);
    this.state.signal.notify();
  }

  clockState(): { nowMs: number; offsetMs: number } {
    return { nowMs: this.state.now(), offsetMs: this.state.clockOffsetMs };
  }

  /** Everything a member's client shows, as Discord API objects; ephemeral messages only for their member. */
  snapshot(viewerId: string | null): Json {
    const state = this.state;
    const messages = state.messageOrder
      .map((id) => state.messages.get(id))
      .filter((message): message is StoredMessage => message !== undefined && !message.deleted)
      .map((message) => ({ message, owner: this.ephemeralOwner(message) }))
      .filter(({ owner }) => owner === null || owner === viewerId)
      .map(({ message, owner }) => ({
        ...state.apiMessageWithMetadata(message),
        ephemeral_for: owner,
        loading: (message.flags & LOADING) !== 0,
        edits: message.history.length - 1,
      }));
    return {
      application_id: state.applicationId,
      bot: apiUser(state.botUser),
      clock: this.clockState(),
      guilds: [...state.guilds.values()].map((guild) => ({
        id: guild.id,
        name: guild.name,
        preferred_locale: guild.preferredLocale ?? "en-US",
        channels: guild.channels.map((channel) => ({ id: channel.id, name: channel.name, type: channel.type ?? 0 })),
        members: (guild.members ?? []).map((member) => ({
          user: apiUser(member.user),
          nick: member.nick ?? null,
          permissions: member.permissions ?? FakePermissions.member,
        })),
      })),
      commands: this.commands(),
      messages,
      actions: [...this.actions.values()].map(({ id, label }) => ({ id, label })),
    };
  }

  /** Serves /, the page's files and /_local/…; false for everything else. */
  readonly handle = async (method: string, path: string, url: URL, request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    const file = method === "GET" ? this.pageFiles.get(path === "/" ? "/index.html" : path) : undefined;
    if (file) {
      sendBytes(response, typeof file.body === "string" ? Buffer.from(file.body) : file.body, file.contentType);
      return true;
    }
    if (!path.startsWith(`${LOCAL_API_PREFIX}/`)) return false;
    const route = `${method} ${path.slice(LOCAL_API_PREFIX.length)}`;
    try {
      if (route === "GET /state") {
        sendJson(response, 200, this.snapshot(url.searchParams.get("viewer")), {});
      } else if (route === "GET /events") {
        this.stream(request, response);
      } else if (route === "GET /clock") {
        sendJson(response, 200, this.clockState(), {});
      } else if (route === "GET /clock/events") {
        this.streamClock(request, response);
      } else if (route === "POST /clock") {
        const body = await this.readJson(request);
        this.advanceClock(Number(body.advanceMs));
        sendJson(response, 200, this.clockState(), {});
      } else if (route === "POST /interactions") {
        sendJson(response, 200, await this.act(await this.readJson(request)), {});
      } else if (method === "POST" && path.startsWith(`${LOCAL_API_PREFIX}/actions/`)) {
        const action = this.actions.get(path.slice(`${LOCAL_API_PREFIX}/actions/`.length));
        if (!action) throw new FakeDiscordError(`No action ${path}`);
        sendJson(response, 200, { message: await action.run() }, {});
      } else {
        sendJson(response, 404, { message: `No local API route ${route}` }, {});
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) sendJson(response, 400, { message }, {});
    }
    return true;
  };

  private ephemeralOwner(message: StoredMessage): string | null {
    if ((message.flags & EPHEMERAL) === 0) return null;
    const origin = message.interactionId === null ? undefined : this.state.interactions.get(message.interactionId);
    return origin?.userId ?? "";
  }

  private async readJson(request: IncomingMessage): Promise<Json> {
    const raw = await readBody(request);
    const parsed: unknown = raw.length === 0 ? {} : JSON.parse(raw.toString("utf8"));
    if (!isObject(parsed)) throw new FakeDiscordError("The body must be a JSON object");
    return parsed;
  }

  /** Dispatches what a member did and answers with the bot's first response (or null if none in time). */
  private async act(body: Json): Promise<Json> {
    const request = body as unknown as MemberRequest & { guildId?: string; channelId?: string; userId?: string; locale?: string };
    const guild = [...this.state.guilds.values()].find((candidate) => candidate.id === request.guildId) ?? [...this.state.guilds.values()][0];
    if (!guild) throw new FakeDiscordError("The local Discord has no guild");
    const member: FakeMemberInput | undefined = guild.members?.find((candidate) => candidate.user.id === request.userId);
    if (!member) throw new FakeDiscordError(`No member ${String(request.userId)} in ${guild.name}`);
    const actor = { user: member.user, permissions: member.permissions ?? FakePermissions.member, locale: request.locale ?? "en-US" };
    const place = { guildId: guild.id, channelId: request.channelId ?? guild.channels[0]?.id ?? "" };
    let handle: InteractionHandle;
    switch (request.type) {
      case "command":
        handle = this.interactions.slashCommand({ ...actor, ...place, ...pickCommand(request) });
        break;
      case "autocomplete":
        handle = this.interactions.autocomplete({ ...actor, ...place, ...pickCommand(request), focused: request.focused });
        break;
      case "button":
        handle = this.interactions.clickButton({ ...actor, messageId: request.messageId, customId: request.customId });
        break;
      case "select":
        handle = this.interactions.selectMenu({ ...actor, messageId: request.messageId, customId: request.customId, values: request.values });
        break;
      case "modal": {
        const modalOf = this.state.interactions.get(request.modalOf);
        if (!modalOf) throw new FakeDiscordError(`No interaction ${request.modalOf} to submit a modal of`);
        handle = this.interactions.submitModal({ ...actor, modalOf, fields: request.fields });
        break;
      }
      default:
        throw new FakeDiscordError(`Unknown member action ${String((request as { type?: unknown }).type)}`);
    }
    const callback = await handle.firstResponse({ timeoutMs: this.state.ackWindowMs + 1000 }).catch(() => undefined);
    return { id: handle.id, callback: callback ? { type: callback.type, data: callback.data ?? null } : null };
  }

  private openStream(request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", Connection: "keep-alive" });
    response.write(": connected\n\n");
    request.socket.setKeepAlive(true);
  }

  /** `change` whenever anything changed (coalesced), so the page refetches /state. */
  private stream(request: IncomingMessage, response: ServerResponse): void {
    this.openStream(request, response);
    let timer: NodeJS.Timeout | null = null;
    let sequence = 0;
    const unsubscribe = this.state.signal.subscribe(() => {
      timer ??= setTimeout(() => {
        timer = null;
        response.write(`event: change\ndata: ${++sequence}\n\n`);
      }, 25);
    });
    request.on("close", () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    });
  }

  /** `clock` with { nowMs, offsetMs } now and after every move: how a bot process follows the local clock. */
  private streamClock(request: IncomingMessage, response: ServerResponse): void {
    this.openStream(request, response);
    response.write(`event: clock\ndata: ${JSON.stringify(this.clockState())}\n\n`);
    this.clockListeners.add(response);
    request.on("close", () => this.clockListeners.delete(response));
  }
}

function pickCommand(request: { name: string; subcommandGroup?: string; subcommand?: string; options?: Record<string, CommandOptionValue> }) {
  return {
    name: request.name,
    ...(request.subcommandGroup ? { subcommandGroup: request.subcommandGroup } : {}),
    ...(request.subcommand ? { subcommand: request.subcommand } : {}),
    ...(request.options ? { options: request.options } : {}),
  };
}
