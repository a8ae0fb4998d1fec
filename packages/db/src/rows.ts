// Small conversions shared by the query modules: the two drivers shape raw results differently.
import { sql, type Column, type SQL } from "drizzle-orm";
import { DbError } from "./errors.ts";
import type { CardState, CardStateName } from "@recall/scheduler";
import type { Database } from "./database.ts";
import type { cards } from "./schema.ts";

/** Runs raw SQL and returns its rows whatever the driver (postgres.js: an array; PGlite: `{ rows }`). */
export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as Row[];
  return (result as { rows: Row[] }).rows;
}

export function iso(date: Date): string {
  return date.toISOString();
}

export function isoOrNull(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export type CardRow = typeof cards.$inferSelect;

export function cardFromRow(row: CardRow): CardState {
  return {
    due: iso(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    scheduledDays: row.scheduledDays,
    learningSteps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as CardStateName,
    lastReview: isoOrNull(row.lastReview),
  };
}

export function cardColumns(card: CardState) {
  return {
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduledDays,
    learningSteps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.lastReview === null ? null : new Date(card.lastReview),
  };
}

/** Same review position: what optimistic concurrency compares (reps alone can repeat after undo). */
export function sameCard(a: CardState, b: CardState): boolean {
  return a.reps === b.reps && sameInstant(a.lastReview, b.lastReview) && a.state === b.state;
}

function sameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return new Date(a).getTime() === new Date(b).getTime();
}

/**
 * A query built once per database and reused: for the reads on every interaction, building the
 * query costs more client CPU than the indexed read itself. `build` must use placeholders.
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const byDatabase = new WeakMap<Database, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

/**
 * A raw statement prepared once per database, for the statements run on every answer that the
 * query builder cannot express (a function call, a data-modifying CTE, JSON arrays): drizzle
 * builds an `sql` template again on every execute, which costs more client CPU than the round
 * trip itself. `text` numbers its parameters $1…$n in the order of `names`. Rows come back as
 * the driver gives them (snake_case columns, timestamps as text).
 */
export function preparedStatement(name: string, text: string, names: readonly string[]) {
  const prepared = preparedPerDatabase((db) =>
    db._.session.prepareQuery({ sql: text, params: names.map((param) => sql.placeholder(param)) }, undefined, name, false),
  );
  return async <Row>(db: Database, values: Readonly<Record<string, unknown>>): Promise<Row[]> => {
    const result: unknown = await prepared(db).execute(values);
    return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
  };
}

/**
 * `(group, date) in (…)` for many pairs in one condition, as two arrays unnested side by side.
 * The values go as array literals, checked first: integers and ISO dates need no quoting.
 */
export function groupDateIn(groupColumn: Column, dateColumn: Column, pairs: ReadonlyArray<readonly [number, string]>): SQL {
  for (const [groupId, date] of pairs) {
    if (!Number.isInteger(groupId) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      throw new DbError(`not a group id and ISO date: ${groupId}, ${date}`);
    }
  }
  const groups = `{${pairs.map(([groupId]) => groupId).join(",")}}`;
  const dates = `{${pairs.map(([, date]) => date).join(",")}}`;
  return sql`(${groupColumn}, ${dateColumn}) in (select * from unnest(${groups}::int[], ${dates}::date[]))`;
}
