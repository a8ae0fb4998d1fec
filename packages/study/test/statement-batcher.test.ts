// The group-commit mechanism on its own, with statements the test settles by hand and slot timers
// it fires by hand: no database, no real time.
import { describe, expect, it } from "vitest";
import { createStatementBatcher, StatementBatchError, type BatchedRequest, type CancelTimer } from "../src/statement-batcher.ts";

/** A statement the test has not settled yet: its requests and how to finish it. */
interface OpenStatement {
  batch: ReadonlyArray<BatchedRequest<number, string>>;
  finish(): void;
  crash(error: unknown): void;
}

/** Slot timers that run only when the test says so. */
class ManualTimers {
  private readonly timers = new Set<() => void>();
  set = (_ms: number, run: () => void): CancelTimer => {
    this.timers.add(run);
    return () => void this.timers.delete(run);
  };
  get pending(): number {
    return this.timers.size;
  }
  fireAll(): void {
    const due = [...this.timers];
    this.timers.clear();
    for (const run of due) run();
  }
}

/** Lets every settled promise's callbacks run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function harness(options: { inFlight?: number; perStatement?: number; answer?: (request: number) => string | Error } = {}) {
  const statements: OpenStatement[] = [];
  const timers = new ManualTimers();
  const answer = options.answer ?? ((request: number) => `r${request}`);
  const batcher = createStatementBatcher<number, string>({
    statementsInFlight: options.inFlight ?? 2,
    requestsPerStatement: options.perStatement ?? 100,
    slotMs: 500,
    setTimer: timers.set,
    send(batch) {
      return new Promise<void>((resolve, reject) => {
        statements.push({
          batch,
          finish() {
            for (const entry of batch) {
              const outcome = answer(entry.request);
              if (outcome instanceof Error) entry.fail(outcome);
              else entry.settle(outcome);
            }
            resolve();
          },
          crash: reject,
        });
      });
    },
  });
  return { batcher, statements, timers };
}

describe("statement batcher", () => {
  it("sends a request at once while fewer statements than the limit are out", async () => {
    const { batcher, statements } = harness();
    const result = batcher.submit(1);
    expect(statements).toHaveLength(1);
    expect(statements[0]?.batch.map((entry) => entry.request)).toEqual([1]);
    statements[0]?.finish();
    expect(await result).toBe("r1");
    await flush();
    expect(batcher.inFlight).toBe(0);
  });

  it("groups the requests that arrive while the limit is out into the next statement", async () => {
    const { batcher, statements } = harness({ inFlight: 2 });
    const results = Array.from({ length: 7 }, (_, index) => batcher.submit(index));
    expect(statements.map((statement) => statement.batch.length)).toEqual([1, 1]);
    expect(batcher.waiting).toBe(5);
    statements[0]?.finish();
    await flush();
    // One place freed: everything waiting goes together.
    expect(statements.map((statement) => statement.batch.map((entry) => entry.request))).toEqual([[0], [1], [2, 3, 4, 5, 6]]);
    statements[1]?.finish();
    statements[2]?.finish();
    expect(await Promise.all(results)).toEqual(["r0", "r1", "r2", "r3", "r4", "r5", "r6"]);
  });

  it("splits a group larger than the statement size", async () => {
    const { batcher, statements } = harness({ inFlight: 1, perStatement: 3 });
    const results = Array.from({ length: 8 }, (_, index) => batcher.submit(index));
    statements[0]?.finish();
    await flush();
    statements[1]?.finish();
    await flush();
    statements[2]?.finish();
    await flush();
    expect(statements.map((statement) => statement.batch.length)).toEqual([1, 3, 3, 1]);
    statements[3]?.finish();
    expect(await Promise.all(results)).toHaveLength(8);
  });

  it("settles and fails each request on its own within one statement", async () => {
    const { batcher, statements } = harness({ inFlight: 1, answer: (request) => (request % 2 === 0 ? `r${request}` : new Error(`refused ${request}`)) });
    const results = [0, 1, 2, 3].map((request) => batcher.submit(request));
    statements[0]?.finish();
    await flush();
    statements[1]?.finish();
    const outcomes = await Promise.allSettled(results);
    expect(outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : (outcome.reason as Error).message))).toEqual([
      "r0",
      "refused 1",
      "r2",
      "refused 3",
    ]);
  });

  it("fails the requests a failed statement left unsettled, and sends again afterwards", async () => {
    const { batcher, statements } = harness({ inFlight: 1 });
    const first = batcher.submit(1);
    const grouped = [batcher.submit(2), batcher.submit(3)];
    const lost = new Error("connection lost");
    statements[0]?.crash(lost);
    await expect(first).rejects.toBe(lost);
    await flush();
    expect(statements[1]?.batch.map((entry) => entry.request)).toEqual([2, 3]);
    // A statement that settles some requests and then fails keeps the outcomes it gave.
    statements[1]?.batch[0]?.settle("early");
    statements[1]?.crash(lost);
    const outcomes = await Promise.allSettled(grouped);
    expect(outcomes[0]).toEqual({ status: "fulfilled", value: "early" });
    expect(outcomes[1]).toEqual({ status: "rejected", reason: lost });
    const after = batcher.submit(4);
    await flush();
    statements[2]?.finish();
    expect(await after).toBe("r4");
  });

  it("fails a request its statement resolved without an outcome, rather than leave it waiting", async () => {
    const statements: Array<() => void> = [];
    const batcher = createStatementBatcher<number, string>({
      statementsInFlight: 1,
      requestsPerStatement: 10,
      slotMs: 500,
      setTimer: new ManualTimers().set,
      send: (batch) =>
        new Promise<void>((resolve) => {
          statements.push(() => {
            batch[0]?.settle("only the first");
            resolve();
          });
        }),
    });
    const first = batcher.submit(1);
    const [a, b] = [batcher.submit(2), batcher.submit(3)];
    statements[0]?.();
    expect(await first).toBe("only the first");
    await flush();
    statements[1]?.();
    expect(await a).toBe("only the first");
    await expect(b).rejects.toBeInstanceOf(StatementBatchError);
  });

  it("fails the requests of a statement whose send throws at once", async () => {
    const batcher = createStatementBatcher<number, string>({
      statementsInFlight: 1,
      requestsPerStatement: 10,
      slotMs: 500,
      setTimer: new ManualTimers().set,
      send: () => {
        throw new Error("cannot build the statement");
      },
    });
    await expect(batcher.submit(1)).rejects.toThrow("cannot build the statement");
    expect(batcher.inFlight).toBe(0);
  });

  it("gives up the place of a statement that hangs once its slot time has passed", async () => {
    const { batcher, statements, timers } = harness({ inFlight: 1 });
    const hung = batcher.submit(1);
    const behind = batcher.submit(2);
    expect(statements).toHaveLength(1);
    expect(batcher.waiting).toBe(1);
    timers.fireAll();
    // The next statement goes while the first still hangs; its own request still waits for it.
    expect(statements).toHaveLength(2);
    statements[1]?.finish();
    expect(await behind).toBe("r2");
    statements[0]?.finish();
    expect(await hung).toBe("r1");
    await flush();
    expect(batcher.inFlight).toBe(0);
  });

  it("cancels the slot timer of a statement that finishes in time", async () => {
    const { batcher, statements, timers } = harness({ inFlight: 1 });
    const result = batcher.submit(1);
    expect(timers.pending).toBe(1);
    statements[0]?.finish();
    await result;
    await flush();
    expect(timers.pending).toBe(0);
    // A late timer does not free a second place: the count stays right.
    timers.fireAll();
    expect(batcher.inFlight).toBe(0);
  });

  it("refuses a limit of zero", () => {
    expect(() => createStatementBatcher({ statementsInFlight: 0, requestsPerStatement: 1, slotMs: 1, send: () => Promise.resolve() })).toThrow(RangeError);
  });
});
