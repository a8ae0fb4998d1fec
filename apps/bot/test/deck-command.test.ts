import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeckImportView } from "@recall/study";
import { deckChoices, downloadCapped } from "../src/commands/deck.ts";
import type { BotContext } from "../src/interactions/context.ts";
import { deckProblemsFile, renderDeckImport, renderDeckList, renderDeckRemoved } from "../src/presenters/deck.ts";

function importView(overrides: Partial<DeckImportView> = {}): DeckImportView {
  return {
    deck: { id: 3, name: "**Bold** @everyone", format: "anki-package", questions: 2, items: 4, clozeItems: 2, updatedAt: "2026-03-02T08:00:00.000Z" },
    notes: 3,
    skippedNotes: 1,
    media: 2,
    inserted: 4,
    updated: 0,
    retired: 0,
    unchanged: 0,
    problems: [],
    ...overrides,
  };
}

describe("/deck replies", () => {
  it("say what an import made, with the deck name escaped and no pings", () => {
    const payload = renderDeckImport(importView(), "en");
    expect(payload.content).toBe(
      "Imported deck \\*\\*Bold\\*\\* @\u200beveryone: 2 questions, 4 items (2 cloze); 4 new, 0 updated, 0 retired, 0 unchanged; 1 notes skipped, 2 media files not imported.",
    );
    expect(payload.allowedMentions).toEqual({ parse: [] });
  });

  it("list every problem with its line or note, and count what does not fit in one message", () => {
    const few = renderDeckImport(importView({ problems: [{ line: 4, severity: "warning", kind: "empty-card", message: "line 4: no question; skipped" }] }), "en");
    expect(few.content?.split("\n").slice(-2)).toEqual(["Problems (1):", "- ⚠ line 4\\: no question; skipped"]);
    const many = renderDeckImport(
      importView({ problems: Array.from({ length: 200 }, (_, i) => ({ line: i + 2, severity: "error" as const, kind: "note-refused", message: `line ${i + 2}: field 2 is longer than 65,536 characters; row refused` })) }),
      "en",
    );
    expect(many.content?.length).toBeLessThanOrEqual(2000);
    expect(many.content).toContain("- ✖ line 2\\: field 2 is longer than 65,536 characters; row refused");
    expect(many.content).toMatch(/…and \d+ more problems: all of them are in the attached deck-problems\.txt$/);
    // Every problem is named: those left out of the reply are in the file beside it, unescaped.
    const manyView = importView({ problems: Array.from({ length: 200 }, (_, i) => ({ line: i + 2, severity: "error" as const, kind: "note-refused", message: `line ${i + 2}: refused` })) });
    const file = deckProblemsFile(manyView, "en")?.split("\n").filter(Boolean);
    expect(file).toHaveLength(200);
    expect(file?.[199]).toBe("error\tline 201: refused");
    expect(deckProblemsFile(importView({ problems: [{ line: 4, severity: "warning", kind: "empty-card", message: "line 4: no question" }] }), "en")).toBeNull();
    const refused = renderDeckImport(importView({ deck: null, problems: [{ line: 1, severity: "error", kind: "deck-refused", message: "deck refused: not a readable zip archive" }] }), "zh-CN");
    expect(refused.content?.startsWith("没有导入任何内容。")).toBe(true);
  });

  it("list decks and confirm removals in the member's language", () => {
    expect(renderDeckList([], "en").content).toBe("This server has no decks yet. Import one with /deck import.");
    expect(renderDeckList([importView().deck!], "zh-CN").content).toBe("- \\*\\*Bold\\*\\* @\u200beveryone — anki-package，2 题，4 项");
    expect(renderDeckRemoved("Vocab", false, "en").content).toBe("This server has no deck named Vocab.");
  });
});

describe("downloading an attachment", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/small") response.end("apple\t苹果\n");
      else if (request.url === "/big") response.end(Buffer.alloc(64 * 1024, 0x61));
      else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("returns the bytes, or null when the file turns out larger than the cap or is missing", async () => {
    expect(new TextDecoder().decode((await downloadCapped(`${base}/small`, 1024)) ?? new Uint8Array())).toBe("apple\t苹果\n");
    expect(await downloadCapped(`${base}/big`, 1024)).toBeNull();
    expect(await downloadCapped(`${base}/missing`, 1024)).toBeNull();
  });
});

describe("/quiz setup deck: autocomplete", () => {
  it("offers the server's decks whose names contain what was typed", async () => {
    const decks = ["Animals", "Capitals", "Chinese vocab"].map((name, id) => ({ id, name, format: "kotoba", questions: 1, items: 1, clozeItems: 0, updatedAt: "" }));
    const ctx = { study: { listDecks: (serverId: string) => Promise.resolve(serverId === "guild" ? decks : []) } } as unknown as BotContext;
    expect(await deckChoices(ctx, "guild", "CAPI")).toEqual([{ name: "Capitals", value: "Capitals" }]);
    expect((await deckChoices(ctx, "guild", "")).map((choice) => choice.name)).toEqual(["Animals", "Capitals", "Chinese vocab"]);
    expect(await deckChoices(ctx, "other", "")).toEqual([]);
    expect(await deckChoices(ctx, null, "a")).toEqual([]);
  });
});
