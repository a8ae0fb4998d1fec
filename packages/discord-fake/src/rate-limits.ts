import { performance } from "node:perf_hooks";
import type { RouteMatcher } from "./types.ts";

/** X-RateLimit-Bucket: one per route template, like Discord's opaque hashes. */
export function bucketHash(template: string): string {
  let hash = 0;
  for (const char of template) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

/** Discord's limits that the fake enforces, in real time (discord.js waits in real time). */
export interface RateLimitSettings {
  /** Requests a bot may make per window across all routes but interaction responses (Discord: 50 a second). */
  globalPerWindow: number;
  globalWindowMs: number;
  /** Messages a bot may post in one channel per window (Discord: 5 per 5 seconds). */
  channelMessagesPerWindow: number;
  channelMessageWindowMs: number;
}

export const DISCORD_RATE_LIMITS: RateLimitSettings = {
  globalPerWindow: 50,
  globalWindowMs: 1_000,
  channelMessagesPerWindow: 5,
  channelMessageWindowMs: 5_000,
};

/** A 429 the fake sent on its own because a limit was exceeded. */
export interface EnforcedLimit {
  scope: "global" | "channel";
  method: string;
  path: string;
  retryAfterMs: number;
  at: number;
}

/** A fixed window that opens with its first request, as Discord's buckets reset after a time. */
class Window {
  private startedAt = Number.NEGATIVE_INFINITY;
  private used = 0;

  constructor(
    private readonly limit: number,
    private readonly lengthMs: number,
  ) {}

  /** Counts a request; null when it fits, else the ms until the window resets. */
  take(now: number): number | null {
    if (now >= this.startedAt + this.lengthMs) {
      this.startedAt = now;
      this.used = 0;
    }
    if (this.used >= this.limit) return this.startedAt + this.lengthMs - now;
    this.used += 1;
    return null;
  }

  remaining(now: number): number {
    return now >= this.startedAt + this.lengthMs ? this.limit : this.limit - this.used;
  }

  resetAfterMs(now: number): number {
    return now >= this.startedAt + this.lengthMs ? this.lengthMs : this.startedAt + this.lengthMs - now;
  }
}

// Interaction responses (callbacks and the interaction webhooks) are not bound by the global limit.
const EXEMPT_FROM_GLOBAL = /^\/(interactions|webhooks)\//;
const CHANNEL_MESSAGES = /^\/channels\/(\d+)\/messages$/;

export interface Admission {
  headers: Record<string, string>;
  /** Set when the request exceeds a limit: answer 429 with these headers and body. */
  refused?: { headers: Record<string, string>; body: Record<string, unknown> };
}

/** Rate limit headers on every answer, 429s for requests over Discord's limits, and 429s a test asked for. */
export class RateLimits {
  /** Requests answered with a 429 by rateLimitNext(). */
  readonly limited: { method: string; path: string; at: number }[] = [];
  /** Requests answered with a 429 because they went over the global or a channel's message limit. */
  readonly enforced: EnforcedLimit[] = [];
  private readonly pending: RouteMatcher[] = [];
  private readonly global: Window;
  private readonly channels = new Map<string, Window>();

  constructor(
    private readonly now: () => number,
    private readonly settings: RateLimitSettings = DISCORD_RATE_LIMITS,
    private readonly realNow: () => number = () => performance.now(),
  ) {
    this.global = new Window(settings.globalPerWindow, settings.globalWindowMs);
  }

  next(matcher: RouteMatcher | string): void {
    this.pending.push(typeof matcher === "string" ? { path: matcher } : matcher);
  }

  /** The pending 429 this request uses up, if one matches it. */
  take(method: string, path: string): RouteMatcher | undefined {
    const index = this.pending.findIndex((matcher) => {
      if (matcher.method !== undefined && matcher.method.toUpperCase() !== method) return false;
      return typeof matcher.path === "string" ? matcher.path === path : matcher.path.test(path);
    });
    if (index < 0) return undefined;
    const [taken] = this.pending.splice(index, 1);
    if (taken) this.limited.push({ method, path, at: performance.now() });
    return taken;
  }

  /**
   * Counts an authorised request against the global limit (unless exempt) and, for a new channel
   * message, its channel's limit. A request over a limit is refused and counts against nothing.
   */
  admit(method: string, path: string, bucket: string): Admission {
    const now = this.realNow();
    const channelId = method === "POST" ? CHANNEL_MESSAGES.exec(path)?.[1] : undefined;
    const channel = channelId === undefined ? undefined : this.channelWindow(channelId);
    if (!EXEMPT_FROM_GLOBAL.test(path)) {
      const wait = this.global.take(now);
      if (wait !== null) return this.refuse("global", method, path, wait, this.headers(bucket));
    }
    if (channel) {
      const wait = channel.take(now);
      const headers = {
        "X-RateLimit-Bucket": `${bucket}:${channelId}`,
        "X-RateLimit-Limit": String(this.settings.channelMessagesPerWindow),
        "X-RateLimit-Remaining": String(channel.remaining(now)),
        ...this.resetHeaders(channel.resetAfterMs(now)),
        "X-RateLimit-Scope": "user",
      };
      if (wait !== null) return this.refuse("channel", method, path, wait, headers);
      return { headers };
    }
    return { headers: this.headers(bucket) };
  }

  /** Headers of a route without a limit of its own here: Discord's generous per-route defaults. */
  headers(bucket: string): Record<string, string> {
    const resetSeconds = Math.ceil(this.now() / 1000) + 1;
    return {
      "X-RateLimit-Bucket": bucket,
      "X-RateLimit-Limit": "50",
      "X-RateLimit-Remaining": "49",
      "X-RateLimit-Reset": String(resetSeconds),
      "X-RateLimit-Reset-After": "1.000",
      "X-RateLimit-Scope": "user",
    };
  }

  /** The 429 answer's extra headers and body. */
  tooManyRequests(matcher: RouteMatcher): { seconds: number; headers: Record<string, string>; body: Record<string, unknown> } {
    const seconds = (matcher.retryAfterMs ?? 50) / 1000;
    return {
      seconds,
      headers: { "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": String(seconds), "Retry-After": String(seconds), "X-RateLimit-Scope": "user" },
      body: { message: "You are being rate limited.", retry_after: seconds, global: false },
    };
  }

  private channelWindow(channelId: string): Window {
    let window = this.channels.get(channelId);
    if (!window) {
      window = new Window(this.settings.channelMessagesPerWindow, this.settings.channelMessageWindowMs);
      this.channels.set(channelId, window);
    }
    return window;
  }

  private resetHeaders(afterMs: number): Record<string, string> {
    return {
      "X-RateLimit-Reset": ((this.now() + afterMs) / 1000).toFixed(3),
      "X-RateLimit-Reset-After": (afterMs / 1000).toFixed(3),
    };
  }

  private refuse(scope: EnforcedLimit["scope"], method: string, path: string, waitMs: number, headers: Record<string, string>): Admission {
    this.enforced.push({ scope, method, path, retryAfterMs: waitMs, at: performance.now() });
    const seconds = (waitMs / 1000).toFixed(3);
    const global = scope === "global";
    return {
      headers,
      refused: {
        headers: {
          ...headers,
          "X-RateLimit-Remaining": "0",
          "Retry-After": seconds,
          "X-RateLimit-Scope": global ? "global" : "user",
          ...(global ? { "X-RateLimit-Global": "true" } : {}),
        },
        body: { message: "You are being rate limited.", retry_after: Number(seconds), global, code: 0 },
      },
    };
  }
}
