// `npm run playground` as a process: it prints the address once the page is served and the bot
// connected, names a port in use, and Ctrl-C leaves no process behind.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { PortInUseError, startPlayground } from "../src/playground.ts";

const appDir = fileURLToPath(new URL("..", import.meta.url));
const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "recall-playground-launcher-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function holdPort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => server.close());
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return { server, port: address.port };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the playground launcher", () => {
  it("names a port in use and what to do, before starting anything", async () => {
    const { port } = await holdPort();
    const started = startPlayground({ port, dataDir: scratchDir(), botOutput: "ignore" });
    await expect(started).rejects.toThrow(PortInUseError);
    await expect(started).rejects.toThrow(new RegExp(`Port ${port} is in use.*PLAYGROUND_PORT=${port + 1} npm run playground`));
  });

  it("prints the address and start-up time when ready, and stops everything on Ctrl-C", async () => {
    const { server, port } = await holdPort();
    await new Promise<void>((resolve) => server.close(() => resolve())); // a port that was free a moment ago
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: appDir,
      env: { ...process.env, PLAYGROUND_PORT: String(port), PLAYGROUND_DATA_DIR: scratchDir() },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true, // its own process group, as under a terminal: Ctrl-C reaches the group
    });
    const pgid = child.pid!;
    cleanups.push(() => groupAlive(pgid) && process.kill(-pgid, "SIGKILL"));
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const deadline = Date.now() + 170_000;
    while (!output.includes("ready in") && child.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(output).toMatch(new RegExp(`Recall playground: http://127\\.0\\.0\\.1:${port}/ +\\(ready in \\d+\\.\\d s\\)`));
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);

    process.kill(-pgid, "SIGINT");
    expect(await exited).toBe(0);
    const gone = Date.now() + 20_000;
    while (groupAlive(pgid) && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(groupAlive(pgid), "a process of the playground is still running").toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
