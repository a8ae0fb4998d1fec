// Opens the database: embedded PGlite (a data folder, or memory for tests) when no URL is given,
// PostgreSQL through postgres.js when one is. Migrations run before anything else can use it, on
// PostgreSQL under an advisory lock so that any number of processes may start at once (PGlite
// belongs to one process and needs none).
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { ConnectionError, MigrationError } from "./errors.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** Either driver's drizzle instance, or a transaction on one: every query function takes this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const DATABASE_KINDS = ["pglite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** The migrations drizzle-kit generated, shipped with the package. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

export interface DatabaseOptions {
  /** A PostgreSQL URL; without one the embedded PGlite is used. */
  url?: string;
  /** PGlite's data folder (default `.data`, relative to the working directory). */
  dataDir?: string;
  /** PGlite in memory: nothing is kept (tests). */
  inMemory?: boolean;
  /** Apply migrations on open (default true). */
  migrate?: boolean;
  migrationsFolder?: string;
  /** postgres.js pool size (default 10). */
  maxConnections?: number;
  /** Seconds to wait for a PostgreSQL connection (default 10). */
  connectTimeoutSeconds?: number;
}

export interface OpenDatabase {
  db: Database;
  kind: DatabaseKind;
  /** Applies pending migrations (createDatabase already did, unless told not to). */
  migrate: (folder?: string) => Promise<void>;
  close: () => Promise<void>;
}

export async function createDatabase(options: DatabaseOptions = {}): Promise<OpenDatabase> {
  const opened = options.url ? await openPostgres(options.url, options) : await openPglite(options);
  if (options.migrate ?? true) {
    try {
      await opened.migrate(options.migrationsFolder);
    } catch (error) {
      await opened.close().catch(() => undefined);
      throw error;
    }
  }
  return opened;
}

async function openPglite(options: DatabaseOptions): Promise<OpenDatabase> {
  const client = options.inMemory ? new PGlite() : new PGlite(options.dataDir ?? ".data");
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    migrate: (folder = MIGRATIONS_FOLDER) => runMigration(() => migratePglite(db, { migrationsFolder: folder })),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<OpenDatabase> {
  const { host, port } = addressOf(url);
  const client = postgres(url, {
    max: options.maxConnections ?? 10,
    connect_timeout: options.connectTimeoutSeconds ?? 10,
    // Migrations emit notices ("schema already exists, skipping") that are not worth printing.
    onnotice: () => undefined,
  });
  const db = drizzlePostgres({ client, schema });
  const close = () => client.end({ timeout: 5 });
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    await close().catch(() => undefined);
    throw new ConnectionError(`cannot connect to PostgreSQL at ${host}:${port}: ${reasonOf(error)}`, host, port, {
      cause: error,
    });
  }
  return {
    db,
    kind: "postgres",
    migrate: (folder = MIGRATIONS_FOLDER) => runMigration(() => migrateUnderLock(url, options, folder)),
    close,
  };
}

/**
 * Any 64-bit number no other code locks on: the advisory lock that lets one process at a time
 * migrate a PostgreSQL database ("recall-migrations" as bytes, for anyone reading pg_locks).
 */
export const MIGRATION_LOCK_KEY = 0x726563616c6c6dn;

/**
 * Several bot processes starting together on one fresh database would otherwise all create the
 * migrations table and the schema at once, and all but one fail on a catalogue unique index. The
 * lock is session-level, so the migration runs on a connection of its own (a pool could hand the
 * unlock to another session); whoever waited finds the migrations applied and applies nothing.
 */
async function migrateUnderLock(url: string, options: DatabaseOptions, folder: string): Promise<void> {
  const client = postgres(url, { max: 1, connect_timeout: options.connectTimeoutSeconds ?? 10, onnotice: () => undefined });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    try {
      await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder: folder });
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`.catch(() => undefined);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** Applies pending migrations; the reason of a failure is kept in the message and as `cause`. */
async function runMigration(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw new MigrationError(`database migration failed: ${reasonOf(error)}`, { cause: error });
  }
}

function addressOf(url: string): { host: string; port: number } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    // Never echo the URL: it may hold a password.
    throw new ConnectionError("the database URL is not a valid URL", "", 0, { cause: error });
  }
  const host = decodeURIComponent(parsed.hostname) || parsed.searchParams.get("host") || "localhost";
  const port = parsed.port ? Number(parsed.port) : 5432;
  return { host, port };
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
  ETIMEDOUT: "timed out",
  CONNECT_TIMEOUT: "timed out",
  EHOSTUNREACH: "host unreachable",
  ECONNRESET: "connection reset",
};

function reasonOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      const network = NETWORK_REASONS[code];
      if (network) return `${network} (${code})`;
      if (/^[0-9A-Z]{5}$/.test(code)) return `${firstLine(current.message)} (${code})`;
    }
    // Node reports a refused dual-stack connect as an AggregateError of the attempts.
    if (current instanceof AggregateError && current.errors.length > 0) {
      current = current.errors[0];
      continue;
    }
    if (!current.cause) return firstLine(current.message);
    current = current.cause;
  }
  return String(error);
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}
