// Kotoba's deck CSV: `Question,Answers,Comment,Instructions,Render as`, a header row, and
// comma-separated accepted answers (the Japanese `、` separates them too).
import type { ProblemLog } from "../problems.ts";
import { PROBLEM_KINDS } from "../problems.ts";
import type { DeckCard, DeckRead } from "./deck-cards.ts";
import { plainFieldToText } from "./deck-text.ts";
import type { DeckLimits } from "./limits.ts";
import { refuseOverlongFields } from "./limits.ts";
import { readRecords } from "./text-records.ts";

export const KOTOBA_HEADER = ["question", "answers", "comment", "instructions", "render as"];

export function hasKotobaHeader(firstLine: string): boolean {
  const columns = firstLine.split(",").map((column) => column.trim().replace(/^"|"$/gu, "").toLowerCase());
  return columns.length >= 2 && columns[0] === KOTOBA_HEADER[0] && columns[1] === KOTOBA_HEADER[1];
}

export function readKotoba(text: string, fallbackName: string, limits: DeckLimits, log: ProblemLog): DeckRead {
  const records = readRecords(text, { delimiter: ",", lineOffset: 0, maxRecords: limits.maxNotes, maxFieldChars: limits.maxFieldChars, skipFirstRecord: true, skipComments: false });
  const cards: DeckCard[] = [];
  let skippedNotes = 0;
  for (const record of records) {
    const label = `line ${record.line}`;
    if (refuseOverlongFields(record.fields, limits, log, record.line, label, "row")) {
      skippedNotes++;
      continue;
    }
    const [question = "", answers = "", comment = ""] = record.fields;
    const prompt = plainFieldToText(question);
    const accepted = answers
      .split(/[,、]/u)
      .map((answer) => plainFieldToText(answer))
      .filter((answer) => answer !== "");
    if (prompt === "" || accepted.length === 0) {
      log.warning(PROBLEM_KINDS.emptyCard, record.line, `${label}: ${prompt === "" ? "no question" : "no answers"}; skipped`);
      skippedNotes++;
      continue;
    }
    const note = plainFieldToText(comment);
    cards.push({
      guid: null,
      prompt,
      answer: accepted.join(", "),
      alternatives: accepted.length > 1 ? accepted : [],
      cloze: null,
      line: record.line,
      label,
      ...(note === "" ? {} : { explanation: note }),
    });
  }
  return { format: "kotoba", name: fallbackName, notes: records.length, cards, skippedNotes, media: 0 };
}
