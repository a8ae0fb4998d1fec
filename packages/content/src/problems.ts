import type { Problem, Severity } from "./model.ts";

/** Every kind of problem the parser reports. Stable strings: scripts and tests match on them. */
export const PROBLEM_KINDS = {
  emptyFile: "empty-file",
  binaryFile: "binary-file",
  unreadableFile: "unreadable-file",
  unrecognisedFormat: "unrecognised-format",
  noQuestions: "no-questions",
  missingTitle: "missing-title",
  malformedTitle: "malformed-title",
  missingStudyChapter: "missing-study-chapter",
  missingQuestionRange: "missing-question-range",
  malformedQuestionHeading: "malformed-question-heading",
  missingPriority: "missing-priority",
  unknownPriority: "unknown-priority",
  missingOralAnswer: "missing-oral-answer",
  emptySection: "empty-section",
  missingSection: "missing-section",
  unknownSection: "unknown-section",
  duplicateSection: "duplicate-section",
  duplicateId: "duplicate-id",
  idOutOfRange: "id-out-of-range",
  missingQuestion: "missing-question",
  malformedFollowUp: "malformed-follow-up",
  malformedKeyPoint: "malformed-key-point",
  malformedConcept: "malformed-concept",
  unknownKeyPoint: "unknown-key-point",
  unknownFollowUp: "unknown-follow-up",
  missingMisconceptionFeedback: "missing-misconception-feedback",
  derivedKeyPoints: "derived-key-points",
  unexpectedText: "unexpected-text",
  // Imported decks.
  deckRefused: "deck-refused",
  noteRefused: "note-refused",
  emptyCard: "empty-card",
  duplicateCard: "duplicate-card",
  skippedNote: "skipped-note",
  mediaNotImported: "media-not-imported",
} as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[keyof typeof PROBLEM_KINDS];

/** Collects problems for one file, so parsing code never has to thread the file name around. */
export class ProblemLog {
  readonly problems: Problem[] = [];
  constructor(readonly file: string) {}

  error(kind: ProblemKind, line: number, message: string, column = 1): void {
    this.add("error", kind, line, column, message);
  }

  warning(kind: ProblemKind, line: number, message: string, column = 1): void {
    this.add("warning", kind, line, column, message);
  }

  private add(severity: Severity, kind: ProblemKind, line: number, column: number, message: string): void {
    this.problems.push({ file: this.file, line: Math.max(1, line), column: Math.max(1, column), severity, kind, message });
  }
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}:${problem.column} ${problem.severity} ${problem.kind} ${problem.message}`;
}

/** Problems in reading order: by file, then line, then column. */
export function compareProblems(a: Problem, b: Problem): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column;
}
