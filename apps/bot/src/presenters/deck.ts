// Replies of `/deck`: what an import made and every problem with its line or note. Deck text
// (names, problem messages quoting notes) is escaped and never pings.
import type { DeckImportView, DeckView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { textPayload, type MessagePayload } from "./payload.ts";
import { memberText } from "./safe-text.ts";

const PROBLEM_CHARS = 180;

export function renderDeckImport(view: DeckImportView, locale: UiLocale): MessagePayload {
  return textPayload(layoutDeckImport(view, locale).text);
}

/**
 * Every problem of an import, one per line, for a text file beside the reply when they do not
 * all fit in its 2,000 characters; null when they do. A file is not markdown: nothing is escaped.
 */
export function deckProblemsFile(view: DeckImportView, locale: UiLocale): string | null {
  if (layoutDeckImport(view, locale).leftOut === 0) return null;
  return view.problems.map((problem) => `${problem.severity}\t${problem.message}`).join("\n") + "\n";
}

function layoutDeckImport(view: DeckImportView, locale: UiLocale): { text: string; leftOut: number } {
  const head = view.deck
    ? t(locale, "deck.import.done", {
        name: memberText(view.deck.name),
        questions: view.deck.questions,
        items: view.deck.items,
        cloze: view.deck.clozeItems,
        inserted: view.inserted,
        updated: view.updated,
        retired: view.retired,
        unchanged: view.unchanged,
        skipped: view.skippedNotes,
        media: view.media,
      })
    : t(locale, "deck.import.nothing");
  if (view.problems.length === 0) return { text: head, leftOut: 0 };
  const lines = [head, "", t(locale, "deck.import.problems", { count: view.problems.length })];
  let length = lines.join("\n").length;
  let shown = 0;
  for (const problem of view.problems) {
    const line = `- ${problem.severity === "error" ? "✖" : "⚠"} ${memberText(problem.message, PROBLEM_CHARS)}`;
    const rest = view.problems.length - shown - 1;
    // Keep room for the "and N more" line whenever something would be left out.
    const reserve = rest > 0 ? t(locale, "deck.import.more-problems", { count: rest }).length + 1 : 0;
    if (length + 1 + line.length + reserve > DISCORD_LIMITS.content) break;
    lines.push(line);
    length += 1 + line.length;
    shown++;
  }
  const leftOut = view.problems.length - shown;
  if (leftOut > 0) lines.push(t(locale, "deck.import.more-problems", { count: leftOut }));
  return { text: lines.join("\n"), leftOut };
}

export function renderDeckList(decks: readonly DeckView[], locale: UiLocale): MessagePayload {
  if (decks.length === 0) return textPayload(t(locale, "deck.list.empty"));
  const lines: string[] = [];
  let length = 0;
  for (const deck of decks) {
    const line = `- ${t(locale, "deck.list.row", { name: memberText(deck.name), format: deck.format, questions: deck.questions, items: deck.items })}`;
    if (length + line.length + 1 > DISCORD_LIMITS.content) break;
    lines.push(line);
    length += line.length + 1;
  }
  return textPayload(lines.join("\n"));
}

export function renderDeckRemoved(name: string, removed: boolean, locale: UiLocale): MessagePayload {
  return textPayload(t(locale, removed ? "deck.remove.done" : "deck.remove.missing", { name: memberText(name) }));
}
