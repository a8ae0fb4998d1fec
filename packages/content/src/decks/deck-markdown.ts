// An imported deck written in the Markdown source format (content/README.md), so maintainers
// can curate it and author key points. Card ids are kept, so schedules survive the move.
import type { Page, QuizItem } from "../model.ts";

/** Lines the Markdown reader would take for structure are shifted off the margin by a full-width space. */
const STRUCTURAL_START = /^(#|-|\*|>|\d+[.)]\s|要点[:：])/u;

function paragraphs(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => (STRUCTURAL_START.test(line) ? `\\${line}` : line))
    .join("\n\n");
}

function oneLine(text: string): string {
  return text.split("\n").map((line) => line.trim()).filter((line) => line !== "").join(" ");
}

function alias(text: string): string {
  return oneLine(text).split("|").join("/").replace(/[{}]/gu, "");
}

function keyPointList(item: QuizItem): string {
  const accepted = item.acceptedAnswers;
  if (accepted === undefined || accepted.length === 0) return "";
  return `\n要点：\n\n- ${alias(accepted[0] ?? "")}\n  - ${accepted.map(alias).join(" | ")}\n`;
}

/** One page of an imported deck as Markdown; cloze gaps become questions of their own. */
export function deckToMarkdown(page: Page, items: readonly QuizItem[]): string {
  const name = oneLine(page.chapterName) || "Imported deck";
  const out: string[] = [`# ${page.chapterNumber} · ${name}面试题`, "", `对应学习章：${page.chapterNumber} · ${name}。`, ""];
  const notes = page.deck;
  if (notes) {
    out.push(`Imported from ${page.format}: ${notes.notes} notes, ${notes.items} items (${notes.clozeItems} cloze), ${notes.skippedNotes} skipped, ${notes.media} media not imported.`, "");
  }
  const questionIds = new Set(page.questions.map((question) => question.id));
  for (const item of items) {
    if (!questionIds.has(item.questionId)) continue;
    out.push(`## ${item.id} ${oneLine(item.prompt)}`, "", `优先级：${item.priority}`, "", "### 30–60 秒回答", "", paragraphs(item.answer));
    const list = keyPointList(item);
    if (list !== "") out.push(list.trimEnd());
    const explanation = page.questions.find((question) => question.id === item.questionId)?.detailedAnswer ?? [];
    if (explanation.length > 0) out.push("", "### 详细答案", "", paragraphs(explanation.join("\n")));
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}
