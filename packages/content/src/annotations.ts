// The inline annotations of the Markdown format: key points with concepts, weight and polarity,
// and misconceptions with feedback and revealing concepts.
import type { ListItem } from "./blocks.ts";
import type { Concept, KeyPoint, Misconception, MisconceptionReply, Polarity } from "./model.ts";
import { clip } from "./page-outline.ts";
import type { ProblemLog } from "./problems.ts";
import { PROBLEM_KINDS } from "./problems.ts";

export const MAX_CONCEPTS_PER_KEY_POINT = 3;

const ATTRIBUTES = /\{([^{}]*)\}\s*$/u;
const ATTRIBUTE_TOKEN = /(weight|w|权重|polarity|极性)\s*[:=：]?\s*([^\s,，;；]+)|([^\s,，;；]+)/giu;
const POLARITY_WORDS: Readonly<Record<string, Polarity>> = { assert: "assert", 肯定: "assert", deny: "deny", 否定: "deny" };
const FEEDBACK_LABEL = /^(为什么错|反馈|feedback|why\s+wrong)\s*[:：]\s*/iu;
/** A misconception's nested bullet naming the key points its belief denies: `相反要点：k4 | f3.k2`. */
const CONTRADICTS_LABEL = /^(相反要点|contradicts)\s*[:：]\s*/iu;
/**
 * A misconception's nested bullet naming the follow-ups whose question it answers: `肯定回答：f2` (a
 * "yes" to the second follow-up's question states the belief), `否定回答：f1` (a "no" to the first's).
 */
const REPLY_LABEL = /^(?:(肯定回答|answered\s+yes\s+by)|(否定回答|answered\s+no\s+by))\s*[:：]\s*/iu;
const FOLLOW_UP_REFERENCE = /^f[1-9][0-9]{0,2}$/u;
/** `k4` (a point of the main answer) or `f3.k2` (a point of the third follow-up). */
const KEY_POINT_REFERENCE = /^(?:f[1-9][0-9]{0,2}\.)?k[1-9][0-9]{0,2}$/u;
/** A key point's nested bullet listing ways of saying its opposite: `反面：没价值 | 过时 | useless`. */
const OPPOSITE_LABEL = /^(反面|相反说法|opposite|contradicted\s+by)\s*[:：]\s*/iu;

/** `a | b | c` → a concept; empty aliases are dropped, duplicates kept once. */
export function parseConcept(text: string): Concept {
  const aliases: string[] = [];
  for (const part of text.split("|")) {
    const alias = part.trim();
    if (alias && !aliases.includes(alias)) aliases.push(alias);
  }
  return { aliases };
}

function readConcepts(children: readonly ListItem[], owner: string, log: ProblemLog): Concept[] {
  const concepts: Concept[] = [];
  for (const child of children) {
    const concept = parseConcept(child.text);
    if (concept.aliases.length === 0) {
      log.error(PROBLEM_KINDS.malformedConcept, child.line, `${owner}: a concept needs at least one alias ("a | b | c")`, child.column);
      continue;
    }
    concepts.push(concept);
  }
  return concepts;
}

/**
 * Ids follow the authored position (`k3` is the third bullet) even when an earlier bullet is
 * rejected, so a broken bullet does not silently renumber the grader's labels.
 */
export function parseKeyPoints(items: readonly ListItem[], owner: string, log: ProblemLog): KeyPoint[] {
  const keyPoints: KeyPoint[] = [];
  items.forEach((item, index) => {
    const id = `k${index + 1}`;
    const where = `${owner} key point ${id}`;
    let text = item.text;
    let weight = 1;
    let polarity: Polarity = "assert";
    const attributes = ATTRIBUTES.exec(text);
    if (attributes) {
      text = text.slice(0, attributes.index).trim();
      for (const token of (attributes[1] ?? "").matchAll(ATTRIBUTE_TOKEN)) {
        const key = token[1]?.toLowerCase();
        const value = token[2] ?? "";
        const bare = token[3];
        if (key === "weight" || key === "w" || key === "权重") {
          const parsed = Number(value);
          if (Number.isFinite(parsed) && parsed > 0) weight = parsed;
          else log.error(PROBLEM_KINDS.malformedKeyPoint, item.line, `${where}: weight must be a positive number, got "${value}"`, item.column);
        } else if (key === "polarity" || key === "极性" || bare !== undefined) {
          const word = (bare ?? value).toLowerCase();
          const known = POLARITY_WORDS[word];
          if (known) polarity = known;
          else log.error(PROBLEM_KINDS.malformedKeyPoint, item.line, `${where}: unknown attribute "${word}"; use weight: N, deny or assert`, item.column);
        }
      }
    }
    if (!text) {
      log.error(PROBLEM_KINDS.malformedKeyPoint, item.line, `${where} has no text`, item.column);
      return;
    }
    const conceptItems: ListItem[] = [];
    const opposites: string[] = [];
    for (const child of item.children) {
      const label = OPPOSITE_LABEL.exec(child.text);
      if (!label) {
        conceptItems.push(child);
        continue;
      }
      const opposite = parseConcept(child.text.slice(label[0].length));
      if (opposite.aliases.length === 0) log.error(PROBLEM_KINDS.malformedConcept, child.line, `${where}: "${label[1] ?? ""}：" needs at least one way of saying the opposite ("a | b")`, child.column);
      for (const alias of opposite.aliases) if (!opposites.includes(alias)) opposites.push(alias);
    }
    const concepts = readConcepts(conceptItems, where, log);
    if (concepts.length === 0) {
      log.error(PROBLEM_KINDS.malformedKeyPoint, item.line, `${where} "${clip(text)}" has no concepts: add nested "- alias | alias" lines`, item.column);
      return;
    }
    if (concepts.length > MAX_CONCEPTS_PER_KEY_POINT) {
      log.error(
        PROBLEM_KINDS.malformedKeyPoint,
        item.line,
        `${where} has ${concepts.length} concepts; at most ${MAX_CONCEPTS_PER_KEY_POINT}: split it into several key points`,
        item.column,
      );
    }
    const point: KeyPoint = { id, text, concepts, weight, polarity, derived: false };
    if (opposites.length > 0) point.contradictedBy = { aliases: opposites };
    keyPoints.push(point);
  });
  return keyPoints;
}

/** Statements are compared across formats, so trailing sentence punctuation is not part of them. */
export function cleanStatement(text: string): string {
  return text.trim().replace(/[。.；;，,\s]+$/u, "");
}

/** The names a labelled bullet lists after its label (`k4 | f1.k4`, `f1, f2`) that fit `pattern`; each other one goes to `malformed`. */
function referencesAfter(child: ListItem, labelLength: number, pattern: RegExp, malformed: (name: string) => void): string[] {
  const names: string[] = [];
  for (const name of child.text.slice(labelLength).split(/[|,，、\s]+/u)) {
    if (!name) continue;
    if (pattern.test(name)) names.push(name);
    else malformed(name);
  }
  return names;
}

export function parseMisconception(item: ListItem, id: string, owner: string, log: ProblemLog): Misconception | null {
  const statement = cleanStatement(item.text);
  if (!statement) {
    log.error(PROBLEM_KINDS.emptySection, item.line, `${owner}.${id}: empty misconception`, item.column);
    return null;
  }
  let feedback = "";
  const contradicts: string[] = [];
  const replies: MisconceptionReply[] = [];
  const conceptItems: ListItem[] = [];
  for (const child of item.children) {
    const label = FEEDBACK_LABEL.exec(child.text);
    const contradictsLabel = label ? null : CONTRADICTS_LABEL.exec(child.text);
    const replyLabel = label || contradictsLabel ? null : REPLY_LABEL.exec(child.text);
    if (label) feedback = feedback ? `${feedback}${child.text.slice(label[0].length).trim()}` : child.text.slice(label[0].length).trim();
    else if (replyLabel) {
      const reply = replyLabel[1] === undefined ? "no" : "yes";
      const followUps = referencesAfter(child, replyLabel[0].length, FOLLOW_UP_REFERENCE, (name) =>
        log.error(PROBLEM_KINDS.unknownFollowUp, child.line, `${owner}.${id}: "${clip(name)}" is not a follow-up; write f2 (the second follow-up)`, child.column));
      for (const followUp of followUps) if (!replies.some((known) => known.followUp === followUp)) replies.push({ followUp, reply });
    } else if (contradictsLabel) {
      const points = referencesAfter(child, contradictsLabel[0].length, KEY_POINT_REFERENCE, (name) =>
        log.error(PROBLEM_KINDS.unknownKeyPoint, child.line, `${owner}.${id}: "${clip(name)}" is not a key point; write k2 (the main answer's) or f3.k2 (a follow-up's)`, child.column));
      for (const point of points) if (!contradicts.includes(point)) contradicts.push(point);
    } else conceptItems.push(child);
  }
  const concepts = readConcepts(conceptItems, `${owner}.${id}`, log);
  if (concepts.length > MAX_CONCEPTS_PER_KEY_POINT) {
    log.error(PROBLEM_KINDS.malformedConcept, item.line, `${owner}.${id} has ${concepts.length} concepts; at most ${MAX_CONCEPTS_PER_KEY_POINT}`, item.column);
  }
  const misconception: Misconception = { id, statement, feedback, concepts };
  if (contradicts.length > 0) misconception.contradicts = contradicts;
  if (replies.length > 0) misconception.answeredBy = replies;
  return misconception;
}

/**
 * Drops (with an error at the misconception's line) every `相反要点：` reference to a key point the
 * question does not have, so the grader never links a belief to a point that is not there.
 */
export function checkContradictedPoints(questionId: string, misconceptions: Misconception[], mainPoints: readonly KeyPoint[], followUpPoints: ReadonlyArray<readonly KeyPoint[]>, log: ProblemLog): void {
  for (const misconception of misconceptions) {
    if (misconception.contradicts === undefined) continue;
    const known = misconception.contradicts.filter((reference) => {
      const [followUp, point] = reference.includes(".") ? reference.split(".") : [undefined, reference];
      const points = followUp === undefined ? mainPoints : followUpPoints[Number(followUp.slice(1)) - 1];
      const found = points?.some((candidate) => candidate.id === point) ?? false;
      if (!found) {
        log.error(PROBLEM_KINDS.unknownKeyPoint, misconception.source?.line ?? 1, `${questionId}.${misconception.id}: 相反要点 names ${reference}, which ${questionId} does not have`);
      }
      return found;
    });
    if (known.length > 0) misconception.contradicts = known;
    else delete misconception.contradicts;
  }
}

/**
 * Drops (with an error at the misconception's line) every `肯定回答：` / `否定回答：` reference to a
 * follow-up the question does not have.
 */
export function checkAnsweringFollowUps(questionId: string, misconceptions: Misconception[], followUpCount: number, log: ProblemLog): void {
  for (const misconception of misconceptions) {
    if (misconception.answeredBy === undefined) continue;
    const known = misconception.answeredBy.filter(({ followUp }) => {
      const found = Number(followUp.slice(1)) <= followUpCount;
      if (!found) {
        log.error(PROBLEM_KINDS.unknownFollowUp, misconception.source?.line ?? 1, `${questionId}.${misconception.id}: names follow-up ${followUp}, which ${questionId} does not have`);
      }
      return found;
    });
    if (known.length > 0) misconception.answeredBy = known;
    else delete misconception.answeredBy;
  }
}
