// Once per interaction id across processes: every bot process sharing the database receives the
// same INTERACTION_CREATE, and only the one whose claim is inserted answers it.
import * as db from "@recall/db";
import type { StudyContext } from "./context.ts";

/** Claims outlive an interaction's token (15 minutes); older ones are dropped. */
export const INTERACTION_CLAIM_TTL_MS = 60 * 60_000;

export function createInteractionClaims(ctx: StudyContext) {
  return {
    /** True for exactly one caller per interaction id. */
    async claimInteraction(interactionId: string): Promise<boolean> {
      return db.claimInteraction(ctx.database, interactionId, ctx.clock());
    },
    /** Drops claims no re-delivery can need any more; returns how many. */
    async pruneInteractionClaims(): Promise<number> {
      return db.pruneInteractionClaims(ctx.database, new Date(ctx.clock().getTime() - INTERACTION_CLAIM_TTL_MS));
    },
  };
}
