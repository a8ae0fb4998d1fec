// `pnpm start` without configuration: it must say what to set and how, and exit non-zero
// before touching the database or the network.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import postgres from "postgres";
import { startFakeDiscord } from "@recall/discord-fake";
import { CHANNEL_ID, GUILD_ID, TOKEN } from "./harness.ts";

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

describe("npm start without a token", () => {
  it("ends with the bot's own message, pointing to the playground, with no pnpm error lines after it", () => {
    const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
    const { DISCORD_TOKEN: _token, ...rest } = process.env;
    const result = spawnSync(process.execPath, ["scripts/run.mjs", "start"], {
      cwd: repoRoot,
      env: { ...rest, npm_config_user_agent: "pnpm/12.4.2" },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("DISCORD_TOKEN: is required");
    expect(result.stderr.trimEnd().split("\n").slice(-2).join("\n")).toMatch(/npm run playground/);
    expect(result.stderr + result.stdout).not.toMatch(/ELIFECYCLE|ERR_PNPM|Command failed/);
  }, 120_000);
});

describe("pnpm start", () => {
  it("migrates, syncs the content, registers commands and connects, on embedded PGlite", async () => {
    const fake = await startFakeDiscord({
      guilds: [{ id: GUILD_ID, name: "Study Server", channels: [{ id: CHANNEL_ID, name: "daily-quiz" }] }],
      validToken: TOKEN,
      heartbeatIntervalMs: 1_000,
    });
    const dataDir = mkdtempSync(join(tmpdir(), "recall-start-"));
    const child = spawn("pnpm", ["exec", "tsx", "src/main.ts"], {
      cwd: appDir,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        DISCORD_TOKEN: TOKEN,
        DISCORD_API_BASE: fake.apiBase,
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
      },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await fake.waitUntil(() => output.includes("connected to Discord") || child.exitCode !== null, "the bot to connect", {
        timeoutMs: 90_000,
      });
      expect(output).toContain("content synced");
      expect(fake.commands().map((command) => command.name)).toEqual(
        expect.arrayContaining(["quiz", "review", "settings", "leaderboard", "weak", "stats", "me"]),
      );
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(child.exitCode).toBe(0); // a clean shutdown on SIGTERM
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("pnpm start with SHARD_COUNT=auto on a fresh PostgreSQL database", () => {
  it("starts one process per recommended shard; they migrate together and each identifies as its shard", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `recall_test_shards_${process.pid}_${Date.now()}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const guildIds = [0, 1, 2, 3].map((k) => String(BigInt(GUILD_ID) + BigInt(k) * (1n << 22n)));
    const fake = await startFakeDiscord({
      guilds: guildIds.map((id) => ({ id, name: "Study Server", channels: [{ id: String(BigInt(id) + 7n), name: "daily-quiz" }] })),
      validToken: TOKEN,
      heartbeatIntervalMs: 1_000,
      shardCount: 2,
    });
    const child = spawn("pnpm", ["exec", "tsx", "src/main.ts"], {
      cwd: appDir,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        DISCORD_TOKEN: TOKEN,
        DISCORD_API_BASE: fake.apiBase,
        DATABASE_URL: url.toString(),
        SHARD_COUNT: "auto",
        LOG_LEVEL: "info",
      },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await fake.waitUntil(() => output.includes("every shard process is ready") || child.exitCode !== null, "both shard processes", {
        timeoutMs: 150_000,
      });
      expect(output).not.toContain("could not start");
      expect(output.match(/connected to Discord/g)).toHaveLength(2);
      expect(fake.gatewayStats).toMatchObject({ identifies: 2, connectedSessions: 2 });
      // Each guild's event reaches exactly one of the two processes' sessions.
      const handle = fake.slashCommand({ guildId: guildIds[0]!, channelId: String(BigInt(guildIds[0]!) + 7n), user: { id: "200000000000000009" }, name: "review" });
      expect(handle.deliveredToShards).toHaveLength(1);
      await handle.waitForReply(undefined, { timeoutMs: 30_000 });
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      await fake.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    }
  }, 200_000);
});
