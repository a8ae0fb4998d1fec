// `GET /healthz` for an orchestrator: 200 when the gateway is connected and the database answers,
// 503 otherwise, with a small JSON body saying which. Only with HEALTH_PORT set.
import { createServer, type Server } from "node:http";

export interface HealthChecks {
  gateway: () => boolean;
  /** Resolves when the database answers a trivial query. */
  database: () => Promise<unknown>;
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/** A database slower than this counts as down: a health probe must not hang. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

async function databaseAnswers(check: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = check().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function startHealthServer(options: { port: number; host?: string; checks: HealthChecks; databaseTimeoutMs?: number }): Promise<HealthServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (request.method !== "GET" || path !== "/healthz") {
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not found" }));
      return;
    }
    void (async () => {
      const gateway = options.checks.gateway();
      const database = await databaseAnswers(options.checks.database, options.databaseTimeoutMs ?? HEALTH_DATABASE_TIMEOUT_MS);
      const ok = gateway && database;
      response
        .writeHead(ok ? 200 : 503, { "content-type": "application/json", "cache-control": "no-store" })
        .end(JSON.stringify({ status: ok ? "ok" : "unavailable", gateway: gateway ? "connected" : "disconnected", database: database ? "ok" : "unreachable" }));
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
