// An Anki collection (schema 11 of .anki2/.anki21, schema 18 of .anki21b) read from a private
// in-memory copy with fixed queries. The tables are checked to be plain tables first: a hostile
// file can make `notes` a view or a generated column that spins or exhausts memory.
import { createRequire } from "node:module";
import type { Database, SqlJsStatic } from "sql.js";
import { DeckRefusedError } from "./limits.ts";
import { readProtoFields } from "./protobuf.ts";

export const SQLITE_MAGIC = "SQLite format 3\0";

export function startsWithSqliteMagic(bytes: Uint8Array): boolean {
  if (bytes.length < SQLITE_MAGIC.length) return false;
  for (let i = 0; i < SQLITE_MAGIC.length; i++) if (bytes[i] !== SQLITE_MAGIC.charCodeAt(i)) return false;
  return true;
}

export interface AnkiTemplate {
  ord: number;
  questionFormat: string;
  answerFormat: string;
}

export interface AnkiNotetype {
  id: number;
  name: string;
  cloze: boolean;
  fieldNames: string[];
  templates: AnkiTemplate[];
}

export interface AnkiNote {
  id: number;
  guid: string;
  notetypeId: number;
  /** Field values (HTML) in notetype order. */
  fields: string[];
  tags: string;
  /** `Parent::Child`; empty when the note has no card. */
  deck: string;
}

export interface AnkiCollection {
  notetypes: ReadonlyMap<number, AnkiNotetype>;
  notes: AnkiNote[];
}

let sqlJs: Promise<SqlJsStatic> | null = null;

/** sql.js (SQLite in WebAssembly) loads once per process or worker: about 100 ms. */
function loadSqlJs(): Promise<SqlJsStatic> {
  if (!sqlJs) {
    const require = createRequire(import.meta.url);
    const init = require("sql.js") as (config?: object) => Promise<SqlJsStatic>;
    sqlJs = init();
  }
  return sqlJs;
}

type Row = (number | string | Uint8Array | null)[];

function rows(db: Database, sql: string): Row[] {
  const result = db.exec(sql);
  return (result[0]?.values ?? []);
}

function text(value: Row[number] | undefined): string {
  if (typeof value === "string") return value;
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  return value === null || value === undefined ? "" : String(value);
}

function integer(value: Row[number] | undefined): number {
  return typeof value === "number" ? value : Number(text(value)) || 0;
}

const LEGACY_TABLES = ["col", "notes", "cards"] as const;
const MODERN_TABLES = ["notetypes", "fields", "templates", "decks"] as const;

function checkTables(db: Database, what: string): boolean {
  const kinds = new Map<string, string>();
  for (const [name, type] of rows(db, "SELECT name, type FROM sqlite_master")) kinds.set(text(name).toLowerCase(), text(type));
  const modern = kinds.has("notetypes");
  const required: readonly string[] = modern ? [...LEGACY_TABLES, ...MODERN_TABLES] : LEGACY_TABLES;
  for (const name of required) {
    const type = kinds.get(name);
    if (type === undefined) throw new DeckRefusedError(`${what} is not an Anki collection (no "${name}" table)`);
    if (type !== "table") throw new DeckRefusedError(`${what} is refused: "${name}" is a ${type}, not a table`);
  }
  for (const name of ["notes", "cards"]) {
    // table_xinfo's `hidden` is 2 or 3 for generated columns, which could compute anything on read.
    const generated = rows(db, `SELECT count(*) FROM pragma_table_xinfo('${name}') WHERE hidden IN (2, 3)`);
    if (integer(generated[0]?.[0]) > 0) throw new DeckRefusedError(`${what} is refused: "${name}" has generated columns`);
  }
  return modern;
}

/**
 * Anki's schema declares `COLLATE unicase`, which exists only inside Anki; SQLite here cannot
 * even read those tables. Dropping the collation from the private copy's schema fixes it.
 */
function dropUnicaseCollation(db: Database): void {
  const uses = rows(db, "SELECT count(*) FROM sqlite_master WHERE sql LIKE '%unicase%'");
  if (integer(uses[0]?.[0]) === 0) return;
  db.exec(
    "PRAGMA writable_schema=ON; UPDATE sqlite_master SET sql=replace(replace(replace(sql,'COLLATE unicase',''),'collate unicase',''),'COLLATE UNICASE','') WHERE sql LIKE '%unicase%'; PRAGMA writable_schema=RESET;",
  );
}

function legacyNotetypes(db: Database): Map<number, AnkiNotetype> {
  const notetypes = new Map<number, AnkiNotetype>();
  const json = text(rows(db, "SELECT models FROM col LIMIT 1")[0]?.[0]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json || "{}");
  } catch {
    throw new DeckRefusedError("the collection's note types (col.models) are not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null) return notetypes;
  // Object.entries into a Map: keys such as "__proto__" stay plain data.
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== "object" || value === null) continue;
    const model = value as { id?: unknown; name?: unknown; type?: unknown; flds?: unknown; tmpls?: unknown };
    const id = typeof model.id === "number" ? model.id : Number(key);
    const fields = Array.isArray(model.flds) ? (model.flds as { name?: unknown; ord?: unknown }[]) : [];
    const templates = Array.isArray(model.tmpls) ? (model.tmpls as { ord?: unknown; qfmt?: unknown; afmt?: unknown }[]) : [];
    notetypes.set(id, {
      id,
      name: typeof model.name === "string" ? model.name : "",
      cloze: model.type === 1,
      fieldNames: [...fields].sort((a, b) => Number(a.ord) - Number(b.ord)).map((field) => (typeof field.name === "string" ? field.name : "")),
      templates: templates
        .map((template, index) => ({
          ord: typeof template.ord === "number" ? template.ord : index,
          questionFormat: typeof template.qfmt === "string" ? template.qfmt : "",
          answerFormat: typeof template.afmt === "string" ? template.afmt : "",
        }))
        .sort((a, b) => a.ord - b.ord),
    });
  }
  return notetypes;
}

function legacyDecks(db: Database): Map<number, string> {
  const decks = new Map<number, string>();
  const json = text(rows(db, "SELECT decks FROM col LIMIT 1")[0]?.[0]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json || "{}");
  } catch {
    return decks;
  }
  if (typeof parsed !== "object" || parsed === null) return decks;
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== "object" || value === null) continue;
    const name = (value as { name?: unknown }).name;
    decks.set(Number(key), typeof name === "string" ? name : "");
  }
  return decks;
}

function modernNotetypes(db: Database): Map<number, AnkiNotetype> {
  const notetypes = new Map<number, AnkiNotetype>();
  for (const [id, name, config] of rows(db, "SELECT id, name, config FROM notetypes")) {
    const kind = config instanceof Uint8Array ? readProtoFields(config, "a note type's config").find((field) => field.number === 1)?.varint : 0;
    notetypes.set(integer(id), { id: integer(id), name: text(name), cloze: kind === 1, fieldNames: [], templates: [] });
  }
  for (const [ntid, , name] of rows(db, "SELECT ntid, ord, name FROM fields ORDER BY ntid, ord")) {
    notetypes.get(integer(ntid))?.fieldNames.push(text(name));
  }
  for (const [ntid, ord, config] of rows(db, "SELECT ntid, ord, config FROM templates ORDER BY ntid, ord")) {
    const fields = config instanceof Uint8Array ? readProtoFields(config, "a card template's config") : [];
    const decoder = new TextDecoder();
    const format = (number: number): string => {
      const bytes = fields.find((field) => field.number === number)?.bytes;
      return bytes ? decoder.decode(bytes) : "";
    };
    notetypes.get(integer(ntid))?.templates.push({ ord: integer(ord), questionFormat: format(1), answerFormat: format(2) });
  }
  return notetypes;
}

function modernDecks(db: Database): Map<number, string> {
  const decks = new Map<number, string>();
  // Schema 18 separates deck levels with \x1f; show them as Anki does, with `::`.
  for (const [id, name] of rows(db, "SELECT id, name FROM decks")) decks.set(integer(id), text(name).split("\x1f").join("::"));
  return decks;
}

/** Opens, checks and reads a collection; `what` names it in messages. Refuses more than `maxNotes` notes. */
export async function readAnkiCollection(bytes: Uint8Array, what: string, maxNotes: number): Promise<AnkiCollection> {
  const SQL = await loadSqlJs();
  let db: Database | null = null;
  try {
    db = new SQL.Database(bytes);
    const modern = checkTables(db, what);
    if (modern) dropUnicaseCollation(db);
    const noteCount = integer(rows(db, "SELECT count(*) FROM notes")[0]?.[0]);
    if (noteCount > maxNotes) {
      throw new DeckRefusedError(`${what} has ${noteCount.toLocaleString("en-US")} notes; at most ${maxNotes.toLocaleString("en-US")} are accepted`);
    }
    const notetypes = modern ? modernNotetypes(db) : legacyNotetypes(db);
    const deckNames = modern ? modernDecks(db) : legacyDecks(db);
    const noteDeck = new Map<number, string>();
    for (const [nid, did] of rows(db, "SELECT nid, CASE WHEN odid != 0 THEN odid ELSE did END FROM cards ORDER BY nid, ord")) {
      const id = integer(nid);
      if (!noteDeck.has(id)) noteDeck.set(id, deckNames.get(integer(did)) ?? "");
    }
    const notes: AnkiNote[] = [];
    const statement = db.prepare("SELECT id, guid, mid, tags, flds FROM notes ORDER BY id");
    try {
      while (statement.step()) {
        const [id, guid, mid, tags, fields] = statement.get() as Row;
        notes.push({
          id: integer(id),
          guid: text(guid),
          notetypeId: integer(mid),
          fields: text(fields).split("\x1f"),
          tags: text(tags).trim(),
          deck: noteDeck.get(integer(id)) ?? "",
        });
      }
    } finally {
      statement.free();
    }
    return { notetypes, notes };
  } catch (error) {
    if (error instanceof DeckRefusedError) throw error;
    throw new DeckRefusedError(`${what} is not a readable SQLite database (${error instanceof Error ? error.message : String(error)})`, 1, { cause: error });
  } finally {
    db?.close();
  }
}
