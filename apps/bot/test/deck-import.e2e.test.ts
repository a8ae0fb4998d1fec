// `/deck import` end to end: an admin attaches a Quizlet export to the slash command, the local
// Discord serves it on its own HTTP server, the bot downloads it, imports it, and the group's daily
// quiz draws from it. Scenarios share one database and build on each other in order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandOptionValue, FakeUpload } from "@recall/discord-fake";
import { decodeCustomId } from "../src/custom-ids.ts";
import { ADMIN, ALICE, CHANNEL_ID, GUILD_ID, TestClock, buttonIds, embedText, livePosts, startHarness, type Harness } from "./harness.ts";

// Monday 2 March 2026, 09:00 in Shanghai.
const clock = new TestClock(Date.parse("2026-03-02T01:00:00Z"));
let h: Harness;

const CARDS: Record<string, string> = { apple: "苹果", pear: "梨", peach: "桃子", grape: "葡萄" };
const quizlet = (cards: Record<string, string>): string =>
  Object.entries(cards)
    .map(([term, definition]) => `${term}\t${definition}`)
    .join("\n");
const upload = (text: string, size?: number): FakeUpload => ({ filename: "vocab.txt", contentType: "text/plain; charset=utf-8", bytes: text, ...(size === undefined ? {} : { size }) });

const place = { guildId: GUILD_ID, channelId: CHANNEL_ID };
const ADMIN_EN = { ...ADMIN, locale: "en-US" };

function deckCommand(actor: typeof ADMIN_EN | typeof ALICE, subcommand: string, options: Record<string, CommandOptionValue | FakeUpload> = {}) {
  return h.fake.slashCommand({ ...actor, ...place, name: "deck", subcommand, options });
}

function attachmentDownloads(): number {
  return h.fake.requests.filter((request) => request.path.startsWith("/ephemeral-attachments/")).length;
}

beforeAll(async () => {
  h = await startHarness({ clock });
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

describe("a server's own deck through /deck import", () => {
  it("imports a Quizlet export the local Discord serves, and says what it made", async () => {
    const handle = deckCommand(ADMIN_EN, "import", { file: upload(quizlet(CARDS)), name: "Vocab" });
    const reply = await handle.waitForReply((r) => r.kind === "edit-original");
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe(
      "Imported deck Vocab: 4 questions, 4 items (0 cloze); 4 new, 0 updated, 0 retired, 0 unchanged; 0 notes skipped, 0 media files not imported.",
    );
    expect(attachmentDownloads()).toBe(1);
  });

  it("lists the deck", async () => {
    const reply = await deckCommand(ADMIN_EN, "list").waitForReply((r) => r.kind === "edit-original");
    expect(reply.content).toBe("- Vocab — quizlet, 4 questions, 4 items");
  });

  it("offers the deck in /quiz setup's autocomplete and draws the daily quiz from it", async () => {
    const suggest = h.fake.autocomplete({ ...ADMIN_EN, ...place, name: "quiz", subcommand: "setup", focused: "deck", options: { deck: "voc" } });
    expect((await suggest.firstResponse()).data).toEqual({ choices: [{ name: "Vocab", value: "Vocab" }] });
    const none = h.fake.autocomplete({ ...ADMIN_EN, ...place, name: "quiz", subcommand: "setup", focused: "deck", options: { deck: "kanji" } });
    expect((await none.firstResponse()).data).toEqual({ choices: [] });

    const mistyped = h.fake.slashCommand({ ...ADMIN_EN, ...place, name: "quiz", subcommand: "setup", options: { time: "09:00", timezone: "Asia/Shanghai", deck: "Vocabulary" } });
    expect((await mistyped.waitForReply()).content).toBe("This server has no deck named “Vocabulary”; see /deck list.");
    await expect(h.study.groupStatus({ serverId: GUILD_ID, channelId: CHANNEL_ID })).rejects.toThrow(/no study group/);

    const setup = h.fake.slashCommand({ ...ADMIN_EN, ...place, name: "quiz", subcommand: "setup", options: { time: "09:00", timezone: "Asia/Shanghai", questions: 1, deck: "vocab" } });
    expect((await setup.waitForReply()).content).toContain("Decks: Vocab.");
    expect(await h.study.groupDecks({ serverId: GUILD_ID, channelId: CHANNEL_ID })).toEqual(["Vocab"]);

    const now = h.fake.slashCommand({ ...ADMIN_EN, ...place, name: "quiz", subcommand: "now" });
    expect((await now.waitForReply()).content).toContain("Today's quiz has been posted");
    const posts = livePosts(h.fake);
    expect(posts).toHaveLength(1);
    const text = embedText(posts[0]!);
    expect(Object.keys(CARDS).filter((term) => text.includes(term))).toHaveLength(1);
  });

  it("grades a member's short answer to the deck's card", async () => {
    const post = livePosts(h.fake)[0]!;
    const term = Object.keys(CARDS).find((candidate) => embedText(post).includes(candidate))!;
    const answerButton = buttonIds(post).find((id) => decodeCustomId(id)?.kind === "answer")!;
    const click = h.fake.clickButton({ ...ALICE, messageId: post.id, customId: answerButton });
    await click.firstResponse();
    const submit = h.fake.submitModal({ modalOf: click, fields: { answer: ` ${CARDS[term]!}。` } });
    const result = await submit.waitForReply((reply) => reply.kind === "edit-original");
    expect(result.ephemeral).toBe(true);
    expect(embedText(result)).toContain("✅");
    expect(embedText(result)).toContain("100/100");
  });

  it("updates the deck when the same name is imported again: a changed card updates, a removed one retires", async () => {
    const { grape: _removed, ...kept } = CARDS;
    const changed = { ...kept, peach: "桃" };
    const reply = await deckCommand(ADMIN_EN, "import", { file: upload(quizlet(changed)), name: "Vocab" }).waitForReply((r) => r.kind === "edit-original");
    expect(reply.content).toContain("Imported deck Vocab: 3 questions, 3 items (0 cloze); 0 new, 1 updated, 1 retired, 2 unchanged;");
    const list = await deckCommand(ADMIN_EN, "list").waitForReply((r) => r.kind === "edit-original");
    expect(list.content).toBe("- Vocab — quizlet, 3 questions, 3 items");
  });

  it("refuses a member without Manage Server, and an attachment declared over 25 MB before downloading it", async () => {
    const before = attachmentDownloads();
    const refused = await deckCommand(ALICE, "import", { file: upload(quizlet(CARDS)), name: "Mine" }).waitForReply();
    expect(refused.content).toContain("管理服务器");
    const removal = await deckCommand(ALICE, "remove", { name: "Vocab" }).waitForReply();
    expect(removal.content).toContain("管理服务器");

    const big = await deckCommand(ADMIN_EN, "import", { file: upload(quizlet(CARDS), 26 * 1024 * 1024), name: "Big" }).waitForReply();
    expect(big.content).toBe(`The file is too large: ${26 * 1024 * 1024} bytes, at most ${25 * 1024 * 1024}.`);
    expect(attachmentDownloads()).toBe(before);
    expect((await h.study.listDecks(GUILD_ID)).map((deck) => deck.name)).toEqual(["Vocab"]);
  });

  it("removes the deck", async () => {
    const reply = await deckCommand(ADMIN_EN, "remove", { name: "Vocab" }).waitForReply((r) => r.kind === "edit-original");
    expect(reply.content).toBe("Removed deck Vocab; its cards retired, study history stays.");
    const list = await deckCommand(ADMIN_EN, "list").waitForReply((r) => r.kind === "edit-original");
    expect(list.content).toBe("This server has no decks yet. Import one with /deck import.");
  });

  it("sent Discord nothing it would refuse", () => {
    expect(h.fake.rejections).toEqual([]);
    expect(h.fake.unknownRoutes).toEqual([]);
  });
});
