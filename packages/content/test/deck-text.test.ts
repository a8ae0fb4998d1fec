import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DeckLimits } from "../src/index.ts";
import { DEFAULT_DECK_LIMITS, detectDeckFormat, parseBank, parseDeck } from "../src/index.ts";
import { readFixture, MARKDOWN_SEED } from "./helpers.ts";

const limits = (overrides: Partial<DeckLimits>): DeckLimits => ({ ...DEFAULT_DECK_LIMITS, ...overrides });
const cards = (result: Awaited<ReturnType<typeof parseDeck>>): [string, string, string][] => result.items.map((item) => [item.id, item.prompt, item.answer]);

describe("recognising a deck by its content", () => {
  it.each([
    ["#separator:tab\na\tb\n", "anki-text"],
    ["tags:x y\n#html:false\na;b\n", "anki-text"],
    ['"a, quoted",b\n', "anki-text"],
    ["a\tb\ttags\n", "anki-text"],
    ["apple\t苹果\nno tab\n", "quizlet"],
    ["a,b,c\n", "anki-text"],
    ["a|b\n", "anki-text"],
    ["Question,Answers,Comment,Instructions,Render as\n犬,いぬ,,,\n", "kotoba"],
    ["apple\t苹果\nbanana\t香蕉\n", "quizlet"],
    ["apple,苹果\nbanana,香蕉\n", "quizlet"],
    ["apple\t苹果;banana\t香蕉;", "quizlet"],
  ])("%j is %s", (text, format) => {
    expect(detectDeckFormat(text)).toBe(format);
  });

  it("leaves question pages and plain prose to the page parser", () => {
    expect(detectDeckFormat(readFixture(MARKDOWN_SEED))).toBeNull();
    expect(detectDeckFormat("just some words\n")).toBeNull();
    expect(detectDeckFormat("")).toBeNull();
  });
});

describe("Anki text exports, given their headers", () => {
  it("reads an Anki 'Notes in Plain Text' export: #separator, #html, #guid/#notetype/#deck/#tags columns", async () => {
    const text = [
      "#separator:tab",
      "#html:true",
      "#guid column:1",
      "#notetype column:2",
      "#deck column:3",
      "#tags column:6",
      "gA1\tBasic\t中文::面试\t<b>什么是</b> RLHF？\t基于人类反馈的强化学习\tml",
      'gB2\tBasic\t中文::面试\t"two\nlines"\tDPO&nbsp;/ 直接偏好优化\t',
      "gC3\tCloze\t中文::面试\t{{c1::DPO}} 不需要 {{c2::奖励模型::模型}}\t\t",
    ].join("\n");
    const result = await parseDeck(text, "export.txt");
    expect(result.pages[0]).toMatchObject({ format: "anki-text", title: "面试", deck: { notes: 3, items: 4, clozeItems: 2 } });
    expect(cards(result)).toEqual([
      ["G-gA1", "什么是 RLHF？", "基于人类反馈的强化学习"],
      ["G-gB2", "two\nlines", "DPO / 直接偏好优化"],
      ["G-gC3.c1", "[...] 不需要 奖励模型", "DPO"],
      ["G-gC3.c2", "DPO 不需要 [模型]", "奖励模型"],
    ]);
    expect(result.items[1]?.acceptedAnswers).toEqual(["DPO", "直接偏好优化"]);
    expect(result.items.map((item) => item.source.line)).toEqual([7, 8, 10, 10]);
    expect(result.problems).toEqual([]);
  });

  it("maps #columns names to question and answer, splitting with the separator declared before them", async () => {
    const result = await parseDeck("#separator:semicolon\n#columns:Tags;Back;Front\nt1;答案;问题\n", "cols.csv");
    expect(cards(result)).toEqual([[expect.stringMatching(/^H-[0-9a-f]{12}$/), "问题", "答案"]]);
  });

  it("keeps text literal when #html:false (a C# generic stays <T>)", async () => {
    const result = await parseDeck("#html:false\n#separator:comma\nC# generic List<T>?,a list of T\n", "csharp.csv");
    expect(cards(result)[0]?.slice(1)).toEqual(["C# generic List<T>?", "a list of T"]);
  });

  it("detects HTML in the first records when no #html header says so", async () => {
    const result = await parseDeck("#separator:tab\n<i>a</i>\t<br>b &amp; c\n", "html.txt");
    expect(cards(result)[0]?.slice(1)).toEqual(["a", "b & c"]);
  });

  it("detects the delimiter as Anki does: the first of tab, |, ;, :, comma, space", async () => {
    expect(cards(await parseDeck("tags:x\n#deck:D\nq1|a,1\nq2|a2\n", "pipes.txt")).map((card) => card.slice(1))).toEqual([
      ["q1", "a,1"],
      ["q2", "a2"],
    ]);
  });

  it("skips # lines between records but keeps # inside a field", async () => {
    const result = await parseDeck("#separator:comma\nC# lang,yes\n# a comment\nq2,a2\n", "hash.csv");
    expect(cards(result).map((card) => card.slice(1))).toEqual([
      ["C# lang", "yes"],
      ["q2", "a2"],
    ]);
  });

  it("names the line of every skipped or refused row", async () => {
    const result = await parseDeck(`#separator:tab\nq1\t\n\ta2\nq3\t${"x".repeat(50)}\nq4\ta4\n`, "bad.txt", limits({ maxFieldChars: 20 }));
    expect(result.items.map((item) => item.prompt)).toEqual(["q4"]);
    expect(result.problems.map((problem) => `${problem.line} ${problem.severity} ${problem.kind} ${problem.message}`)).toEqual([
      "2 warning empty-card line 2: no answer; skipped",
      "3 warning empty-card line 3: no question; skipped",
      "4 error note-refused line 4: field 2 is longer than 20 characters; row refused",
    ]);
    expect(result.pages[0]?.deck?.skippedNotes).toBe(3);
  });

  it("refuses more rows than the cap", async () => {
    const text = `#separator:tab\n${Array.from({ length: 6 }, (_, i) => `q${i}\ta${i}`).join("\n")}\n`;
    const result = await parseDeck(text, "many.txt", limits({ maxNotes: 5 }));
    expect(result.items).toEqual([]);
    expect(result.problems.map((problem) => problem.message)).toEqual(["deck refused: more than 5 rows; at most 5 are accepted"]);
  });

  it("keeps ids from the guid column, or from the prompt, when an answer is edited; the content hash changes", async () => {
    for (const header of ["#separator:tab\n#guid column:1\nid7\t", "#separator:tab\n"]) {
      const before = (await parseDeck(`${header}Prompt  One\tanswer\n`, "a.txt")).items[0];
      const after = (await parseDeck(`${header}prompt one\tanswer, edited\n`, "a.txt")).items[0];
      expect(after?.id).toBe(before?.id);
      expect(after?.contentHash).not.toBe(before?.contentHash);
    }
  });

  it("reports a duplicate card once and keeps the first", async () => {
    const result = await parseDeck("#separator:tab\nsame\ta\nSame\tb\n", "dup.txt");
    expect(result.items.map((item) => item.answer)).toEqual(["a"]);
    expect(result.problems[0]).toMatchObject({ line: 3, kind: "duplicate-card" });
    expect(result.problems[0]?.message).toMatch(/^line 3: same card as line 2 \(id H-[0-9a-f]{12}\); skipped$/);
  });
});

describe("Quizlet and Kotoba exports", () => {
  it("reads Quizlet's default export (tab, newline), splitting each row at its first tab only", async () => {
    const result = await parseDeck("apple\t苹果\nbanana\t香蕉, a fruit: yellow\n\nno separator here\n", "quizlet.txt");
    expect(result.pages[0]?.format).toBe("quizlet");
    expect(cards(result).map((card) => card.slice(1))).toEqual([
      ["apple", "苹果"],
      ["banana", "香蕉, a fruit: yellow"],
    ]);
    expect(result.problems.map((problem) => [problem.line, problem.message])).toEqual([[4, "line 4: no separator between term and definition; skipped"]]);
  });

  it("reads Quizlet with comma between term and definition and rows by semicolon", async () => {
    expect(cards(await parseDeck("apple,苹果\nbanana,香蕉\n", "q.txt")).map((card) => card.slice(1))).toEqual([
      ["apple", "苹果"],
      ["banana", "香蕉"],
    ]);
    expect(cards(await parseDeck("apple\t苹果;banana\t香蕉;", "q.txt")).map((card) => card.slice(1))).toEqual([
      ["apple", "苹果"],
      ["banana", "香蕉"],
    ]);
  });

  it("reads Kotoba's CSV: several accepted answers, comma or 、 separated; the comment kept as explanation", async () => {
    const result = await parseDeck('Question,Answers,Comment,Instructions,Render as\n犬,"いぬ,イヌ",dog,,Text\n猫,ねこ、ネコ,,,\n鳥,とり,,,\n', "kotoba.csv");
    expect(result.pages[0]?.format).toBe("kotoba");
    expect(result.items.map((item) => [item.prompt, item.answer, item.acceptedAnswers, item.source.line])).toEqual([
      ["犬", "いぬ, イヌ", ["いぬ", "イヌ"], 2],
      ["猫", "ねこ, ネコ", ["ねこ", "ネコ"], 3],
      ["鳥", "とり", ["とり"], 4],
    ]);
    expect(result.pages[0]?.questions[0]?.detailedAnswer).toEqual(["dog"]);
  });

  it("derives key points for sentence answers and flags them derived; term answers get accepted answers", async () => {
    const result = await parseDeck("#separator:tab\n为什么 DPO 不需要奖励模型？\t因为它直接用偏好对优化策略。隐式奖励来自策略与参考模型之比。\nRLHF\tReinforcement learning\n", "s.txt");
    const [sentence, term] = result.items;
    expect(sentence?.acceptedAnswers).toBeUndefined();
    expect(sentence?.keyPoints.length).toBe(2);
    expect(sentence?.keyPoints.every((point) => point.derived)).toBe(true);
    expect(term?.acceptedAnswers).toEqual(["Reinforcement learning"]);
  });
});

describe("content parse over a folder of decks", () => {
  it("reads every deck format beside the question pages, with the same pages/items/problems shape", async () => {
    const dir = await mkdtemp(join(tmpdir(), "recall-decks-"));
    await writeFile(join(dir, "a.md"), readFixture(MARKDOWN_SEED));
    await writeFile(join(dir, "b.csv"), "Question,Answers,Comment,Instructions,Render as\n犬,いぬ,,,\n");
    await writeFile(join(dir, "c.txt"), "apple\t苹果\n");
    await writeFile(join(dir, "image.png"), "not read");
    const result = await parseBank(dir);
    expect(result.pages.map((page) => page.format)).toEqual(["markdown", "kotoba", "quizlet"]);
    expect(result.items.filter((item) => item.id.startsWith("H-"))).toHaveLength(2);
  });
});
