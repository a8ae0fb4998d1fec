// Logs never hold what members typed. Database errors are the risk: drizzle's wrapper repeats the
// failed query and its parameters in its message (and so in its stack), and postgres.js errors
// carry `query` and `parameters`, so logging one with pino's default serializer would write an
// answer's text to disk, where `/me forget` cannot reach it. Errors are therefore logged as a
// fixed set of fields: type, the first line of the message (quoted values blanked) unless it
// is a query, a SQLSTATE-like code, the stack frames, and the same for each cause.
import { pino, type Logger, type DestinationStream } from "pino";

export interface SafeError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: SafeError;
}

const MAX_CAUSES = 5;

/** What drizzle's wrapper and postgres.js put at the start of a message that quotes a query. */
function isQueryEcho(line: string): boolean {
  return /^\s*(failed query|query|params|parameters)\s*:/i.test(line);
}

// PostgreSQL quotes offending values in its messages (`invalid input syntax for type integer: "…"`).
function safeMessage(message: string): string {
  const first = message.split("\n", 1)[0] ?? "";
  if (isQueryEcho(first)) return "(a database query failed; its text and parameters are not logged)";
  return first.slice(0, 300).replace(/"[^"]*"?/g, '"…"').replace(/'[^']*'?/g, "'…'");
}

function safeStack(error: Error): string | undefined {
  const stack = error.stack;
  if (!stack) return undefined;
  // V8 starts the stack with the whole message, which may span lines of member text: skip it.
  const at = error.message.length > 0 ? stack.indexOf(error.message) : -1;
  const rest = at >= 0 ? stack.slice(at + error.message.length) : stack;
  const frames = rest.split("\n").filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join("\n") : undefined;
}

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: "(a non-Error value was thrown; not logged)" };
  }
  const code = (error as { code?: unknown }).code;
  const out: SafeError = { type: error.name || error.constructor.name, message: safeMessage(error.message) };
  if (typeof code === "string" && code.length <= 40) out.code = code;
  const stack = safeStack(error);
  if (stack) out.stack = stack;
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = safeError(error.cause, depth + 1);
  return out;
}

/** The serializers every Recall logger uses: `err` (and `error`) go through safeError. */
export const safeSerializers = { err: safeError, error: safeError } as const;

/** A logger that cannot write an error's query or parameters, whoever made the parent. */
export function withSafeErrors(logger: Logger): Logger {
  return logger.child({}, { serializers: safeSerializers });
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, serializers: safeSerializers };
  return destination ? pino(options, destination) : pino(options);
}
