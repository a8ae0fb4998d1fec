// The two statements every answer runs, grouped across answers (group commit, as the interaction
// claims are): the member with their card, read (and the member created on first sight), and the
// graded answer written. In a burst, the answers that arrive while ANSWER_STATEMENTS_IN_FLIGHT
// statements are out go together in the next one; a quiet bot sends each at once. The bot's CPU
// per answer is mostly the socket writes of its round trips (a loopback write is a system call),
// so a burst of 200 answers costs a few statements instead of 400.
import * as db from "@recall/db";
import type { CardState } from "@recall/scheduler";
import { createStatementBatcher } from "./statement-batcher.ts";

/** Statements of each kind out at once before answers wait to be grouped. */
export const ANSWER_STATEMENTS_IN_FLIGHT = 2;
/** Answers per statement: a larger group goes in several. */
export const ANSWERS_PER_STATEMENT = 100;
/**
 * How long a statement counts as in flight at most: a write of a hundred answers takes tens of
 * milliseconds, one that hangs (a stalled connection) must not hold back the answers behind it.
 */
export const ANSWER_SLOT_MS = 1_000;

export interface MemberAndCard {
  member: db.Member | null;
  card: CardState | null;
}

/**
 * True when the database itself refused the statement (it has a SQLSTATE that is not about the
 * connection or the server going away): a deadlock with another process's batch, or a constraint
 * one answer broke. Then the answers are worth sending one by one.
 */
function refusedByDatabase(error: unknown): boolean {
  const state = db.sqlStateOf(error);
  return state !== undefined && !state.startsWith("08") && !state.startsWith("57");
}

export function createAnswerStatements(database: db.Database) {
  const reads = createStatementBatcher<db.MemberAndCardRequest, MemberAndCard>({
    statementsInFlight: ANSWER_STATEMENTS_IN_FLIGHT,
    requestsPerStatement: ANSWERS_PER_STATEMENT,
    slotMs: ANSWER_SLOT_MS,
    async send(batch) {
      const results = await db.membersAndCardsCreating(database, batch.map((entry) => entry.request));
      for (const [index, entry] of batch.entries()) {
        const result = results[index];
        if (result) entry.settle(result);
      }
    },
  });

  const writes = createStatementBatcher<db.AnswerInput, db.RecordAnswerResult>({
    statementsInFlight: ANSWER_STATEMENTS_IN_FLIGHT,
    requestsPerStatement: ANSWERS_PER_STATEMENT,
    slotMs: ANSWER_SLOT_MS,
    async send(batch) {
      let outcomes: db.RecordAnswerOutcome[];
      try {
        outcomes = await db.recordAnswers(database, batch.map((entry) => entry.request));
      } catch (error) {
        if (batch.length === 1 || !refusedByDatabase(error)) throw error;
        // One answer must not fail the others: each goes again in a statement of its own.
        await Promise.all(
          batch.map(async (entry) => {
            try {
              entry.settle(await db.recordAnswer(database, entry.request));
            } catch (single) {
              entry.fail(single);
            }
          }),
        );
        return;
      }
      for (const [index, entry] of batch.entries()) {
        const outcome = outcomes[index];
        if (!outcome) continue;
        if (outcome.ok) entry.settle(outcome.result);
        else entry.fail(outcome.error);
      }
    },
  });

  return {
    /** db.memberAndCardCreating, grouped with the other answers' reads. */
    memberAndCard: (request: db.MemberAndCardRequest): Promise<MemberAndCard> => reads.submit(request),
    /** db.recordAnswer, grouped with the other answers' writes: the same result and errors. */
    recordAnswer: (input: db.AnswerInput): Promise<db.RecordAnswerResult> => writes.submit(input),
  };
}

export type AnswerStatements = ReturnType<typeof createAnswerStatements>;
