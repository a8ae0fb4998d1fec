// A fresh PostgreSQL database per scenario, so every run starts from the same empty schema.
// The server comes from BENCH_DATABASE_URL or TEST_DATABASE_URL; the benchmark owns only the
// databases it names here and drops them before use.
import { ConnectionError, createDatabase } from "@recall/db";

export const DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export function serverUrlFrom(env: NodeJS.ProcessEnv): string {
  return env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? DEFAULT_SERVER_URL;
}

/** host:port only: a URL may carry a password. */
export function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
  } catch {
    return "(an invalid URL)";
  }
}

export type ServerCheck = { reachable: true } | { reachable: false; reason: string };

export async function checkServer(serverUrl: string): Promise<ServerCheck> {
  try {
    const admin = await createDatabase({ url: serverUrl, migrate: false, maxConnections: 1, connectTimeoutSeconds: 5 });
    await admin.close();
    return { reachable: true };
  } catch (error) {
    if (error instanceof ConnectionError) return { reachable: false, reason: error.message };
    throw error;
  }
}

const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** The prefix every scenario's database name starts with. */
const DEFAULT_PREFIX = "recall_bot_bench";

/**
 * BENCH_DATABASE_PREFIX replaces the common prefix of the benchmark's databases, so two runs on
 * one server (two checkouts, say) neither drop each other's databases nor measure each other's.
 */
export function databaseNameFor(name: string, env: NodeJS.ProcessEnv): string {
  const prefix = env.BENCH_DATABASE_PREFIX;
  return prefix && name.startsWith(DEFAULT_PREFIX) ? `${prefix}${name.slice(DEFAULT_PREFIX.length)}` : name;
}

/** Drops and creates `name` on the server of `serverUrl`; returns the URL of the new database. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  if (!DATABASE_NAME.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = await createDatabase({ url: serverUrl, migrate: false, maxConnections: 1 });
  try {
    // WITH (FORCE) ends sessions a crashed earlier run left behind (PostgreSQL 13+).
    await admin.db.execute(`drop database if exists ${name} with (force)`).catch(async () => {
      await admin.db.execute(`drop database if exists ${name}`);
    });
    await admin.db.execute(`create database ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
