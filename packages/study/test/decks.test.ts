// Decks a server imports: one transaction, every problem reported with its line, re-imports that
// keep schedules, and daily quizzes, grading and `/review` over the deck's cards.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { StudyService } from "../src/index.ts";
import { adminOf, plainMemberOf } from "./fixtures.ts";
import { POST_TIME, useStudy } from "./study-harness.ts";
import { targets } from "./targets.ts";

vi.setConfig({ testTimeout: 60_000 });

const encode = (text: string) => new TextEncoder().encode(text);
const KOTOBA = 'Question,Answers,Comment,Instructions,Render as\n犬,"いぬ,イヌ",dog,,Text\n猫,ねこ,,,\n,orphan,,,\n';
const KOTOBA_EDITED = "Question,Answers,Comment,Instructions,Render as\n犬,いぬ,dog,,Text\n鳥,とり,,,\n";

describe.each(targets())("decks on $name", (target) => {
  const harness = useStudy(target);
  const { clock, unique, newMember } = harness;
  let study: StudyService;
  beforeAll(() => {
    ({ study } = harness);
  });

  it("imports a deck for an admin, reporting what it made and every problem with its line; members may not", async () => {
    const serverId = unique("server");
    await expect(study.importDeck(plainMemberOf(serverId), serverId, { bytes: encode(KOTOBA), fileName: "animals.csv" })).rejects.toMatchObject({ code: "not-allowed" });
    const view = await study.importDeck(adminOf(serverId), serverId, { bytes: encode(KOTOBA), fileName: "animals.csv" });
    expect(view).toMatchObject({ deck: { name: "animals", format: "kotoba", questions: 2, items: 2, clozeItems: 0 }, notes: 3, skippedNotes: 1, inserted: 2 });
    expect(view.problems).toEqual([{ line: 4, severity: "warning", kind: "empty-card", message: "line 4: no question; skipped" }]);
    expect((await study.listDecks(serverId)).map((deck) => deck.name)).toEqual(["animals"]);
    expect((await study.listDecks(unique("other-server"))).map((deck) => deck.name)).toEqual([]);
  });

  it("refuses a hostile file with one clear problem and imports nothing", async () => {
    const serverId = unique("server");
    const view = await study.importDeck(adminOf(serverId), serverId, { bytes: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 9, 9]), fileName: "evil.apkg", name: "Evil" });
    expect(view.deck).toBeNull();
    expect(view.problems).toHaveLength(1);
    expect(view.problems[0]).toMatchObject({ line: 1, severity: "error", kind: "deck-refused" });
    expect(view.problems[0]?.message).toMatch(/^deck refused: not a readable zip archive/);
    expect(await study.listDecks(serverId)).toEqual([]);
  });

  it("posts a group's daily quiz from its decks, grades term answers against any accepted answer, and keeps schedules across re-imports", async () => {
    clock.set(POST_TIME);
    const serverId = unique("server");
    const channelId = unique("channel");
    const admin = adminOf(serverId);
    await study.setupGroup(admin, { serverId, channelId, dailyTime: "09:00", timezone: "Asia/Shanghai" });
    await study.importDeck(admin, serverId, { bytes: encode(KOTOBA), fileName: "animals.csv", name: "Animals" });
    await expect(study.setGroupDecks(admin, { serverId, channelId }, ["No such deck"])).rejects.toMatchObject({ code: "unknown-deck" });
    expect(await study.setGroupDecks(admin, { serverId, channelId }, ["animals"])).toEqual(["Animals"]);
    expect(await study.groupDecks({ serverId, channelId })).toEqual(["Animals"]);

    const due = (await study.duePosts()).find((candidate) => candidate.channelId === channelId);
    const quiz = due ? await study.claimDailyQuiz(due) : null;
    if (!quiz) throw new Error("the group's post was not claimed");
    await study.markPosted(quiz.postId, unique("message"));
    const [item] = quiz.items;
    expect(item?.itemId).toMatch(/^D\d+\.H-[0-9a-f]{12}$/);
    expect(item?.prompt).toBe("犬");

    const member = newMember(serverId);
    const result = await study.submitAnswer({ deliveryKey: unique("delivery"), member, postId: quiz.postId, itemId: item?.itemId ?? "", text: "イヌ" });
    expect(result).toMatchObject({ score: 1, suggestedRating: "easy" });
    const before = await harness.cardOf(member, item?.itemId ?? "");
    expect(before?.reps).toBe(1);

    const again = await study.importDeck(admin, serverId, { bytes: encode(KOTOBA_EDITED), fileName: "animals.csv", name: "Animals" });
    expect(again).toMatchObject({ inserted: 1, updated: 1, retired: 1, unchanged: 0 });
    expect(await harness.cardOf(member, item?.itemId ?? "")).toEqual(before);
    expect(study.items.get(item?.itemId ?? "")?.answer).toBe("いぬ");

    // `/review` covers the deck the member studies.
    clock.set(new Date(Date.parse(POST_TIME) + 30 * 86_400_000).toISOString());
    expect((await study.nextReview(member))?.item.itemId).toBe(item?.itemId);

    expect(await study.removeDeck(admin, serverId, "Animals")).toBe(true);
    expect(await study.groupDecks({ serverId, channelId })).toEqual([]);
  });

  it("loads every stored deck's cards into a fresh process", async () => {
    const serverId = unique("server");
    const view = await study.importDeck(adminOf(serverId), serverId, { bytes: encode("apple\t苹果\n"), fileName: "fruit.txt" });
    const id = `D${view.deck?.id}.H-`;
    expect([...harness.otherProcess.items.keys()].some((key) => key.startsWith(id))).toBe(false);
    expect(await harness.otherProcess.loadDecks()).toBeGreaterThan(0);
    expect([...harness.otherProcess.items.keys()].some((key) => key.startsWith(id))).toBe(true);
  });
});
