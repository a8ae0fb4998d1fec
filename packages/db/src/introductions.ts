// Bringing items into a member's schedule before anyone posts them: a follow-up of a main
// question the member just missed is introduced at once, so `/review` drills it soon.
import type { CardState } from "@recall/scheduler";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { preparedStatement } from "./rows.ts";

/**
 * Adds new cards for items the member has none for; existing cards are left as they are. A
 * member who misses a main question gets its follow-ups in the same breath as their answer, so
 * this is one statement prepared once (the ids as one JSON array), not a query built per call.
 */
export async function introduceItems(
  db: Database,
  memberId: number,
  itemIds: readonly string[],
  card: CardState,
): Promise<number> {
  if (itemIds.length === 0) return 0;
  return mapErrors(async () => {
    const inserted = await introduceStatement<{ item_id: string }>(db, {
      memberId,
      itemIds: JSON.stringify(itemIds),
      // The statement names its parameters as a card's own fields.
      ...card,
    });
    return inserted.length;
  });
}

const introduceStatement = preparedStatement(
  "recall_introduce_items",
  `insert into cards (member_id, item_id, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, state, last_review)
   select $1::integer, id, $3::timestamptz, $4::float8, $5::float8, $6::integer, $7::integer, $8::integer, $9::integer, $10, $11::timestamptz
   from jsonb_array_elements_text($2::jsonb) as id
   on conflict do nothing
   returning item_id`,
  ["memberId", "itemIds", "due", "stability", "difficulty", "scheduledDays", "learningSteps", "reps", "lapses", "state", "lastReview"],
);
