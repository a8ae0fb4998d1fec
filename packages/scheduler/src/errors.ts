// Every failure the scheduler reports on purpose is a SchedulerError, so callers can tell
// "the input was wrong" from a bug, and show the message to a member or a log as it is.

export class SchedulerError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SchedulerError";
  }
}

/** A member preference is missing its shape or out of range. */
export class InvalidPreferencesError extends SchedulerError {
  readonly field: string;
  constructor(field: string, message: string, options?: ErrorOptions) {
    super(`Invalid preferences: ${message}`, options);
    this.name = "InvalidPreferencesError";
    this.field = field;
  }
}

/** A rating that is not one of again, hard, good, easy. */
export class InvalidRatingError extends SchedulerError {
  constructor(rating: unknown, options?: ErrorOptions) {
    super(`Invalid rating: ${describeValue(rating)} (expected "again", "hard", "good" or "easy")`, options);
    this.name = "InvalidRatingError";
  }
}

/** A time that is not a valid instant, or a review that goes back in time. */
export class InvalidDateError extends SchedulerError {
  constructor(message: string, options?: ErrorOptions) {
    super(`Invalid date: ${message}`, options);
    this.name = "InvalidDateError";
  }
}

/** A stored card whose fields cannot have come from the scheduler. */
export class CorruptCardError extends SchedulerError {
  readonly field: string;
  constructor(field: string, message: string, options?: ErrorOptions) {
    super(`Corrupt card: ${message}`, options);
    this.name = "CorruptCardError";
    this.field = field;
  }
}

/** An undo asked for with a log that is not the card's last review. */
export class UndoMismatchError extends SchedulerError {
  constructor(message: string, options?: ErrorOptions) {
    super(`Cannot undo: ${message}`, options);
    this.name = "UndoMismatchError";
  }
}

/** A count or limit passed to a selection function is not a whole number ≥ 0. */
export class InvalidSelectionError extends SchedulerError {
  constructor(message: string, options?: ErrorOptions) {
    super(`Invalid selection: ${message}`, options);
    this.name = "InvalidSelectionError";
  }
}

/** How a bad value is quoted in a message: strings in quotes, everything else as written. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
