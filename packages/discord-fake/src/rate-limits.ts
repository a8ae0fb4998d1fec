import { performance } from "node:perf_hooks";
import type { RouteMatcher } from "./types.ts";

/** X-RateLimit-Bucket: one per route template, like Discord's opaque hashes. */
export function bucketHash(template: string): string {
  let hash = 0;
  for (const char of template) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

/** Rate limit headers on every answer, and 429s a test asked for with rateLimitNext(). */
export class RateLimits {
  /** Requests answered with a 429 by rateLimitNext(). */
  readonly limited: { method: string; path: string; at: number }[] = [];
  private readonly pending: RouteMatcher[] = [];

  constructor(private readonly now: () => number) {}

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
}
