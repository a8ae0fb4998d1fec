// The database as the study sees it, with every prepared statement's execution passed through a
// hook: tests count round trips, fail them or hold them back. Claims and the answer path's
// statements are all prepared, so the hook sees each round trip.
import type { Database } from "@recall/db";

/** Sees one execution: `run` sends it; `name` is its prepared name ("" if built on the spot), `values` its parameters. */
export type StatementHook = (run: () => Promise<unknown>, name: string, values: unknown) => Promise<unknown>;

export function hookedStatements(db: Database, hook: StatementHook): Database {
  const session = new Proxy(db._.session, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== "prepareQuery" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const prepared = Reflect.apply(value, target, args) as object;
        const name = typeof args[2] === "string" ? args[2] : "";
        return new Proxy(prepared, {
          get(statement, key, statementReceiver) {
            const member: unknown = Reflect.get(statement, key, statementReceiver);
            if (key !== "execute" || typeof member !== "function") return member;
            return (...values: unknown[]) => hook(() => Reflect.apply(member, statement, values) as Promise<unknown>, name, values[0]);
          },
        });
      };
    },
  });
  const internals = { ...db._, session };
  return new Proxy(db, { get: (target, property, receiver) => (property === "_" ? internals : (Reflect.get(target, property, receiver) as unknown)) });
}
