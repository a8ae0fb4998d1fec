// The bot's whole configuration, read once at start-up. Every other module receives config as
// arguments; a bad variable is named here, before anything connects.
import { z } from "zod";

const snowflake = z.string().regex(/^\d{17,20}$/, "must be a Discord id (17–20 digits)");

/** Discord's own ceiling on shards per bot is far lower; this only catches a typo. */
const MAX_SHARDS = 4096;

const shardingSchema = {
  SHARD_COUNT: z
    .string()
    .trim()
    .regex(/^(auto|\d+)$/, 'must be a whole number of shards (1 or more) or "auto"')
    .transform((value) => (value === "auto" ? value : Number(value)))
    .pipe(z.union([z.literal("auto"), z.number().int().min(1, "must be at least 1").max(MAX_SHARDS, `must be at most ${MAX_SHARDS}`)]))
    .optional(),
  SHARD_IDS: z
    .string()
    .regex(/^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$/, 'must list shard ids such as "0,1" or "0-3"')
    .transform(parseShardIds)
    .optional(),
};

/** "0-2,5" → [0, 1, 2, 5]; ranges are inclusive, order and duplicates are checked by the schema. */
function parseShardIds(list: string): number[] {
  return list.split(",").flatMap((part) => {
    const [from, to] = part.split("-").map((bound) => Number(bound.trim())) as [number, number | undefined];
    if (to === undefined) return [from];
    return to < from || to - from > MAX_SHARDS ? [Number.NaN] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

export const envSchema = z.object({
  DISCORD_TOKEN: z
    .string({ error: "is required" })
    .trim()
    .min(1, "is required")
    .regex(/^[\w.-]+$/, "does not look like a bot token (letters, digits, '.', '_' and '-' only)"),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().trim().min(1).default(".data"),
  CONTENT_DIR: z.string().trim().min(1).default("content"),
  DISCORD_API_BASE: z.url({ error: "must be a URL such as http://127.0.0.1:8080/api" }).optional(),
  DEV_GUILD_ID: snowflake.optional(),
  /** Set only by `npm run playground`: the local Discord's clock stream the bot's clock follows. */
  PLAYGROUND_CLOCK_URL: z.url({ error: "must be a URL such as http://127.0.0.1:3210/_local/clock/events" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ...shardingSchema,
  HEALTH_PORT: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, "must be a port number (1–65535)")
    .transform(Number)
    .refine((port) => port >= 1 && port <= 65_535, "must be a port number (1–65535)")
    .optional(),
  /** The health server's address: every interface by default, for a container's probes; 127.0.0.1 keeps it local. */
  HEALTH_HOST: z
    .string()
    .trim()
    .regex(/^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f:]+|localhost)$/, "must be an IP address such as 127.0.0.1 or 0.0.0.0")
    .default("0.0.0.0"),
});

type ParsedEnv = z.infer<typeof envSchema>;

/**
 * Which shards this process runs. `single`: this process identifies as `shardIds` of
 * `shardCount` (by default shard 0 of 1, the whole bot). `manager`: SHARD_COUNT=auto — this
 * process asks Discord for the recommended count and starts one child process per shard on this
 * machine (discord.js's ShardingManager), each then in `single` mode.
 */
export type Sharding = { mode: "single"; shardIds: number[]; shardCount: number } | { mode: "manager" };

export type Env = Omit<ParsedEnv, "SHARD_COUNT" | "SHARD_IDS"> & { sharding: Sharding };

export class EnvError extends Error {
  override readonly name = "EnvError";
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(formatProblems(problems));
  }
}

const TOKEN_HELP = [
  "  Recall needs a Discord bot token to connect:",
  "  1. Open https://discord.com/developers/applications and create an application (or pick yours).",
  "  2. Bot → Reset Token → copy it.",
  "  3. Start with it in the environment: DISCORD_TOKEN=... npm start",
  "  Invite the bot with the scopes bot + applications.commands.",
  "",
  "  To try Recall first without a token or a Discord account: npm run playground",
  "  (runs Recall locally, with a local Discord in your browser).",
].join("\n");

function formatProblems(problems: { variable: string; message: string }[]): string {
  const lines = problems.map((p) => `  ${p.variable}: ${p.message}`);
  const needsToken = problems.some((p) => p.variable === "DISCORD_TOKEN");
  return ["Invalid configuration:", ...lines, ...(needsToken ? ["", TOKEN_HELP] : [])].join("\n");
}

/** Validate the environment; empty strings count as unset so `VAR=` in a shell does not surprise. */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => {
      const value = source[key];
      return [key, value === undefined || value.trim() === "" ? undefined : value];
    }),
  );
  // A child started by discord.js's ShardingManager is told its shard in SHARDS (and the total in
  // SHARD_COUNT, which it overwrites): that is this process's SHARD_IDS.
  if (cleaned.SHARD_IDS === undefined && source.SHARDING_MANAGER === "true" && source.SHARDS?.trim()) {
    cleaned.SHARD_IDS = source.SHARDS;
  }
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        message: issue.message,
      })),
    );
  }
  const { SHARD_COUNT, SHARD_IDS, ...rest } = parsed.data;
  const sharding = shardingOf(SHARD_COUNT, SHARD_IDS);
  const severalProcesses = sharding.mode === "manager" || sharding.shardIds.length < sharding.shardCount;
  if (severalProcesses && !rest.DATABASE_URL) {
    // Embedded PGlite belongs to one process; the processes of one bot must share a database.
    throw new EnvError([
      {
        variable: sharding.mode === "manager" ? "SHARD_COUNT" : "SHARD_IDS",
        message: "runs the bot in several processes, which need one shared PostgreSQL: set DATABASE_URL",
      },
    ]);
  }
  return { ...rest, sharding };
}

function shardingOf(given: number | "auto" | undefined, ids: number[] | undefined): Sharding {
  const count = given ?? 1;
  if (count === "auto") {
    if (ids) throw new EnvError([{ variable: "SHARD_IDS", message: 'needs a number in SHARD_COUNT; with SHARD_COUNT=auto every shard runs on this machine' }]);
    return { mode: "manager" };
  }
  if (!ids) return { mode: "single", shardIds: Array.from({ length: count }, (_, i) => i), shardCount: count };
  const problems: string[] = [];
  const outside = ids.filter((id) => !(id < count));
  if (ids.some((id) => Number.isNaN(id))) problems.push('has a range that runs backwards (write "0-3", not "3-0")');
  else if (outside.length > 0) problems.push(`shard ${outside[0]} does not exist: with SHARD_COUNT=${count} the ids are 0–${count - 1}`);
  if (new Set(ids).size !== ids.length) problems.push("names a shard twice");
  if (problems.length > 0) throw new EnvError(problems.map((message) => ({ variable: "SHARD_IDS", message })));
  return { mode: "single", shardIds: [...ids].sort((a, b) => a - b), shardCount: count };
}
