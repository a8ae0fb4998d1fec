// Group commit for statements run once per interaction. A burst (a study group answering the
// moment the quiz posts) asks for hundreds of the same statement at once, each a round trip whose
// socket write costs the bot more CPU than the statement costs the database. So requests are
// grouped: while fewer than `statementsInFlight` statements are out, a request goes at once;
// beyond that, the requests that arrive wait and go together in the next statement, as a database
// groups commits. Nothing waits when the bot is quiet, and a burst costs a few round trips.
//
// A statement that hangs (a stalled connection) gives up its place after `slotMs`, so it cannot
// hold back the requests behind it; its own requests still wait for it to settle or fail.

/** One request inside a statement: the statement settles or fails each one on its own. */
export interface BatchedRequest<Request, Result> {
  readonly request: Request;
  settle(result: Result): void;
  fail(error: unknown): void;
}

/** Cancels a scheduled call. */
export type CancelTimer = () => void;

export interface StatementBatcherOptions<Request, Result> {
  /** Statements out at once before requests wait to be grouped. */
  statementsInFlight: number;
  /** Requests per statement: a larger group goes in several. */
  requestsPerStatement: number;
  /** How long a statement counts as in flight at most. */
  slotMs: number;
  /**
   * Runs one statement for `batch` and settles or fails each of its requests. If it rejects, the
   * requests it left unsettled fail with its error; if it resolves without settling some, those
   * fail with a StatementBatchError (a request never waits for ever).
   */
  send(batch: ReadonlyArray<BatchedRequest<Request, Result>>): Promise<void>;
  /** Injected by tests; by default an unref'd setTimeout (a slot timer never keeps a process up). */
  setTimer?: (ms: number, run: () => void) => CancelTimer;
}

/** A statement resolved without an outcome for one of its requests: a bug in its `send`. */
export class StatementBatchError extends Error {
  override readonly name = "StatementBatchError";
}

export interface StatementBatcher<Request, Result> {
  /** Sends `request` in the next statement; resolves or rejects with its own outcome. */
  submit(request: Request): Promise<Result>;
  /** Statements out now (for tests and diagnostics). */
  readonly inFlight: number;
  /** Requests waiting for a place in a statement. */
  readonly waiting: number;
}

function defaultTimer(ms: number, run: () => void): CancelTimer {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

export function createStatementBatcher<Request, Result>(
  options: StatementBatcherOptions<Request, Result>,
): StatementBatcher<Request, Result> {
  if (!(options.statementsInFlight >= 1 && options.requestsPerStatement >= 1)) {
    throw new RangeError("a statement batcher needs at least one statement in flight and one request per statement");
  }
  const setTimer = options.setTimer ?? defaultTimer;
  const waiting: Array<BatchedRequest<Request, Result> & { done: boolean }> = [];
  let inFlight = 0;

  function sendWaiting(): void {
    while (inFlight < options.statementsInFlight && waiting.length > 0) send(waiting.splice(0, options.requestsPerStatement));
  }

  function send(batch: Array<BatchedRequest<Request, Result> & { done: boolean }>): void {
    inFlight += 1;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      cancelSlot();
      inFlight -= 1;
      sendWaiting();
    };
    const cancelSlot = setTimer(options.slotMs, release);
    const failUnsettled = (error: unknown): void => {
      for (const entry of batch) if (!entry.done) entry.fail(error);
    };
    let sent: Promise<void>;
    try {
      sent = options.send(batch);
    } catch (error) {
      failUnsettled(error);
      release();
      return;
    }
    sent
      .then(
        // Built only when needed: an Error captures a stack, and a statement normally settles all.
        () => {
          if (batch.some((entry) => !entry.done)) failUnsettled(new StatementBatchError("the statement gave this request no outcome"));
        },
        failUnsettled,
      )
      .finally(release);
  }

  return {
    submit(request: Request): Promise<Result> {
      let resolveWith!: (result: Result) => void;
      let rejectWith!: (error: unknown) => void;
      const result = new Promise<Result>((resolve, reject) => {
        resolveWith = resolve;
        rejectWith = reject;
      });
      const entry = {
        request,
        done: false,
        settle(value: Result): void {
          if (entry.done) return;
          entry.done = true;
          resolveWith(value);
        },
        fail(error: unknown): void {
          if (entry.done) return;
          entry.done = true;
          rejectWith(error);
        },
      };
      waiting.push(entry);
      sendWaiting();
      return result;
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
