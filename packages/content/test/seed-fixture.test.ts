import { describe, expect, it } from "vitest";
import { parsePage } from "../src/index.ts";
import { MARKDOWN_SEED, PUBLISHED_SEED, SHIPPED_SEED, readFixture } from "./helpers.ts";

describe.each([
  ["published seed page", PUBLISHED_SEED],
  ["Markdown seed page", MARKDOWN_SEED],
  ["shipped Markdown page", SHIPPED_SEED],
])("the %s", (_name, path) => {
  const result = parsePage(readFixture(path), path);
  const page = result.pages[0];

  it("has no errors", () => {
    expect(result.problems.filter((problem) => problem.severity === "error")).toEqual([]);
  });

  it("reads the page header", () => {
    expect(page).toMatchObject({
      chapterNumber: 12,
      chapterName: "Agent 优化与训练",
      title: "12 · Agent 优化与训练面试题",
      studyChapter: "12 · Agent 优化与训练",
      questionRange: { first: "Q090", last: "Q092" },
      summary: "区分推理时改进、参数训练、组内信号与真实 harness 的数据通路。",
    });
    expect(page?.intro).toMatch(/^助手读完反思改对答案/u);
  });

  it("has three questions with priorities P0, P1, P1", () => {
    expect(page?.questions.map((question) => [question.id, question.priority])).toEqual([
      ["Q090", "P0"],
      ["Q091", "P1"],
      ["Q092", "P1"],
    ]);
  });

  it("has three follow-ups and four misconceptions per question", () => {
    expect(page?.questions.map((question) => question.followUps.length)).toEqual([3, 3, 3]);
    expect(page?.questions.map((question) => question.misconceptions.length)).toEqual([4, 4, 4]);
  });

  it("has 4, 4 and 5 detail paragraphs", () => {
    expect(page?.questions.map((question) => question.detailedAnswer.length)).toEqual([4, 4, 5]);
  });

  it("reads Q090's references and follow-up split", () => {
    const q090 = page?.questions[0];
    expect(q090?.references).toEqual(["学习章 12", "DPO 原论文", "TRL GRPO Agent Training"]);
    expect(q090?.followUps[0]?.question).toBe("没有标量奖励能做 SFT 或 DPO 吗？");
    expect(q090?.followUps[0]?.answer).toBe("可以。SFT 使用示范目标，DPO 使用候选偏好；在线 RL 的奖励需求不能泛化到所有参数训练。");
    expect(q090?.misconceptions.map((misconception) => misconception.statement)).toEqual([
      "把反思称为权重更新",
      "把所有训练都说成需要在线奖励",
      "数据缺失时直接上更强训练",
      "按同一轨迹切片随机分训练测试",
    ]);
  });

  it("keeps the page chrome out of the content", () => {
    const text = JSON.stringify(page);
    expect(text).not.toContain("展开详细答案、追问与案例");
    expect(text).not.toContain("¶");
  });

  it("yields 24 items: a main item, three follow-ups and four misconceptions per question", () => {
    expect(result.items.filter((item) => item.questionId === "Q090").map((item) => item.id)).toEqual([
      "Q090",
      "Q090.f1",
      "Q090.f2",
      "Q090.f3",
      "Q090.m1",
      "Q090.m2",
      "Q090.m3",
      "Q090.m4",
    ]);
    expect(result.items).toHaveLength(24);
  });
});

describe("the Markdown seed's annotations", () => {
  const result = parsePage(readFixture(MARKDOWN_SEED), "seed.md");

  it("has no problems at all", () => {
    expect(result.problems).toEqual([]);
  });

  it("authors 2–5 key points of 1–3 concepts on every main and follow-up item", () => {
    const graded = result.items.filter((item) => item.kind !== "misconception");
    expect(graded).toHaveLength(12);
    for (const item of graded) {
      expect(item.keyPoints.length, item.id).toBeGreaterThanOrEqual(2);
      expect(item.keyPoints.length, item.id).toBeLessThanOrEqual(5);
      expect(item.keyPoints.map((point) => point.id)).toEqual(item.keyPoints.map((_point, index) => `k${index + 1}`));
      for (const point of item.keyPoints) {
        expect(point.derived).toBe(false);
        expect(point.concepts.length).toBeGreaterThanOrEqual(1);
        expect(point.concepts.length).toBeLessThanOrEqual(3);
      }
    }
  });

  it("reads weight and polarity attributes", () => {
    const q090 = result.items.find((item) => item.id === "Q090");
    expect(q090?.keyPoints[0]).toMatchObject({ id: "k1", weight: 2, polarity: "assert" });
    expect(q090?.keyPoints[1]).toMatchObject({
      id: "k2",
      text: "提示、Skills 和记忆只改变推理输入，不等于训练",
      weight: 1,
      polarity: "deny",
    });
    expect(q090?.keyPoints[1]?.concepts[0]?.aliases).toContain("prompt");
  });

  it("gives all twelve misconceptions feedback and revealing concepts", () => {
    const misconceptions = result.pages[0]?.questions.flatMap((question) => question.misconceptions) ?? [];
    expect(misconceptions).toHaveLength(12);
    for (const misconception of misconceptions) {
      expect(misconception.feedback.length).toBeGreaterThan(10);
      expect(misconception.concepts.length).toBeGreaterThanOrEqual(1);
    }
  });
});
