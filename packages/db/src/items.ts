// Content sync: items are upserted by their stable id; the content hash tells an edit from an
// unchanged item, and items gone from the content are retired (kept) so cards and history stay.
import { and, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { QuizItem } from "@recall/content";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import type { StoredItem, SyncReport } from "./records.ts";
import { isoOrNull } from "./rows.ts";
import { quizItems } from "./schema.ts";
import type { ItemKind, Priority } from "@recall/content";

const BATCH = 500;

export async function syncItems(db: Database, items: readonly QuizItem[], now: Date): Promise<SyncReport> {
  return mapErrors(() =>
    // The built-in bank only: imported decks are synced by importDeck.
    db.transaction((tx) => syncItemSet(tx, isNull(quizItems.deckId), items, null, now)),
  );
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Brings one set of stored items (the bank, or one deck: `scope`) to `items`: new ones inserted,
 * edited or returning ones updated, missing ones retired. Shared by the bank sync and deck imports.
 */
export async function syncItemSet(tx: Transaction, scope: SQL | undefined, items: readonly QuizItem[], deckId: number | null, now: Date): Promise<SyncReport> {
  const stored = await tx
    .select({ id: quizItems.id, contentHash: quizItems.contentHash, retiredAt: quizItems.retiredAt })
    .from(quizItems)
    .where(scope);
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const incomingIds = new Set(items.map((item) => item.id));
  const report: SyncReport = { inserted: 0, updated: 0, retired: 0, unchanged: 0 };
  const changed: QuizItem[] = [];
  for (const item of items) {
    const previous = storedById.get(item.id);
    if (!previous) report.inserted++;
    else if (previous.contentHash !== item.contentHash || previous.retiredAt !== null) report.updated++;
    else {
      report.unchanged++;
      continue;
    }
    changed.push(item);
  }
  for (let start = 0; start < changed.length; start += BATCH) {
    await tx
      .insert(quizItems)
      .values(changed.slice(start, start + BATCH).map((item) => ({ ...itemColumns(item), deckId, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: quizItems.id,
        set: {
          kind: sql`excluded.kind`,
          parentId: sql`excluded.parent_id`,
          questionId: sql`excluded.question_id`,
          chapter: sql`excluded.chapter`,
          chapterName: sql`excluded.chapter_name`,
          priority: sql`excluded.priority`,
          prompt: sql`excluded.prompt`,
          answer: sql`excluded.answer`,
          keyPoints: sql`excluded.key_points`,
          misconceptions: sql`excluded.misconceptions`,
          acceptedAnswers: sql`excluded.accepted_answers`,
          contentHash: sql`excluded.content_hash`,
          sourceFile: sql`excluded.source_file`,
          sourceLine: sql`excluded.source_line`,
          updatedAt: sql`excluded.updated_at`,
          retiredAt: sql`null`,
        },
      });
  }
  const toRetire = stored.filter((row) => row.retiredAt === null && !incomingIds.has(row.id)).map((row) => row.id);
  for (let start = 0; start < toRetire.length; start += BATCH) {
    await tx
      .update(quizItems)
      .set({ retiredAt: now, updatedAt: now })
      .where(inArray(quizItems.id, toRetire.slice(start, start + BATCH)));
  }
  report.retired = toRetire.length;
  return report;
}

/** Stored items of the built-in bank, active ones only unless asked. */
export async function listItems(db: Database, options: { includeRetired?: boolean } = {}): Promise<StoredItem[]> {
  return mapErrors(async () => {
    const query = db.select().from(quizItems).$dynamic();
    const rows = await (options.includeRetired ? query.where(isNull(quizItems.deckId)) : query.where(and(isNull(quizItems.retiredAt), isNull(quizItems.deckId)))).orderBy(quizItems.id);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind as ItemKind,
      parentId: row.parentId,
      questionId: row.questionId,
      chapter: row.chapter,
      priority: row.priority as Priority,
      prompt: row.prompt,
      contentHash: row.contentHash,
      retiredAt: isoOrNull(row.retiredAt),
    }));
  });
}

export function itemColumns(item: QuizItem) {
  return {
    id: item.id,
    kind: item.kind,
    parentId: item.parentId,
    questionId: item.questionId,
    chapter: item.chapterNumber,
    chapterName: item.chapterName,
    priority: item.priority,
    prompt: item.prompt,
    answer: item.answer,
    keyPoints: item.keyPoints,
    misconceptions: item.misconceptions,
    acceptedAnswers: item.acceptedAnswers ?? null,
    contentHash: item.contentHash,
    sourceFile: item.source.file,
    sourceLine: item.source.line,
  };
}
