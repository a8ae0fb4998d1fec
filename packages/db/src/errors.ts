// Errors callers can act on. Driver errors (postgres.js, PGlite, wrapped by drizzle) are mapped
// here so that no caller has to know which driver is underneath.

export class DbError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DbError";
  }
}

export class ConnectionError extends DbError {
  constructor(
    message: string,
    readonly host: string,
    readonly port: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ConnectionError";
  }
}

export class MigrationError extends DbError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MigrationError";
  }
}

export const CONSTRAINT_KINDS = ["unique", "foreign-key", "check", "not-null"] as const;
export type ConstraintKind = (typeof CONSTRAINT_KINDS)[number];

export class ConstraintViolationError extends DbError {
  constructor(
    readonly kind: ConstraintKind,
    /** The constraint or index name from the schema, e.g. `quiz_posts_group_date_unique`. */
    readonly constraint: string,
    options?: { cause?: unknown },
  ) {
    super(`${kind} constraint ${constraint} violated`, options);
    this.name = "ConstraintViolationError";
  }
}

/** The card changed since the caller read it (another review got there first): re-read and retry. */
export class StaleCardError extends DbError {
  constructor(
    readonly memberId: number,
    readonly itemId: string,
    options?: { cause?: unknown },
  ) {
    super(`card of member ${memberId} for item ${itemId} changed since it was read`, options);
    this.name = "StaleCardError";
  }
}

/** An answer to a daily post that is closed (or does not exist): the quiz is over. */
export class QuizPostClosedError extends DbError {
  constructor(
    readonly quizPostId: number,
    options?: { cause?: unknown },
  ) {
    super(`daily post ${quizPostId} is closed`, options);
    this.name = "QuizPostClosedError";
  }
}

export class NotFoundError extends DbError {
  constructor(message: string) {
    super(message);
    this.name = "NotFoundError";
  }
}

const SQLSTATE_KINDS: Record<string, ConstraintKind> = {
  "23505": "unique",
  "23503": "foreign-key",
  "23514": "check",
  "23502": "not-null",
};

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  column?: unknown;
  column_name?: unknown;
  table?: unknown;
  table_name?: unknown;
}

/** Finds the driver's own error under drizzle's wrapper (drizzle ≥ 0.44 wraps query errors). */
function driverErrorOf(error: unknown): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const candidate = current as DriverError;
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = current.cause;
  }
  return undefined;
}

/** The SQLSTATE of a driver error, wrapped or not. */
export function sqlStateOf(error: unknown): string | undefined {
  const code = driverErrorOf(error)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Maps a driver error to a DbError; anything that is not a database error passes through. */
export function mapDbError(error: unknown): unknown {
  if (error instanceof DbError) return error;
  const driverError = driverErrorOf(error);
  if (!driverError) return error;
  const code = driverError.code as string;
  const kind = SQLSTATE_KINDS[code];
  if (kind) {
    const constraint =
      str(driverError.constraint) ??
      str(driverError.constraint_name) ??
      // A not-null violation names a column, not a constraint.
      [str(driverError.table) ?? str(driverError.table_name), str(driverError.column) ?? str(driverError.column_name)]
        .filter(Boolean)
        .join(".");
    return new ConstraintViolationError(kind, constraint || "unknown", { cause: error });
  }
  // The driver's own message: drizzle's wrapper message repeats the query and its parameters.
  const message = driverError instanceof Error ? driverError.message : String(error);
  return new DbError(`database error ${code}: ${firstLine(message)}`, { cause: error });
}

/** Runs a database call and rethrows driver errors as typed ones. */
export async function mapErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw mapDbError(error);
  }
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}
