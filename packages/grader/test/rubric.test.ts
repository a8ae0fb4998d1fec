// The rubric as code (eval/rubric.ts) and the page writers read (eval/writer-page.ts): every labelled
// answer from the second batch on carries the score and rating the rubric gives, so no figure rests on
// a label's arithmetic slip, and a slip in a new batch is caught before it is committed.
import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { CONTENT_DIR, readLabelledAnswers, type LabelledAnswer } from "../eval/evaluation.ts";
import { rubricProblems, rubricRating, rubricScore } from "../eval/rubric.ts";
import { pageForWriters } from "../eval/writer-page.ts";

const bank = await loadBank(CONTENT_DIR);
const q090 = bank.itemsById.get("Q090");
if (!q090) throw new Error("no Q090 in the bank");

const label = (fields: Partial<LabelledAnswer>): LabelledAnswer => ({
  id: "Q090-T01", split: "tuning", item: "Q090", kind: "paraphrase", answer: "", keyPoints: [], partial: [], contradicted: [],
  score: 0, rating: "again", misconceptions: [], origin: "test", ...fields,
});

describe("the rubric as code", () => {
  it("scores weighted hits, half the partials, less half the contradictions and 0.1 a misconception", () => {
    // Q090's weights are 2, 1, 2, 1 (total 6).
    expect(rubricScore(q090, label({ keyPoints: ["k1", "k2", "k3"] }))).toBeCloseTo(5 / 6);
    expect(rubricScore(q090, label({ keyPoints: ["k1"], partial: ["k3"], contradicted: ["k4"] }))).toBeCloseTo((2 + 1 - 0.5) / 6);
    expect(rubricScore(q090, label({ keyPoints: ["k2"], misconceptions: ["Q090.m1"] }))).toBeCloseTo(1 / 6 - 0.1);
    expect(rubricScore(q090, label({ contradicted: ["k1", "k3"] }))).toBe(0);
  });

  it("rates in the rubric's order: kinds, misconceptions and weight-2 contradictions, a cap at hard, then the score", () => {
    expect(rubricRating(q090, label({ kind: "keyword-list", keyPoints: ["k1", "k2", "k3", "k4"] }))).toBe("again");
    expect(rubricRating(q090, label({ keyPoints: ["k1", "k2", "k3", "k4"], misconceptions: ["Q090.m1"] }))).toBe("again");
    expect(rubricRating(q090, label({ keyPoints: ["k2", "k3", "k4"], contradicted: ["k1"] }))).toBe("again");
    expect(rubricRating(q090, label({ keyPoints: ["k1", "k2", "k3"], contradicted: ["k4"] }))).toBe("hard");
    expect(rubricRating(q090, label({ keyPoints: ["k1", "k2", "k3", "k4"] }))).toBe("easy");
    expect(rubricRating(q090, label({ keyPoints: ["k1", "k3"] }))).toBe("good");
    expect(rubricRating(q090, label({ keyPoints: ["k1", "k2"] }))).toBe("hard");
    expect(rubricRating(q090, label({ keyPoints: ["k2"] }))).toBe("again");
  });

  it("names what is wrong with a label", () => {
    const wrong = label({ keyPoints: ["k1", "k9"], partial: ["k1"], misconceptions: ["Q091.m1"], score: 0.5, rating: "good" });
    const problems = rubricProblems(q090, wrong).join("\n");
    expect(problems).toContain("no key point k9");
    expect(problems).toContain("two of keyPoints, partial and contradicted");
    expect(problems).toContain("Q091.m1 is no misconception of Q090");
    expect(problems).toContain("the rubric gives");
  });

  it("finds every labelled answer from the second batch on as the rubric scores and rates it", () => {
    const problems: string[] = [];
    const labelled = readLabelledAnswers().filter((answer) => answer.origin !== undefined);
    expect(labelled.length).toBeGreaterThan(2000);
    for (const answer of labelled) {
      const item = bank.itemsById.get(answer.item);
      if (!item) throw new Error(`no item ${answer.item}`);
      problems.push(...rubricProblems(item, answer));
    }
    expect(problems).toEqual([]);
  });
});

describe("the page writers read", () => {
  it("keeps the questions, answers, key points and misconceptions, and drops the answer key under them", () => {
    const page = "## Q1 问题\n\n要点：\n\n- 先定位 {weight: 2}\n  - 定位 | 排查\n  - 反面：不用排查\n\n### 常见误区\n\n- 直接训练\n  - 为什么错：先修数据。\n  - 训练 | 训\n";
    expect(pageForWriters(page)).toBe("## Q1 问题\n\n要点：\n\n- 先定位 {weight: 2}\n\n### 常见误区\n\n- 直接训练\n");
  });
});
