// Third pass, shared by both formats: what each section means, and the page-level rules
// (ids unique and inside the stated range, required sections present).
import { checkAnsweringFollowUps, checkContradictedPoints, cleanStatement, parseKeyPoints, parseMisconception } from "./annotations.ts";
import type { Block, ListItem } from "./blocks.ts";
import { readBlocks } from "./blocks.ts";
import type { FollowUp, KeyPoint, Misconception, Page, Priority, Question, QuestionRange } from "./model.ts";
import { PRIORITIES } from "./model.ts";
import type { RawPage, RawQuestion, RawSection } from "./page-outline.ts";
import { clip } from "./page-outline.ts";
import type { ProblemLog } from "./problems.ts";
import { PROBLEM_KINDS } from "./problems.ts";
import type { SectionKey } from "./sections.ts";
import { SECTIONS, SECTION_KEYS } from "./sections.ts";

const TITLE = /^(\d+)\s*[·・.．]\s*(.+)$/u;
const RANGE = /(Q\d+)\s*[–—−\-~～至到]\s*(Q\d+)/u;
const STUDY_WITH_RANGE = /^(.*?)[。.]?\s*本页收录\s*(Q\d+)\s*[–—−\-~～至到]\s*(Q\d+)\s*[，,。;；:：]?\s*(.*)$/u;
/** Beyond this many ids, a range is not a page's range but a typo: skip the missing-question check. */
const MAX_RANGE_CHECKED = 1000;

export function idNumber(id: string): number {
  return Number(id.replace(/^\D+/u, ""));
}

export function buildPage(raw: RawPage, file: string, log: ProblemLog): Page {
  const page: Page = {
    file,
    format: raw.format,
    chapterNumber: 0,
    chapterName: "",
    title: raw.title?.text ?? "",
    studyChapter: "",
    questionRange: null,
    summary: "",
    intro: "",
    questions: [],
  };
  readTitle(raw, page, log);
  readStudyChapter(raw, page, log);
  page.intro = paragraphs(readBlocks(raw.intro, raw.format === "published")).join("\n");

  const seen = new Map<string, number>();
  for (const rawQuestion of raw.questions) {
    const question = buildQuestion(rawQuestion, raw, log);
    if (!question) continue;
    const firstLine = seen.get(question.id);
    if (firstLine !== undefined) {
      log.error(
        PROBLEM_KINDS.duplicateId,
        rawQuestion.heading.line,
        `duplicate id ${question.id} (first at line ${firstLine}); this one is ignored`,
        rawQuestion.idColumn,
      );
      continue;
    }
    seen.set(question.id, rawQuestion.heading.line);
    checkRange(question, rawQuestion, page.questionRange, log);
    page.questions.push(question);
  }
  reportMissingQuestions(raw, page, seen, log);
  return page;
}

function readTitle(raw: RawPage, page: Page, log: ProblemLog): void {
  if (!raw.title) {
    log.error(PROBLEM_KINDS.missingTitle, 1, `page has no title line like "12 · Agent 优化与训练面试题"`);
    return;
  }
  const match = TITLE.exec(raw.title.text);
  if (!match?.[1] || !match[2]) {
    log.error(PROBLEM_KINDS.malformedTitle, raw.title.line, `title must be "<chapter number> · <chapter name>面试题"; got "${clip(raw.title.text)}"`);
    page.chapterName = raw.title.text;
    return;
  }
  page.chapterNumber = Number(match[1]);
  page.chapterName = match[2].trim().replace(/面试题$/u, "").trim();
}

function readStudyChapter(raw: RawPage, page: Page, log: ProblemLog): void {
  const study = raw.studyChapter;
  if (!study) {
    log.warning(PROBLEM_KINDS.missingStudyChapter, raw.title?.line ?? 1, `page has no "对应学习章：" line (study chapter and question range)`);
    return;
  }
  const full = STUDY_WITH_RANGE.exec(study.text);
  if (full?.[2] && full[3]) {
    page.studyChapter = (full[1] ?? "").trim();
    page.questionRange = { first: full[2], last: full[3] };
    page.summary = (full[4] ?? "").trim();
    return;
  }
  const sentenceEnd = study.text.indexOf("。");
  page.studyChapter = (sentenceEnd >= 0 ? study.text.slice(0, sentenceEnd) : study.text).trim();
  page.summary = sentenceEnd >= 0 ? study.text.slice(sentenceEnd + 1).trim() : "";
  const range = RANGE.exec(study.text);
  if (range?.[1] && range[2]) {
    page.questionRange = { first: range[1], last: range[2] };
    return;
  }
  log.warning(PROBLEM_KINDS.missingQuestionRange, study.line, `the study-chapter line states no question range like "本页收录 Q090–Q092"`, study.column);
}

function checkRange(question: Question, rawQuestion: RawQuestion, range: QuestionRange | null, log: ProblemLog): void {
  if (!range) return;
  const number = idNumber(question.id);
  if (number < idNumber(range.first) || number > idNumber(range.last)) {
    log.error(
      PROBLEM_KINDS.idOutOfRange,
      rawQuestion.heading.line,
      `${question.id} is outside the page's range ${range.first}–${range.last}`,
      rawQuestion.idColumn,
    );
  }
}

/** A page cut short, or a question lost to an error, shows up as a gap in the stated range. */
function reportMissingQuestions(raw: RawPage, page: Page, seen: ReadonlyMap<string, number>, log: ProblemLog): void {
  const range = page.questionRange;
  if (!range || !raw.studyChapter) return;
  const first = idNumber(range.first);
  const last = idNumber(range.last);
  if (!(last >= first) || last - first >= MAX_RANGE_CHECKED) return;
  const width = range.first.length - 1;
  const prefix = range.first.replace(/\d+$/u, "");
  const seenNumbers = new Set([...seen.keys()].map(idNumber));
  const missing: string[] = [];
  for (let number = first; number <= last; number++) {
    if (!seenNumbers.has(number)) missing.push(`${prefix}${String(number).padStart(width, "0")}`);
  }
  if (missing.length > 0) {
    log.warning(
      PROBLEM_KINDS.missingQuestion,
      raw.studyChapter.line,
      `the page states ${range.first}–${range.last} but has no valid ${missing.join(", ")} (cut off, or dropped for errors above)`,
      raw.studyChapter.column,
    );
  }
}

function paragraphs(blocks: readonly Block[]): string[] {
  const out: string[] = [];
  for (const block of blocks) {
    if (block.kind === "paragraph" || block.kind === "subheading") out.push(block.text);
    else if (block.kind === "list") for (const item of block.items) out.push(item.text);
  }
  return out;
}

function buildQuestion(raw: RawQuestion, page: RawPage, log: ProblemLog): Question | null {
  let valid = true;
  const id = raw.id;
  const priority = readPriority(raw, log);
  if (!priority) valid = false;

  const sections = new Map<SectionKey, RawSection>(raw.sections.map((section) => [section.key, section]));
  const blocksOf = new Map<SectionKey, Block[]>();
  for (const key of SECTION_KEYS) {
    const section = sections.get(key);
    if (!section) {
      if (key === "oralAnswer") log.error(PROBLEM_KINDS.missingOralAnswer, raw.heading.line, `${id} has no "${SECTIONS.oralAnswer}" section`);
      else log.warning(PROBLEM_KINDS.missingSection, raw.heading.line, `${id} has no "${SECTIONS[key]}" section`);
      continue;
    }
    const blocks = readBlocks(section.body, page.format === "published");
    if (blocks.length === 0) {
      log.error(PROBLEM_KINDS.emptySection, section.heading.line, `${id}: section "${SECTIONS[key]}" is empty`);
      continue;
    }
    blocksOf.set(key, blocks);
  }

  const oral = readOralAnswer(id, sections.get("oralAnswer"), blocksOf.get("oralAnswer"), log);
  if (!oral) valid = false;
  if (!valid || !priority || !oral) return null;

  const followUps = readFollowUps(id, blocksOf.get("followUps") ?? [], log);
  const misconceptions = readMisconceptions(id, blocksOf.get("misconceptions") ?? [], log);
  checkContradictedPoints(id, misconceptions, oral.keyPoints, followUps.map((followUp) => followUp.keyPoints), log);
  checkAnsweringFollowUps(id, misconceptions, followUps.length, log);
  return {
    id,
    prompt: raw.prompt,
    priority,
    oralAnswer: oral.answer,
    keyPoints: oral.keyPoints,
    detailedAnswer: paragraphs(blocksOf.get("detailedAnswer") ?? []),
    followUps,
    case: paragraphs(blocksOf.get("case") ?? []).join("\n"),
    misconceptions,
    exercise: paragraphs(blocksOf.get("exercise") ?? []).join("\n"),
    references: readReferences(blocksOf.get("references") ?? []),
    source: { file: log.file, line: raw.heading.line },
  };
}

function readPriority(raw: RawQuestion, log: ProblemLog): Priority | null {
  if (!raw.priority) {
    log.error(PROBLEM_KINDS.missingPriority, raw.heading.line, `${raw.id} has no "优先级：" line (P0, P1 or P2)`);
    return null;
  }
  const value = raw.priority.value.normalize("NFKC").toUpperCase();
  const known = PRIORITIES.find((priority) => priority === value);
  if (!known) {
    log.error(
      PROBLEM_KINDS.unknownPriority,
      raw.priority.line,
      `${raw.id}: unknown priority "${clip(raw.priority.value)}"; use ${PRIORITIES.join(", ")}`,
      raw.priority.column,
    );
    return null;
  }
  return known;
}

/** Paragraphs, then optionally `要点：` and its list. */
function splitAnswerAndKeyPoints(
  blocks: readonly Block[],
  owner: string,
  log: ProblemLog,
): { answer: string[]; keyPoints: KeyPoint[] } {
  const answer: string[] = [];
  let keyPoints: KeyPoint[] = [];
  let labelLine = 0;
  for (const block of blocks) {
    if (block.kind === "key-points-label") {
      labelLine = block.line;
    } else if (block.kind === "list" && labelLine) {
      keyPoints = parseKeyPoints(block.items, owner, log);
      labelLine = 0;
    } else if (block.kind === "paragraph" || block.kind === "list") {
      answer.push(...paragraphs([block]));
    } else {
      log.warning(PROBLEM_KINDS.unexpectedText, block.line, `${owner}: unexpected "${clip(block.text)}" is ignored`);
    }
  }
  if (labelLine) log.error(PROBLEM_KINDS.emptySection, labelLine, `${owner}: "要点：" is not followed by a list of key points`);
  return { answer, keyPoints };
}

function readOralAnswer(
  id: string,
  section: RawSection | undefined,
  blocks: readonly Block[] | undefined,
  log: ProblemLog,
): { answer: string; keyPoints: KeyPoint[] } | null {
  if (!section || !blocks) return null;
  const { answer, keyPoints } = splitAnswerAndKeyPoints(blocks, id, log);
  if (answer.length === 0) {
    log.error(PROBLEM_KINDS.missingOralAnswer, section.heading.line, `${id}: "${SECTIONS.oralAnswer}" has key points but no answer text`);
    return null;
  }
  return { answer: answer.join("\n"), keyPoints };
}

const FOLLOW_UP_SPLIT = /[？?]/gu;

/** `没有标量奖励能做 SFT 或 DPO 吗？ 可以。…` → question and answer. */
function splitFollowUpLine(text: string): { question: string; answer: string } | null {
  let best: { question: string; answer: string } | null = null;
  for (const match of text.matchAll(FOLLOW_UP_SPLIT)) {
    const end = match.index + match[0].length;
    const answer = text.slice(end).trim();
    if (!answer) continue;
    const candidate = { question: text.slice(0, end).trim(), answer };
    // The question ends at the first mark followed by a space; otherwise at the first mark at all.
    if (/^\s/u.test(text.slice(end))) return candidate;
    best ??= candidate;
  }
  return best;
}

function readFollowUps(id: string, blocks: readonly Block[], log: ProblemLog): FollowUp[] {
  const followUps: FollowUp[] = [];
  let current: { followUp: FollowUp; answer: string[]; fromHeading: boolean } | null = null;
  let expectingKeyPoints = false;

  const finish = (): void => {
    if (current?.fromHeading) {
      current.followUp.answer = current.answer.join("\n");
      if (current.followUp.answer) followUps.push(current.followUp);
      else log.error(PROBLEM_KINDS.malformedFollowUp, current.followUp.source.line, `${id}: follow-up "${clip(current.followUp.question)}" has no answer`);
    }
  };

  for (const block of blocks) {
    if (block.kind === "subheading") {
      finish();
      current = {
        followUp: { question: block.text, answer: "", keyPoints: [], source: { file: log.file, line: block.line } },
        answer: [],
        fromHeading: true,
      };
      expectingKeyPoints = false;
    } else if (block.kind === "key-points-label") {
      if (!current) log.warning(PROBLEM_KINDS.unexpectedText, block.line, `${id}: "要点：" before any follow-up is ignored`);
      expectingKeyPoints = true;
    } else if (block.kind === "list" && expectingKeyPoints) {
      if (current) current.followUp.keyPoints = parseKeyPoints(block.items, `${id}.f${followUps.length + (current.fromHeading ? 1 : 0)}`, log);
      expectingKeyPoints = false;
    } else if (block.kind === "list") {
      finish();
      current = null;
      for (const item of block.items) {
        const parsed = splitFollowUpLine(item.text);
        if (!parsed) {
          log.error(
            PROBLEM_KINDS.malformedFollowUp,
            item.line,
            `${id}: follow-up must be "- <question>？ <answer>"; got "${clip(item.text)}"`,
            item.column,
          );
          continue;
        }
        const followUp: FollowUp = { ...parsed, keyPoints: [], source: { file: log.file, line: item.line } };
        followUps.push(followUp);
        current = { followUp, answer: [], fromHeading: false };
      }
    } else if (current?.fromHeading && current.followUp.keyPoints.length === 0 && !expectingKeyPoints) {
      current.answer.push(block.text);
    } else {
      log.error(
        PROBLEM_KINDS.malformedFollowUp,
        block.line,
        `${id}: follow-up must be "- <question>？ <answer>" or a "#### <question>" heading; got "${clip(block.text)}"`,
      );
    }
  }
  finish();
  return followUps;
}

function readMisconceptions(id: string, blocks: readonly Block[], log: ProblemLog): Misconception[] {
  const misconceptions: Misconception[] = [];
  const add = (item: ListItem): void => {
    const misconception = parseMisconception(item, `m${misconceptions.length + 1}`, id, log);
    if (!misconception) return;
    misconception.source = { file: log.file, line: item.line };
    misconceptions.push(misconception);
  };
  for (const block of blocks) {
    if (block.kind === "list") {
      for (const item of block.items) add(item);
    } else if (block.kind === "paragraph") {
      for (const part of block.text.split(/[；;]/u)) {
        if (cleanStatement(part)) add({ text: part, line: block.line, column: 1, children: [] });
      }
    } else {
      log.warning(PROBLEM_KINDS.unexpectedText, block.line, `${id}: unexpected line in "${SECTIONS.misconceptions}" is ignored`);
    }
  }
  for (const misconception of misconceptions) {
    if (!misconception.feedback) {
      log.warning(
        PROBLEM_KINDS.missingMisconceptionFeedback,
        misconception.source?.line ?? 1,
        `${id}.${misconception.id} "${clip(misconception.statement)}" has no "为什么错：" feedback`,
      );
    }
  }
  return misconceptions;
}

function readReferences(blocks: readonly Block[]): string[] {
  const references: string[] = [];
  for (const block of blocks) {
    if (block.kind === "list") {
      for (const item of block.items) if (item.text) references.push(item.text);
    } else if (block.kind === "paragraph") {
      for (const part of block.text.split(/\s*·\s*/u)) if (part.trim()) references.push(part.trim());
    }
  }
  return references;
}
