import type { Concept } from "@recall/content";
import type { Clauses } from "./clauses.ts";
import { containsNegator, isNegatedInContext } from "./negation.ts";
import { normalizeTerm, SEGMENT_BREAK, SENTENCE_BREAK } from "./normalize-text.ts";

export interface CompiledAlias {
  /** Where the alias may be split to let a few characters in between ("完整的 GRPO", "参数已经被更新"); -1 if nowhere. */
  splitAt: number;
  /** Normalised form, matched as a substring. */
  text: string;
  /** Starts / ends with an ASCII letter or digit: such an edge must sit on a word boundary. */
  asciiStart: boolean;
  asciiEnd: boolean;
  /** Character bigrams, present only for Chinese terms of 3+ characters (near misses allowed). */
  bigrams: string[] | null;
  /** The alias states a negation itself ("无需奖励模型"). */
  selfNegating: boolean;
}

export interface CompiledConcept {
  label: string;
  aliases: CompiledAlias[];
  /** Some alias occurs in the item's prompt: echoing the question proves little. */
  inPrompt: boolean;
  /** The aliases that occur in the prompt (normalised): an answer using only these echoes it. */
  promptAliases: ReadonlySet<string>;
}

export interface Occurrence {
  start: number;
  end: number;
  segment: number;
  sentence: number;
  /** Negated by the words around it. */
  negated: boolean;
  /** The matched alias negates by itself. */
  selfNegating: boolean;
  nearMiss: boolean;
  /** For a term matched with words in between: those words, which are the learner's, not the term's. */
  gap: { start: number; end: number } | null;
}

const ASCII_WORD = /[a-z0-9]/;
const ALL_HAN = /^\p{Script=Han}+$/u;
/** Inflections accepted after a short English alias: "pairs", "rewarded", "sampling". */
const ENGLISH_SUFFIX = /^(?:s|es|ed|d|ing|'s)?(?![a-z0-9])/;
/** Longer English aliases are stems ("normaliz", "fine-tun"): any letters may follow. */
const ENGLISH_STEM_CONTINUATION = /^[a-z']*(?![0-9])/;
const STEM_MIN_LENGTH = 5;
/** Character-bigram Dice a window must reach to count as a near miss of a Chinese term. */
export const NEAR_MISS_DICE = 0.55;

export function bigramsOf(text: string): string[] {
  const grams: string[] = [];
  for (let i = 0; i + 1 < text.length; i++) grams.push(text.slice(i, i + 2));
  return grams;
}

export function compileConcept(concept: Concept, normalizedPrompt: string): CompiledConcept {
  const seen = new Set<string>();
  const aliases: CompiledAlias[] = [];
  for (const raw of concept.aliases) {
    const text = normalizeTerm(raw).replaceAll(SENTENCE_BREAK, "").replaceAll(SEGMENT_BREAK, "");
    if (text.length === 0 || seen.has(text)) continue;
    seen.add(text);
    aliases.push({
      text,
      asciiStart: ASCII_WORD.test(text[0] ?? ""),
      asciiEnd: ASCII_WORD.test(text[text.length - 1] ?? ""),
      bigrams: text.length >= 3 && ALL_HAN.test(text) ? bigramsOf(text) : null,
      selfNegating: containsNegator(text),
      splitAt: splitPointOf(text),
    });
  }
  // Longest first, so that "agent rl" is preferred over "rl" as evidence.
  aliases.sort((a, b) => b.text.length - a.text.length);
  const label = concept.aliases[0] ?? "";
  const promptAliases = new Set(aliases.filter((alias) => findExact(normalizedPrompt, alias).length > 0).map((alias) => alias.text));
  return { label, aliases, inPrompt: promptAliases.size > 0, promptAliases };
}

const HAN_CHAR = /\p{Script=Han}/u;

/** A script boundary inside the alias ("完整|grpo"), or the middle of a four-character Chinese term ("参数|更新"). */
function splitPointOf(text: string): number {
  if (text.length === 4 && ALL_HAN.test(text)) return 2;
  for (let i = 1; i < text.length; i++) {
    const left = HAN_CHAR.test(text[i - 1] ?? "");
    const right = HAN_CHAR.test(text[i] ?? "");
    if (left !== right && text[i - 1] !== " " && text[i] !== " ") return i;
  }
  return -1;
}

/** Most characters allowed between the two halves of a split alias. */
const MAX_GAP = 3;
// Only particles and adverbs may stand in the gap: "参数已经被更新" is the term, "只要训练奖励" is not "只要奖励".
const GAP_FILLER = /^[的了已经被都就也还会要是在地得将把有个一没不无未并再才又算]+$/;

/** The alias with a short gap between its halves; the gap may negate it ("参数没有更新"). */
function findGapped(text: string, alias: CompiledAlias): Array<RawMatch & { gapNegated: boolean; gapStart: number; gapEnd: number }> {
  if (alias.splitAt < 0) return [];
  const head = alias.text.slice(0, alias.splitAt).trim();
  const tail = alias.text.slice(alias.splitAt).trim();
  if (head.length < 2 || tail.length < 2) return [];
  const matches: Array<RawMatch & { gapNegated: boolean; gapStart: number; gapEnd: number }> = [];
  for (let from = text.indexOf(head); from >= 0; from = text.indexOf(head, from + 1)) {
    const gapStart = from + head.length;
    const window = text.slice(gapStart, gapStart + MAX_GAP + tail.length);
    const at = window.indexOf(tail);
    if (at <= 0) continue;
    const gap = window.slice(0, at);
    if (!GAP_FILLER.test(gap)) continue;
    if (alias.asciiStart && from > 0 && ASCII_WORD.test(text[from - 1] ?? "")) continue;
    const end = gapStart + at + tail.length;
    if (alias.asciiEnd && ASCII_WORD.test(text[end] ?? "")) continue;
    matches.push({ start: from, end, gapNegated: containsNegator(gap), gapStart, gapEnd: gapStart + at });
  }
  return matches;
}

interface RawMatch {
  start: number;
  end: number;
}

function findExact(text: string, alias: CompiledAlias): RawMatch[] {
  const matches: RawMatch[] = [];
  for (let from = text.indexOf(alias.text); from >= 0; from = text.indexOf(alias.text, from + 1)) {
    if (alias.asciiStart && from > 0 && ASCII_WORD.test(text[from - 1] ?? "")) continue;
    let end = from + alias.text.length;
    if (alias.asciiEnd) {
      const tail = text.slice(end, end + 24);
      const suffix = alias.text.length >= STEM_MIN_LENGTH ? ENGLISH_STEM_CONTINUATION.exec(tail) : ENGLISH_SUFFIX.exec(tail);
      if (!suffix) continue;
      end += suffix[0].length;
    }
    matches.push({ start: from, end });
  }
  return matches;
}

/** Positions of every character bigram of the answer, built once per answer and only if needed. */
export class BigramIndex {
  private readonly positions = new Map<string, number[]>();
  constructor(text: string) {
    for (let i = 0; i + 1 < text.length; i++) {
      const gram = text.slice(i, i + 2);
      const list = this.positions.get(gram);
      if (list) list.push(i);
      else this.positions.set(gram, [i]);
    }
  }
  at(gram: string): readonly number[] {
    return this.positions.get(gram) ?? [];
  }
}

export function dice(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const gram of a) counts.set(gram, (counts.get(gram) ?? 0) + 1);
  let shared = 0;
  for (const gram of b) {
    const left = counts.get(gram) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(gram, left - 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}

/** Windows near the alias's length whose bigrams resemble it: "参考的策略概率" for "参考策略概率". */
function findNearMisses(text: string, alias: CompiledAlias, index: BigramIndex): RawMatch[] {
  const grams = alias.bigrams;
  if (!grams) return [];
  const length = alias.text.length;
  const starts = new Set<number>();
  grams.forEach((gram, offset) => {
    for (const position of index.at(gram)) {
      // The window may start a little before or after where this bigram would put it.
      for (let shift = -1; shift <= 1; shift++) starts.add(position - offset + shift);
    }
  });
  const first = alias.text[0];
  const last = alias.text[length - 1];
  const minLength = length >= 5 ? length - 1 : length;
  const matches: RawMatch[] = [];
  let coveredUntil = -1;
  for (const start of [...starts].sort((a, b) => a - b)) {
    if (start < 0 || start < coveredUntil) continue;
    let best: RawMatch | null = null;
    let bestScore = NEAR_MISS_DICE;
    for (let windowLength = minLength; windowLength <= length + 1; windowLength++) {
      const end = start + windowLength;
      if (end > text.length) break;
      const window = text.slice(start, end);
      if (!ALL_HAN.test(window)) continue;
      if (window[0] !== first && window[windowLength - 1] !== last) continue;
      const score = dice(grams, bigramsOf(window));
      if (score >= bestScore) {
        bestScore = score;
        best = { start, end };
      }
    }
    if (best) {
      matches.push(best);
      coveredUntil = best.end;
    }
  }
  return matches;
}

export interface AnswerView {
  text: string;
  clauses: Clauses;
  bigrams(): BigramIndex;
}

/** Every place the concept is mentioned, with its negation state. Near misses only if nothing exact. */
export function findOccurrences(answer: AnswerView, concept: CompiledConcept): Occurrence[] {
  const occurrences: Occurrence[] = [];
  const taken: RawMatch[] = [];
  const overlapsTaken = (match: RawMatch): boolean =>
    taken.some((other) => match.start < other.end && other.start < match.end);
  const record = (
    match: RawMatch,
    alias: CompiledAlias,
    nearMiss: boolean,
    gapped: { gapNegated: boolean; gapStart: number; gapEnd: number } | null = null,
  ): void => {
    if (overlapsTaken(match)) return;
    taken.push(match);
    const segmentIndex = answer.clauses.segmentAt[match.start] ?? 0;
    const segment = answer.clauses.segments[segmentIndex];
    if (!segment) return;
    const negated = (gapped?.gapNegated ?? false) || isNegatedInContext(
      { text: answer.text, segmentStart: segment.start, segmentEnd: segment.end },
      match.start,
      match.end,
    );
    occurrences.push({
      start: match.start,
      end: match.end,
      segment: segmentIndex,
      sentence: segment.sentence,
      negated,
      selfNegating: alias.selfNegating,
      nearMiss,
      gap: gapped ? { start: gapped.gapStart, end: gapped.gapEnd } : null,
    });
  };
  for (const alias of concept.aliases) {
    for (const match of findExact(answer.text, alias)) record(match, alias, false);
  }
  if (occurrences.length === 0) {
    for (const alias of concept.aliases) {
      for (const match of findGapped(answer.text, alias)) record(match, alias, true, match);
    }
  }
  if (occurrences.length === 0) {
    for (const alias of concept.aliases) {
      if (!alias.bigrams) continue;
      for (const match of findNearMisses(answer.text, alias, answer.bigrams())) record(match, alias, true);
    }
  }
  occurrences.sort((a, b) => a.start - b.start);
  return occurrences;
}
