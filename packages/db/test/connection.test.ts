import { describe, expect, it } from "vitest";
import { ConnectionError, ConstraintViolationError, DbError, createDatabase, mapDbError } from "../src/index.ts";

describe("connecting to PostgreSQL", () => {
  it("names host and port of an unreachable server, never the password", async () => {
    const failure = await createDatabase({ url: "postgres://root:s3cret-pw@127.0.0.1:1/recall" }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ConnectionError);
    expect((failure as ConnectionError).message).toBe("cannot connect to PostgreSQL at 127.0.0.1:1: connection refused (ECONNREFUSED)");
    expect(failure).toMatchObject({ host: "127.0.0.1", port: 1 });
    expect(JSON.stringify(failure)).not.toContain("s3cret-pw");
    expect(String((failure as Error).stack)).not.toContain("s3cret-pw");
  });

  it("rejects a malformed URL without echoing it", async () => {
    const failure = await createDatabase({ url: "not a url with s3cret" }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ConnectionError);
    expect((failure as Error).message).toBe("the database URL is not a valid URL");
  });
});

describe("mapping driver errors", () => {
  it("turns a unique violation under drizzle's wrapper into ConstraintViolationError", () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "x_unique"'), {
      code: "23505",
      constraint_name: "x_unique",
    });
    const wrapped = new Error("Failed query: insert ... params: secret text", { cause: driverError });

    const mapped = mapDbError(wrapped);
    expect(mapped).toBeInstanceOf(ConstraintViolationError);
    expect(mapped).toMatchObject({ kind: "unique", constraint: "x_unique", message: "unique constraint x_unique violated" });
    expect((mapped as Error).cause).toBe(wrapped);
  });

  it("reports other database errors by SQLSTATE with the driver's message, not the query", () => {
    const driverError = Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
    const mapped = mapDbError(new Error("Failed query: select secret", { cause: driverError }));

    expect(mapped).toBeInstanceOf(DbError);
    expect((mapped as Error).message).toBe("database error 57014: canceling statement due to statement timeout");
  });

  it("passes errors that are not from the database through unchanged", () => {
    const error = new TypeError("boom");
    expect(mapDbError(error)).toBe(error);
  });
});
