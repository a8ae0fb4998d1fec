import { afterEach, describe, expect, it } from "vitest";
import { startHealthServer, type HealthServer } from "../src/health.ts";
import { loadEnv } from "../src/env.ts";

let server: HealthServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function probe(checks: Parameters<typeof startHealthServer>[0]["checks"], path = "/healthz") {
  server = await startHealthServer({ port: 0, host: "127.0.0.1", checks, databaseTimeoutMs: 200 });
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe("GET /healthz", () => {
  it("answers 200 when the gateway is connected and the database answers", async () => {
    expect(await probe({ gateway: () => true, database: () => Promise.resolve(1) })).toEqual({
      status: 200,
      body: { status: "ok", gateway: "connected", database: "ok" },
    });
  });

  it("answers 503 and says which part is down", async () => {
    expect(await probe({ gateway: () => false, database: () => Promise.resolve(1) })).toMatchObject({ status: 503, body: { gateway: "disconnected", database: "ok" } });
    await server?.close();
    expect(await probe({ gateway: () => true, database: () => Promise.reject(new Error("ECONNREFUSED")) })).toMatchObject({
      status: 503,
      body: { status: "unavailable", database: "unreachable" },
    });
  });

  it("counts a database that does not answer in time as down, without hanging", async () => {
    const started = performance.now();
    const result = await probe({ gateway: () => true, database: () => new Promise(() => undefined) });
    expect(result).toMatchObject({ status: 503, body: { database: "unreachable" } });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("answers 404 elsewhere", async () => {
    expect((await probe({ gateway: () => true, database: () => Promise.resolve(1) }, "/other")).status).toBe(404);
  });
});

describe("HEALTH_PORT", () => {
  it("is a port number when set, and names itself when it is not", () => {
    expect(loadEnv({ DISCORD_TOKEN: "abc", HEALTH_PORT: "8081" }).HEALTH_PORT).toBe(8081);
    expect(loadEnv({ DISCORD_TOKEN: "abc" }).HEALTH_PORT).toBeUndefined();
    expect(() => loadEnv({ DISCORD_TOKEN: "abc", HEALTH_PORT: "http" })).toThrow(/HEALTH_PORT: must be a port number \(1–65535\)/);
    expect(() => loadEnv({ DISCORD_TOKEN: "abc", HEALTH_PORT: "70000" })).toThrow(/HEALTH_PORT/);
  });

  it("listens on every interface unless HEALTH_HOST says otherwise", () => {
    expect(loadEnv({ DISCORD_TOKEN: "abc" }).HEALTH_HOST).toBe("0.0.0.0");
    expect(loadEnv({ DISCORD_TOKEN: "abc", HEALTH_HOST: "127.0.0.1" }).HEALTH_HOST).toBe("127.0.0.1");
    expect(loadEnv({ DISCORD_TOKEN: "abc", HEALTH_HOST: "::1" }).HEALTH_HOST).toBe("::1");
    expect(() => loadEnv({ DISCORD_TOKEN: "abc", HEALTH_HOST: "example.com/x" })).toThrow(/HEALTH_HOST: must be an IP address/);
  });
});
