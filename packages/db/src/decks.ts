// Imported decks, per server. An import is one transaction: the deck row and every item,
// upserted by stable id (so changed cards keep their schedules) and items gone from the deck
// retired (kept, so history keeps its meaning). Item ids are scoped by deck: `D<deck>.<card id>`.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DeckSummary, PageFormat, QuizItem } from "@recall/content";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import { syncItemSet } from "./items.ts";
import type { SyncReport } from "./records.ts";
import { decks, quizItems, servers, studyGroupDecks } from "./schema.ts";


export interface StoredDeck {
  id: number;
  serverId: string;
  name: string;
  format: string;
  summary: DeckSummary;
  createdAt: string;
  updatedAt: string;
}

export interface DeckImport {
  serverId: string;
  name: string;
  format: PageFormat;
  summary: DeckSummary;
  /** The deck's items as content parsed them (unscoped ids). */
  items: readonly QuizItem[];
}

/** The id an imported card is stored under. */
export function deckItemId(deckId: number, itemId: string): string {
  return `D${deckId}.${itemId}`;
}

function scoped(deckId: number, item: QuizItem): QuizItem {
  return {
    ...item,
    id: deckItemId(deckId, item.id),
    questionId: deckItemId(deckId, item.questionId),
    parentId: item.parentId === null ? null : deckItemId(deckId, item.parentId),
  };
}

function toDeck(row: typeof decks.$inferSelect): StoredDeck {
  return {
    id: row.id,
    serverId: row.serverId,
    name: row.name,
    format: row.format,
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Creates the server's deck of this name, or updates it (a removed deck of the same name comes back). */
export async function importDeck(db: Database, input: DeckImport, now: Date): Promise<{ deck: StoredDeck; report: SyncReport }> {
  return mapErrors(() =>
    db.transaction(async (tx) => {
      await tx.insert(servers).values({ id: input.serverId }).onConflictDoNothing();
      const [row] = await tx
        .insert(decks)
        .values({ serverId: input.serverId, name: input.name, format: input.format, summary: input.summary, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [decks.serverId, decks.name],
          set: { format: sql`excluded.format`, summary: sql`excluded.summary`, updatedAt: sql`excluded.updated_at`, removedAt: sql`null` },
        })
        .returning();
      if (!row) throw new Error("deck upsert returned no row");
      const items = input.items.map((item) => scoped(row.id, item));
      const report = await syncItemSet(tx, eq(quizItems.deckId, row.id), items, row.id, now);
      return { deck: toDeck(row), report };
    }),
  );
}

/** The server's decks, by name. */
export async function listDecks(db: Database, serverId: string): Promise<StoredDeck[]> {
  return mapErrors(async () => {
    const rows = await db
      .select()
      .from(decks)
      .where(and(eq(decks.serverId, serverId), isNull(decks.removedAt)))
      .orderBy(asc(decks.name));
    return rows.map(toDeck);
  });
}

/** Removes a deck: its items retire (cards and history stay), groups stop drawing from it. False when there is no such deck. */
export async function removeDeck(db: Database, serverId: string, name: string, now: Date): Promise<boolean> {
  return mapErrors(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(decks)
        .set({ removedAt: now, updatedAt: now })
        .where(and(eq(decks.serverId, serverId), eq(decks.name, name), isNull(decks.removedAt)))
        .returning({ id: decks.id });
      if (!row) return false;
      await tx.update(quizItems).set({ retiredAt: now, updatedAt: now }).where(and(eq(quizItems.deckId, row.id), isNull(quizItems.retiredAt)));
      await tx.delete(studyGroupDecks).where(eq(studyGroupDecks.deckId, row.id));
      return true;
    }),
  );
}

/** Sets the decks a group's daily quiz draws from (empty: the built-in bank). Only the server's own active decks are accepted. */
export async function setGroupDecks(db: Database, groupId: number, serverId: string, deckIds: readonly number[]): Promise<number[]> {
  return mapErrors(() =>
    db.transaction(async (tx) => {
      const valid =
        deckIds.length === 0
          ? []
          : (
              await tx
                .select({ id: decks.id })
                .from(decks)
                .where(and(eq(decks.serverId, serverId), isNull(decks.removedAt), inArray(decks.id, [...deckIds])))
            ).map((row) => row.id);
      await tx.delete(studyGroupDecks).where(eq(studyGroupDecks.groupId, groupId));
      if (valid.length > 0) await tx.insert(studyGroupDecks).values(valid.map((deckId) => ({ groupId, deckId })));
      return valid.sort((a, b) => a - b);
    }),
  );
}

/** The decks a group draws from; empty means the built-in bank. */
export async function groupDeckIds(db: Database, groupId: number): Promise<number[]> {
  return mapErrors(async () => {
    const rows = await db.select({ deckId: studyGroupDecks.deckId }).from(studyGroupDecks).where(eq(studyGroupDecks.groupId, groupId)).orderBy(asc(studyGroupDecks.deckId));
    return rows.map((row) => row.deckId);
  });
}

/** Active items of these decks as QuizItems (stored ids), for the study layer to hold beside the bank. */
export async function listDeckItems(db: Database, deckIds: readonly number[]): Promise<QuizItem[]> {
  if (deckIds.length === 0) return [];
  return mapErrors(async () => {
    const rows = await db
      .select()
      .from(quizItems)
      .where(and(inArray(quizItems.deckId, [...deckIds]), isNull(quizItems.retiredAt)))
      .orderBy(asc(quizItems.id));
    return rows.map(toQuizItem);
  });
}

/** Every imported item, retired ones included (members' history still names them), for start-up. */
export async function listAllDeckItems(db: Database): Promise<QuizItem[]> {
  return mapErrors(async () => {
    const rows = await db.select().from(quizItems).where(isNotNull(quizItems.deckId)).orderBy(asc(quizItems.id));
    return rows.map(toQuizItem);
  });
}

function toQuizItem(row: typeof quizItems.$inferSelect): QuizItem {
  return {
    id: row.id,
    kind: row.kind as QuizItem["kind"],
    parentId: row.parentId,
    questionId: row.questionId,
    chapterNumber: row.chapter,
    chapterName: row.chapterName,
    priority: row.priority as QuizItem["priority"],
    prompt: row.prompt,
    answer: row.answer,
    keyPoints: row.keyPoints,
    ...(row.acceptedAnswers === null ? {} : { acceptedAnswers: row.acceptedAnswers }),
    misconceptions: row.misconceptions,
    contentHash: row.contentHash,
    source: { file: row.sourceFile, line: row.sourceLine },
  };
}

