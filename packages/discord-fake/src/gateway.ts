import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";

const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  Resume: 6,
  Reconnect: 7,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

export const GatewayCloseCode = {
  /** discord.js resumes after this one, so the fake uses it to simulate a Discord-side drop. */
  UnknownError: 4000,
  AuthenticationFailed: 4004,
  /** IDENTIFY's `shard` is not [id, count] with 0 <= id < count. */
  InvalidShard: 4010,
  /** What discord.js sends when it closes a connection it means to resume. */
  ClientResuming: 4200,
} as const;

/** Events kept per session so a resumed connection gets what it missed. */
const REPLAY_BUFFER = 1000;

interface BufferedDispatch {
  s: number;
  t: string;
  d: unknown;
}

interface GatewaySession {
  id: string;
  /** [shard_id, num_shards] from IDENTIFY ([0, 1] when absent): which guilds' events it gets. */
  shard: [number, number];
  seq: number;
  socket: WebSocket | null;
  buffer: BufferedDispatch[];
}

export interface GatewayHooks {
  isValidToken(token: unknown): boolean;
  readyData(sessionId: string, resumeUrl: string, shard: [number, number]): unknown;
  /** GUILD_CREATE data of the guilds a shard owns. */
  guildCreates(shard: [number, number]): unknown[];
  newSessionId(): string;
  onChange(): void;
}

export interface GatewayStats {
  identifies: number;
  resumes: number;
  invalidSessions: number;
  authenticationFailures: number;
  heartbeatsAcked: number;
  connectedSessions: number;
  resumableSessions: number;
}

export class FakeGateway {
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, GatewaySession>();
  private readonly sockets = new Set<WebSocket>();
  readonly stats = { identifies: 0, resumes: 0, invalidSessions: 0, authenticationFailures: 0, heartbeatsAcked: 0 };

  constructor(
    private readonly hooks: GatewayHooks,
    private readonly heartbeatIntervalMs: number,
    private readonly url: () => string,
  ) {}

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.server.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
  }

  snapshot(): GatewayStats {
    let connected = 0;
    for (const session of this.sessions.values()) if (session.socket) connected += 1;
    return { ...this.stats, connectedSessions: connected, resumableSessions: this.sessions.size - connected };
  }

  hasAnySession(): boolean {
    return this.sessions.size > 0;
  }

  /** Whether some session (live or resumable) receives this guild's events. */
  hasSessionFor(guildId: string): boolean {
    for (const session of this.sessions.values()) if (ownsGuild(session.shard, guildId)) return true;
    return false;
  }

  /**
   * Sends to every live session and buffers for detached ones, like Discord does per session; a
   * guild's event only to the sessions of the shard that owns the guild. Returns those shard ids.
   */
  dispatch(type: string, data: unknown, guildId?: string): number[] {
    const shards: number[] = [];
    for (const session of this.sessions.values()) {
      if (guildId !== undefined && !ownsGuild(session.shard, guildId)) continue;
      this.sendDispatch(session, type, data);
      shards.push(session.shard[0]);
    }
    return shards;
  }

  /** Drops every connection. Resumable: the client RESUMEs and receives what it missed. */
  disconnectAll(resumable: boolean): void {
    for (const session of this.sessions.values()) session.socket = null;
    if (!resumable) this.sessions.clear();
    for (const socket of this.sockets) socket.close(GatewayCloseCode.UnknownError, "Simulated disconnect");
    this.hooks.onChange();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
    this.sessions.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(ws: WebSocket): void {
    this.sockets.add(ws);
    let session: GatewaySession | null = null;
    ws.on("message", (raw: Buffer) => {
      let payload: { op?: unknown; d?: unknown };
      try {
        payload = JSON.parse(raw.toString("utf8")) as { op?: unknown; d?: unknown };
      } catch {
        ws.close(4002, "Error while decoding payload.");
        return;
      }
      const data = (typeof payload.d === "object" && payload.d !== null ? payload.d : {}) as Record<string, unknown>;
      switch (payload.op) {
        case Op.Heartbeat:
          this.send(ws, { op: Op.HeartbeatAck, d: null });
          this.stats.heartbeatsAcked += 1;
          this.hooks.onChange();
          return;
        case Op.Identify:
          session = this.identify(ws, data);
          return;
        case Op.Resume:
          session = this.resume(ws, data);
          return;
        default:
          // Presence updates, member requests and voice state are not modelled.
          return;
      }
    });
    ws.on("close", (code: number) => {
      this.sockets.delete(ws);
      if (session && session.socket === ws) {
        session.socket = null;
        // A normal close is the client going away for good (client.destroy()); other codes may resume.
        if (code === 1000 || code === 1001) this.sessions.delete(session.id);
      }
      this.hooks.onChange();
    });
    ws.on("error", () => {
      // A client dropping mid-frame is routine in tests; the close handler does the bookkeeping.
    });
    this.send(ws, { op: Op.Hello, d: { heartbeat_interval: this.heartbeatIntervalMs } });
  }

  private identify(ws: WebSocket, data: Record<string, unknown>): GatewaySession | null {
    if (!this.hooks.isValidToken(data.token)) {
      this.stats.authenticationFailures += 1;
      ws.close(GatewayCloseCode.AuthenticationFailed, "Authentication failed.");
      return null;
    }
    const shard = shardOf(data.shard);
    if (!shard) {
      ws.close(GatewayCloseCode.InvalidShard, "Invalid shard.");
      return null;
    }
    this.stats.identifies += 1;
    const session: GatewaySession = { id: this.hooks.newSessionId(), shard, seq: 0, socket: ws, buffer: [] };
    this.sessions.set(session.id, session);
    this.sendDispatch(session, "READY", this.hooks.readyData(session.id, this.url(), shard));
    for (const guild of this.hooks.guildCreates(shard)) this.sendDispatch(session, "GUILD_CREATE", guild);
    this.hooks.onChange();
    return session;
  }

  private resume(ws: WebSocket, data: Record<string, unknown>): GatewaySession | null {
    if (!this.hooks.isValidToken(data.token)) {
      this.stats.authenticationFailures += 1;
      ws.close(GatewayCloseCode.AuthenticationFailed, "Authentication failed.");
      return null;
    }
    const session = typeof data.session_id === "string" ? this.sessions.get(data.session_id) : undefined;
    const seq = typeof data.seq === "number" ? data.seq : 0;
    if (!session) {
      this.stats.invalidSessions += 1;
      this.send(ws, { op: Op.InvalidSession, d: false });
      return null;
    }
    if (session.socket && session.socket !== ws) session.socket.close(GatewayCloseCode.UnknownError, "Session resumed elsewhere");
    session.socket = ws;
    this.stats.resumes += 1;
    for (const event of session.buffer) {
      if (event.s > seq) this.send(ws, { op: Op.Dispatch, s: event.s, t: event.t, d: event.d });
    }
    this.sendDispatch(session, "RESUMED", {});
    this.hooks.onChange();
    return session;
  }

  private sendDispatch(session: GatewaySession, type: string, data: unknown): void {
    session.seq += 1;
    session.buffer.push({ s: session.seq, t: type, d: data });
    if (session.buffer.length > REPLAY_BUFFER) session.buffer.shift();
    if (session.socket) this.send(session.socket, { op: Op.Dispatch, s: session.seq, t: type, d: data });
  }

  private send(ws: WebSocket, payload: unknown): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(payload));
  }
}

/** The shard that owns a guild among `count`, as Discord routes events: (guild_id >> 22) % count. */
export function shardOfGuild(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

function ownsGuild(shard: [number, number], guildId: string): boolean {
  return shardOfGuild(guildId, shard[1]) === shard[0];
}

/** IDENTIFY's shard field: absent means the whole bot ([0, 1]); anything but [id, count] with 0 <= id < count is refused. */
function shardOf(value: unknown): [number, number] | null {
  if (value === undefined || value === null) return [0, 1];
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [id, count] = value as unknown[];
  if (!Number.isInteger(id) || !Number.isInteger(count)) return null;
  const [shardId, shardCount] = [id as number, count as number];
  return shardId >= 0 && shardCount >= 1 && shardId < shardCount ? [shardId, shardCount] : null;
}
