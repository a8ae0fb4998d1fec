// A Chinese term of three or more characters whose characters come in order with a few filler
// words between them ("中间那些步骤" for 中间步骤) is the term; other words in between make another one.
import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";

const item = makeItem({
  id: "S001",
  prompt: "只存最终文本会丢什么？",
  keyPoints: [
    { id: "k1", concepts: [["中间步骤"], ["保留", "留着"]] },
    { id: "k2", concepts: [["标准答案"]] },
    { id: "k3", concepts: [["不更新"]] },
    { id: "k4", concepts: [["学不到"]] },
    { id: "k5", concepts: [["奖励相同"]] },
  ],
});

const verdict = (answer: string, id: string): string | undefined => {
  const point = grade(item, answer).keyPoints.find((k) => k.id === id);
  return point?.contradicted ? "contradicted" : point?.verdict;
};

describe("spread Chinese terms", () => {
  it.each([
    ["中间那些步骤要留着。", "k1"],
    ["中间的那些步骤要留着。", "k1"],
    ["得先有标准的那个答案。", "k2"],
    ["组内奖励全部相同。", "k5"], // an adverb of totality between subject and predicate
  ])("finds the term in %s", (answer, id) => {
    expect(verdict(answer, id)).toBe("hit");
  });

  it.each([
    ["中间换了几个步骤要留着。", "k1"], // a content word in the gap is another claim
    ["中间的的的的步骤要留着。", "k1"], // more filler than a term can hold
    ["得先有标准化的答案。", "k2"],
  ])("does not take %s for the term", (answer, id) => {
    expect(verdict(answer, id)).not.toBe("hit");
  });

  it("never spreads a term that negates by itself: 学也不到 is no 学不到", () => {
    expect(verdict("这样学也不到。", "k4")).toBe("missed");
    // "参数不会更新" is 不更新 all the same: its term 更新, negated by other words (not a spread alias).
    expect(verdict("参数不会更新。", "k3")).toBe("hit");
  });

  it("reads a negator in the gap as negating the term", () => {
    expect(verdict("中间没有步骤要留着。", "k1")).not.toBe("hit");
  });
});
