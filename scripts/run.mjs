#!/usr/bin/env node
// The two front-door commands, `npm start` and `npm test`, for a machine that has only Node 20
// and npm: make sure the pinned pnpm is there, install the workspace, then run the real task.
// Later runs skip what is already done, so the same command serves every day.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const PNPM_VERSION = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"))
  .packageManager.replace(/^pnpm@/, "");

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

// An app runs as a plain Node process (TypeScript through tsx), not under `pnpm run`: its own
// message is then the last thing printed when it stops, and Ctrl-C reaches it directly.
const tasks = {
  start: { app: "apps/bot", entry: "src/main.ts" },
  playground: { app: "apps/playground", entry: "src/main.ts" },
  test: { pnpm: [["exec", "turbo", "run", "test", "--continue"]] },
};

const task = process.argv[2];
if (!(task in tasks)) {
  console.error(`usage: node scripts/run.mjs <${Object.keys(tasks).join("|")}>`);
  process.exit(2);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function installedPnpmVersion() {
  const result = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

// Invoked through pnpm itself (`pnpm start`): pnpm is present, only install if needed.
const viaPnpm = (process.env.npm_config_user_agent ?? "").startsWith("pnpm/");
if (!viaPnpm && installedPnpmVersion() !== PNPM_VERSION) {
  console.log(`Installing pnpm ${PNPM_VERSION} (once)…`);
  if (run("npm", ["install", "--global", `pnpm@${PNPM_VERSION}`]) !== 0) {
    console.error(`Could not install pnpm ${PNPM_VERSION}. Install it by hand: npm i -g pnpm@${PNPM_VERSION}`);
    process.exit(1);
  }
}

const frozen = process.env.CI ? ["--frozen-lockfile"] : [];
if (run("pnpm", ["install", "--prefer-offline", ...frozen]) !== 0) process.exit(1);

const { app, entry, pnpm = [] } = tasks[task];
for (const args of pnpm) {
  const status = run("pnpm", args);
  if (status !== 0) process.exit(status);
}
if (app) {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: new URL(app, `file://${repoRoot}/`),
    stdio: "inherit",
    env: process.env,
  });
  // Ctrl-C reaches the app from the terminal as well; forwarding covers a signal sent to this process alone.
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
