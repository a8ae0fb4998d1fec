// The content model: plain, JSON-safe data that every other package consumes.
// Nothing here depends on where a page came from (published page or Markdown source).

export const PRIORITIES = ["P0", "P1", "P2"] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Where something was written, so every problem and every item can point back to its source. */
export interface SourceLocation {
  file: string;
  /** 1-based line number. */
  line: number;
}

/**
 * One idea an answer must mention. The first alias is the label shown to members;
 * the rest are synonyms in Chinese and English that count as the same idea.
 */
export interface Concept {
  aliases: string[];
}

export const POLARITIES = ["assert", "deny"] as const;
/** `assert`: the point is made by stating the concepts. `deny`: by negating them ("DPO 不需要奖励模型"). */
export type Polarity = (typeof POLARITIES)[number];

export interface KeyPoint {
  /** Stable within its item: `k1`, `k2`, … in authored order. */
  id: string;
  /** The point as a sentence, shown to members. */
  text: string;
  /** 1–3 concepts; all must appear (in one clause) for a hit, some of them for a partial. */
  concepts: Concept[];
  /** Relative weight within the item; the grader normalises. */
  weight: number;
  polarity: Polarity;
  /** True when no author wrote it: derived from the answer's sentences. Authors should refine these. */
  derived: boolean;
  /**
   * Ways of stating the point's opposite in other words than its own ("旧论文已经没价值了" against
   * "没有失去价值"), as authored under `反面：`; absent when none are. Saying one contradicts the point.
   */
  contradictedBy?: Concept;
}

export interface Misconception {
  /** `m1`, `m2`, … in authored order within the question. */
  id: string;
  /** The wrong belief, as the page states it. */
  statement: string;
  /** Why it is wrong: shown to a member whose answer asserts it. */
  feedback: string;
  /** An answer asserts the misconception when all these concepts appear, unnegated, in one clause. */
  concepts: Concept[];
  /**
   * Key points that asserting the belief also contradicts, as authored under `相反要点：`: `k4` is a
   * point of the main answer, `f3.k2` one of the third follow-up's. Absent when none are named.
   */
  contradicts?: string[];
  /**
   * Follow-ups whose yes-or-no question the belief answers, as authored under `肯定回答：` (a "yes"
   * states it) or `否定回答：` (a "no" does): an answer to that follow-up opening with that reply
   * asserts the misconception. Absent when none are named.
   */
  answeredBy?: MisconceptionReply[];
  /** Where the statement is written; absent on misconceptions built outside the parser. */
  source?: SourceLocation;
}

/** A reply to a follow-up's yes-or-no question that states a misconception: `{ followUp: "f2", reply: "yes" }`. */
export interface MisconceptionReply {
  followUp: string;
  reply: "yes" | "no";
}

export interface FollowUp {
  question: string;
  answer: string;
  keyPoints: KeyPoint[];
  source: SourceLocation;
}

export interface Question {
  /** `Q090`: the id printed on the page; never derived from position. */
  id: string;
  prompt: string;
  priority: Priority;
  /** The 30–60 second oral answer. */
  oralAnswer: string;
  keyPoints: KeyPoint[];
  /** Paragraphs of the detailed answer. */
  detailedAnswer: string[];
  followUps: FollowUp[];
  case: string;
  misconceptions: Misconception[];
  exercise: string;
  references: string[];
  source: SourceLocation;
}

export interface QuestionRange {
  first: string;
  last: string;
}

/** Source formats of a page: the two authored ones, then the decks people bring from other tools. */
export const PAGE_FORMATS = ["published", "markdown", "anki-package", "anki-text", "quizlet", "kotoba"] as const;
export type PageFormat = (typeof PAGE_FORMATS)[number];

/** What an imported deck held and what became of it (absent on authored pages). */
export interface DeckSummary {
  /** The notes or rows read. */
  notes: number;
  questions: number;
  items: number;
  clozeItems: number;
  /** Notes or rows that made no item (empty, duplicate, refused); each has a problem. */
  skippedNotes: number;
  /** Media files (or references to them) found; media are never imported. */
  media: number;
}

export interface Page {
  file: string;
  format: PageFormat;
  chapterNumber: number;
  chapterName: string;
  /** `12 · Agent 优化与训练面试题` */
  title: string;
  /** `12 · Agent 优化与训练` */
  studyChapter: string;
  questionRange: QuestionRange | null;
  /** The rest of the study-chapter line after the range: what the page covers. */
  summary: string;
  intro: string;
  questions: Question[];
  /** Set on pages imported from a deck: imported questions have no follow-ups or misconceptions. */
  deck?: DeckSummary;
}

/** `cloze`: one gap of an imported cloze note (prompt with the gap, answer the hidden text). */
export const ITEM_KINDS = ["main", "followup", "misconception", "cloze"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/**
 * One thing a member is quizzed on. Ids are human-readable and stable across edits
 * (`Q090`, `Q090.f2`, `Q090.m3`) so schedules survive; `contentHash` changes when the text does.
 */
export interface QuizItem {
  id: string;
  kind: ItemKind;
  /** `null` for a main item; the question id for follow-ups and misconceptions. */
  parentId: string | null;
  questionId: string;
  chapterNumber: number;
  chapterName: string;
  priority: Priority;
  prompt: string;
  /** The model answer. For a misconception item: why the statement is wrong. */
  answer: string;
  keyPoints: KeyPoint[];
  /**
   * Set when the answer is a term rather than a sentence (imported decks): any of these, compared
   * after normalisation, is a correct answer. The first is the one shown.
   */
  acceptedAnswers?: string[];
  /** Misconceptions an answer to this item may assert. */
  misconceptions: Misconception[];
  /** sha256 (hex, 16 chars) of everything a member sees or is graded on. */
  contentHash: string;
  source: SourceLocation;
}

export const SEVERITIES = ["error", "warning"] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface Problem {
  file: string;
  line: number;
  column: number;
  severity: Severity;
  /** Stable, kebab-case: `missing-oral-answer`, `duplicate-id`, `derived-key-points`, … */
  kind: string;
  message: string;
}

export interface ParseResult {
  pages: Page[];
  items: QuizItem[];
  problems: Problem[];
}
