// `pnpm content …`: the content CLI (@recall/content), except `suggestions`, which reads the
// database and so runs from the app (@recall/content may not depend on @recall/db).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const entry = args[0] === "suggestions" ? "../apps/bot/src/content-suggestions.ts" : "../packages/content/src/cli.ts";
const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL(entry, import.meta.url)), ...args], {
  stdio: "inherit",
});
child.on("exit", (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exitCode = code ?? 1;
});
