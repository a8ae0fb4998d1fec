// Decks come from strangers: every size is capped before the work it would cost is done.
import type { ProblemLog } from "../problems.ts";
import { PROBLEM_KINDS } from "../problems.ts";

export interface DeckLimits {
  /** The file itself (Discord attachments are checked against this before download). */
  maxFileBytes: number;
  /** Entries in a package's zip (a collection backup with media holds tens of thousands). */
  maxZipEntries: number;
  /** The collection database once inflated or decoded. */
  maxCollectionBytes: number;
  /** The media map of a package (names only; media themselves are never read). */
  maxMediaMapBytes: number;
  /** Notes, or rows of a text export. */
  maxNotes: number;
  /** Characters of one field, before any HTML is converted. */
  maxFieldChars: number;
}

export const DEFAULT_DECK_LIMITS: DeckLimits = {
  maxFileBytes: 25 * 1024 * 1024,
  maxZipEntries: 100_000,
  maxCollectionBytes: 256 * 1024 * 1024,
  maxMediaMapBytes: 16 * 1024 * 1024,
  maxNotes: 50_000,
  maxFieldChars: 64 * 1024,
};

/**
 * A whole deck refused: too big, not what it claims to be, hostile. Caught by parseDeck and
 * turned into one error problem that names the file (and the note or line when there is one).
 */
export class DeckRefusedError extends Error {
  constructor(
    message: string,
    readonly line = 1,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "DeckRefusedError";
  }
}

export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/**
 * Refuses a note or row with a field over the limit, naming it in `log`: true when refused. Every
 * reader checks this before reading the fields, so a refusal reads the same in every format.
 */
export function refuseOverlongFields(fields: readonly string[], limits: DeckLimits, log: ProblemLog, line: number, label: string, unit: "note" | "row"): boolean {
  const tooLong = fields.findIndex((field) => field.length > limits.maxFieldChars);
  if (tooLong < 0) return false;
  log.error(PROBLEM_KINDS.noteRefused, line, `${label}: field ${tooLong + 1} is longer than ${formatCount(limits.maxFieldChars)} characters; ${unit} refused`);
  return true;
}
