// The playground: the local Discord (with the page) on 127.0.0.1, and the real bot as a child
// process started exactly like `npm start` — only DISCORD_API_BASE, a token for the local Discord,
// DEV_GUILD_ID, its data folder and PLAYGROUND_CLOCK_URL differ.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { loadBank, type QuizItem } from "@recall/content";
import { startFakeDiscord, type FakeDiscord } from "@recall/discord-fake";
import { classmatesAnswer } from "./classmates.ts";
import { DEFAULT_GROUP_TIME, WEEK_MS, latestGroupTime, msToNextDayAt, type GroupTime } from "./clock-actions.ts";
import { buildPageFiles } from "./page-files.ts";
import { APPLICATION_ID, CLASSMATES, GUILD_ID, QUIZ_CHANNEL_ID, playgroundGuild } from "./world.ts";

export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const botDir = join(repoRoot, "apps/bot");

export interface PlaygroundOptions {
  port: number;
  /** Everything the playground keeps: the bot's PGlite database and playground.json. */
  dataDir: string;
  /** The bot's LOG_LEVEL; its log lines go to this process's output. */
  logLevel?: string;
  /** Where the bot's output goes; the terminal by default. */
  botOutput?: "inherit" | "ignore";
}

export interface Playground {
  fake: FakeDiscord;
  url: string;
  /** From the call to "page served and bot connected", in ms. */
  startupMs: number;
  stop(): Promise<void>;
}

/** Saved across runs, so answers already stored keep making sense against the clock. */
interface SavedState {
  clockOffsetMs: number;
  groupTime: GroupTime | null;
}

export class PortInUseError extends Error {
  override readonly name = "PortInUseError";
  constructor(readonly port: number) {
    super(
      `Port ${port} is in use (another playground, or another program). ` +
        `Stop it, or pick another port: PLAYGROUND_PORT=${port + 1} npm run playground`,
    );
  }
}

function readSaved(file: string): SavedState {
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as Partial<SavedState>;
    return {
      clockOffsetMs: typeof saved.clockOffsetMs === "number" && saved.clockOffsetMs >= 0 ? saved.clockOffsetMs : 0,
      groupTime: saved.groupTime ?? null,
    };
  } catch {
    return { clockOffsetMs: 0, groupTime: null };
  }
}

export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const started = performance.now();
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const savedFile = join(dataDir, "playground.json");
  const saved = readSaved(savedFile);
  const token = `playground.${randomBytes(12).toString("hex")}`;

  let fake: FakeDiscord;
  try {
    fake = await startFakeDiscord({ guilds: [playgroundGuild()], applicationId: APPLICATION_ID, validToken: token, port: options.port, heartbeatIntervalMs: 15_000 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") throw new PortInUseError(options.port);
    throw error;
  }
  if (saved.clockOffsetMs > 0) fake.advanceClock(saved.clockOffsetMs);
  // The classmates read the content bank only when asked to answer.
  let items: Promise<Map<string, QuizItem>> | null = null;
  const contentItems = (): Promise<Map<string, QuizItem>> =>
    (items ??= loadBank(join(repoRoot, "content")).then((bank) => new Map(bank.items.map((item) => [item.id, item]))));

  const groupTime = (): GroupTime => latestGroupTime(fake) ?? saved.groupTime ?? DEFAULT_GROUP_TIME;
  const saveClock = (): void => {
    const state: SavedState = { clockOffsetMs: fake.clockOffsetMs, groupTime: groupTime() };
    writeFileSync(savedFile, `${JSON.stringify(state, null, 2)}\n`);
  };

  fake.addLocalAction({
    id: "classmates-answer",
    label: "Classmates answer",
    run: async () => classmatesAnswer(fake, QUIZ_CHANNEL_ID, CLASSMATES, await contentItems()),
  });
  fake.addLocalAction({
    id: "next-day",
    label: "Next day at the group's time",
    run: () => {
      const group = groupTime();
      fake.advanceClock(msToNextDayAt(fake.now(), group));
      saveClock();
      return Promise.resolve(`Now ${new Date(fake.now()).toISOString()} (next day, ${group.time} ${group.timezone}).`);
    },
  });
  fake.addLocalAction({
    id: "plus-week",
    label: "+1 week",
    run: () => {
      fake.advanceClock(WEEK_MS);
      saveClock();
      return Promise.resolve(`Now ${new Date(fake.now()).toISOString()} (+1 week).`);
    },
  });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DISCORD_TOKEN: token,
    DISCORD_API_BASE: fake.apiBase,
    DEV_GUILD_ID: GUILD_ID,
    DATA_DIR: join(dataDir, "pglite"),
    PLAYGROUND_CLOCK_URL: `${fake.pageUrl}_local/clock/events`,
    LOG_LEVEL: options.logLevel ?? "warn",
  };
  delete env.DATABASE_URL; // never the real bot's database
  const bot: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: botDir,
    env,
    stdio: ["ignore", options.botOutput ?? "inherit", options.botOutput ?? "inherit"],
  });
  const exited = new Promise<number | null>((resolveExit) => bot.once("exit", (code) => resolveExit(code)));

  const stop = async (): Promise<void> => {
    if (bot.exitCode === null && bot.signalCode === null) {
      bot.kill("SIGTERM");
      const killTimer = setTimeout(() => bot.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killTimer);
    }
    saveClock();
    await fake.close();
  };

  try {
    // The page is built while the bot starts.
    fake.setPage(await buildPageFiles());
    await Promise.race([
      fake.waitUntil(() => fake.gatewayStats.connectedSessions > 0 && fake.commands(GUILD_ID).length > 0, "the bot to connect and register its commands", {
        timeoutMs: 180_000,
      }),
      exited.then((code) => {
        throw new Error(`the bot stopped before connecting (exit code ${code ?? "none"}); its messages are above`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  const startupMs = performance.now() - started;
  return { fake, url: fake.pageUrl, startupMs, stop };
}
