import { describe, expect, it } from "vitest";
import type { ParseResult } from "../src/index.ts";
import { parsePage } from "../src/index.ts";
import { MARKDOWN_SEED, PUBLISHED_SEED, SHIPPED_SEED, readFixture } from "./helpers.ts";

/** What both formats state: everything but annotations (key points, feedback, concepts) and source lines. */
function prose(result: ParseResult): unknown {
  return {
    pages: result.pages.map((page) => ({
      ...page,
      file: undefined,
      format: undefined,
      questions: page.questions.map((question) => ({
        id: question.id,
        prompt: question.prompt,
        priority: question.priority,
        oralAnswer: question.oralAnswer,
        detailedAnswer: question.detailedAnswer,
        followUps: question.followUps.map((followUp) => ({ question: followUp.question, answer: followUp.answer })),
        case: question.case,
        misconceptions: question.misconceptions.map((misconception) => ({ id: misconception.id, statement: misconception.statement })),
        exercise: question.exercise,
        references: question.references,
      })),
    })),
    items: result.items.map((item) => ({
      id: item.id,
      kind: item.kind,
      parentId: item.parentId,
      questionId: item.questionId,
      chapterNumber: item.chapterNumber,
      chapterName: item.chapterName,
      priority: item.priority,
      prompt: item.prompt,
      // A published page has no misconception feedback, which is a misconception item's answer.
      answer: item.kind === "misconception" ? undefined : item.answer,
    })),
  };
}

describe("the two formats of chapter 12", () => {
  const published = parsePage(readFixture(PUBLISHED_SEED), "published.txt");

  it.each([
    ["the Markdown fixture", MARKDOWN_SEED],
    ["the shipped Markdown page", SHIPPED_SEED],
  ])("%s gives the same questions and items as the published page", (_name, path) => {
    const markdown = parsePage(readFixture(path), "page.md");
    expect(markdown.pages[0]?.format).toBe("markdown");
    expect(published.pages[0]?.format).toBe("published");
    expect(prose(markdown)).toEqual(prose(published));
  });

  it("recognises the format by content, not by file name", () => {
    const swapped = parsePage(readFixture(PUBLISHED_SEED), "looks-like.md");
    expect(swapped.pages[0]?.format).toBe("published");
    expect(prose(swapped)).toEqual(prose(published));
  });
});
