// Decks a server brings (`/deck import`): read off the caller's thread with a time limit, stored
// in one transaction, and held beside the built-in bank so grading, `/review` and `/weak` cover
// every deck a member studies. A group's daily quiz draws from the decks it picked, if any.
import type { ParseResult, Problem, QuizItem } from "@recall/content";
import { DEFAULT_DECK_LIMITS, deckNameFromFile, parseDeckInWorker } from "@recall/content";
import * as db from "@recall/db";
import type { StudyContext } from "./context.ts";
import { StudyError } from "./errors.ts";
import type { Actor, GroupRef } from "./ports.ts";

export const MAX_DECK_NAME_LENGTH = 100;
/** Wall-clock limit of one import, download excluded. */
export const DECK_IMPORT_TIMEOUT_MS = 60_000;
/** Largest deck file accepted; the bot checks an attachment's size against it before downloading. */
export const MAX_DECK_FILE_BYTES = DEFAULT_DECK_LIMITS.maxFileBytes;

export interface DeckUpload {
  /** The file's bytes and its name (the name only names the deck and problems; content decides the format). */
  bytes: Uint8Array;
  fileName: string;
  /** The deck's name in this server; defaults to the deck's own name, or the file's. */
  name?: string;
}

export interface DeckView {
  id: number;
  name: string;
  format: string;
  questions: number;
  items: number;
  clozeItems: number;
  updatedAt: string;
}

export interface DeckImportView {
  /** Null when nothing could be imported (the whole file refused, or no card in it). */
  deck: DeckView | null;
  notes: number;
  skippedNotes: number;
  media: number;
  inserted: number;
  updated: number;
  retired: number;
  unchanged: number;
  /** Every problem, with its line or note, in file order. */
  problems: Pick<Problem, "line" | "severity" | "kind" | "message">[];
}

function deckView(deck: db.StoredDeck): DeckView {
  return {
    id: deck.id,
    name: deck.name,
    format: deck.format,
    questions: deck.summary.questions,
    items: deck.summary.items,
    clozeItems: deck.summary.clozeItems,
    updatedAt: deck.updatedAt,
  };
}

function cleanName(name: string): string {
  // Names are shown in Discord and typed back in commands: one line, no controls, bounded.
  let out = "";
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) ? " " : char;
  }
  return [...out.replace(/\s+/gu, " ").trim()].slice(0, MAX_DECK_NAME_LENGTH).join("");
}

export interface DeckFeatures {
  /** Puts every active deck item in memory beside the bank (at start-up, after syncContent). */
  loadDecks(): Promise<number>;
  importDeck(actor: Actor, serverId: string, upload: DeckUpload, options?: { timeoutMs?: number }): Promise<DeckImportView>;
  listDecks(serverId: string): Promise<DeckView[]>;
  removeDeck(actor: Actor, serverId: string, name: string): Promise<boolean>;
  /** The decks a group's daily quiz draws from (by name; empty: the built-in bank). Returns the names kept. */
  setGroupDecks(actor: Actor, group: GroupRef, names: readonly string[]): Promise<string[]>;
  groupDecks(group: GroupRef): Promise<string[]>;
}

export function createDeckFeatures(ctx: StudyContext, items: Map<string, QuizItem>): DeckFeatures {
  const { database, clock } = ctx;

  return {
    async loadDecks(): Promise<number> {
      const loaded = await db.listAllDeckItems(database);
      for (const item of loaded) items.set(item.id, item);
      return loaded.length;
    },

    async importDeck(actor, serverId, upload, options = {}): Promise<DeckImportView> {
      ctx.requireAdmin(actor);
      const parsed: ParseResult = await parseDeckInWorker(upload.bytes, upload.fileName, { timeoutMs: options.timeoutMs ?? DECK_IMPORT_TIMEOUT_MS });
      const problems = parsed.problems.map(({ line, severity, kind, message }) => ({ line, severity, kind, message }));
      const page = parsed.pages[0];
      const empty = { deck: null, notes: page?.deck?.notes ?? 0, skippedNotes: page?.deck?.skippedNotes ?? 0, media: page?.deck?.media ?? 0, inserted: 0, updated: 0, retired: 0, unchanged: 0, problems };
      if (!page?.deck || parsed.items.length === 0) return empty;
      const name = cleanName(upload.name ?? "") || cleanName(page.title) || cleanName(deckNameFromFile(upload.fileName)) || "deck";
      const { deck, report } = await db.importDeck(database, { serverId, name, format: page.format, summary: page.deck, items: parsed.items }, clock());
      for (const item of await db.listDeckItems(database, [deck.id])) items.set(item.id, item);
      return { ...empty, deck: deckView(deck), ...report };
    },

    async listDecks(serverId): Promise<DeckView[]> {
      return (await db.listDecks(database, serverId)).map(deckView);
    },

    async removeDeck(actor, serverId, name): Promise<boolean> {
      ctx.requireAdmin(actor);
      // Retired items stay in memory: a member's history and pending answers still name them.
      return db.removeDeck(database, serverId, name, clock());
    },

    async setGroupDecks(actor, ref, names): Promise<string[]> {
      ctx.requireAdmin(actor);
      const group = await ctx.requireGroup(ref);
      const decks = await db.listDecks(database, ref.serverId);
      const byName = new Map(decks.map((deck) => [deck.name.toLowerCase(), deck]));
      const chosen = names.map((name) => {
        const deck = byName.get(name.trim().toLowerCase());
        if (!deck) throw new StudyError("unknown-deck", `no deck named ${name} in this server`, { name: cleanName(name) });
        return deck;
      });
      const kept = await db.setGroupDecks(database, group.id, ref.serverId, chosen.map((deck) => deck.id));
      return decks.filter((deck) => kept.includes(deck.id)).map((deck) => deck.name);
    },

    async groupDecks(ref): Promise<string[]> {
      const group = await ctx.requireGroup(ref);
      const ids = await db.groupDeckIds(database, group.id);
      return (await db.listDecks(database, ref.serverId)).filter((deck) => ids.includes(deck.id)).map((deck) => deck.name);
    },
  };
}
