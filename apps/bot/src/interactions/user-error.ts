// A mistake the member can fix (bad time format, not allowed, nothing due). The error boundary
// answers it privately in the member's language; anything else is a bug and gets an apology.

export class UserError extends Error {
  override readonly name = "UserError";
  constructor(
    /** A message-catalogue key: stable, so tests and translations can rely on it. */
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(key, options);
  }
}
