// Bringing items into a member's schedule before anyone posts them: a follow-up of a main
// question the member just missed is introduced at once, so `/review` drills it soon.
import type { CardState } from "@recall/scheduler";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { cardColumns } from "./rows.ts";
import { cards } from "./schema.ts";

/** Adds new cards for items the member has none for; existing cards are left as they are. */
export async function introduceItems(
  db: Database,
  memberId: number,
  itemIds: readonly string[],
  card: CardState,
): Promise<number> {
  if (itemIds.length === 0) return 0;
  return mapErrors(async () => {
    const inserted = await db
      .insert(cards)
      .values(itemIds.map((itemId) => ({ memberId, itemId, ...cardColumns(card) })))
      .onConflictDoNothing()
      .returning({ itemId: cards.itemId });
    return inserted.length;
  });
}
