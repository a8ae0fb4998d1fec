import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDeck } from "@recall/content";
import type { Database, OpenDatabase } from "../src/index.ts";
import { dailyPickInputs, getCard, groupDeckIds, importDeck, listDeckItems, listDecks, listItems, removeDeck, schema, setGroupDecks, syncItems, upsertMember, upsertStudyGroup } from "../src/index.ts";
import { T0, at, item } from "./fixtures.ts";
import { targets } from "./targets.ts";

const DECK_V1 = "#separator:tab\n#guid column:1\nc1\tcapital of France\tParis; Paree\nc2\t为什么 DPO 不需要奖励模型？\t因为它直接用偏好对优化策略。\nc3\t{{c1::DPO}} 不需要 {{c2::奖励模型}}\tx\n";
const DECK_V2 = "#separator:tab\n#guid column:1\nc1\tcapital of France\tParis\nc3\t{{c1::DPO}} 不需要 {{c2::奖励模型}}\tx\nc4\tnew card\tnew answer\n";

async function deckInput(serverId: string, name: string, text: string) {
  const result = await parseDeck(text, `${name}.txt`);
  const page = result.pages[0];
  if (!page?.deck) throw new Error("fixture deck did not parse");
  return { serverId, name, format: page.format, summary: page.deck, items: result.items };
}

describe.each(targets())("decks on $name", (target) => {
  let open: OpenDatabase;
  let db: Database;

  beforeAll(async () => {
    open = await target.open();
    db = open.db;
    await syncItems(db, [item("Q090"), item("Q091")], T0);
  });

  afterAll(async () => {
    if (open) await target.dispose(open);
  });

  it("imports a deck in one go, items scoped by deck id, with kinds and accepted answers", async () => {
    const { deck, report } = await importDeck(db, await deckInput("guild-1", "Trivia", DECK_V1), T0);
    expect(report).toEqual({ inserted: 4, updated: 0, retired: 0, unchanged: 0 });
    expect(deck).toMatchObject({ serverId: "guild-1", name: "Trivia", format: "anki-text", summary: { notes: 3, items: 4, clozeItems: 2 } });
    const items = await listDeckItems(db, [deck.id]);
    expect(items.map((i) => [i.id, i.kind, i.parentId])).toEqual([
      [`D${deck.id}.G-c1`, "main", null],
      [`D${deck.id}.G-c2`, "main", null],
      [`D${deck.id}.G-c3.c1`, "cloze", `D${deck.id}.G-c3`],
      [`D${deck.id}.G-c3.c2`, "cloze", `D${deck.id}.G-c3`],
    ]);
    expect(items[0]?.acceptedAnswers).toEqual(["Paris", "Paree"]);
    expect(items[1]?.acceptedAnswers).toBeUndefined();
    // The built-in bank's sync neither sees nor retires deck items.
    expect((await listItems(db)).map((i) => i.id)).toEqual(["Q090", "Q091"]);
    await syncItems(db, [item("Q090"), item("Q091")], at(1));
    expect(await listDeckItems(db, [deck.id])).toHaveLength(4);
  });

  it("re-importing the same name updates changed cards, keeps their schedules, and retires removed ones", async () => {
    const first = await importDeck(db, await deckInput("guild-2", "Vocab", DECK_V1), T0);
    const member = await upsertMember(db, "user-deck", {}, T0);
    const itemId = `D${first.deck.id}.G-c1`;
    await db.insert(schema.cards).values({
      memberId: member.id,
      itemId,
      due: at(3),
      stability: 3.5,
      difficulty: 5,
      scheduledDays: 3,
      learningSteps: 0,
      reps: 2,
      lapses: 0,
      state: "review",
      lastReview: T0,
    });
    const second = await importDeck(db, await deckInput("guild-2", "Vocab", DECK_V2), at(1));
    expect(second.deck.id).toBe(first.deck.id);
    expect(second.report).toEqual({ inserted: 1, updated: 1, retired: 1, unchanged: 2 });
    expect((await getCard(db, member.id, itemId))?.reps).toBe(2);
    const items = await listDeckItems(db, [first.deck.id]);
    expect(items.find((i) => i.id === itemId)?.answer).toBe("Paris");
    expect(items.map((i) => i.id)).not.toContain(`D${first.deck.id}.G-c2`);
  });

  it("lists a server's decks, removes one (its items retire), and brings it back on re-import", async () => {
    const a = await importDeck(db, await deckInput("guild-3", "A deck", DECK_V1), T0);
    await importDeck(db, await deckInput("guild-3", "B deck", DECK_V2), T0);
    await importDeck(db, await deckInput("guild-other", "C deck", DECK_V2), T0);
    expect((await listDecks(db, "guild-3")).map((deck) => deck.name)).toEqual(["A deck", "B deck"]);
    expect(await removeDeck(db, "guild-3", "A deck", at(1))).toBe(true);
    expect(await removeDeck(db, "guild-3", "A deck", at(1))).toBe(false);
    expect(await removeDeck(db, "guild-3", "C deck", at(1))).toBe(false);
    expect((await listDecks(db, "guild-3")).map((deck) => deck.name)).toEqual(["B deck"]);
    expect(await listDeckItems(db, [a.deck.id])).toEqual([]);
    const back = await importDeck(db, await deckInput("guild-3", "A deck", DECK_V1), at(2));
    expect(back.deck.id).toBe(a.deck.id);
    expect(back.report).toMatchObject({ updated: 4, inserted: 0 });
  });

  it("sets the decks a group draws from: only the server's own active decks; none means the built-in bank", async () => {
    const mine = await importDeck(db, await deckInput("guild-4", "Mine", DECK_V1), T0);
    const theirs = await importDeck(db, await deckInput("guild-5", "Theirs", DECK_V1), T0);
    const group = await upsertStudyGroup(db, { serverId: "guild-4", channelId: "chan-4", dailyTime: "09:00", timezone: "Asia/Shanghai", questionsPerDay: 1, chapters: [], paused: false }, T0);
    expect(await groupDeckIds(db, group.id)).toEqual([]);
    expect(await setGroupDecks(db, group.id, "guild-4", [mine.deck.id, theirs.deck.id])).toEqual([mine.deck.id]);
    expect(await groupDeckIds(db, group.id)).toEqual([mine.deck.id]);
    await removeDeck(db, "guild-4", "Mine", at(1));
    expect(await groupDeckIds(db, group.id)).toEqual([]);
  });

  it("draws a group's daily candidates from its decks only, or from the built-in bank when it picked none", async () => {
    const deck = await importDeck(db, await deckInput("guild-6", "Daily", DECK_V1), T0);
    await importDeck(db, await deckInput("guild-7", "Elsewhere", DECK_V1), T0);
    const group = await upsertStudyGroup(db, { serverId: "guild-6", channelId: "chan-6", dailyTime: "09:00", timezone: "Asia/Shanghai", questionsPerDay: 1, chapters: [], paused: false }, T0);
    const bank = (await dailyPickInputs(db, group.id, T0)).candidates.map((c) => c.itemId);
    expect(bank.every((id) => id.startsWith("Q"))).toBe(true);
    await setGroupDecks(db, group.id, "guild-6", [deck.deck.id]);
    const fromDeck = (await dailyPickInputs(db, group.id, T0)).candidates.map((c) => [c.itemId, c.kind]);
    expect(fromDeck).toEqual([
      [`D${deck.deck.id}.G-c1`, "main"],
      [`D${deck.deck.id}.G-c2`, "main"],
      [`D${deck.deck.id}.G-c3.c1`, "cloze"],
      [`D${deck.deck.id}.G-c3.c2`, "cloze"],
    ]);
  });
});
