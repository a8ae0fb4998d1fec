// The databases the suite runs against: in-memory PGlite always, and PostgreSQL as well when
// TEST_DATABASE_URL is set (a fresh database per file and run, dropped afterwards). The same
// approach as @recall/db's own tests, through createDatabase so no driver is imported here.
import { createDatabase, type OpenDatabase } from "@recall/db";

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

let databases = 0;

function postgresTarget(adminUrl: string): Target {
  // Test files run in parallel workers: the pid and a counter keep their databases apart.
  const name = `recall_study_test_${process.pid}_${Date.now()}_${++databases}`;
  async function asAdmin(statement: string): Promise<void> {
    const admin = await createDatabase({ url: adminUrl, migrate: false, maxConnections: 1 });
    try {
      await admin.db.execute(statement);
    } finally {
      await admin.close();
    }
  }
  return {
    name: "postgres",
    open: async () => {
      await asAdmin(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return createDatabase({ url: url.toString() });
    },
    dispose: async (open) => {
      await open.close();
      await asAdmin(`drop database if exists ${name}`);
    },
  };
}

/** Read by the test files only (packages never read the environment). */
export function targets(): Target[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pgliteTarget, postgresTarget(url)] : [pgliteTarget];
}
