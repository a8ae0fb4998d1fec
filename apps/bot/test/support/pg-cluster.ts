// A throwaway PostgreSQL cluster for fault tests: initdb into a temp folder, a free port on
// 127.0.0.1, and stop/start at the test's will. PostgreSQL refuses to run as root, so as root the
// cluster belongs to the `postgres` system user (runuser). Nothing is left behind.
import { execFile } from "node:child_process";
import { chmod, chown, mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface PgCluster {
  url: string;
  port: number;
  start(): Promise<void>;
  /** `immediate` drops every connection at once, as a crash or a restart would. */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  destroy(): Promise<void>;
}

/** The newest server binaries on this machine, or null when PostgreSQL is not installed. */
export async function findPgBin(): Promise<string | null> {
  const root = "/usr/lib/postgresql";
  const versions = await readdir(root).catch(() => [] as string[]);
  const newest = versions.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))[0];
  return newest ? join(root, newest, "bin") : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function systemUserIds(name: string): Promise<{ uid: number; gid: number } | null> {
  const { stdout } = await run("id", ["-u", name]).catch(() => ({ stdout: "" }));
  const { stdout: group } = await run("id", ["-g", name]).catch(() => ({ stdout: "" }));
  const uid = Number.parseInt(stdout, 10);
  const gid = Number.parseInt(group, 10);
  return Number.isFinite(uid) && Number.isFinite(gid) ? { uid, gid } : null;
}

export async function createPgCluster(): Promise<PgCluster> {
  const bin = await findPgBin();
  if (!bin) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin");
  const dir = await mkdtemp(join(tmpdir(), "recall-pg-"));
  const data = join(dir, "data");
  const asRoot = userInfo().uid === 0;
  const owner = asRoot ? await systemUserIds("postgres") : null;
  if (asRoot && !owner) throw new Error("running as root and there is no `postgres` user to own the cluster");
  if (owner) {
    await chown(dir, owner.uid, owner.gid);
    await chmod(dir, 0o700);
  }
  const as = (file: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", join(bin, file), ...args]) : run(join(bin, file), args);

  await as("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const cluster: PgCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await as("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "30", "start"]);
    },
    async stop(mode = "fast") {
      await as("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "30", "stop"]);
    },
    async destroy() {
      await cluster.stop("immediate").catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
