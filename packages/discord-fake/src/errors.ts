/** Base of every error the fake throws at the test that drives it (not the HTTP errors it answers with). */
export class FakeDiscordError extends Error {
  override name = "FakeDiscordError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A waiter (`firstResponse`, `waitForReply`, `waitForMessage`, …) saw no matching event in time. */
export class FakeDiscordTimeoutError extends FakeDiscordError {
  override name = "FakeDiscordTimeoutError";
}

/** The test asked for something the fake cannot do: an unknown guild, message or button, no session. */
export class FakeDiscordUsageError extends FakeDiscordError {
  override name = "FakeDiscordUsageError";
}
