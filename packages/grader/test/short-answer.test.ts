import { describe, expect, it } from "vitest";
import { parseDeck } from "@recall/content";
import { grade } from "../src/index.ts";
import { boundedEditDistance, editAllowance, matchShortAnswer, normalizeShortAnswer } from "../src/short-answer.ts";
import { makeItem } from "./item-fixtures.ts";

function termItem(accepted: string[]) {
  return { ...makeItem({ id: "H-term", answer: accepted.join(", "), keyPoints: [{ id: "k1", text: accepted[0], concepts: [accepted], derived: true }] }), acceptedAnswers: accepted };
}

describe("normalised comparison of term answers", () => {
  it.each([
    ["ＰＡＲＩＳ", "paris"],
    ["Café", "cafe"],
    ["資料庫", "资料库"],
    ["  Paris!  ", "paris"],
    ["machine-learning", "machinelearning"],
    ["が", "が"],
  ])("%j compares as %j", (text, expected) => {
    expect(normalizeShortAnswer(text)).toBe(normalizeShortAnswer(expected));
  });

  it("keeps Japanese voicing marks: が is not か", () => {
    expect(normalizeShortAnswer("が")).not.toBe(normalizeShortAnswer("か"));
  });
});

describe("edit distance with a small allowance", () => {
  it("computes the distance inside the band and stops beyond it", () => {
    expect(boundedEditDistance("kitten", "sitting", 3)).toBe(3);
    expect(boundedEditDistance("kitten", "sitting", 2)).toBe(3);
    expect(boundedEditDistance("abc", "abc", 0)).toBe(0);
    expect(boundedEditDistance("a", "abcdef", 2)).toBe(3);
  });

  it("allows no edit on short terms, one on mid-length and on Chinese terms, two on long Latin ones", () => {
    expect([editAllowance("cat"), editAllowance("paris"), editAllowance("photosynthesis"), editAllowance("强化学习"), editAllowance("基于人类反馈的强化学习")]).toEqual([0, 1, 2, 1, 1]);
  });

  it("matches any accepted answer, exactly or near", () => {
    expect(matchShortAnswer("paree", ["Paris", "Paree"])).toEqual({ kind: "exact", accepted: "Paree" });
    expect(matchShortAnswer("pariss", ["Paris"])).toEqual({ kind: "near", accepted: "Paris" });
    expect(matchShortAnswer("cap", ["cat"])).toEqual({ kind: "none" });
    expect(matchShortAnswer("London", ["Paris"])).toEqual({ kind: "none" });
  });

  it("stays linear on a long answer against a short term", () => {
    const started = performance.now();
    expect(matchShortAnswer("a".repeat(4000), ["photosynthesis"])).toEqual({ kind: "none" });
    // Generous bound: the banded comparison rejects on length at once.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("grade() on items with accepted answers", () => {
  it("rates an exact answer easy, a near miss good, a wrong one again", () => {
    const item = termItem(["Paris", "Paree"]);
    expect(grade(item, "paris")).toMatchObject({ score: 1, suggestedRating: "easy", feedback: "答对了。", keyPoints: [{ id: "k1", verdict: "hit", evidence: ["paris"] }] });
    expect(grade(item, "Parris")).toMatchObject({ score: 0.75, suggestedRating: "good", feedback: "接近正确答案：Paris（注意拼写）", keyPoints: [{ verdict: "partial" }] });
    expect(grade(item, "London")).toMatchObject({ score: 0, suggestedRating: "again", feedback: "正确答案：Paris", keyPoints: [{ verdict: "missed", evidence: [] }] });
    expect(grade(item, "  ?? ")).toMatchObject({ empty: true, suggestedRating: "again" });
  });

  it("grades imported Kotoba answers (any of several) and Anki answers split on ; or /", async () => {
    const kotoba = await parseDeck('Question,Answers,Comment,Instructions,Render as\n犬,"いぬ,イヌ",,,\n', "k.csv");
    const anki = await parseDeck("#separator:tab\n词 1 是什么意思？\t意思; meaning\n数据库\t資料庫 / database\n", "a.txt");
    const [dog] = kotoba.items;
    const [word, db] = anki.items;
    if (!dog || !word || !db) throw new Error("fixture decks made no items");
    expect(grade(dog, "イヌ").score).toBe(1);
    expect(grade(word, "Meaning").score).toBe(1);
    expect(grade(db, "资料库").score).toBe(1);
    expect(grade(db, "数据").score).toBe(0);
  });

  it("leaves sentence answers to key-point grading, with their derived key points", async () => {
    const deck = await parseDeck("#separator:tab\n为什么 DPO 不需要奖励模型？\t因为它直接用偏好对优化策略。隐式奖励来自策略与参考模型之比。\n", "s.txt");
    const [item] = deck.items;
    if (!item) throw new Error("fixture deck made no items");
    expect(item.acceptedAnswers).toBeUndefined();
    const result = grade(item, "DPO 直接用偏好对优化策略");
    expect(result.keyPoints).toHaveLength(2);
    expect(result.feedback).not.toBe("答对了。");
  });
});
