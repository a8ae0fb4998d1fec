// Several bot processes started together on one fresh PostgreSQL database: each opens its own pool
// and migrates at once. Without the advisory lock all but one failed on a catalogue unique index
// ("duplicate key value violates unique constraint pg_type_typname_nsp_index").
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, type OpenDatabase } from "../src/index.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("migrations on PostgreSQL with several processes at once", () => {
  const name = `recall_test_migrate_${process.pid}_${Date.now()}`;
  const admin = () => postgres(adminUrl!, { max: 1, onnotice: () => undefined });
  const opened: OpenDatabase[] = [];
  const urlOf = (): string => {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };

  afterAll(async () => {
    await Promise.all(opened.map((open) => open.close()));
    const client = admin();
    try {
      await client.unsafe(`drop database if exists ${name}`);
    } finally {
      await client.end();
    }
  });

  it("all succeed on a fresh database, apply each migration once, and a later start applies nothing", async () => {
    const client = admin();
    try {
      await client.unsafe(`create database ${name}`);
    } finally {
      await client.end();
    }

    const starts = await Promise.allSettled(Array.from({ length: 6 }, () => createDatabase({ url: urlOf(), maxConnections: 2 })));
    const failures = starts.filter((start) => start.status === "rejected").map((start) => String(start.reason));
    expect(failures).toEqual([]);
    for (const start of starts) if (start.status === "fulfilled") opened.push(start.value);

    const countMigrations = async (): Promise<{ total: number; doubled: number }> => {
      const client = postgres(urlOf(), { max: 1, onnotice: () => undefined });
      try {
        const [row] = await client<{ total: number; doubled: number }[]>`
          select count(*)::int as total, (count(*) - count(distinct hash))::int as doubled from drizzle.__drizzle_migrations`;
        return row!;
      } finally {
        await client.end();
      }
    };
    const before = await countMigrations();
    expect(before.doubled).toBe(0);
    expect(before.total).toBeGreaterThan(0);

    const later = await createDatabase({ url: urlOf(), maxConnections: 1 });
    opened.push(later);
    expect(await countMigrations()).toEqual(before);
    // The lock is released once every start has finished.
    const check = postgres(urlOf(), { max: 1, onnotice: () => undefined });
    try {
      const held = await check`select 1 from pg_locks where locktype = 'advisory'
        and database = (select oid from pg_database where datname = current_database())`;
      expect(held.length).toBe(0);
    } finally {
      await check.end();
    }
  });
});
