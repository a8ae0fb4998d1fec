import { describe, expect, it } from "vitest";
import { contentHash, parsePage } from "../src/index.ts";
import { MARKDOWN_SEED, PUBLISHED_SEED, markdownPage, markdownQuestion, readFixture } from "./helpers.ts";

const markdown = readFixture(MARKDOWN_SEED);
const seedItems = parsePage(markdown, "seed.md").items;

function item(id: string) {
  const found = seedItems.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
}

describe("quiz items", () => {
  it("makes the main item from the prompt, the oral answer and the question's key points and misconceptions", () => {
    const main = item("Q091");
    expect(main).toMatchObject({ kind: "main", parentId: null, questionId: "Q091", priority: "P1", chapterNumber: 12, chapterName: "Agent 优化与训练" });
    expect(main.prompt).toBe("GRPO 的组内相对奖励怎样计算，为什么标准化不等于完整训练？");
    expect(main.answer).toMatch(/^原始 GRPO 用同题一组输出的奖励作比较基准/u);
    expect(main.keyPoints).toHaveLength(5);
    expect(main.misconceptions.map((misconception) => misconception.id)).toEqual(["m1", "m2", "m3", "m4"]);
  });

  it("makes follow-up items that carry the parent question's misconceptions", () => {
    const followUp = item("Q092.f3");
    expect(followUp).toMatchObject({ kind: "followup", parentId: "Q092", questionId: "Q092", prompt: "只保留最终成功答案训练可以吗？" });
    expect(followUp.keyPoints.map((point) => point.id)).toEqual(["k1", "k2", "k3"]);
    expect(followUp.misconceptions).toEqual(item("Q092").misconceptions);
  });

  it("makes misconception items graded on denying the misconception's own concepts", () => {
    const misconception = item("Q090.m1");
    expect(misconception).toMatchObject({ kind: "misconception", parentId: "Q090", prompt: "把反思称为权重更新" });
    expect(misconception.answer).toMatch(/^反思只把经验写进下一次的输入/u);
    expect(misconception.keyPoints).toHaveLength(1);
    expect(misconception.keyPoints[0]).toMatchObject({ id: "k1", polarity: "deny", derived: false });
    expect(misconception.keyPoints[0]?.concepts).toEqual(misconception.misconceptions[0]?.concepts);
    expect(misconception.misconceptions.map((m) => m.statement)).toEqual(["把反思称为权重更新"]);
  });

  it("gives every item a 16-hex-digit content hash, unique across the page", () => {
    for (const quizItem of seedItems) expect(quizItem.contentHash).toMatch(/^[0-9a-f]{16}$/u);
    expect(new Set(seedItems.map((quizItem) => quizItem.contentHash)).size).toBe(seedItems.length);
  });

  it("keeps hashes when only source positions change, and changes them when graded text does", () => {
    const shifted = parsePage(markdown.replace("# 12 ·", "\n\n# 12 ·"), "moved.md").items;
    expect(shifted.map((quizItem) => quizItem.contentHash)).toEqual(seedItems.map((quizItem) => quizItem.contentHash));
    const edited = parsePage(markdown.replace("  - 定位 | 归因 |", "  - 定位 | 溯源 | 归因 |"), "edited.md").items;
    const changed = edited.filter((quizItem, index) => quizItem.contentHash !== seedItems[index]?.contentHash).map((quizItem) => quizItem.id);
    expect(changed).toEqual(["Q090"]);
  });

  it("hashes a canonical form: the same content gives the same hash", () => {
    const fields = { kind: "main" as const, prompt: "p", answer: "a", keyPoints: [], misconceptions: [] };
    expect(contentHash(fields)).toBe(contentHash({ misconceptions: [], keyPoints: [], answer: "a", prompt: "p", kind: "main" }));
    expect(contentHash(fields)).not.toBe(contentHash({ ...fields, answer: "b" }));
  });
});

describe("derived key points", () => {
  const published = parsePage(readFixture(PUBLISHED_SEED), "published.txt");

  it("derives one key point per sentence of an unannotated answer, flagged as derived", () => {
    const main = published.items.find((quizItem) => quizItem.id === "Q090");
    expect(main?.keyPoints.map((point) => point.text)).toEqual([
      "先定位错误属于数据、工具、上下文还是模型行为",
      "缺资料和错权限先修系统",
      "提示、Skills 和记忆改变推理输入，不等于训练",
      "SFT 用高质量示范拟合行为，DPO 用同任务候选偏好优化参数，Agent RL 根据交互轨迹与奖励优化策略",
      "它们需要的数据不同：示范、偏好对或环境与奖励，不能都套一个准备清单",
      "选型后用独立任务、坏例和成本验收，不能只看训练分数",
    ]);
    for (const point of main?.keyPoints ?? []) {
      expect(point.derived).toBe(true);
      expect(point.concepts.length).toBeGreaterThanOrEqual(1);
      expect(point.concepts.length).toBeLessThanOrEqual(3);
    }
  });

  it("warns once per derived item, naming the item and its line", () => {
    const warnings = published.problems.filter((problem) => problem.kind === "derived-key-points");
    expect(warnings).toHaveLength(24);
    expect(warnings[0]).toMatchObject({ file: "published.txt", line: 4, severity: "warning" });
    expect(warnings[0]?.message).toBe('Q090 has no authored key points; derived 6 from its answer\'s sentences: add a "要点：" list');
  });

  it("derives the same key points every time", () => {
    const again = parsePage(readFixture(PUBLISHED_SEED), "published.txt");
    expect(again.items).toEqual(published.items);
  });

  it("does not derive anything for an annotated item", () => {
    const result = parsePage(markdownPage(markdownQuestion("Q001") + markdownQuestion("Q002")), "page.md");
    expect(result.problems).toEqual([]);
    expect(result.items.flatMap((quizItem) => quizItem.keyPoints).every((point) => !point.derived)).toBe(true);
  });
});
