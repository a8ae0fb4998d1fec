import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createDatabase } from "@recall/db";
import { createStudy } from "@recall/study";
import { createLogger, safeError, withSafeErrors } from "../src/logging.ts";
import { contentItems, TestClock } from "./harness.ts";

const SECRET = "my-secret-answer-text 参考模型";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { lines, logger: createLogger("info", stream) };
}

/** Shaped as drizzle's wrapper around a postgres.js error: both quote the query and parameters. */
function driverShapedError(): Error {
  const driver = Object.assign(new Error(`invalid input syntax for type integer: "${SECRET}"`), {
    code: "22P02",
    query: "select $1::int",
    parameters: [SECRET],
    args: [SECRET],
  });
  return Object.assign(new Error(`Failed query: select $1::int\nparams: ${SECRET}`, { cause: driver }), {
    query: "select $1::int",
    params: [SECRET],
  });
}

describe("logging", () => {
  it("logs a database error with neither its query nor its parameters", () => {
    const { lines, logger } = capture();
    logger.error({ err: driverShapedError() }, "answer failed");
    const logged = lines.join("");
    expect(logged).not.toContain("my-secret");
    expect(logged).not.toContain("select $1");
    const entry = JSON.parse(lines[0] ?? "{}") as { err: { message: string; cause: { code: string; message: string } } };
    expect(entry.err.message).toBe("(a database query failed; its text and parameters are not logged)");
    expect(entry.err.cause.code).toBe("22P02");
    expect(entry.err.cause.message).toBe('invalid input syntax for type integer: "…"');
  });

  it("keeps member text that spans lines out of the stack", () => {
    const error = new Error(`Failed query: x\nparams: a\n    at ${SECRET}`);
    expect(JSON.stringify(safeError(error))).not.toContain("my-secret");
    expect(safeError(error).stack).toMatch(/^\s+at /);
  });

  it("guards a logger made elsewhere (the bot wraps whatever it is given)", () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    });
    const plain = createLogger("info", stream).child({}, { serializers: { err: (e: unknown) => e } });
    withSafeErrors(plain).error({ err: driverShapedError() }, "x");
    expect(lines.join("")).not.toContain("my-secret");
  });

  it("logs a real failure on the answer path without the answer", async () => {
    const database = await createDatabase({ inMemory: true });
    try {
      const items = await contentItems();
      const study = createStudy({ db: database.db, items, clock: new TestClock(Date.parse("2026-11-30T10:00:00Z")).now });
      await study.syncContent();
      // The write fails inside the statement that carries the answer's text as a parameter.
      await database.db.execute("drop table answers cascade");
      const failure = await study
        .submitAnswer({
          deliveryKey: "300000000000000001",
          member: { userId: "200000000000000009", serverId: "100000000000000001", displayName: "Eve", locale: "en-US" },
          postId: null,
          itemId: items[0]!.id,
          text: SECRET,
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(Error);
      expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure)) + String((failure as Error).cause)).toContain("my-secret");
      const { lines, logger } = capture();
      logger.error({ err: failure }, "interaction failed");
      expect(lines.join("")).not.toContain("my-secret");
    } finally {
      await database.close();
    }
  });
});
