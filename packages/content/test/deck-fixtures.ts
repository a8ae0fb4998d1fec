// Builds Anki packages the way Anki writes them (schema 11 and schema 18 collections, zstd frames
// without a content size, protobuf meta and media maps), so tests need no binary fixture files.
import { createRequire } from "node:module";
import { zipSync } from "fflate";
import type { Zippable } from "fflate";
import type { Database, SqlJsStatic } from "sql.js";

const require = createRequire(import.meta.url);
const initSqlJs = require("sql.js") as () => Promise<SqlJsStatic>;
let sql: Promise<SqlJsStatic> | null = null;
const getSql = (): Promise<SqlJsStatic> => (sql ??= initSqlJs());

export interface FixtureNotetype {
  id: number;
  name: string;
  cloze: boolean;
  fields: string[];
  templates: { qfmt: string; afmt: string }[];
}

export interface FixtureNote {
  id: number;
  guid: string;
  notetypeId: number;
  fields: string[];
  tags?: string;
  deckId?: number;
  /** Cards to generate (template ords or cloze numbers − 1); default one card, ord 0. */
  ords?: number[];
}

export interface FixtureCollection {
  notetypes: FixtureNotetype[];
  decks: { id: number; name: string }[];
  notes: FixtureNote[];
}

export const BASIC: FixtureNotetype = {
  id: 1001,
  name: "Basic",
  cloze: false,
  fields: ["Front", "Back"],
  templates: [{ qfmt: "<style>.card{}</style>{{Front}}", afmt: "{{FrontSide}}<hr id=answer>{{Back}}" }],
};

export const CLOZE: FixtureNotetype = {
  id: 1002,
  name: "Cloze",
  cloze: true,
  fields: ["Text", "Back Extra"],
  templates: [{ qfmt: "{{cloze:Text}}", afmt: "{{cloze:Text}}<br>{{Back Extra}}" }],
};

export function sampleCollection(): FixtureCollection {
  return {
    notetypes: [BASIC, CLOZE],
    decks: [
      { id: 1, name: "Default" },
      { id: 77, name: "中文::面试" },
    ],
    notes: [
      { id: 1, guid: "gA1", notetypeId: BASIC.id, fields: ["什么是 <b>RLHF</b>？[sound:q.mp3]", "基于人类反馈的强化学习<img src=\"a.png\">"], tags: " ml ", deckId: 77 },
      { id: 2, guid: "gB2", notetypeId: BASIC.id, fields: ["capital of France", "Paris; Paree"], deckId: 77 },
      { id: 3, guid: "gC3", notetypeId: CLOZE.id, fields: ["{{c1::DPO::方法}} 不需要 {{c2::奖励模型}}，{{c1::DPO}} 直接优化", "extra"], deckId: 77, ords: [0, 1] },
    ],
  };
}

// --- protobuf and zstd, written by hand -------------------------------------------------------

/** A collection file edited by `change` (hostile fixtures: views, generated columns). */
export async function editedCollection(bytes: Uint8Array, change: string): Promise<Uint8Array> {
  const SQL = await getSql();
  const db = new SQL.Database(bytes);
  db.exec(change);
  const out = db.export();
  db.close();
  return out;
}

export function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 128) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}

export function protoVarint(field: number, value: number): number[] {
  return [...varint(field * 8), ...varint(value)];
}

export function protoBytes(field: number, value: Uint8Array | string): number[] {
  const bytes = typeof value === "string" ? new TextEncoder().encode(value) : value;
  return [...varint(field * 8 + 2), ...varint(bytes.length), ...bytes];
}

const BLOCK = 128 * 1024;

/** A zstd frame of raw blocks with no content size in its header, as Anki's frames have none. */
export function zstdRawFrame(data: Uint8Array): Uint8Array {
  const out: number[] = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38];
  const blocks = Math.max(1, Math.ceil(data.length / BLOCK));
  for (let i = 0; i < blocks; i++) {
    const chunk = data.subarray(i * BLOCK, (i + 1) * BLOCK);
    const header = (chunk.length << 3) | (i === blocks - 1 ? 1 : 0);
    out.push(header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff);
    for (const byte of chunk) out.push(byte);
  }
  return Uint8Array.from(out);
}

/** A few bytes that decode to `blocks` × 128 KiB of zeros (RLE blocks): a zstd bomb. */
export function zstdBomb(blocks: number): Uint8Array {
  const out: number[] = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38];
  for (let i = 0; i < blocks; i++) {
    const header = (BLOCK << 3) | (1 << 1) | (i === blocks - 1 ? 1 : 0);
    out.push(header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff, 0);
  }
  return Uint8Array.from(out);
}

// --- collections -------------------------------------------------------------------------------

const LEGACY_SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null,
  dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null,
  tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null,
  usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null,
  reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null,
  flags integer not null, data text not null);`;

const MODERN_SCHEMA = `
CREATE TABLE notetypes (id integer not null primary key, name text not null, mtime_secs integer not null, usn integer not null, config blob not null);
CREATE TABLE fields (ntid integer not null, ord integer not null, name text not null, config blob not null, primary key (ntid, ord)) without rowid;
CREATE TABLE templates (ntid integer not null, ord integer not null, name text not null, mtime_secs integer not null, usn integer not null,
  config blob not null, primary key (ntid, ord)) without rowid;
CREATE TABLE decks (id integer primary key not null, name text not null, mtime_secs integer not null, usn integer not null, common blob not null, kind blob not null);`;

function insertNotesAndCards(db: Database, collection: FixtureCollection): void {
  let cardId = 1;
  for (const note of collection.notes) {
    db.run("INSERT INTO notes VALUES (?, ?, ?, 0, 0, ?, ?, 0, 0, 0, '')", [note.id, note.guid, note.notetypeId, note.tags ?? "", note.fields.join("\x1f")]);
    for (const ord of note.ords ?? [0]) {
      db.run("INSERT INTO cards VALUES (?, ?, ?, ?, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '')", [cardId++, note.id, note.deckId ?? 1, ord]);
    }
  }
}

/** A schema-11 collection (`collection.anki2` / `collection.anki21`). */
export async function legacyCollection(collection: FixtureCollection): Promise<Uint8Array> {
  const SQL = await getSql();
  const db = new SQL.Database();
  db.exec(LEGACY_SCHEMA);
  const models = Object.fromEntries(
    collection.notetypes.map((notetype) => [
      String(notetype.id),
      {
        id: notetype.id,
        name: notetype.name,
        type: notetype.cloze ? 1 : 0,
        flds: notetype.fields.map((name, ord) => ({ name, ord })),
        tmpls: notetype.templates.map((template, ord) => ({ name: `Card ${ord + 1}`, ord, qfmt: template.qfmt, afmt: template.afmt })),
      },
    ]),
  );
  const decks = Object.fromEntries(collection.decks.map((deck) => [String(deck.id), { id: deck.id, name: deck.name, dyn: 0 }]));
  db.run("INSERT INTO col VALUES (1, 0, 0, 0, 11, 0, 0, 0, '{}', ?, ?, '{}', '{}')", [JSON.stringify(models), JSON.stringify(decks)]);
  insertNotesAndCards(db, collection);
  const bytes = db.export();
  db.close();
  return bytes;
}

/** A schema-18 collection (inside `collection.anki21b`), with Anki's `collate unicase` in its schema. */
export async function modernCollection(collection: FixtureCollection): Promise<Uint8Array> {
  const SQL = await getSql();
  const db = new SQL.Database();
  db.exec(LEGACY_SCHEMA);
  db.exec(MODERN_SCHEMA);
  db.run("INSERT INTO col VALUES (1, 0, 0, 0, 18, 0, 0, 0, '', '', '', '', '')");
  for (const notetype of collection.notetypes) {
    db.run("INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)", [notetype.id, notetype.name, Uint8Array.from(notetype.cloze ? protoVarint(1, 1) : [])]);
    notetype.fields.forEach((name, ord) => db.run("INSERT INTO fields VALUES (?, ?, ?, ?)", [notetype.id, ord, name, new Uint8Array()]));
    notetype.templates.forEach((template, ord) =>
      db.run("INSERT INTO templates VALUES (?, ?, ?, 0, 0, ?)", [notetype.id, ord, `Card ${ord + 1}`, Uint8Array.from([...protoBytes(1, template.qfmt), ...protoBytes(2, template.afmt)])]),
    );
  }
  for (const deck of collection.decks) db.run("INSERT INTO decks VALUES (?, ?, 0, 0, x'', x'')", [deck.id, deck.name.split("::").join("\x1f")]);
  insertNotesAndCards(db, collection);
  // As Anki declares them: a collation only Anki has, which other SQLite builds cannot read.
  db.exec(
    "PRAGMA writable_schema=ON; UPDATE sqlite_master SET sql=replace(sql, 'name text not null', 'name text not null COLLATE unicase') WHERE name IN ('fields', 'templates', 'decks'); PRAGMA writable_schema=RESET;",
  );
  const bytes = db.export();
  db.close();
  return bytes;
}

/** The placeholder collection modern exports carry beside the real one. */
export function placeholderCollection(): Promise<Uint8Array> {
  return legacyCollection({
    notetypes: [BASIC],
    decks: [{ id: 1, name: "Default" }],
    notes: [{ id: 1, guid: "dummy", notetypeId: BASIC.id, fields: ["Please update to the latest Anki version, then import the .colpkg/.apkg file again.", ""] }],
  });
}

export type PackageLayout = "v1" | "v2" | "v3";

export async function ankiPackage(layout: PackageLayout, collection: FixtureCollection = sampleCollection(), extra: Zippable = {}): Promise<Uint8Array> {
  const stored = { level: 0 } as const;
  if (layout === "v1") {
    return zipSync({ "collection.anki2": await legacyCollection(collection), media: new TextEncoder().encode('{"0":"a.png"}'), "0": Uint8Array.from([137, 80, 78, 71]), ...extra });
  }
  if (layout === "v2") {
    return zipSync({ "collection.anki2": await placeholderCollection(), "collection.anki21": await legacyCollection(collection), media: new TextEncoder().encode("{}"), ...extra });
  }
  const mediaMap = zstdRawFrame(Uint8Array.from(protoBytes(1, Uint8Array.from([...protoBytes(1, "a.png"), ...protoVarint(2, 4)]))));
  return zipSync({
    meta: Uint8Array.from(protoVarint(1, 3)),
    "collection.anki2": await placeholderCollection(),
    "collection.anki21b": [zstdRawFrame(await modernCollection(collection)), stored],
    media: [mediaMap, stored],
    "0": [zstdRawFrame(Uint8Array.from([137, 80, 78, 71])), stored],
    ...extra,
  });
}
