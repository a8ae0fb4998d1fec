// Bringing items into a member's schedule before anyone posts them: a follow-up of a main
// question the member just missed is introduced at once, so `/review` drills it soon.
import { sql } from "drizzle-orm";
import type { CardState } from "@recall/scheduler";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { rowsOf } from "./rows.ts";

/**
 * Adds new cards for items the member has none for; existing cards are left as they are. A
 * member who misses a main question gets its follow-ups in the same breath as their answer, so
 * this is one plain statement (the ids as one JSON array) rather than a query built per call.
 */
export async function introduceItems(
  db: Database,
  memberId: number,
  itemIds: readonly string[],
  card: CardState,
): Promise<number> {
  if (itemIds.length === 0) return 0;
  return mapErrors(async () => {
    const inserted = await rowsOf<{ item_id: string }>(
      db,
      sql`insert into cards (member_id, item_id, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, state, last_review)
          select ${memberId}::integer, id, ${card.due}::timestamptz, ${card.stability}::float8, ${card.difficulty}::float8,
            ${card.scheduledDays}::integer, ${card.learningSteps}::integer, ${card.reps}::integer, ${card.lapses}::integer,
            ${card.state}, ${card.lastReview}::timestamptz
          from jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb) as id
          on conflict do nothing
          returning item_id`,
    );
    return inserted.length;
  });
}
