// Migrations are written by hand (functions, advisory locks, partial indexes), but `pnpm generate`
// still diffs src/schema.ts against drizzle-kit's latest snapshot. If the two drift apart, the next
// generated migration would repeat tables that already exist: keep the snapshot current.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as schema from "../src/schema.ts";

/** What the test reads of a snapshot; the rest goes to drizzle-kit as it is. */
interface DrizzleSnapshot {
  id: string;
}

const meta = fileURLToPath(new URL("../drizzle/meta/", import.meta.url));

describe("drizzle-kit snapshot", () => {
  it("is the latest migration's and matches src/schema.ts", async () => {
    const journal = JSON.parse(readFileSync(`${meta}_journal.json`, "utf8")) as { entries: { idx: number; tag: string }[] };
    const latest = journal.entries.at(-1)!;
    const snapshots = readdirSync(meta).filter((name) => name.endsWith("_snapshot.json")).sort();
    expect(snapshots.at(-1)).toBe(`${latest.tag.slice(0, 4)}_snapshot.json`);
    const snapshot = JSON.parse(readFileSync(`${meta}${snapshots.at(-1)!}`, "utf8")) as DrizzleSnapshot;
    const current: unknown = generateDrizzleJson(schema, snapshot.id);
    const statements: unknown = await generateMigration(snapshot as never, current as never); // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion -- drizzle-kit/api types resolve for tsc, not for the linter
    expect(statements).toEqual([]);
  });
});
