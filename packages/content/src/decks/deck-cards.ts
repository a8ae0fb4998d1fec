// Every deck format reads into DeckCards; this turns them into the same Page / Question /
// QuizItem model as authored pages. Imported questions have no follow-ups or misconceptions.
import { hash } from "node:crypto";
import { deriveKeyPoints } from "../derived-key-points.ts";
import { contentHash } from "../items.ts";
import type { DeckSummary, ItemKind, KeyPoint, Page, PageFormat, Question, QuizItem } from "../model.ts";
import type { ProblemLog } from "../problems.ts";
import { PROBLEM_KINDS } from "../problems.ts";

/** A card as read from a deck, before it becomes a question. */
export interface DeckCard {
  /** A stable key the deck carries (Anki note GUID, a guid column); null: ids hash the prompt. */
  guid: { from: "anki" | "column"; value: string } | null;
  prompt: string;
  /** The answer shown to a member. */
  answer: string;
  /** Alternatives a term answer may take (Kotoba's list, Anki's `;` or `/`); empty for one answer. */
  alternatives: string[];
  /** Set on the cards of one cloze note: its number, and the note text with every gap hidden. */
  cloze: { number: number; skeleton: string } | null;
  /** Shown after the answer (Kotoba's comment); never graded. */
  explanation?: string;
  /** 1-based line of the note or row (1 for notes inside a package). */
  line: number;
  /** How problems name the note or row: `note 1496 (guid "f]J1…")`, `line 12`. */
  label: string;
}

export interface DeckRead {
  format: Exclude<PageFormat, "published" | "markdown">;
  /** The deck's name as the source gives it (Anki deck, file name). */
  name: string;
  notes: number;
  cards: DeckCard[];
  skippedNotes: number;
  media: number;
}

/** A term, not a sentence: short, one line, no sentence punctuation inside. Graded by comparison. */
const MAX_TERM_CHARS = 40;
const MAX_TERM_WORDS = 8;

export function isTermAnswer(answer: string): boolean {
  const trimmed = answer.trim();
  if (trimmed === "" || [...trimmed].length > MAX_TERM_CHARS || trimmed.includes("\n")) return false;
  // Sentence punctuation anywhere (a full stop at the end included) makes it a sentence, as do
  // a Latin full stop followed by more text and a long run of words.
  if (/[。！？；;!?]/u.test(trimmed) || /\.\s/u.test(trimmed)) return false;
  const words = trimmed.split(/\s+/u).length;
  return words <= MAX_TERM_WORDS && !(trimmed.endsWith(".") && words > 3);
}

/** Short enough that a deck-scoped id (`D<deck>.A-<guid>.c<n>`) stays within the 40 characters item ids may have. */
const ID_SAFE = /^[A-Za-z0-9_-]{1,20}$/;

function digest(text: string): string {
  return hash("sha256", text, "hex").slice(0, 12);
}

/** Case, width and spacing do not make a different card: the hash key of a prompt. */
export function normalisePrompt(prompt: string): string {
  return prompt.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim();
}

function questionId(card: DeckCard): string {
  if (card.guid !== null) {
    const prefix = card.guid.from === "anki" ? "A-" : "G-";
    return prefix + (ID_SAFE.test(card.guid.value) ? card.guid.value : digest(card.guid.value));
  }
  return `H-${digest(normalisePrompt(card.cloze === null ? card.prompt : card.cloze.skeleton))}`;
}

function termKeyPoint(answers: readonly string[]): KeyPoint {
  return {
    id: "k1",
    text: answers[0] ?? "",
    concepts: [{ aliases: [...answers] }],
    weight: 1,
    polarity: "assert",
    derived: true,
  };
}

/** Splits an answer field on `;` or `/` into accepted alternatives, when every part is a term. */
export function splitAlternatives(answer: string): string[] {
  if (!answer.includes(";") && !answer.includes("/") && !answer.includes("；")) return [];
  const parts = answer
    .split(/[;/；]/u)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  return parts.length > 1 && parts.every(isTermAnswer) ? parts : [];
}

export function buildDeckPage(read: DeckRead, file: string, log: ProblemLog): { page: Page; items: QuizItem[] } {
  const questions = new Map<string, Question>();
  const items: QuizItem[] = [];
  const seenItems = new Map<string, string>();
  let clozeItems = 0;
  let skipped = read.skippedNotes;
  const skippedNotes = new Set<string>();
  for (const card of read.cards) {
    const qid = questionId(card);
    const id = card.cloze === null ? qid : `${qid}.c${card.cloze.number}`;
    const first = seenItems.get(id);
    if (first !== undefined) {
      log.warning(PROBLEM_KINDS.duplicateCard, card.line, `${card.label}: same card as ${first} (id ${id}); skipped`);
      if (!skippedNotes.has(card.label)) {
        skippedNotes.add(card.label);
        skipped++;
      }
      continue;
    }
    seenItems.set(id, card.label);
    const accepted = card.alternatives.length > 0 ? card.alternatives : isTermAnswer(card.answer) ? [card.answer.trim()] : [];
    let keyPoints: KeyPoint[];
    if (accepted.length > 0) keyPoints = [termKeyPoint(accepted)];
    else {
      keyPoints = deriveKeyPoints(card.answer);
      if (keyPoints.length === 0) keyPoints = [termKeyPoint([card.answer.trim()])];
    }
    const source = { file, line: card.line };
    let question = questions.get(qid);
    if (!question) {
      question = {
        id: qid,
        prompt: card.prompt,
        priority: "P1",
        oralAnswer: card.answer,
        keyPoints: [],
        detailedAnswer: card.explanation === undefined ? [] : [card.explanation],
        followUps: [],
        case: "",
        misconceptions: [],
        exercise: "",
        references: [],
        source,
      };
      questions.set(qid, question);
    }
    const kind: ItemKind = card.cloze === null ? "main" : "cloze";
    if (kind === "cloze") clozeItems++;
    const hashed = {
      kind,
      prompt: card.prompt,
      answer: card.answer,
      keyPoints,
      misconceptions: [],
      ...(accepted.length > 0 ? { acceptedAnswers: accepted } : {}),
    };
    items.push({
      id,
      kind,
      parentId: kind === "main" ? null : qid,
      questionId: qid,
      chapterNumber: 0,
      chapterName: read.name,
      priority: "P1",
      prompt: card.prompt,
      answer: card.answer,
      keyPoints,
      ...(accepted.length > 0 ? { acceptedAnswers: accepted } : {}),
      misconceptions: [],
      contentHash: contentHash(hashed),
      source,
    });
  }
  const deck: DeckSummary = {
    notes: read.notes,
    questions: questions.size,
    items: items.length,
    clozeItems,
    skippedNotes: skipped,
    media: read.media,
  };
  if (read.media > 0) {
    log.warning(PROBLEM_KINDS.mediaNotImported, 1, `${read.media} media file${read.media === 1 ? "" : "s"} not imported (images and sounds are left out)`);
  }
  const page: Page = {
    file,
    format: read.format,
    chapterNumber: 0,
    chapterName: read.name,
    title: read.name,
    studyChapter: "",
    questionRange: null,
    summary: "",
    intro: "",
    questions: [...questions.values()],
    deck,
  };
  return { page, items };
}
