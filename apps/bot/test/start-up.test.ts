// `pnpm start` without configuration: it must say what to set and how, and exit non-zero
// before touching the database or the network.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const appDir = fileURLToPath(new URL("..", import.meta.url));

function start(env: Record<string, string>) {
  const result = spawnSync("pnpm", ["exec", "tsx", "src/main.ts"], {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe("start-up configuration", () => {
  it("without a token, explains what to set and how to get one, and exits 1", () => {
    const { status, stderr } = start({});
    expect(status).toBe(1);
    expect(stderr).toContain("DISCORD_TOKEN: is required");
    expect(stderr).toContain("discord.com/developers/applications");
  }, 60_000);

  it("names a bad variable at start-up", () => {
    const { status, stderr } = start({ DISCORD_TOKEN: "abc", DATABASE_URL: "mysql://localhost/x", LOG_LEVEL: "chatty" });
    expect(status).toBe(1);
    expect(stderr).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    expect(stderr).toContain("LOG_LEVEL");
  }, 60_000);
});
