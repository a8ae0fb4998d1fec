import { describe, expect, it } from "vitest";
import type { ParseResult, Problem } from "../src/index.ts";
import { parsePage } from "../src/index.ts";
import { PUBLISHED_SEED, markdownPage, markdownQuestion, readFixture } from "./helpers.ts";

const seed = readFixture(PUBLISHED_SEED);

function kinds(result: ParseResult): string[] {
  return result.problems.map((problem) => `${problem.line} ${problem.severity} ${problem.kind}`);
}

function only(result: ParseResult, kind: string): Problem[] {
  return result.problems.filter((problem) => problem.kind === kind);
}

function errors(result: ParseResult): Problem[] {
  return result.problems.filter((problem) => problem.severity === "error");
}

describe("tolerated variations", () => {
  it("reads CRLF line endings exactly like LF", () => {
    const crlf = parsePage(seed.replaceAll("\n", "\r\n"), "seed.txt");
    const lf = parsePage(seed, "seed.txt");
    expect(crlf).toEqual(lf);
  });

  it("ignores a byte-order mark, as a string or as bytes", () => {
    const lf = parsePage(seed, "seed.txt");
    expect(parsePage(`\uFEFF${seed}`, "seed.txt")).toEqual(lf);
    expect(parsePage(new TextEncoder().encode(`\uFEFF${seed}`), "seed.txt")).toEqual(lf);
  });

  it("accepts half-width colons wherever the page uses full-width ones", () => {
    const halfWidth = parsePage(seed.replace(/^(优先级|30–60 秒回答|详细答案|常见追问|实战案例|常见误区|微练习|学习章与参考|对应学习章)：/gmu, "$1:"), "seed.txt");
    expect(errors(halfWidth)).toEqual([]);
    expect(halfWidth.pages[0]?.questions.map((question) => question.priority)).toEqual(["P0", "P1", "P1"]);
    expect(halfWidth.items.map((item) => item.answer)).toEqual(parsePage(seed, "seed.txt").items.map((item) => item.answer));
  });

  it("treats runs of blank lines as one separator", () => {
    const spaced = parsePage(seed.replaceAll("\n", "\n\n\n"), "seed.txt");
    expect(errors(spaced)).toEqual([]);
    expect(spaced.pages[0]?.questions.map((question) => question.detailedAnswer.length)).toEqual([4, 4, 5]);
    expect(spaced.items.map((item) => item.prompt)).toEqual(parsePage(seed, "seed.txt").items.map((item) => item.prompt));
  });
});

describe("files that are not pages", () => {
  it("reports an empty file at line 1", () => {
    expect(kinds(parsePage("", "empty.md"))).toEqual(["1 error empty-file"]);
    expect(kinds(parsePage("\n\n  \n", "blank.md"))).toEqual(["1 error empty-file"]);
  });

  it("reports binary garbage instead of parsing it", () => {
    const bytes = new Uint8Array(4096);
    let state = 12345;
    for (let i = 0; i < bytes.length; i++) {
      state = (state * 1103515245 + 12345) >>> 0;
      bytes[i] = state >>> 24;
    }
    const result = parsePage(bytes, "garbage.bin");
    expect(kinds(result)).toEqual(["1 error binary-file"]);
    expect(result.items).toEqual([]);
  });

  it("reports text with no recognisable structure", () => {
    expect(kinds(parsePage("just some notes\nand more", "notes.txt"))).toEqual(["1 error unrecognised-format"]);
  });
});

describe("broken pages keep their valid questions", () => {
  it("reports a question without its oral answer and keeps the others", () => {
    const result = parsePage(markdownPage(markdownQuestion("Q001", { oral: null }) + markdownQuestion("Q002")), "page.md");
    expect(only(result, "missing-oral-answer").map((problem) => problem.line)).toEqual([7]);
    expect(result.pages[0]?.questions.map((question) => question.id)).toEqual(["Q002"]);
    expect(only(result, "missing-question")).toHaveLength(1);
  });

  it("reports a duplicate id at the second heading and ignores that question", () => {
    const result = parsePage(markdownPage(markdownQuestion("Q001") + markdownQuestion("Q001")), "page.md");
    const duplicate = only(result, "duplicate-id");
    expect(duplicate).toHaveLength(1);
    expect(duplicate[0]).toMatchObject({ severity: "error", column: 4 });
    expect(duplicate[0]?.message).toBe("duplicate id Q001 (first at line 7); this one is ignored");
    expect(result.items.filter((item) => item.kind === "main")).toHaveLength(1);
  });

  it("reports an unknown priority at the value's column", () => {
    const result = parsePage(markdownPage(markdownQuestion("Q001", { priority: "P7" }) + markdownQuestion("Q002")), "page.md");
    expect(only(result, "unknown-priority")).toEqual([
      { file: "page.md", line: 9, column: 5, severity: "error", kind: "unknown-priority", message: 'Q001: unknown priority "P7"; use P0, P1, P2' },
    ]);
    expect(result.pages[0]?.questions.map((question) => question.id)).toEqual(["Q002"]);
  });

  it("reports an id outside the page's stated range", () => {
    const result = parsePage(markdownPage(markdownQuestion("Q001") + markdownQuestion("Q002") + markdownQuestion("Q007")), "page.md");
    const outside = only(result, "id-out-of-range");
    expect(outside.map((problem) => problem.message)).toEqual(["Q007 is outside the page's range Q001–Q002"]);
  });

  it("reports a malformed follow-up line on a published page", () => {
    const broken = seed.replace("- 把成功对话全部拼起来训练行吗？ 不宜。", "- 把成功对话全部拼起来训练行吗");
    const result = parsePage(broken, "seed.txt");
    const malformed = only(result, "malformed-follow-up");
    expect(malformed.map((problem) => problem.line)).toEqual([16]);
    expect(result.pages[0]?.questions[0]?.followUps).toHaveLength(2);
    const stray = parsePage(seed.replace("- 训练后工具错误还存在怎么办？", "训练后工具错误还存在怎么办？"), "seed.txt");
    expect(only(stray, "malformed-follow-up").map((problem) => problem.line)).toEqual([17]);
  });

  it("reports an empty section at its heading", () => {
    const result = parsePage(seed.replace("实战案例：\n教学案例报告反复选旧政策。", "实战案例：\n\n常见误区：\n"), "seed.txt");
    expect(only(result, "empty-section")[0]).toMatchObject({ line: 18, severity: "error" });
  });

  it("warns about a missing section and keeps the question", () => {
    const lines = seed.split("\n");
    const withoutExercise = lines.filter((_line, index) => index !== 21 && index !== 22).join("\n");
    const result = parsePage(withoutExercise, "seed.txt");
    expect(only(result, "missing-section").map((problem) => [problem.line, problem.message])).toEqual([[4, 'Q090 has no "微练习" section']]);
    expect(result.pages[0]?.questions).toHaveLength(3);
  });

  it("reports a page cut off mid-question and serves what came before", () => {
    const cut = seed.slice(0, seed.indexOf("展开详细答案、追问与案例", seed.indexOf("Q092 Harnessed")));
    const result = parsePage(cut, "seed.txt");
    expect(result.pages[0]?.questions.map((question) => question.id)).toEqual(["Q090", "Q091", "Q092"]);
    expect(only(result, "missing-section").filter((problem) => problem.line === 46)).toHaveLength(6);
    const cutEarlier = parsePage(seed.slice(0, seed.indexOf("30–60 秒回答", seed.indexOf("Q092 Harnessed"))), "seed.txt");
    expect(only(cutEarlier, "missing-oral-answer").map((problem) => problem.line)).toEqual([46]);
    expect(only(cutEarlier, "missing-question").map((problem) => problem.message)).toEqual([
      "the page states Q090–Q092 but has no valid Q092 (cut off, or dropped for errors above)",
    ]);
    expect(cutEarlier.items.filter((item) => item.kind === "main").map((item) => item.id)).toEqual(["Q090", "Q091"]);
  });

  it("reports malformed key points and attributes with their line", () => {
    const question = markdownQuestion("Q001").replace(
      "- 先定位错误\n  - 定位 | locate\n",
      "- 先定位错误 {weight: heavy, maybe}\n  - 定位 | locate\n- 没有概念的要点\n",
    );
    const result = parsePage(markdownPage(question + markdownQuestion("Q002")), "page.md");
    expect(only(result, "malformed-key-point").map((problem) => [problem.line, problem.message])).toEqual([
      [17, 'Q001 key point k1: weight must be a positive number, got "heavy"'],
      [17, 'Q001 key point k1: unknown attribute "maybe"; use weight: N, deny or assert'],
      [19, 'Q001 key point k2 "没有概念的要点" has no concepts: add nested "- alias | alias" lines'],
    ]);
  });

  it("reads a key point's opposites apart from its concepts, and names an empty list with its line", () => {
    const question = markdownQuestion("Q001").replace(
      "- 先定位错误\n  - 定位 | locate\n",
      "- 先定位错误\n  - 定位 | locate\n  - 反面：直接训练 | 不用排查\n  - opposite: just retrain\n- 再修系统\n  - 修 | fix\n  - 反面：\n",
    );
    const result = parsePage(markdownPage(question + markdownQuestion("Q002")), "page.md");
    const [first, second] = result.items.find((item) => item.id === "Q001")?.keyPoints ?? [];
    expect(first?.concepts).toEqual([{ aliases: ["定位", "locate"] }]);
    expect(first?.contradictedBy).toEqual({ aliases: ["直接训练", "不用排查", "just retrain"] });
    expect(second?.contradictedBy).toBeUndefined();
    expect(only(result, "malformed-concept").map((problem) => [problem.line, problem.message])).toEqual([
      [23, 'Q001 key point k2: "反面：" needs at least one way of saying the opposite ("a | b")'],
    ]);
  });

  it("links a misconception to the points it denies, and names a reference to a missing point with its line", () => {
    const question = markdownQuestion("Q001").replace(
      "- 不用测\n  - 为什么错：要测。\n",
      "- 不用测\n  - 为什么错：要测。\n  - 相反要点：k1 | f1.k1, f2.k1 k7 | kk\n",
    );
    const result = parsePage(markdownPage(question + markdownQuestion("Q002")), "page.md");
    const line = question.split("\n").findIndex((text) => text.startsWith("- 不用测")) + 1 + markdownPage("").split("\n").length - 1;
    expect(result.pages[0]?.questions[0]?.misconceptions[0]?.contradicts).toEqual(["k1", "f1.k1"]);
    expect(result.items.find((item) => item.id === "Q001.f1")?.misconceptions[0]?.contradicts).toEqual(["k1", "f1.k1"]);
    expect(result.pages[0]?.questions[1]?.misconceptions[0]?.contradicts).toBeUndefined();
    expect(only(result, "unknown-key-point").map((problem) => [problem.line, problem.message])).toEqual([
      [line, "Q001.m1: 相反要点 names f2.k1, which Q001 does not have"],
      [line, "Q001.m1: 相反要点 names k7, which Q001 does not have"],
      [line + 2, 'Q001.m1: "kk" is not a key point; write k2 (the main answer\'s) or f3.k2 (a follow-up\'s)'],
    ]);
  });

  it("hashes an item as before when no misconception names the points it denies", () => {
    const plain = parsePage(markdownPage(markdownQuestion("Q001") + markdownQuestion("Q002")), "page.md");
    const linked = parsePage(markdownPage(markdownQuestion("Q001").replace("  - 为什么错：要测。\n", "  - 为什么错：要测。\n  - 相反要点：k1\n") + markdownQuestion("Q002")), "page.md");
    const hashOf = (result: typeof plain, id: string): string | undefined => result.items.find((item) => item.id === id)?.contentHash;
    expect(hashOf(linked, "Q002")).toBe(hashOf(plain, "Q002"));
    expect(hashOf(linked, "Q001")).not.toBe(hashOf(plain, "Q001"));
  });

  it("reads the follow-ups whose yes or no states a misconception, and names a missing or malformed one with its line", () => {
    const question = markdownQuestion("Q001").replace(
      "- 不用测\n  - 为什么错：要测。\n",
      "- 不用测\n  - 为什么错：要测。\n  - 肯定回答：f1\n  - 否定回答：f1, f4 | k2\n",
    );
    const result = parsePage(markdownPage(question + markdownQuestion("Q002")), "page.md");
    const line = question.split("\n").findIndex((text) => text.startsWith("- 不用测")) + 1 + markdownPage("").split("\n").length - 1;
    // The first label naming a follow-up wins: a belief is stated by one reply to one question.
    expect(result.pages[0]?.questions[0]?.misconceptions[0]?.answeredBy).toEqual([{ followUp: "f1", reply: "yes" }]);
    expect(result.items.find((item) => item.id === "Q001.f1")?.misconceptions[0]?.answeredBy).toEqual([{ followUp: "f1", reply: "yes" }]);
    expect(result.pages[0]?.questions[1]?.misconceptions[0]?.answeredBy).toBeUndefined();
    expect(only(result, "unknown-follow-up").map((problem) => [problem.line, problem.message])).toEqual([
      [line, "Q001.m1: names follow-up f4, which Q001 does not have"],
      [line + 3, 'Q001.m1: "k2" is not a follow-up; write f2 (the second follow-up)'],
    ]);
    const english = parsePage(markdownPage(markdownQuestion("Q001").replace("  - 为什么错：要测。\n", "  - 为什么错：要测。\n  - answered no by: f1\n") + markdownQuestion("Q002")), "page.md");
    expect(english.pages[0]?.questions[0]?.misconceptions[0]?.answeredBy).toEqual([{ followUp: "f1", reply: "no" }]);
  });

  it("hashes an item as before when no misconception names a follow-up that states it", () => {
    const plain = parsePage(markdownPage(markdownQuestion("Q001") + markdownQuestion("Q002")), "page.md");
    const linked = parsePage(markdownPage(markdownQuestion("Q001").replace("  - 为什么错：要测。\n", "  - 为什么错：要测。\n  - 否定回答：f1\n") + markdownQuestion("Q002")), "page.md");
    const hashOf = (result: typeof plain, id: string): string | undefined => result.items.find((item) => item.id === id)?.contentHash;
    expect(hashOf(linked, "Q002")).toBe(hashOf(plain, "Q002"));
    expect(hashOf(linked, "Q001.f1")).not.toBe(hashOf(plain, "Q001.f1"));
  });

  it("reports every problem of a page in one pass", () => {
    const page = markdownPage(
      markdownQuestion("Q001", { priority: "urgent" }) + markdownQuestion("Q002", { oral: null }) + markdownQuestion("Q002") + markdownQuestion("Q009"),
    );
    const result = parsePage(page, "page.md");
    expect(new Set(errors(result).map((problem) => problem.kind))).toEqual(
      new Set(["unknown-priority", "missing-oral-answer", "id-out-of-range"]),
    );
  });
});

describe("a 5 MB page", () => {
  it("parses without throwing and keeps every question", () => {
    const questions: string[] = [];
    let size = 0;
    for (let n = 1; size < 5_000_000; n++) {
      const text = markdownQuestion(`Q${String(n).padStart(5, "0")}`, { oral: `${"很长的回答内容。".repeat(40)}` });
      questions.push(text);
      size += new TextEncoder().encode(text).length;
    }
    const page = markdownPage(questions.join(""), `Q00001–Q${String(questions.length).padStart(5, "0")}`);
    expect(new TextEncoder().encode(page).length).toBeGreaterThan(5_000_000);
    // Speed is the benchmark's job (pnpm bench); here: it finishes, whole and without errors.
    const result = parsePage(page, "big.md");
    expect(errors(result)).toEqual([]);
    expect(result.pages[0]?.questions).toHaveLength(questions.length);
  });

  it("survives one 5 MB line", () => {
    const result = parsePage(`# 1 · 测试面试题\n${"字".repeat(1_700_000)}`, "line.md");
    expect(kinds(result)).toEqual(["1 warning missing-study-chapter", "1 error no-questions"]);
  });
});
