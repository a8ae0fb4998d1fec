// The bot's whole configuration, read once at start-up. Every other module receives config as
// arguments; a bad variable is named here, before anything connects.
import { z } from "zod";

const snowflake = z.string().regex(/^\d{17,20}$/, "must be a Discord id (17–20 digits)");

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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  HEALTH_PORT: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, "must be a port number (1–65535)")
    .transform(Number)
    .refine((port) => port >= 1 && port <= 65_535, "must be a port number (1–65535)")
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

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
  const parsed = envSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  throw new EnvError(
    parsed.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? "environment"),
      message: issue.message,
    })),
  );
}
