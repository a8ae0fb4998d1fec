// The databases the suite runs against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set
// (a fresh database per run, dropped afterwards). Each target is opened once per test file.
import postgres from "postgres";
import { createDatabase, type OpenDatabase } from "../src/index.ts";

export interface Target {
  name: "pglite" | "postgres";
  open: () => Promise<OpenDatabase>;
  /** Releases what open() created (the run's database on PostgreSQL). */
  dispose: (open: OpenDatabase) => Promise<void>;
}

const pgliteTarget: Target = {
  name: "pglite",
  open: () => createDatabase({ inMemory: true }),
  dispose: (open) => open.close(),
};

function postgresTarget(adminUrl: string): Target {
  const name = `recall_test_${process.pid}_${Date.now()}`;
  const admin = () => postgres(adminUrl, { max: 1, onnotice: () => undefined });
  return {
    name: "postgres",
    open: async () => {
      const sql = admin();
      try {
        await sql.unsafe(`create database ${name}`);
      } finally {
        await sql.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return createDatabase({ url: url.toString() });
    },
    dispose: async (open) => {
      await open.close();
      const sql = admin();
      try {
        await sql.unsafe(`drop database if exists ${name}`);
      } finally {
        await sql.end();
      }
    },
  };
}

export function targets(): Target[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pgliteTarget, postgresTarget(url)] : [pgliteTarget];
}
