// Once per interaction id across processes: every bot process sharing the database receives the
// same INTERACTION_CREATE, and only the one whose claim is inserted answers it.
//
// A claim is one insert, but a burst (a study group answering the moment the quiz posts) asks for
// hundreds at once, each a round trip before its acknowledgement. So claims are grouped: while
// fewer than CLAIM_STATEMENTS_IN_FLIGHT statements are out, a claim goes at once; beyond that,
// the claims that arrive wait and go together in the next statement, as a database groups
// commits. Nothing waits when the bot is quiet, and a burst costs a few round trips. A statement
// that hangs (a stalled connection) gives up its place after CLAIM_SLOT_MS, so it cannot hold
// back the claims behind it; the bot answers a claim without a reply in time anyway.
import * as db from "@recall/db";
import type { StudyContext } from "./context.ts";

/** Claims outlive an interaction's token (15 minutes); older ones are dropped. */
export const INTERACTION_CLAIM_TTL_MS = 60 * 60_000;
/** Ids per statement: a burst larger than this goes in several. */
export const CLAIMS_PER_STATEMENT = 500;
/** Claim statements out at once before claims wait to be grouped. */
export const CLAIM_STATEMENTS_IN_FLIGHT = 2;
/** How long a claim statement counts as in flight at most. */
export const CLAIM_SLOT_MS = 500;

interface PendingClaim {
  id: string;
  settle(owned: boolean): void;
  fail(error: unknown): void;
}

export function createInteractionClaims(ctx: StudyContext) {
  const waiting: PendingClaim[] = [];
  let inFlight = 0;

  function sendWaiting(): void {
    while (inFlight < CLAIM_STATEMENTS_IN_FLIGHT && waiting.length > 0) send(waiting.splice(0, CLAIMS_PER_STATEMENT));
  }

  function send(batch: PendingClaim[]): void {
    inFlight += 1;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      clearTimeout(slotTimer);
      inFlight -= 1;
      sendWaiting();
    };
    const slotTimer = setTimeout(release, CLAIM_SLOT_MS);
    slotTimer.unref();
    // One process never receives an id twice at once (the bot's recent-ids set sees to that),
    // but if it did, only the first of the two may own it.
    const firstOf = new Map<string, PendingClaim>();
    for (const claim of batch) if (!firstOf.has(claim.id)) firstOf.set(claim.id, claim);
    db.claimInteractions(ctx.database, [...firstOf.keys()], ctx.clock())
      .then(
        (owned) => {
          for (const claim of batch) claim.settle(owned.has(claim.id) && firstOf.get(claim.id) === claim);
        },
        (error: unknown) => {
          for (const claim of batch) claim.fail(error);
        },
      )
      .finally(release);
  }

  return {
    /** True for exactly one caller per interaction id. */
    claimInteraction(interactionId: string): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        waiting.push({ id: interactionId, settle: resolve, fail: reject });
        sendWaiting();
      });
    },
    /** Drops claims no re-delivery can need any more; returns how many. */
    async pruneInteractionClaims(): Promise<number> {
      return db.pruneInteractionClaims(ctx.database, new Date(ctx.clock().getTime() - INTERACTION_CLAIM_TTL_MS));
    },
  };
}
