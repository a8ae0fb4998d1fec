// `pnpm bench` in apps/playground: start-up time of `npm run playground` to "page served and bot
// connected", on a first run (empty data folder: migrations, content sync) and a warm run (the
// same folder again) — the target is 15 s warm. Baseline, measured in the same run: the bot alone
// (the same entry, `npm start`'s) against a local Discord, to "connected and commands registered".
// Always exits 0: it is a measurement, not a test.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { startFakeDiscord } from "@recall/discord-fake";
import { startPlayground, repoRoot } from "../src/playground.ts";
import { GUILD_ID, playgroundGuild } from "../src/world.ts";

const TARGET_WARM_MS = 15_000;
const log = (line = ""): void => void process.stdout.write(`${line}\n`);
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

async function botAlone(dataDir: string): Promise<number> {
  const token = "bench.token";
  const fake = await startFakeDiscord({ guilds: [playgroundGuild()], validToken: token, heartbeatIntervalMs: 15_000 });
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, DISCORD_TOKEN: token, DISCORD_API_BASE: fake.apiBase, DEV_GUILD_ID: GUILD_ID, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  const bot = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: join(repoRoot, "apps/bot"), env, stdio: ["ignore", "ignore", "inherit"] });
  const exited = new Promise<void>((resolve) => bot.once("exit", () => resolve()));
  try {
    await fake.waitUntil(() => fake.gatewayStats.connectedSessions > 0 && fake.commands(GUILD_ID).length > 0, "the bot to connect", { timeoutMs: 180_000 });
    return performance.now() - started;
  } finally {
    bot.kill("SIGTERM");
    await exited;
    await fake.close();
  }
}

async function playgroundStart(dataDir: string): Promise<number> {
  const playground = await startPlayground({ port: 0, dataDir, botOutput: "ignore" });
  await playground.stop();
  return playground.startupMs;
}

const scratch = mkdtempSync(join(tmpdir(), "recall-playground-bench-"));
try {
  log(`playground start-up  (load ${loadavg().map((value) => value.toFixed(2)).join(" ")})`);
  await botAlone(join(scratch, "bot-first")); // the same first-run work as the playground's first run
  const bot = await botAlone(join(scratch, "bot-first"));
  const first = await playgroundStart(join(scratch, "playground"));
  const warm = await playgroundStart(join(scratch, "playground"));
  log(`  bot alone, warm data (baseline)     ${seconds(bot)}`);
  log(`  playground, first run (empty data)  ${seconds(first)}`);
  log(`  playground, warm                    ${seconds(warm)}  target ${seconds(TARGET_WARM_MS)}  ${warm <= TARGET_WARM_MS ? "PASS" : "MISS"}`);
  log(`  ratio playground warm / bot alone   ${(warm / bot).toFixed(2)}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
