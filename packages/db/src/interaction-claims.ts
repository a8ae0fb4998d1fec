// Once per interaction id across processes: two bot processes (or a restart mid-delivery) that
// receive the same INTERACTION_CREATE insert the same key, and only the one that inserted it
// acknowledges. Rows are only needed for the few minutes an interaction can be re-delivered.
import { lt, sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { interactionClaims } from "./schema.ts";

/** True for exactly one caller per interaction id. */
export async function claimInteraction(db: Database, interactionId: string, now: Date): Promise<boolean> {
  return mapErrors(async () => {
    const rows = await db
      .insert(interactionClaims)
      .values({ interactionId, claimedAt: now })
      .onConflictDoNothing({ target: interactionClaims.interactionId })
      .returning({ id: interactionClaims.interactionId });
    return rows.length === 1;
  });
}

/** Drops claims older than `before` (an interaction token lives 15 minutes); returns how many. */
export async function pruneInteractionClaims(db: Database, before: Date): Promise<number> {
  return mapErrors(async () => {
    const rows = await db
      .delete(interactionClaims)
      .where(lt(interactionClaims.claimedAt, before))
      .returning({ id: sql<string>`${interactionClaims.interactionId}` });
    return rows.length;
  });
}
