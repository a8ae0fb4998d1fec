// `npm run playground`: Recall with a local Discord in the browser, no token or account needed.
import { join } from "node:path";
import { PortInUseError, repoRoot, startPlayground } from "./playground.ts";

const DEFAULT_PORT = 3210;

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    console.error(`PLAYGROUND_PORT: must be a port number (1–65535), got "${value}"`);
    process.exit(1);
  }
  return port;
}

async function main(): Promise<void> {
  const port = portFromEnv(process.env.PLAYGROUND_PORT);
  console.log("Starting the Recall playground: database, local Discord and bot…");
  const playground = await startPlayground({
    port,
    dataDir: process.env.PLAYGROUND_DATA_DIR ?? join(repoRoot, ".data/playground"),
    logLevel: process.env.LOG_LEVEL ?? "warn",
  });
  console.log(`\nRecall playground: ${playground.url}  (ready in ${(playground.startupMs / 1000).toFixed(1)} s)`);
  console.log("Open it in your browser. Ctrl-C stops the bot, the local Discord and the database.\n");

  let stopping = false;
  const shutdown = (): void => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping the playground…");
    void playground.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) console.error(error.message);
  else console.error(`The playground could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
