// `pnpm content suggestions [--server ID]`: the aliases servers accepted on appeal, as a patch to
// the content Markdown (stdout) for maintainers to review and merge for everyone; what could not
// be placed goes to stderr. It opens the database as `pnpm start` does (DATABASE_URL, else the
// embedded PGlite under DATA_DIR — stop the bot first, PGlite serves one process) and reads the
// bank under CONTENT_DIR. It lives with the app because @recall/content may not depend on the
// database; the root `content` script routes this one subcommand here.
import { readFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { aliasSuggestionPatch, loadBank, type AcceptedAlias } from "@recall/content";
import { acceptedAliases, createDatabase, type OpenDatabase } from "@recall/db";
import { envSchema } from "./env.ts";

export const SUGGESTIONS_USAGE = `usage: pnpm content suggestions [--server ID]
  prints the aliases accepted on appeal (every server's, or one server's) as a patch to the content`;

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export interface SuggestionsIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  /** The repository root: relative paths in the environment and in the patch start here. */
  root: string;
  /** A database already open (tests); otherwise it is opened from the environment and closed after. */
  database?: OpenDatabase;
}

const SERVER_ID = /^[0-9]{1,20}$/;

function parseArguments(argv: readonly string[]): { serverId: string | null } | string {
  const [command, ...rest] = argv;
  if (command !== "suggestions") return `unknown command "${command ?? ""}"`;
  let serverId: string | null = null;
  for (let index = 0; index < rest.length; index++) {
    const argument = rest[index];
    if (argument === "--server") {
      const value = rest[++index];
      if (value === undefined || !SERVER_ID.test(value)) return "--server needs a server (guild) id";
      serverId = value;
    } else {
      return `unknown argument "${argument ?? ""}"`;
    }
  }
  return { serverId };
}

export async function runSuggestions(argv: readonly string[], io: SuggestionsIo): Promise<number> {
  const parsed = parseArguments(argv);
  if (typeof parsed === "string") {
    io.err(`${parsed}\n${SUGGESTIONS_USAGE}`);
    return EXIT.usage;
  }
  const env = envSchema.pick({ DATABASE_URL: true, DATA_DIR: true, CONTENT_DIR: true }).safeParse(io.env);
  if (!env.success) {
    io.err(env.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("\n"));
    return EXIT.usage;
  }
  const { DATABASE_URL, DATA_DIR, CONTENT_DIR } = env.data;
  const database =
    io.database ?? (await createDatabase(DATABASE_URL ? { url: DATABASE_URL } : { dataDir: resolve(io.root, DATA_DIR) }));
  try {
    const aliases: AcceptedAlias[] = (await acceptedAliases(database.db, parsed.serverId)).map((alias) => ({
      itemId: alias.itemId,
      pointId: alias.pointId,
      concept: alias.concept,
      alias: alias.alias,
      serverId: alias.serverId,
    }));
    const bank = await loadBank(resolve(io.root, CONTENT_DIR));
    const files = new Map<string, string>();
    for (const file of new Set(bank.items.map((item) => item.source.file))) files.set(file, await readFile(file, "utf8"));
    const { patch, unplaced, alreadyPresent } = aliasSuggestionPatch(files, bank.items, aliases, (file) => relative(io.root, file));
    if (patch.length > 0) io.out(patch.endsWith("\n") ? patch.slice(0, -1) : patch);
    for (const { alias, reason } of unplaced) io.err(`not placed: ${alias.itemId} ${alias.pointId}.${alias.concept} "${alias.alias}": ${reason}`);
    const placed = aliases.length - unplaced.length - alreadyPresent.length;
    io.err(`${aliases.length} accepted alias(es): ${placed} in the patch, ${alreadyPresent.length} already in the content, ${unplaced.length} not placed`);
    return EXIT.ok;
  } finally {
    if (!io.database) await database.close();
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const root = resolve(import.meta.dirname, "../../..");
  runSuggestions(process.argv.slice(2), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    env: process.env,
    root,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = EXIT.failed;
    },
  );
}
