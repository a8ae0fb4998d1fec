import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { ApiError, parseBody, readBody, sendEmpty, sendJson } from "./http-io.ts";
import type { ParsedBody } from "./http-io.ts";
import { formatIssuePath, nestIssues } from "./limits.ts";
import type { ValidationIssue } from "./limits.ts";
import { RateLimits, bucketHash } from "./rate-limits.ts";
import type { FakeState } from "./state.ts";
import type { RecordedRequest, Rejection } from "./types.ts";

export interface RouteContext {
  method: string;
  path: string;
  params: string[];
  query: URLSearchParams;
  body: ParsedBody;
}

export type RouteReply = { status: 200; body: unknown } | { status: 204 };

export interface Route {
  method: string;
  template: string;
  /** X-RateLimit-Bucket: one per route template, like Discord's opaque hashes. */
  bucket: string;
  pattern: RegExp;
  /** "bot": needs the valid bot token. "bot-prefix": needs a Bot header (see /gateway/bot). */
  auth: "bot" | "bot-prefix" | "none";
  handle(context: RouteContext): Promise<RouteReply> | RouteReply;
}

/** A REST route; `:name` segments become params in order. */
export function route(method: string, template: string, auth: Route["auth"], handle: Route["handle"]): Route {
  const pattern = new RegExp(`^${template.replace(/:[a-z]+/g, "([^/]+)")}$`);
  return { method, template: `${method} ${template}`, bucket: bucketHash(`${method} ${template}`), pattern, auth, handle };
}

export const ok = (body: unknown): RouteReply => ({ status: 200, body });
export const empty: RouteReply = { status: 204 };

export function issuesToError(issues: ValidationIssue[]): ApiError {
  return new ApiError(
    400,
    50035,
    "Invalid Form Body",
    nestIssues(issues),
    issues.map((issue) => ({ path: formatIssuePath(issue.path), code: issue.code, message: issue.message })),
  );
}

export function requireValid(issues: ValidationIssue[]): void {
  if (issues.length > 0) throw issuesToError(issues);
}

/** Answers a request outside /api (attachments, …); false when it is not for this handler. */
export type PlainHandler = (method: string, path: string, url: URL, request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

/**
 * The HTTP side of the fake: routes /api/v10 requests, checks auth, applies rate limits and
 * records every request and refusal.
 */
export class Rest {
  /** Every request the fake refused as Discord would (validation, late or doubled responses, auth). */
  readonly rejections: Rejection[] = [];
  /** Requests to routes the fake does not know: a typo or an API the fake lacks. */
  readonly unknownRoutes: { method: string; path: string }[] = [];
  /** Every REST request with its answer, in arrival order. */
  readonly requests: RecordedRequest[] = [];
  readonly rateLimits: RateLimits;

  constructor(
    private readonly state: FakeState,
    private readonly routes: Route[],
    private readonly plainHandlers: PlainHandler[],
    private readonly onRejected: (apiPath: string, error: ApiError) => void,
  ) {
    this.rateLimits = new RateLimits(state.now);
  }

  async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = (request.method ?? "GET").toUpperCase();
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    // Discord ids never need escaping; "@original" arrives as "%40original".
    const path = url.pathname.split("/").map((segment) => decodeURIComponent(segment)).join("/");
    const record = (status: number): void => {
      this.requests.push({ method, path, status, at: performance.now() });
    };
    for (const handler of this.plainHandlers) {
      if (await handler(method, path, url, request, response)) {
        record(response.statusCode);
        return;
      }
    }
    const apiPath = path.startsWith("/api/v10/") ? path.slice("/api/v10".length) : null;
    const route = apiPath === null ? undefined : this.routes.find((candidate) => candidate.method === method && candidate.pattern.test(apiPath));
    if (!route || apiPath === null) {
      await readBody(request);
      this.unknownRoutes.push({ method, path });
      sendJson(response, 404, { message: "404: Not Found", code: 0 }, {});
      record(404);
      this.state.signal.notify();
      return;
    }
    const headers = this.rateLimits.headers(route.bucket);
    let parsed: ParsedBody = { json: undefined, files: [], multipart: false };
    try {
      const raw = await readBody(request);
      this.checkAuth(route, request.headers.authorization);
      const limited = this.rateLimits.take(method, apiPath);
      if (limited) {
        const answer = this.rateLimits.tooManyRequests(limited);
        sendJson(response, 429, answer.body, { ...headers, ...answer.headers });
        record(429);
        return;
      }
      parsed = await parseBody(request.headers["content-type"], raw);
      const params = route.pattern.exec(apiPath)?.slice(1) ?? [];
      const reply = await route.handle({ method, path: apiPath, params, query: url.searchParams, body: parsed });
      if (reply.status === 204) sendEmpty(response, headers);
      else sendJson(response, 200, reply.body, headers);
      record(reply.status);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // A bug in the fake itself: answer 500 and record it, so the test fails loudly instead of hanging.
        const message = error instanceof Error ? error.message : String(error);
        this.rejections.push({ method, path: apiPath, status: 500, code: 0, message, issues: [], body: parsed.json, at: performance.now() });
        sendJson(response, 500, { message, code: 0 }, headers);
        record(500);
        return;
      }
      this.rejections.push({
        method,
        path: apiPath,
        status: error.status,
        code: error.code,
        message: error.message,
        issues: error.issues,
        body: parsed.json,
        at: performance.now(),
      });
      this.onRejected(apiPath, error);
      sendJson(response, error.status, { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) }, headers);
      record(error.status);
    } finally {
      this.state.signal.notify();
    }
  }

  private checkAuth(route: Route, header: string | undefined): void {
    if (route.auth === "none") return;
    const ok = route.auth === "bot-prefix" ? header?.startsWith("Bot ") === true : header === `Bot ${this.state.validToken}`;
    if (!ok) throw new ApiError(401, 0, "401: Unauthorized");
  }
}
