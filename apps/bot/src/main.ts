// `pnpm start`: configuration, database, content, Discord — in that order, each failing with a
// message that says what to fix.
import { hostname } from "node:os";
import { resolve } from "node:path";
import { FitRunner } from "@recall/fsrs-optimizer";
import { loadBank } from "@recall/content";
import { createDatabase } from "@recall/db";
import { createStudy } from "@recall/study";
import { createBot } from "./bot.ts";
import { EnvError, loadEnv } from "./env.ts";
import { startHealthServer } from "./health.ts";
import { createLogger } from "./logging.ts";
import { runShardManager } from "./sharding.ts";
import { followClock } from "./playground-clock.ts";

// pnpm runs the app from its own folder; paths in the environment are relative to the repository.
const repoRoot = resolve(import.meta.dirname, "../../..");

async function main(): Promise<void> {
  const env = loadEnv(process.env);
  const logger = createLogger(env.LOG_LEVEL);

  if (env.sharding.mode === "manager") {
    // SHARD_COUNT=auto: this process only starts and watches one bot process per shard.
    const manager = await runShardManager({
      token: env.DISCORD_TOKEN,
      script: import.meta.filename,
      logger,
      ...(env.DISCORD_API_BASE ? { apiBase: env.DISCORD_API_BASE } : {}),
    });
    logger.info({ shardCount: manager.shardCount }, "every shard process is ready");
    const stop = (signal: string) => {
      logger.info({ signal }, "stopping the shard processes");
      manager.stop();
      process.exit(0);
    };
    process.on("SIGINT", () => stop("SIGINT"));
    process.on("SIGTERM", () => stop("SIGTERM"));
    return;
  }
  const { shardIds, shardCount } = env.sharding;

  const database = await createDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: resolve(repoRoot, env.DATA_DIR) },
  );
  logger.info({ kind: database.kind }, "database ready, migrations applied");

  const contentDir = resolve(repoRoot, env.CONTENT_DIR);
  const bank = await loadBank(contentDir);
  for (const problem of bank.problems) {
    const line = `${problem.file}:${problem.line}:${problem.column} ${problem.kind} ${problem.message}`;
    if (problem.severity === "error") logger.error(line);
    else logger.debug(line);
  }
  // Only the playground moves time; everywhere else the clock is real time.
  const playgroundClock = env.PLAYGROUND_CLOCK_URL ? await followClock(env.PLAYGROUND_CLOCK_URL, logger) : null;
  const clock = playgroundClock ? { clock: () => playgroundClock.now() } : {};
  const study = createStudy({ db: database.db, items: bank.items, ...clock });
  const sync = await study.syncContent();
  logger.info({ contentDir, items: bank.items.length, ...sync }, "content synced");
  const compiling = performance.now();
  logger.info({ items: study.prepareGrading(), ms: Math.round(performance.now() - compiling) }, "answer keys compiled");
  // Imported decks join the bank in memory, so answers to their cards are graded after a restart.
  logger.info({ items: await study.loadDecks() }, "decks loaded");

  const bot = createBot({
    token: env.DISCORD_TOKEN,
    study,
    logger,
    ...(env.DISCORD_API_BASE ? { apiBase: env.DISCORD_API_BASE } : {}),
    ...(env.DEV_GUILD_ID ? { devGuildId: env.DEV_GUILD_ID } : {}),
    shards: { ids: shardIds, count: shardCount },
    ...clock,
    // Personal FSRS weights: one fit at a time, each in a child process killed after 2 minutes.
    fsrsFits: { runner: new FitRunner({ timeoutMs: 120_000 }), worker: `${hostname()}:${process.pid}`, everyMs: 10 * 60_000 },
  });
  // A moved clock may make today's post, a reveal or a weekly summary due at once.
  playgroundClock?.onChange(() => void bot.runDailyCycle());

  let stopping = false;
  let stopHealth: () => Promise<void> = () => Promise.resolve();
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    playgroundClock?.stop();
    // bot.stop() lets answers in flight finish (at most 10 s) before the database closes.
    void stopHealth()
      .then(() => bot.stop())
      .then(() => database.close())
      .then(() => process.exit(0));
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));

  await bot.start();

  if (env.HEALTH_PORT !== undefined) {
    const health = await startHealthServer({
      port: env.HEALTH_PORT,
      host: env.HEALTH_HOST,
      checks: { gateway: () => bot.connected(), database: () => database.db.execute("select 1") },
    });
    logger.info({ host: env.HEALTH_HOST, port: health.port }, "health check listening on /healthz");
    stopHealth = () => health.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? `Recall could not start: ${error.message}` : error);
  }
  process.exit(1);
});
