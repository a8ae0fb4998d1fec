// Quizlet's export: term, a separator, definition; rows by newline (or a custom separator).
// Nothing is quoted, so each row splits at the first term separator only.
import type { ProblemLog } from "../problems.ts";
import { PROBLEM_KINDS } from "../problems.ts";
import type { DeckCard, DeckRead } from "./deck-cards.ts";
import { splitAlternatives } from "./deck-cards.ts";
import { plainFieldToText } from "./deck-text.ts";
import type { DeckLimits } from "./limits.ts";
import { DeckRefusedError, formatCount } from "./limits.ts";

export interface QuizletSeparators {
  term: string;
  row: string;
}

/** Tab between term and definition unless no row has one (then comma); rows by newline, or by `;` when it is all one line. */
export function detectQuizletSeparators(text: string): QuizletSeparators {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const term = text.includes("\t") ? "\t" : ",";
  const row = lines.length === 1 && text.includes(";") && term === "\t" ? ";" : "\n";
  return { term, row };
}

export function readQuizlet(text: string, fallbackName: string, limits: DeckLimits, log: ProblemLog, separators = detectQuizletSeparators(text)): DeckRead {
  const cards: DeckCard[] = [];
  let skippedNotes = 0;
  let rows = 0;
  let line = 1;
  let from = 0;
  while (from <= text.length) {
    let end = text.indexOf(separators.row, from);
    if (end < 0) end = text.length;
    const row = text.slice(from, end);
    const rowLine = line;
    for (let at = row.indexOf("\n"); at >= 0; at = row.indexOf("\n", at + 1)) line++;
    if (separators.row.includes("\n")) line++;
    from = end + separators.row.length;
    if (row.trim() === "") {
      if (end === text.length) break;
      continue;
    }
    rows++;
    if (rows > limits.maxNotes) throw new DeckRefusedError(`more than ${formatCount(limits.maxNotes)} rows; at most ${formatCount(limits.maxNotes)} are accepted`, rowLine);
    const label = `line ${rowLine}`;
    if (row.length > limits.maxFieldChars * 2) {
      log.error(PROBLEM_KINDS.noteRefused, rowLine, `${label}: the row is longer than ${formatCount(limits.maxFieldChars * 2)} characters; row refused`);
      skippedNotes++;
      continue;
    }
    const split = row.indexOf(separators.term);
    if (split < 0) {
      log.warning(PROBLEM_KINDS.emptyCard, rowLine, `${label}: no separator between term and definition; skipped`);
      skippedNotes++;
      continue;
    }
    const prompt = plainFieldToText(row.slice(0, split));
    const answer = plainFieldToText(row.slice(split + separators.term.length));
    if (prompt === "" || answer === "") {
      log.warning(PROBLEM_KINDS.emptyCard, rowLine, `${label}: ${prompt === "" ? "no term" : "no definition"}; skipped`);
      skippedNotes++;
      continue;
    }
    cards.push({ guid: null, prompt, answer, alternatives: splitAlternatives(answer), cloze: null, line: rowLine, label });
    if (end === text.length) break;
  }
  return { format: "quizlet", name: fallbackName, notes: rows, cards, skippedNotes, media: 0 };
}
