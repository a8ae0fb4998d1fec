// Anki's plain-text notes: the optional `tags:` first line, a `#key:value` header block
// (`#separator`, `#html`, `#columns`, `#guid column`, `#deck column`, `#tags column`,
// `#notetype column`, `#deck`, `#notetype`), Anki's delimiter detection, and no header row.
import type { ProblemLog } from "../problems.ts";
import { PROBLEM_KINDS } from "../problems.ts";
import { clozeCards, clozeSkeleton } from "./cloze.ts";
import type { DeckCard, DeckRead } from "./deck-cards.ts";
import { splitAlternatives } from "./deck-cards.ts";
import { countMediaReferences, htmlFieldToText, plainFieldToText } from "./deck-text.ts";
import type { DeckLimits } from "./limits.ts";
import { refuseOverlongFields } from "./limits.ts";
import { readRecords } from "./text-records.ts";

const NAMED_SEPARATORS = new Map([
  ["comma", ","],
  ["semicolon", ";"],
  ["tab", "\t"],
  ["space", " "],
  ["pipe", "|"],
  ["colon", ":"],
]);
/** Anki's order when no `#separator` is given: the first of these found after the header wins. */
const DETECTION_ORDER = ["\t", "|", ";", ":", ",", " "];
const DETECTION_WINDOW = 8 * 1024;
const HEADER_KEYS = new Set([
  "separator",
  "html",
  "tags",
  "columns",
  "notetype",
  "deck",
  "notetype column",
  "deck column",
  "tags column",
  "guid column",
  "match scope",
  "if matches",
]);
const PROMPT_NAMES = new Set(["front", "question", "term", "word", "prompt", "text", "expression", "正面", "问题", "题目"]);
const ANSWER_NAMES = new Set(["back", "answer", "definition", "meaning", "reading", "反面", "答案", "释义"]);
/** Anki treats a file as HTML when a field of its first records holds something like a tag. */
const LOOKS_LIKE_TAG = /<\/?[a-zA-Z][a-zA-Z0-9]*[\s/>]/u;
const HTML_SNIFF_RECORDS = 5;

interface Header {
  options: Map<string, string>;
  /** Lines the header block takes. */
  lines: number;
}

function headerOption(line: string): [string, string] | null {
  const colon = line.indexOf(":");
  if (!line.startsWith("#") || colon < 0) return null;
  const key = line.slice(1, colon).trim().toLowerCase();
  return HEADER_KEYS.has(key) ? [key, line.slice(colon + 1).trim()] : null;
}

/** True when the text opens with Anki's header block (or its legacy `tags:` line). */
export function hasAnkiTextHeader(firstLines: readonly string[]): boolean {
  const [first, second] = firstLines;
  if (first === undefined) return false;
  if (headerOption(first) !== null) return true;
  return first.toLowerCase().startsWith("tags:") && second !== undefined && headerOption(second) !== null;
}

function readHeader(lines: readonly string[]): Header {
  const options = new Map<string, string>();
  let at = 0;
  if (lines[0]?.toLowerCase().startsWith("tags:")) {
    options.set("tags", lines[0].slice(5).trim());
    at = 1;
  }
  for (; at < lines.length; at++) {
    const line = lines[at] as string;
    if (!line.startsWith("#")) break;
    const option = headerOption(line);
    if (option) options.set(option[0], option[1]);
  }
  return { options, lines: at };
}

function separatorOption(value: string | undefined): string | null {
  if (value === undefined) return null;
  const named = NAMED_SEPARATORS.get(value.toLowerCase());
  if (named !== undefined) return named;
  return [...value].length === 1 ? value : null;
}

export function detectDelimiter(body: string): string {
  const window = body.slice(0, DETECTION_WINDOW);
  return DETECTION_ORDER.find((candidate) => window.includes(candidate)) ?? " ";
}

function columnNumber(value: string | undefined): number | null {
  if (value === undefined || !/^[0-9]{1,4}$/u.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number - 1 : null;
}

export function readAnkiText(text: string, fallbackName: string, limits: DeckLimits, log: ProblemLog): DeckRead {
  const lines = text.split("\n");
  const header = readHeader(lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line)));
  const body = lines.slice(header.lines).join("\n");
  const delimiter = separatorOption(header.options.get("separator")) ?? detectDelimiter(body);
  const records = readRecords(body, { delimiter, lineOffset: header.lines, maxRecords: limits.maxNotes, maxFieldChars: limits.maxFieldChars });

  const meta = new Set<number>();
  const guidColumn = columnNumber(header.options.get("guid column"));
  const deckColumn = columnNumber(header.options.get("deck column"));
  const notetypeColumn = columnNumber(header.options.get("notetype column"));
  const tagsColumn = columnNumber(header.options.get("tags column"));
  for (const column of [guidColumn, deckColumn, notetypeColumn, tagsColumn]) if (column !== null) meta.add(column);

  // `#columns` names the columns (split with the delimiter known at that line, as Anki does).
  const names = header.options.has("columns")
    ? (header.options.get("columns") as string).split(separatorOption(header.options.get("separator")) ?? "\t").map((name) => name.trim().toLowerCase())
    : [];
  const width = Math.max(names.length, records[0]?.fields.length ?? 0);
  const fieldColumns = Array.from({ length: width }, (_, index) => index).filter((index) => !meta.has(index) && !(names[index] === "tags"));
  const named = (set: ReadonlySet<string>): number | undefined => fieldColumns.find((index) => set.has(names[index] ?? ""));
  const promptColumn = named(PROMPT_NAMES) ?? fieldColumns[0] ?? 0;
  const answerColumn = named(ANSWER_NAMES) ?? fieldColumns.find((index) => index !== promptColumn) ?? 1;

  const htmlOption = header.options.get("html")?.toLowerCase();
  const isHtml =
    htmlOption === "true" ||
    (htmlOption !== "false" && records.slice(0, HTML_SNIFF_RECORDS).some((record) => record.fields.some((field) => LOOKS_LIKE_TAG.test(field))));
  const toText = (field: string): string => (isHtml ? htmlFieldToText(field, limits.maxFieldChars) : plainFieldToText(field));
  const notetypeIsCloze = (header.options.get("notetype") ?? "").toLowerCase().includes("cloze");

  const cards: DeckCard[] = [];
  const decks = new Map<string, number>();
  let skippedNotes = 0;
  let media = 0;
  for (const record of records) {
    const label = `line ${record.line}`;
    if (refuseOverlongFields(record.fields, limits, log, record.line, label, "row")) {
      skippedNotes++;
      continue;
    }
    if (isHtml) for (const field of record.fields) media += countMediaReferences(field);
    const guidValue = guidColumn === null ? "" : (record.fields[guidColumn] ?? "").trim();
    const guid = guidValue === "" ? null : { from: "column" as const, value: guidValue };
    if (deckColumn !== null) {
      const deck = (record.fields[deckColumn] ?? "").trim();
      if (deck !== "") decks.set(deck, (decks.get(deck) ?? 0) + 1);
    }
    const promptField = record.fields[promptColumn] ?? "";
    const rowIsCloze = notetypeIsCloze || (notetypeColumn !== null && (record.fields[notetypeColumn] ?? "").toLowerCase().includes("cloze"));
    const clozes = rowIsCloze || promptField.includes("{{c") ? clozeCards(promptField) : [];
    if (clozes.length > 0) {
      const skeleton = toText(clozeSkeleton(promptField));
      for (const card of clozes) {
        cards.push({ guid, prompt: toText(card.prompt), answer: [...new Set(card.answers.map(toText))].join(", "), alternatives: [], cloze: { number: card.number, skeleton }, line: record.line, label });
      }
      continue;
    }
    const prompt = toText(promptField);
    const answer = toText(record.fields[answerColumn] ?? "");
    if (prompt === "" || answer === "") {
      log.warning(PROBLEM_KINDS.emptyCard, record.line, `${label}: ${prompt === "" ? "no question" : "no answer"}; skipped`);
      skippedNotes++;
      continue;
    }
    cards.push({ guid, prompt, answer, alternatives: splitAlternatives(answer), cloze: null, line: record.line, label });
  }
  let deckName = header.options.get("deck") ?? "";
  if (deckName === "" || /^[0-9]+$/u.test(deckName)) {
    deckName = [...decks].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
  }
  return { format: "anki-text", name: deckName.split("::").pop() || fallbackName, notes: records.length, cards, skippedNotes, media };
}
