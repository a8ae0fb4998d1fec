// Once per interaction id across processes: two bot processes (or a restart mid-delivery) that
// receive the same INTERACTION_CREATE insert the same key, and only the one that inserted it
// acknowledges. Rows are only needed for the few minutes an interaction can be re-delivered.
import { lt, sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { preparedStatement } from "./rows.ts";
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

/**
 * Many claims in one statement (a burst of interactions arriving together): returns the ids this
 * caller inserted, each of which no other caller gets. The ids go as one JSON array, so the
 * statement is the same whatever their number, prepared once.
 */
export async function claimInteractions(db: Database, interactionIds: readonly string[], now: Date): Promise<Set<string>> {
  if (interactionIds.length === 0) return new Set();
  return mapErrors(async () => {
    const rows = await claimStatement<{ interaction_id: string }>(db, { ids: JSON.stringify(interactionIds), now: now.toISOString() });
    return new Set(rows.map((row) => row.interaction_id));
  });
}

const claimStatement = preparedStatement(
  "recall_claim_interactions",
  `insert into interaction_claims (interaction_id, claimed_at)
   select id, $2::timestamptz from jsonb_array_elements_text($1::jsonb) as id
   -- In one order whoever asks: two batches sharing ids wait for each other instead of deadlocking.
   order by id
   on conflict (interaction_id) do nothing
   returning interaction_id`,
  ["ids", "now"],
);

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
