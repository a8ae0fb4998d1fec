import { describe, expect, it } from "vitest";
import { zipSync } from "fflate";
import type { DeckLimits, ParseResult } from "../src/index.ts";
import { DEFAULT_DECK_LIMITS, detectDeckFormat, parseDeck } from "../src/index.ts";
import type { FixtureCollection } from "./deck-fixtures.ts";
import { BASIC, ankiPackage, editedCollection, legacyCollection, modernCollection, protoVarint, sampleCollection, zstdBomb, zstdRawFrame } from "./deck-fixtures.ts";

const limits = (overrides: Partial<DeckLimits>): DeckLimits => ({ ...DEFAULT_DECK_LIMITS, ...overrides });

function refusal(result: ParseResult): string {
  expect(result.pages).toEqual([]);
  expect(result.items).toEqual([]);
  expect(result.problems).toHaveLength(1);
  expect(result.problems[0]).toMatchObject({ severity: "error", kind: "deck-refused" });
  return result.problems[0]?.message ?? "";
}

function basicNotes(count: number): FixtureCollection {
  return {
    notetypes: [BASIC],
    decks: [{ id: 1, name: "Default" }],
    notes: Array.from({ length: count }, (_, i) => ({ id: i + 1, guid: `n${i}`, notetypeId: BASIC.id, fields: [`question ${i}`, `answer ${i}`] })),
  };
}

describe("Anki packages, given each layout", () => {
  it("reads the same cards from the legacy (anki2, anki21) and zstd (anki21b) layouts, never the placeholder", async () => {
    const results = await Promise.all((["v1", "v2", "v3"] as const).map(async (layout) => parseDeck(await ankiPackage(layout), `deck.${layout}.apkg`)));
    for (const result of results) {
      expect(result.items.map((item) => item.id)).toEqual(["A-gA1", "A-gB2", "A-gC3.c1", "A-gC3.c2"]);
      expect(result.items.some((item) => item.prompt.includes("Please update"))).toBe(false);
      expect(result.pages[0]).toMatchObject({ format: "anki-package", title: "面试", deck: { notes: 3, questions: 3, items: 4, clozeItems: 2, skippedNotes: 0 } });
    }
    const [v1, v2, v3] = results.map((result) => result.items.map(({ source: _source, ...item }) => item));
    expect(v2).toEqual(v1);
    expect(v3).toEqual(v1);
  });

  it("renders basic notes through their templates and turns HTML into text", async () => {
    const result = await parseDeck(await ankiPackage("v3"), "deck.apkg");
    expect(result.items[0]).toMatchObject({ kind: "main", prompt: "什么是 RLHF？", answer: "基于人类反馈的强化学习", acceptedAnswers: ["基于人类反馈的强化学习"] });
    expect(result.items[1]).toMatchObject({ answer: "Paris; Paree", acceptedAnswers: ["Paris", "Paree"] });
  });

  it("makes one cloze item per cloze number: the prompt with the gap (or its hint), the answer the hidden text", async () => {
    const result = await parseDeck(await ankiPackage("v1"), "deck.apkg");
    const [c1, c2] = result.items.filter((item) => item.kind === "cloze");
    expect(c1).toMatchObject({ id: "A-gC3.c1", questionId: "A-gC3", parentId: "A-gC3", prompt: "[方法] 不需要 奖励模型，[...] 直接优化", answer: "DPO" });
    expect(c2).toMatchObject({ id: "A-gC3.c2", prompt: "DPO 不需要 [...]，DPO 直接优化", answer: "奖励模型" });
  });

  it("counts media and warns that they are not imported", async () => {
    const result = await parseDeck(await ankiPackage("v3"), "deck.apkg");
    expect(result.pages[0]?.deck?.media).toBe(1);
    expect(result.problems).toEqual([expect.objectContaining({ severity: "warning", kind: "media-not-imported", message: "1 media file not imported (images and sounds are left out)" })]);
  });

  it("keeps an item's id when its answer is edited, and changes its content hash", async () => {
    const edited = sampleCollection();
    (edited.notes[1] as { fields: string[] }).fields[1] = "Paris";
    const before = (await parseDeck(await ankiPackage("v3"), "deck.apkg")).items[1];
    const after = (await parseDeck(await ankiPackage("v3", edited), "deck.apkg")).items[1];
    expect(after?.id).toBe(before?.id);
    expect(after?.contentHash).not.toBe(before?.contentHash);
  });

  it("reads bare collection files: SQLite (.anki2) and zstd (.anki21b)", async () => {
    const bare = await parseDeck(await legacyCollection(sampleCollection()), "collection.anki2");
    const zstd = await parseDeck(zstdRawFrame(await modernCollection(sampleCollection())), "collection.anki21b");
    expect(bare.items).toHaveLength(4);
    expect(zstd.items.map((item) => item.id)).toEqual(bare.items.map((item) => item.id));
  });

  it("is recognised by content, whatever the file is called", async () => {
    expect(detectDeckFormat(await ankiPackage("v2"))).toBe("anki-package");
    expect((await parseDeck(await ankiPackage("v2"), "notes.txt")).items).toHaveLength(4);
  });

  it("skips empty notes and refuses over-long fields, naming the note", async () => {
    const collection = basicNotes(3);
    (collection.notes[1] as { fields: string[] }).fields = ["", "answer"];
    (collection.notes[2] as { fields: string[] }).fields = ["q", "x".repeat(200)];
    const result = await parseDeck(await ankiPackage("v1", collection), "deck.apkg", limits({ maxFieldChars: 100 }));
    expect(result.items.map((item) => item.id)).toEqual(["A-n0"]);
    expect(result.pages[0]?.deck?.skippedNotes).toBe(2);
    expect(result.problems.map((problem) => [problem.severity, problem.kind, problem.message])).toEqual(
      expect.arrayContaining([
        ["warning", "empty-card", 'note 2 (guid "n1"): the question side is empty; skipped'],
        ["error", "note-refused", 'note 3 (guid "n2"): field 2 is longer than 100 characters; note refused'],
      ]),
    );
  });
});

describe("Anki packages, given hostile or broken files", () => {
  it("refuses a file over the size cap before reading it", async () => {
    const message = refusal(await parseDeck(await ankiPackage("v1"), "big.apkg", limits({ maxFileBytes: 100 })));
    expect(message).toMatch(/^deck refused: the file is [0-9,]+ bytes; at most 100 are accepted$/);
  });

  it("refuses more notes than the cap", async () => {
    const message = refusal(await parseDeck(await ankiPackage("v3", basicNotes(6)), "many.apkg", limits({ maxNotes: 5 })));
    expect(message).toBe('deck refused: "collection.anki21b" has 6 notes; at most 5 are accepted');
  });

  it("refuses an archive with too many entries", async () => {
    const message = refusal(await parseDeck(await ankiPackage("v1"), "x.apkg", limits({ maxZipEntries: 2 })));
    expect(message).toBe("deck refused: the archive has 3 entries; at most 2 are accepted");
  });

  it("refuses a collection that declares more than the cap", async () => {
    const message = refusal(await parseDeck(await ankiPackage("v1"), "x.apkg", limits({ maxCollectionBytes: 1024 })));
    expect(message).toMatch(/^deck refused: "collection.anki2" would inflate to [0-9,]+ bytes; at most 1,024 are accepted$/);
  });

  it("stops a zip bomb that lies about its size at the first chunk past the declared size", async () => {
    const zip = zipSync({ "collection.anki2": new Uint8Array(4 * 1024 * 1024) });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    // Declare 100 bytes inflated, in the local header (offset 22) and the central directory (offset 24).
    view.setUint32(22, 100, true);
    const central = zip.length - 22 - 46 - "collection.anki2".length;
    view.setUint32(central + 24, 100, true);
    const message = refusal(await parseDeck(zip, "bomb.apkg"));
    expect(message).toMatch(/^deck refused: "collection.anki2" in the archive is corrupt or a zip bomb \(too many bytes in the stream/);
  });

  it("stops a zstd bomb at the cap", async () => {
    const zip = zipSync({ meta: Uint8Array.from(protoVarint(1, 3)), "collection.anki21b": [zstdBomb(64), { level: 0 }] });
    const message = refusal(await parseDeck(zip, "bomb.apkg", limits({ maxCollectionBytes: 1024 * 1024 })));
    expect(message).toBe('deck refused: "collection.anki21b" decompresses to more than 1,048,576 bytes (refused as a zstd bomb)');
  });

  it("refuses entries that climb out of the archive", async () => {
    const zip = zipSync({ "../../etc/evil": new Uint8Array(4), "collection.anki2": await legacyCollection(sampleCollection()) });
    expect(refusal(await parseDeck(zip, "evil.apkg"))).toMatch(/^deck refused: the archive is corrupt or unsafe \(invalid relative path: \.\.\/\.\.\/etc\/evil\)$/);
  });

  it("refuses a notes view posing as a table", async () => {
    const hostile = await editedCollection(
      await legacyCollection(basicNotes(1)),
      "ALTER TABLE notes RENAME TO real_notes; CREATE VIEW notes AS WITH RECURSIVE spin(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM spin) SELECT x AS id, '' AS guid, 0 AS mid, '' AS tags, '' AS flds FROM spin;",
    );
    expect(refusal(await parseDeck(zipSync({ "collection.anki2": hostile }), "view.apkg"))).toBe('deck refused: "collection.anki2" is refused: "notes" is a view, not a table');
  });

  it("refuses a notes table with generated columns", async () => {
    const hostile = await editedCollection(await legacyCollection(basicNotes(1)), "ALTER TABLE notes ADD COLUMN spin BLOB AS (zeroblob(1000000000)) VIRTUAL;");
    expect(refusal(await parseDeck(zipSync({ "collection.anki2": hostile }), "generated.apkg"))).toBe('deck refused: "collection.anki2" is refused: "notes" has generated columns');
  });

  it("refuses corrupt SQLite and archives that are not Anki packages", async () => {
    const collection = await legacyCollection(basicNotes(3));
    const corrupt = Uint8Array.from(collection);
    corrupt.fill(0xa5, 100, corrupt.length);
    expect(refusal(await parseDeck(zipSync({ "collection.anki2": corrupt }), "corrupt.apkg"))).toMatch(/^deck refused: "collection.anki2" is not a readable SQLite database \(/);
    expect(refusal(await parseDeck(zipSync({ "notes.txt": new Uint8Array(3) }), "other.zip"))).toBe("deck refused: the zip archive is not an Anki package (no collection inside)");
    const truncated = (await ankiPackage("v1")).subarray(0, 200);
    expect(refusal(await parseDeck(truncated, "cut.apkg"))).toMatch(/^deck refused: not a readable zip archive \(/);
  });

  it("refuses a package version it does not know", async () => {
    const zip = zipSync({ meta: Uint8Array.from(protoVarint(1, 9)), "collection.anki21b": new Uint8Array(4) });
    expect(refusal(await parseDeck(zip, "future.apkg"))).toBe(
      'deck refused: the package\'s format version 9 is unknown (made by a newer Anki?); export it again with "Support older Anki versions"',
    );
  });
});
