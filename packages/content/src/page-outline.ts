// First pass over a page: find the title, the study-chapter line, the intro, the questions and
// their sections. Each format has its own outline reader; what the sections mean is shared
// (build-page.ts), which is what makes both formats give the same questions.
import type { ProblemLog } from "./problems.ts";
import { PROBLEM_KINDS } from "./problems.ts";
import type { SectionKey } from "./sections.ts";
import {
  PRIORITY_LABEL,
  PUBLISHED_CHROME,
  SECTIONS,
  STUDY_CHAPTER_LABEL,
  matchPublishedLabel,
  sectionForLabel,
} from "./sections.ts";
import type { SourceLine } from "./source-text.ts";

export type PageFormat = "published" | "markdown";

export interface RawSection {
  key: SectionKey;
  heading: SourceLine;
  body: SourceLine[];
}

export interface RawQuestion {
  heading: SourceLine;
  id: string;
  idColumn: number;
  prompt: string;
  priority: { value: string; line: number; column: number } | null;
  sections: RawSection[];
}

export interface RawPage {
  format: PageFormat;
  /** The title line, its text without Markdown `#`. */
  title: { text: string; line: number } | null;
  /** The text after `对应学习章：`. */
  studyChapter: { text: string; line: number; column: number } | null;
  intro: SourceLine[];
  questions: RawQuestion[];
  lastLine: number;
}

const MARKDOWN_HEADING = /^(#{1,6})\s+(.*?)(?:\s+#+)?$/u;
/** `Q090`, or the stable id of a card imported from a deck (`A-<note guid>`, `G-<guid>`, `H-<hash>`, `.cN` for a cloze gap). */
const QUESTION_HEADING = /^(Q\d+|[AGH]-[A-Za-z0-9_-]{1,24}(?:\.c\d{1,4})?)\s+(\S.*)$/u;
const PUBLISHED_ORAL_LABEL = /^30\s*[–—−-]\s*60\s*秒回答\s*[:：]/u;

export function detectFormat(lines: readonly SourceLine[]): PageFormat | null {
  let markdownCues = 0;
  let publishedCues = 0;
  let priorityLines = 0;
  // First-character checks keep this pass close to the cost of splitting lines.
  for (const line of lines) {
    const first = line.text.charAt(0);
    if (first === "#" && line.indent < 4 && MARKDOWN_HEADING.test(line.text)) markdownCues++;
    if (line.anchored || (first === "展" && line.text === PUBLISHED_CHROME) || (first === "3" && PUBLISHED_ORAL_LABEL.test(line.text))) publishedCues++;
    if (first === "优" && PRIORITY_LABEL.test(line.text)) priorityLines++;
  }
  if (markdownCues > 0 && markdownCues >= publishedCues) return "markdown";
  if (publishedCues > 0 || priorityLines > 0) return "published";
  return null;
}

/** Reads `Q090 prompt` from a heading; reports and returns null when it is not one. */
function readQuestionHeading(text: string, line: SourceLine, textColumn: number, log: ProblemLog): RawQuestion | null {
  const match = QUESTION_HEADING.exec(text);
  if (!match?.[1] || !match[2]) {
    log.error(
      PROBLEM_KINDS.malformedQuestionHeading,
      line.line,
      `question heading must be "<id> <question>", like "Q090 怎样…？"; got "${clip(text)}"`,
      textColumn,
    );
    return null;
  }
  return { heading: line, id: match[1], idColumn: textColumn, prompt: match[2].trim(), priority: null, sections: [] };
}

function readPriority(line: SourceLine): RawQuestion["priority"] {
  const label = PRIORITY_LABEL.exec(line.text);
  const offset = line.raw.length - line.raw.trimStart().length;
  const labelLength = label ? label[0].length : 0;
  return { value: line.text.slice(labelLength).trim(), line: line.line, column: offset + labelLength + 1 };
}

class OutlineBuilder {
  readonly page: RawPage;
  question: RawQuestion | null = null;
  section: RawSection | null = null;
  /** Inside a malformed question or unknown section: lines are skipped until the next heading. */
  skipping = false;

  constructor(
    format: PageFormat,
    lines: readonly SourceLine[],
    readonly log: ProblemLog,
  ) {
    this.page = { format, title: null, studyChapter: null, intro: [], questions: [], lastLine: lines.length };
  }

  startQuestion(question: RawQuestion | null): void {
    this.question = question;
    this.section = null;
    this.skipping = question === null;
    if (question) this.page.questions.push(question);
  }

  startSection(key: SectionKey | undefined, heading: SourceLine, label: string): void {
    const question = this.question;
    if (!question) {
      this.log.warning(PROBLEM_KINDS.unexpectedText, heading.line, `section "${clip(label)}" outside any question is ignored`);
      this.section = null;
      this.skipping = true;
      return;
    }
    if (!key) {
      this.log.warning(
        PROBLEM_KINDS.unknownSection,
        heading.line,
        `unknown section "${clip(label)}" in ${question.id} is ignored; known: ${Object.values(SECTIONS).join(", ")}`,
      );
      this.section = null;
      this.skipping = true;
      return;
    }
    if (question.sections.some((section) => section.key === key)) {
      this.log.error(PROBLEM_KINDS.duplicateSection, heading.line, `${question.id} has a second "${SECTIONS[key]}" section; it is ignored`);
      this.section = null;
      this.skipping = true;
      return;
    }
    this.section = { key, heading, body: [] };
    this.skipping = false;
    question.sections.push(this.section);
  }

  /** A line that belongs to no section: priority, preamble, or stray text. */
  other(line: SourceLine): void {
    if (this.skipping || line.text === "") return;
    const question = this.question;
    if (question) {
      if (PRIORITY_LABEL.test(line.text)) {
        if (question.priority) {
          this.log.error(PROBLEM_KINDS.duplicateSection, line.line, `${question.id} states its priority twice`);
        } else {
          question.priority = readPriority(line);
        }
        return;
      }
      if (this.section) {
        this.section.body.push(line);
        return;
      }
      this.log.warning(PROBLEM_KINDS.unexpectedText, line.line, `text before the first section of ${question.id} is ignored: "${clip(line.text)}"`);
      return;
    }
    const study = STUDY_CHAPTER_LABEL.exec(line.text);
    if (study && !this.page.studyChapter) {
      const offset = line.raw.length - line.raw.trimStart().length;
      this.page.studyChapter = { text: line.text.slice(study[0].length).trim(), line: line.line, column: offset + study[0].length + 1 };
      return;
    }
    this.page.intro.push(line);
  }
}

export function outlineMarkdown(lines: readonly SourceLine[], log: ProblemLog): RawPage {
  const builder = new OutlineBuilder("markdown", lines, log);
  for (const line of lines) {
    const heading = line.indent < 4 && line.text.charAt(0) === "#" ? MARKDOWN_HEADING.exec(line.text) : null;
    const level = heading?.[1]?.length ?? 0;
    const text = heading?.[2]?.trim() ?? "";
    const textColumn = line.indent + (heading?.[1]?.length ?? 0) + 2;
    if (level === 1) {
      if (!builder.page.title && !builder.question) builder.page.title = { text, line: line.line };
      else log.warning(PROBLEM_KINDS.unexpectedText, line.line, `a second page title is ignored: "${clip(text)}"`);
    } else if (level === 2) {
      builder.startQuestion(readQuestionHeading(text, line, textColumn, log));
    } else if (level === 3) {
      builder.startSection(sectionForLabel(text), line, text);
    } else if (!builder.question && !builder.skipping && builder.page.questions.length === 0 && line.text === "") {
      builder.page.intro.push(line);
    } else if (builder.section && !builder.skipping) {
      // Blank lines and #### headings are meaningful inside a section (paragraphs, follow-ups).
      builder.section.body.push(line);
    } else {
      builder.other(line);
    }
  }
  return builder.page;
}

export function outlinePublished(lines: readonly SourceLine[], log: ProblemLog): RawPage {
  const builder = new OutlineBuilder("published", lines, log);
  const firstTextIndex = lines.findIndex((line) => line.text !== "");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (!line) continue;
    if (line.text === PUBLISHED_CHROME) continue;
    if (index === firstTextIndex && !QUESTION_HEADING.test(line.text)) {
      builder.page.title = { text: line.text, line: line.line };
      continue;
    }
    if (line.text !== "" && looksLikeQuestionHeading(lines, index)) {
      builder.startQuestion(readQuestionHeading(line.text, line, line.indent + 1, log));
      continue;
    }
    const label = builder.question ? matchPublishedLabel(line.text) : null;
    if (label) {
      builder.startSection(label.key, line, SECTIONS[label.key]);
      if (label.rest && builder.section) {
        builder.section.body.push({ ...line, raw: label.rest, text: label.rest, indent: 0 });
      }
      continue;
    }
    if (builder.section && !builder.skipping) builder.section.body.push(line);
    else builder.other(line);
  }
  return builder.page;
}

/** On a published page a heading carries a `¶` anchor; without one, a `Q123 …` line followed by a priority still counts. */
function looksLikeQuestionHeading(lines: readonly SourceLine[], index: number): boolean {
  const line = lines[index];
  if (!line) return false;
  if (line.anchored) return true;
  if (!QUESTION_HEADING.test(line.text)) return false;
  for (let next = index + 1; next < lines.length; next++) {
    const candidate = lines[next];
    if (candidate && candidate.text !== "") return PRIORITY_LABEL.test(candidate.text);
  }
  return false;
}

export function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
