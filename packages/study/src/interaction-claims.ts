// Once per interaction id across processes: every bot process sharing the database receives the
// same INTERACTION_CREATE, and only the one whose claim is inserted answers it.
//
// A claim is one insert, but a burst (a study group answering the moment the quiz posts) asks for
// hundreds at once, each a round trip before its acknowledgement. So claims are grouped
// (statement-batcher.ts): while fewer than CLAIM_STATEMENTS_IN_FLIGHT statements are out, a claim
// goes at once; the claims that arrive meanwhile go together in the next statement. A statement
// that hangs gives up its place after CLAIM_SLOT_MS; the bot answers a claim without a reply in
// time anyway.
import * as db from "@recall/db";
import type { StudyContext } from "./context.ts";
import { createStatementBatcher } from "./statement-batcher.ts";

/** Claims outlive an interaction's token (15 minutes); older ones are dropped. */
export const INTERACTION_CLAIM_TTL_MS = 60 * 60_000;
/** Ids per statement: a burst larger than this goes in several. */
export const CLAIMS_PER_STATEMENT = 500;
/** Claim statements out at once before claims wait to be grouped. */
export const CLAIM_STATEMENTS_IN_FLIGHT = 2;
/** How long a claim statement counts as in flight at most. */
export const CLAIM_SLOT_MS = 500;

export function createInteractionClaims(ctx: StudyContext) {
  const claims = createStatementBatcher<string, boolean>({
    statementsInFlight: CLAIM_STATEMENTS_IN_FLIGHT,
    requestsPerStatement: CLAIMS_PER_STATEMENT,
    slotMs: CLAIM_SLOT_MS,
    async send(batch) {
      // One process never receives an id twice at once (the bot's recent-ids set sees to that),
      // but if it did, only the first of the two may own it.
      const firstOf = new Map<string, (typeof batch)[number]>();
      for (const claim of batch) if (!firstOf.has(claim.request)) firstOf.set(claim.request, claim);
      const owned = await db.claimInteractions(ctx.database, [...firstOf.keys()], ctx.clock());
      for (const claim of batch) claim.settle(owned.has(claim.request) && firstOf.get(claim.request) === claim);
    },
  });

  return {
    /** True for exactly one caller per interaction id. */
    claimInteraction(interactionId: string): Promise<boolean> {
      return claims.submit(interactionId);
    },
    /** Drops claims no re-delivery can need any more; returns how many. */
    async pruneInteractionClaims(): Promise<number> {
      return db.pruneInteractionClaims(ctx.database, new Date(ctx.clock().getTime() - INTERACTION_CLAIM_TTL_MS));
    },
  };
}
