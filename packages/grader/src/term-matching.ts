import type { Concept } from "@recall/content";
import type { Clauses } from "./clauses.ts";
import { aliasVariants } from "./alias-variants.ts";
import { aliasNegates, claimRejectedBefore, containsNegator, deniesSameness, isNegatedAt } from "./negation.ts";
import { isHanCodePoint, isHanUnit } from "./han.ts";
import { isFunctionUnit, learnReadingsOf, soundsAlike } from "./homophones.ts";
import { normalizeTerm, SEGMENT_BREAK, SENTENCE_BREAK } from "./normalize-text.ts";

export interface CompiledAlias {
  /** Where the alias may be split to let a few characters in between ("完整的 GRPO", "参数已经被更新"); -1 if nowhere. */
  splitAt: number;
  /** The two halves around `splitAt`, trimmed, if both are long enough to be matched apart. */
  halves: { head: string; tail: string } | null;
  /** Normalised form, matched as a substring. */
  text: string;
  /** Where in `text` its rarest unit stands: exact matches are looked for where the answer holds that unit. */
  anchor: number;
  /** Starts / ends with an ASCII letter or digit: such an edge must sit on a word boundary. */
  asciiStart: boolean;
  asciiEnd: boolean;
  /** Character bigrams in order (see `bigramCode`), present only for Chinese terms of 3+ characters (near misses allowed). */
  bigrams: Int32Array | null;
  /** The alias denies its concept by itself ("无需奖励模型" beside "奖励模型", "不同" beside "一样"). */
  selfNegating: boolean;
  /** One English word long enough to be recognised with a typo in it ("lable" for "label"). */
  typoTolerant: boolean;
  /**
   * A Chinese term long enough to be recognised with one character typed as another of the same
   * sound ("奖励模形" for 奖励模型), as pinyin input methods make learners do.
   */
  homophoneTolerant: boolean;
  /** A Chinese term of three or more characters: its characters may be spread out by filler words. */
  spreadable: boolean;
  /** A Chinese term of two characters without a negator: 得 may stand between them ("调得高"). */
  spreadableShort: boolean;
  /**
   * For an alias that is a negator and a term ("不是一回事", "没更新"), the term: negated by other
   * words ("别把它们当一回事", "参数压根没有更新") it says what the alias says. Null otherwise.
   */
  negatedRest: string | null;
  /**
   * The distinct UTF-16 units of `text`, of the halves, and of `negatedRest`: a search stage cannot
   * match unless the answer holds every unit it needs (`UnitPresence`), so most absent aliases are
   * ruled out without reading the answer.
   */
  units: Uint16Array;
  halvesUnits: Uint16Array | null;
  negatedRestUnits: Uint16Array | null;
  /** The same for bigrams, as `gramSlot`s: an exact match needs every bigram of the text, a gapped one those of each half. */
  gramSlots: Uint16Array;
  halvesGramSlots: Uint16Array | null;
  negatedRestGramSlots: Uint16Array | null;
}

export interface CompiledConcept {
  label: string;
  aliases: CompiledAlias[];
  /** Some alias occurs in the item's prompt: echoing the question proves little. */
  inPrompt: boolean;
  /** The aliases that occur in the prompt (normalised): an answer using only these echoes it. */
  promptAliases: ReadonlySet<string>;
  /** Aliases holding a negator ("没见过的任务", "看不到"), whose negator negates nothing outside them. */
  negatingAliases: readonly string[];
  /**
   * Indexes into `aliases` of the ones each later search stage can match at all, in `aliases`'
   * order: a concept absent from the answer is searched by every stage, and most of its aliases
   * take part in few of them.
   */
  stages: SearchStages;
  /** The aliases grouped by one unit or bigram each needs (see `AliasBuckets`), for the exact stage. */
  buckets: AliasBuckets;
}

/**
 * Every alias of a concept in one bucket, keyed by a bigram slot of its text (one unit for an alias
 * of one unit): an exact match needs that key in the answer, so a bucket whose key is absent is
 * skipped with one look-up instead of one per alias. Members of bucket `b` are
 * `members[from[b]]` up to `members[from[b + 1]]`, in ascending alias order.
 */
export interface AliasBuckets {
  keys: Uint16Array;
  /** 1 if the key is a bigram slot (`gramSlot`), 0 if a UTF-16 unit. */
  keyIsGram: Uint8Array;
  from: Uint32Array;
  members: Uint32Array;
}

export interface SearchStages {
  negatedRest: Uint32Array;
  gapped: Uint32Array;
  spread: Uint32Array;
  complement: Uint32Array;
  nearMisses: Uint32Array;
  homophones: Uint32Array;
  /**
   * The distinct units of each alias of `homophones`, one after another: those of `homophones[k]`
   * are `homophoneUnits[homophoneUnitsFrom[k]]` up to `homophoneUnitsFrom[k + 1]`. Read in one
   * sweep, most aliases are ruled out without touching their objects, scattered over the heap.
   */
  homophoneUnits: Uint16Array;
  homophoneUnitsFrom: Uint32Array;
  typos: Uint32Array;
}

function stagesOf(aliases: readonly CompiledAlias[]): SearchStages {
  const where = (takesPart: (alias: CompiledAlias) => boolean): Uint32Array =>
    Uint32Array.from(aliases.flatMap((alias, i) => (takesPart(alias) ? [i] : [])));
  const homophones = where((alias) => alias.homophoneTolerant);
  const homophoneUnitsFrom = new Uint32Array(homophones.length + 1);
  const units: number[] = [];
  homophones.forEach((i, k) => {
    homophoneUnitsFrom[k] = units.length;
    units.push(...(aliases[i] as CompiledAlias).units);
  });
  homophoneUnitsFrom[homophones.length] = units.length;
  return {
    negatedRest: where((alias) => alias.negatedRest !== null),
    gapped: where((alias) => alias.halves !== null),
    spread: where((alias) => alias.spreadable),
    complement: where((alias) => alias.spreadableShort),
    nearMisses: where((alias) => alias.bigrams !== null),
    homophones,
    homophoneUnits: Uint16Array.from(units),
    homophoneUnitsFrom,
    typos: where((alias) => alias.typoTolerant),
  };
}

/** How far before a negated term a rejected conclusion ("不用急着下结论说") may start, in code units. */
const CONCLUSION_REACH = 12;

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
  /**
   * Matched with one character replaced by one of the same sound: the learner most likely meant
   * the term, but that is a guess, so such a match never makes a wrong claim on its own.
   */
  homophone: boolean;
  /** For a homophone match, the alias it stands for (its words are not the alias's): null otherwise. */
  meant: string | null;
  /** For a term matched with words in between: those words, which are the learner's, not the term's. */
  gap: { start: number; end: number } | null;
}

const ASCII_WORD = /[a-z0-9]/;
/** English aliases of one word this long or longer may be matched with one typo. */
const TYPO_TOLERANT = /^[a-z]{5,}$/;
/** A typo is looked for after this many letters that must agree. */
const TYPO_SAME_HEAD = 2;
const ALL_HAN = /^\p{Script=Han}+$/u;
/** Inflections accepted after a short English alias: "pairs", "rewarded", "sampling". */
const ENGLISH_SUFFIX = /^(?:s|es|ed|d|ing|'s)?(?![a-z0-9])/;
/** Longer English aliases are stems ("normaliz", "fine-tun"): any letters may follow. */
const ENGLISH_STEM_CONTINUATION = /^[a-z']*(?![0-9])/;
const STEM_MIN_LENGTH = 5;
/**
 * Chinese terms this long or longer match with one character replaced by a homophone. Two
 * characters are too few: one of them and a sound is half a guess (训连 for 训练, but also 分数 /
 * 分书, 模型 / 模行), and two-character words of the same sound abound.
 */
export const HOMOPHONE_MIN_LENGTH = 3;
/** Character-bigram Dice a window must reach to count as a near miss of a Chinese term. */
export const NEAR_MISS_DICE = 0.55;

function isAsciiLetterAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0x61 && code <= 0x7a;
}

/** What `ASCII_WORD` says of the one-character string at `text[index]` (false past either end). */
function isAsciiWordAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index); // NaN outside the string: neither range holds
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
}

/** The words of the alias an occurrence matched: the alias meant, for a homophone match ("偏号对" stands for 偏好对). */
export function wordsOf(text: string, o: Occurrence): string {
  return o.meant ?? text.slice(o.start, o.end);
}

/**
 * The bigram `text.slice(index, index + 2)` as one number: two UTF-16 units side by side, so two
 * bigrams are equal exactly when their strings are, and comparing them allocates nothing.
 */
export function bigramCode(text: string, index: number): number {
  return (text.charCodeAt(index) << 16) | text.charCodeAt(index + 1);
}

/** Every bigram of `text`, in order, as `bigramCode`s. */
export function bigramCodes(text: string): Int32Array {
  const codes = new Int32Array(Math.max(0, text.length - 1));
  for (let i = 0; i < codes.length; i++) codes[i] = bigramCode(text, i);
  return codes;
}

/**
 * `exact`: the aliases are whole phrases matched only as written ("没价值", "反正都一样"): no near
 * miss, typo, homophone, spread or split match, which would find other phrases than the authored ones.
 */
export function compileConcept(concept: Concept, normalizedPrompt: string, exact = false): CompiledConcept {
  const seen = new Set<string>();
  const aliases: CompiledAlias[] = [];
  for (const raw of aliasVariants(concept.aliases)) {
    const text = normalizeTerm(raw).replaceAll(SENTENCE_BREAK, "").replaceAll(SEGMENT_BREAK, "");
    if (text.length === 0 || seen.has(text)) continue;
    seen.add(text);
    const splitAt = exact ? -1 : splitPointOf(text);
    const halves = halvesOf(text, splitAt);
    const negatedRest = exact ? null : negatedRestOf(text);
    // Only terms of single-unit Han characters: a window is then one unit per character. A term
    // holding a negator is matched exactly or not at all, as for near misses.
    const homophoneTolerant = !exact && text.length >= HOMOPHONE_MIN_LENGTH && ALL_HAN.test(text) && !hasSurrogate(text) && !containsNegator(text);
    if (homophoneTolerant) learnReadingsOf(text);
    aliases.push({
      text,
      anchor: rarestUnitOf(text),
      asciiStart: ASCII_WORD.test(text[0] ?? ""),
      asciiEnd: ASCII_WORD.test(text[text.length - 1] ?? ""),
      // A near miss of an alias holding a negator may be the same words without it ("可能有梯度" for
      // "没有梯度"): such aliases are matched exactly or not at all.
      bigrams: !exact && text.length >= 3 && ALL_HAN.test(text) && !containsNegator(text) ? bigramCodes(text) : null,
      selfNegating: aliasNegates(text),
      typoTolerant: !exact && TYPO_TOLERANT.test(text),
      homophoneTolerant,
      spreadable: !exact && text.length >= SPREAD_MIN_LENGTH && ALL_HAN.test(text) && !containsNegator(text),
      spreadableShort: !exact && text.length === 2 && ALL_HAN.test(text) && !containsNegator(text),
      negatedRest,
      splitAt,
      halves,
      units: distinctUnits(text),
      halvesUnits: halves ? distinctUnits(halves.head + halves.tail) : null,
      negatedRestUnits: negatedRest === null ? null : distinctUnits(negatedRest),
      gramSlots: distinctGramSlots([text]),
      halvesGramSlots: halves ? distinctGramSlots([halves.head, halves.tail]) : null,
      negatedRestGramSlots: negatedRest === null ? null : distinctGramSlots([negatedRest]),
    });
  }
  // An alias that negates another of its concept's ("无需奖励模型" beside "奖励模型") denies the
  // concept; one whose negation is what the concept means ("不更新" beside "梯度为零") states it.
  const plain = aliases.filter((alias) => !alias.selfNegating).map((alias) => alias.text);
  for (const alias of aliases) {
    if (alias.selfNegating) alias.selfNegating = deniesSameness(alias.text) || plain.some((other) => alias.text.includes(other));
  }
  // Longest first, so that "agent rl" is preferred over "rl" as evidence.
  aliases.sort((a, b) => b.text.length - a.text.length);
  const label = concept.aliases[0] ?? "";
  const promptAliases = new Set(aliases.filter((alias) => occursExactly(normalizedPrompt, alias)).map((alias) => alias.text));
  const negatingAliases = aliases.filter((alias) => containsNegator(alias.text)).map((alias) => alias.text);
  return { label, aliases, inPrompt: promptAliases.size > 0, promptAliases, negatingAliases, stages: stagesOf(aliases), buckets: bucketsOf(aliases) };
}

/**
 * How common a UTF-16 unit is in answers, roughly: English letters by their frequency in English
 * text, spaces as the most common; only used to key each alias by its rarest bigram.
 */
const LETTER_FREQUENCY = "etaoinshrdlcumwfgypbvkjxqz";
function unitCommonness(unit: number): number {
  if (unit === 0x20) return 30;
  if (unit >= 0x61 && unit <= 0x7a) return 26 - LETTER_FREQUENCY.indexOf(String.fromCharCode(unit));
  return 1;
}

/** Index of the least common unit of `text` (the first of equals). */
function rarestUnitOf(text: string): number {
  let at = 0;
  for (let k = 1; k < text.length; k++) if (unitCommonness(text.charCodeAt(k)) < unitCommonness(text.charCodeAt(at))) at = k;
  return at;
}

function bucketsOf(aliases: readonly CompiledAlias[]): AliasBuckets {
  const byKey = new Map<number, number[]>();
  aliases.forEach((alias, i) => {
    const text = alias.text;
    // Bigram keys as slot + 0x10000, unit keys as the unit: the rarest bigram, by the product of its units' commonness.
    let key = text.charCodeAt(0);
    let best = Infinity;
    for (let k = 0; k + 1 < text.length; k++) {
      const score = unitCommonness(text.charCodeAt(k)) * unitCommonness(text.charCodeAt(k + 1));
      if (score < best) {
        best = score;
        key = 0x10000 + gramSlot(bigramCode(text, k));
      }
    }
    const members = byKey.get(key) ?? [];
    members.push(i);
    byKey.set(key, members);
  });
  const keys = new Uint16Array(byKey.size);
  const keyIsGram = new Uint8Array(byKey.size);
  const from = new Uint32Array(byKey.size + 1);
  const members = new Uint32Array(aliases.length);
  let b = 0;
  let at = 0;
  for (const [key, list] of byKey) {
    keys[b] = key & 0xffff;
    keyIsGram[b] = key >= 0x10000 ? 1 : 0;
    from[b] = at;
    for (const i of list) members[at++] = i;
    b += 1;
  }
  from[b] = at;
  return { keys, keyIsGram, from, members };
}

const HAN_CHAR = /\p{Script=Han}/u;

function hasSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdfff) return true;
  }
  return false;
}

/** Each UTF-16 unit of `text` once, in order of first appearance. */
function distinctUnits(text: string): Uint16Array {
  const units: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (!units.includes(unit)) units.push(unit);
  }
  return Uint16Array.from(units);
}

/**
 * A bigram's slot in `gramSeen`: a hash, so two bigrams may share one. A shared slot can only make
 * a bigram look present when it is not, which keeps the prefilter from skipping a match.
 */
function gramSlot(gram: number): number {
  return Math.imul(gram, 0x9e3779b1) >>> 16;
}

/** The slots of every bigram inside each of `parts` (none across two parts), each once. */
function distinctGramSlots(parts: readonly string[]): Uint16Array {
  const slots: number[] = [];
  for (const part of parts) {
    for (let i = 0; i + 1 < part.length; i++) {
      const slot = gramSlot(bigramCode(part, i));
      if (!slots.includes(slot)) slots.push(slot);
    }
  }
  return Uint16Array.from(slots);
}

/** Bigram slots of the answer being searched, stamped like `unitSeen`. */
const gramSeen = new Uint32Array(0x10000);

// Which UTF-16 units the answer being searched holds: `unitSeen[unit] === unitStamp`. One stamp per
// answer, so nothing is cleared between answers.
const unitSeen = new Uint32Array(0x10000);
let unitStamp = 0;
let unitsGeneration = 0;
/** Where each unit the answer holds first stands (valid where `unitSeen` is stamped). */
const unitFirst = new Int32Array(0x10000);
/** How many times each unit the answer holds occurs in it (valid where `unitSeen` is stamped). */
const unitCount = new Int32Array(0x10000);
/** The next position of the unit at each position, or -1: each unit's positions form an ascending chain. */
let unitNext = new Int32Array(256);

/**
 * The set of UTF-16 units of one answer, and of its bigrams' slots, built once per answer. Like `BigramIndex` it lives in a
 * module buffer shared by all instances: `activate` rebuilds it if another answer has been marked since.
 */
export class UnitPresence {
  private generation = -1;
  constructor(readonly text: string) {
    this.activate();
  }

  activate(): void {
    if (this.generation === unitsGeneration) return;
    if (unitStamp === 0xffffffff) {
      unitSeen.fill(0);
      gramSeen.fill(0);
      unitStamp = 0;
    }
    unitStamp += 1;
    const text = this.text;
    if (unitNext.length < text.length) unitNext = new Int32Array(Math.max(text.length, unitNext.length * 2));
    // Backwards, so that every chain runs in ascending order; the bigram starting at each unit too.
    let following = Number.NaN;
    for (let i = text.length - 1; i >= 0; i--) {
      const unit = text.charCodeAt(i);
      const seen = unitSeen[unit] === unitStamp;
      unitNext[i] = seen ? (unitFirst[unit] as number) : -1;
      unitCount[unit] = seen ? (unitCount[unit] as number) + 1 : 1;
      unitFirst[unit] = i;
      unitSeen[unit] = unitStamp;
      if (i + 1 < text.length) gramSeen[gramSlot((unit << 16) | following)] = unitStamp;
      following = unit;
    }
    unitsGeneration += 1;
    this.generation = unitsGeneration;
  }

  /** Whether the answer holds every one of `units` (call `activate` first). */
  hasAll(units: Uint16Array): boolean {
    for (let k = 0; k < units.length; k++) if (unitSeen[units[k] ?? 0] !== unitStamp) return false;
    return true;
  }

  /** Whether the answer holds all of `units[from]` up to `units[to]` but one at most (call `activate` first). */
  lacksAtMostOneOf(units: Uint16Array, from: number, to: number): boolean {
    let lacking = 0;
    for (let k = from; k < to; k++) if (unitSeen[units[k] as number] !== unitStamp && ++lacking > 1) return false;
    return true;
  }

  has(unit: number): boolean {
    return unitSeen[unit] === unitStamp;
  }

  /** How many times the answer holds `unit`. */
  countOf(unit: number): number {
    return unitSeen[unit] === unitStamp ? (unitCount[unit] as number) : 0;
  }

  /** First position of `unit` in the answer, or -1; `nextAt` walks the rest in ascending order. */
  firstAt(unit: number): number {
    return unitSeen[unit] === unitStamp ? (unitFirst[unit] as number) : -1;
  }

  nextAt(position: number): number {
    return unitNext[position] as number;
  }

  /** Whether the answer may hold every bigram of `slots` (false only if it surely lacks one). */
  mayHaveAllGrams(slots: Uint16Array): boolean {
    for (let k = 0; k < slots.length; k++) if (gramSeen[slots[k] ?? 0] !== unitStamp) return false;
    return true;
  }

  /** Whether the answer may hold a bigram of the slot. */
  hasGramSlot(slot: number): boolean {
    return gramSeen[slot] === unitStamp;
  }

  /** Whether the answer may hold `gram`. */
  mayHaveGram(gram: number): boolean {
    return unitSeen[gram >>> 16] === unitStamp && unitSeen[gram & 0xffff] === unitStamp && gramSeen[gramSlot(gram)] === unitStamp;
  }
}

/** Negators an alias may start with, longest first, for `negatedRest`. */
const LEADING_NEGATORS = ["不是", "并非", "没有", "不", "没", "无", "别"];
/** The rest must be this long: a single character negated elsewhere is too often another word. */
const NEGATED_REST_MIN = 2;

function negatedRestOf(text: string): string | null {
  if (!ALL_HAN.test(text)) return null;
  for (const negator of LEADING_NEGATORS) {
    if (!text.startsWith(negator)) continue;
    const rest = text.slice(negator.length);
    return rest.length >= NEGATED_REST_MIN && !containsNegator(rest) ? rest : null;
  }
  return null;
}

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

function halvesOf(text: string, splitAt: number): CompiledAlias["halves"] {
  if (splitAt < 0) return null;
  const head = text.slice(0, splitAt).trim();
  const tail = text.slice(splitAt).trim();
  return head.length < 2 || tail.length < 2 ? null : { head, tail };
}

/** Most characters allowed between the two halves of a split alias. */
const MAX_GAP = 3;
// Only particles and adverbs may stand in the gap: "参数已经被更新" is the term, "只要训练奖励" is not "只要奖励".
const GAP_FILLER = /^[的了已经被都就也还会要是在地得将把有个一没不无未并再才又算跟着随之]+$/;

/** Chinese terms this long or longer may have filler words between any of their characters. */
const SPREAD_MIN_LENGTH = 3;
/** Most filler characters between two neighbouring characters of a spread term, and in all. */
const SPREAD_GAP_EACH = 3;
const SPREAD_GAP_TOTAL = 4;
/**
 * Words that may stand inside a spread term without changing what it names: particles, adverbs,
 * measure words and demonstratives ("一对对的偏好" is no 偏好对, but "中间的那些步骤" is 中间步骤).
 * Negators are allowed so that the gap can negate the term ("参数没有更新"), as for split terms.
 */
const SPREAD_FILLER = new Set([..."的了已经被都就也还会要是在地得将把有个一没不无未并再才又算些那这条种次只点们肯定全部"]);
/** 1 for the code unit of each one-unit word of SPREAD_FILLER: read per character, without making a string of it. */
const SPREAD_FILLER_UNITS = new Uint8Array(0x10000);
for (const word of SPREAD_FILLER) if (word.length === 1) SPREAD_FILLER_UNITS[word.charCodeAt(0)] = 1;

/**
 * Where an exact match of the alias starting at `from` ends (English inflections included),
 * or -1 if the match sits inside a longer word.
 */
function exactMatchEnd(text: string, alias: CompiledAlias, from: number): number {
  if (alias.asciiStart && from > 0 && isAsciiWordAt(text, from - 1)) return -1;
  let end = from + alias.text.length;
  if (alias.asciiEnd) {
    const tail = text.slice(end, end + 24);
    const suffix = alias.text.length >= STEM_MIN_LENGTH ? ENGLISH_STEM_CONTINUATION.exec(tail) : ENGLISH_SUFFIX.exec(tail);
    if (!suffix) return -1;
    end += suffix[0].length;
  }
  return end;
}

function occursExactly(text: string, alias: CompiledAlias): boolean {
  for (let from = text.indexOf(alias.text); from >= 0; from = text.indexOf(alias.text, from + 1)) {
    if (exactMatchEnd(text, alias, from) >= 0) return true;
  }
  return false;
}

// Buffers reused by every answer. Grading is synchronous, so only one answer is searched at a time;
// allocating them per answer made grading garbage-bound.
let gramAt = new Int32Array(256);
/** Next position of the same bigram, or -1: each bigram's positions form an ascending chain. */
let nextSameGram = new Int32Array(256);
/** Per code unit: 0 not Han, 1 a Han BMP character, 2 / 3 the first / second half of a Han surrogate pair. */
let hanUnit = new Uint8Array(256);
let slotGram = new Int32Array(512);
/** First position of the slot's bigram, or -1 for an empty slot. */
let slotFirst = new Int32Array(512);
let slotMask = 0;
let indexedGeneration = 0;

const HAN_BMP = 1;
const HAN_PAIR_FIRST = 2;
const HAN_PAIR_SECOND = 3;

/**
 * Positions of every character bigram of the answer and which characters are Han, built once per
 * answer and only if needed. The index lives in module buffers shared by all instances: `activate`
 * rebuilds it if another answer has been indexed since.
 */
export class BigramIndex {
  private generation = -1;
  constructor(readonly text: string) {
    this.activate();
  }

  activate(): void {
    if (this.generation === indexedGeneration) return;
    buildIndex(this.text);
    indexedGeneration += 1;
    this.generation = indexedGeneration;
  }

  /** First position of the bigram, or -1; `nextAt` walks the rest in ascending order. */
  firstAt(gram: number): number {
    for (let slot = slotOf(gram); ; slot = (slot + 1) & slotMask) {
      const first = slotFirst[slot] ?? -1;
      if (first < 0 || slotGram[slot] === gram) return first;
    }
  }

  nextAt(position: number): number {
    return nextSameGram[position] ?? -1;
  }

  gramAt(position: number): number {
    return gramAt[position] ?? 0;
  }

  /** Whether `/^\p{Script=Han}+$/u` matches `text.slice(start, end)` (a surrogate pair cut in two is not Han). */
  allHan(start: number, end: number): boolean {
    if (end <= start || hanUnit[start] === HAN_PAIR_SECOND || hanUnit[end - 1] === HAN_PAIR_FIRST) return false;
    for (let i = start; i < end; i++) if (hanUnit[i] === 0) return false;
    return true;
  }
}

function slotOf(gram: number): number {
  return (Math.imul(gram, 0x9e3779b1) >>> 7) & slotMask;
}

function buildIndex(text: string): void {
  const length = text.length;
  if (gramAt.length < length) {
    const capacity = Math.max(length, gramAt.length * 2);
    gramAt = new Int32Array(capacity);
    nextSameGram = new Int32Array(capacity);
    hanUnit = new Uint8Array(capacity);
  }
  for (let i = 0; i < length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        const han = isHanCodePoint((unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000);
        hanUnit[i] = han ? HAN_PAIR_FIRST : 0;
        hanUnit[i + 1] = han ? HAN_PAIR_SECOND : 0;
        i += 1;
        continue;
      }
    }
    hanUnit[i] = isHanUnit(unit) ? HAN_BMP : 0;
  }
  // Open addressing with at most half the slots used.
  let slots = 16;
  while (slots < 2 * length) slots *= 2;
  if (slotFirst.length < slots) {
    slotGram = new Int32Array(slots);
    slotFirst = new Int32Array(slots);
  }
  slotMask = slots - 1;
  slotFirst.fill(-1, 0, slots);
  // Backwards, so that every chain runs in ascending order.
  for (let i = length - 2; i >= 0; i--) {
    const gram = bigramCode(text, i);
    gramAt[i] = gram;
    let slot = slotOf(gram);
    while ((slotFirst[slot] ?? -1) >= 0 && slotGram[slot] !== gram) slot = (slot + 1) & slotMask;
    nextSameGram[i] = slotFirst[slot] ?? -1;
    slotGram[slot] = gram;
    slotFirst[slot] = i;
  }
}

/** Which of a term's bigrams a window's bigrams have been paired with. */
let paired = new Uint8Array(32);

/**
 * Dice of two bigram multisets, `(2 × shared) / (|a| + |b|)` as in `bigram-baseline.ts`; `b` is the
 * `count` bigrams of the index from `start`. Counted by pairing each of b's bigrams with an unpaired
 * equal one of a: both are short (a term, a window of about its length).
 */
function diceWithWindow(a: Int32Array, index: BigramIndex, start: number, count: number): number {
  if (a.length === 0 || count === 0) return 0;
  if (paired.length < a.length) paired = new Uint8Array(a.length * 2);
  paired.fill(0, 0, a.length);
  let shared = 0;
  for (let j = 0; j < count; j++) {
    const gram = index.gramAt(start + j);
    for (let k = 0; k < a.length; k++) {
      if (paired[k] === 0 && a[k] === gram) {
        paired[k] = 1;
        shared += 1;
        break;
      }
    }
  }
  return (2 * shared) / (a.length + count);
}

let spanGrams = new Int32Array(256);

/** Every bigram of `text`, sorted, for `diceWithSpan`. */
export function sortedBigramCodes(text: string): Int32Array {
  return bigramCodes(text).sort();
}

/**
 * Dice of `sorted` (ascending bigram codes) against the bigrams of `text.slice(start, end)`, which
 * may be a long sentence: both sides sorted, then the shared bigrams counted in one merge.
 */
export function diceWithSpan(sorted: Int32Array, text: string, start: number, end: number): number {
  const count = Math.max(0, end - start - 1);
  if (sorted.length === 0 || count === 0) return 0;
  if (spanGrams.length < count) spanGrams = new Int32Array(Math.max(count, spanGrams.length * 2));
  for (let j = 0; j < count; j++) spanGrams[j] = bigramCode(text, start + j);
  const span = spanGrams.subarray(0, count).sort();
  let shared = 0;
  for (let i = 0, j = 0; i < sorted.length && j < count; ) {
    const a = sorted[i] ?? 0;
    const b = span[j] ?? 0;
    if (a === b) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (a < b) i += 1;
    else j += 1;
  }
  return (2 * shared) / (sorted.length + count);
}

/** Window starts already tried for the current alias: equal to `startStamp` if so. */
let startSeen = new Int32Array(256);
let startStamp = 0;

// Spans matched for the concept being searched (findOccurrences is synchronous and not re-entrant),
// listed and marked per code unit; the marks are cleared once the concept is done.
let takenMark = new Uint8Array(256);
let takenStart = new Int32Array(32);
let takenEnd = new Int32Array(32);

// Occurrences of the concept being searched, copied out at their exact count once it is done: a list
// grown by push reserves room for sixteen, and most concepts occur once or not at all.
const gathered: Occurrence[] = [];

/** Bigrams of a near-miss window at the shortest length `nearMisses` tries. */
function shortestWindowGramsOf(alias: CompiledAlias): number {
  return (alias.text.length >= 5 ? alias.text.length - 1 : alias.text.length) - 1;
}

/**
 * Whether the answer may hold enough of the alias's bigrams for a near miss: counting the bigrams
 * it may hold (both units there, its slot stamped) bounds from above the count `nearMisses`
 * checks, without building the answer's bigram index.
 */
function enoughBigramsMayBePresent(alias: CompiledAlias, grams: Int32Array, units: UnitPresence): boolean {
  let possible = 0;
  for (let k = 0; k < grams.length; k++) {
    if (units.mayHaveGram(grams[k] ?? 0)) possible += 1;
  }
  return 2 * possible >= NEAR_MISS_DICE * (grams.length + shortestWindowGramsOf(alias));
}

/** Whether the unit at `index` is a Han character other than a function character (false past either end). */
function runsOn(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const unit = text.charCodeAt(index);
  return isHanUnit(unit) && !isFunctionUnit(unit);
}

/** One concept searched in one answer: matches are recorded as they are found, longest alias first. */
class OccurrenceSearch {
  /** How many of `gathered` are this search's. */
  count = 0;
  private taken = 0;
  constructor(private readonly answer: AnswerView) {}

  /** Clears the marks of this search's spans, for the next concept. */
  release(): void {
    for (let i = 0; i < this.taken; i++) takenMark.fill(0, takenStart[i] ?? 0, takenEnd[i] ?? 0);
    this.taken = 0;
  }

  record(
    start: number,
    end: number,
    alias: CompiledAlias,
    nearMiss: boolean,
    gapNegated = false,
    gapStart = -1,
    gapEnd = -1,
    homophone = false,
  ): void {
    // Overlap is read off a mark per code unit: comparing with every earlier span made an answer
    // repeating one term thousands of times quadratic.
    if (takenMark.length < this.answer.text.length) takenMark = new Uint8Array(Math.max(this.answer.text.length, takenMark.length * 2));
    for (let i = start; i < end; i++) if (takenMark[i] === 1) return;
    for (let i = start; i < end; i++) takenMark[i] = 1;
    if (this.taken === takenStart.length) {
      const starts = new Int32Array(this.taken * 2);
      starts.set(takenStart);
      takenStart = starts;
      const ends = new Int32Array(this.taken * 2);
      ends.set(takenEnd);
      takenEnd = ends;
    }
    takenStart[this.taken] = start;
    takenEnd[this.taken] = end;
    this.taken += 1;
    const { clauses, text } = this.answer;
    const segmentIndex = clauses.segmentAt[start] ?? 0;
    const segment = clauses.segments[segmentIndex];
    if (!segment) return;
    const negated = gapNegated || isNegatedAt(text, this.answer.negationText(), segment.start, segment.end, start, end, this.answer.holdsTerm);
    gathered[this.count++] = {
      start,
      end,
      segment: segmentIndex,
      sentence: segment.sentence,
      negated,
      selfNegating: alias.selfNegating,
      nearMiss,
      homophone,
      meant: homophone ? alias.text : null,
      gap: gapStart >= 0 ? { start: gapStart, end: gapEnd } : null,
    };
  }

  /** The term of a negating alias, negated by the words around it: an occurrence of the alias. */
  negatedRest(alias: CompiledAlias, rest: string): void {
    const { text, clauses } = this.answer;
    for (let from = text.indexOf(rest); from >= 0; from = text.indexOf(rest, from + 1)) {
      const segment = clauses.segments[clauses.segmentAt[from] ?? 0];
      if (!segment) continue;
      const end = from + rest.length;
      if (!isNegatedAt(text, this.answer.negationText(), segment.start, segment.end, from, end)) continue;
      const before = this.count;
      this.record(from, end, alias, false);
      // The negation found around it is the alias's own: the term says what the alias says, unless
      // the whole is a conclusion rejected ("不用急着下结论说没更新").
      if (this.count > before) (gathered[before] as Occurrence).negated = claimRejectedBefore(text, Math.max(segment.start, from - CONCLUSION_REACH), from);
    }
  }

  /**
   * Every place the alias stands in the answer, in ascending order as `indexOf` would find them:
   * tried only where the answer holds the alias's anchor unit, at the anchor's offset before it.
   */
  exact(alias: CompiledAlias, units: UnitPresence): void {
    const text = this.answer.text;
    const term = alias.text;
    const anchor = alias.anchor;
    const last = text.length - term.length;
    units.activate();
    for (let at = units.firstAt(term.charCodeAt(anchor)); at >= 0; at = units.nextAt(at)) {
      const from = at - anchor;
      if (from < 0) continue;
      if (from > last) break;
      let k = 0;
      while (k < term.length && text.charCodeAt(from + k) === term.charCodeAt(k)) k += 1;
      if (k < term.length) continue;
      const end = exactMatchEnd(text, alias, from);
      if (end >= 0) this.record(from, end, alias, false);
    }
  }

  /** The alias with a short gap between its halves; the gap may negate it ("参数没有更新"). */
  gapped(alias: CompiledAlias): void {
    if (!alias.halves) return;
    const { head, tail } = alias.halves;
    const text = this.answer.text;
    for (let from = text.indexOf(head); from >= 0; from = text.indexOf(head, from + 1)) {
      const gapStart = from + head.length;
      // The first place the tail starts within MAX_GAP characters; right after the head is no gap.
      let at = 0;
      while (at <= MAX_GAP && !text.startsWith(tail, gapStart + at)) at += 1;
      if (at === 0 || at > MAX_GAP) continue;
      const gap = text.slice(gapStart, gapStart + at);
      if (!GAP_FILLER.test(gap)) continue;
      if (alias.asciiStart && from > 0 && isAsciiWordAt(text, from - 1)) continue;
      const end = gapStart + at + tail.length;
      if (alias.asciiEnd && isAsciiWordAt(text, end)) continue;
      this.record(from, end, alias, true, containsNegator(gap), gapStart, gapStart + at);
    }
  }

  /**
   * A two-character Chinese term split by the complement marker 得 ("调得高" for 调高, "分得清" for
   * 分清): the same verb and result, said with their degree.
   */
  complement(alias: CompiledAlias): void {
    if (alias.text.length !== 2 || !alias.spreadableShort) return;
    const text = this.answer.text;
    const head = alias.text[0] as string;
    for (let from = text.indexOf(head); from >= 0; from = text.indexOf(head, from + 1)) {
      if (text.charCodeAt(from + 1) !== DE || text.charCodeAt(from + 2) !== alias.text.charCodeAt(1)) continue;
      this.record(from, from + 3, alias, true, false, from + 1, from + 2);
    }
  }

  /**
   * A Chinese term whose characters come in order with a few filler words between them ("参考的
   *策略概率"). Each start is a place where the first character occurs, and from there the walk reads
   * at most the term's length plus SPREAD_GAP_TOTAL characters, so the search is linear in the text.
   */
  spread(alias: CompiledAlias, units: UnitPresence): void {
    if (!alias.spreadable) return;
    const text = this.answer.text;
    const term = alias.text;
    // The places the first character occurs, in ascending order as indexOf would find them.
    units.activate();
    for (let from = units.firstAt(term.charCodeAt(0)); from >= 0; from = units.nextAt(from)) {
      let at = from + 1;
      let gapTotal = 0;
      let gapStart = -1;
      let gapEnd = -1;
      let negatedGap = false;
      let k = 1;
      for (; k < term.length; k++) {
        let gap = 0;
        while (gap <= SPREAD_GAP_EACH && at < text.length && text.charCodeAt(at) !== term.charCodeAt(k) && SPREAD_FILLER_UNITS[text.charCodeAt(at)] === 1) {
          gap += 1;
          at += 1;
        }
        // The end of the text tested first: a read past it is a slow path in optimised code.
        if (gap > SPREAD_GAP_EACH || at >= text.length || text.charCodeAt(at) !== term.charCodeAt(k)) break;
        if (gap > 0) {
          if (gapStart < 0) gapStart = at - gap;
          gapEnd = at;
          negatedGap ||= containsNegator(text.slice(at - gap, at));
        }
        gapTotal += gap;
        if (gapTotal > SPREAD_GAP_TOTAL) break;
        at += 1;
      }
      if (k < term.length || gapTotal === 0) continue;
      this.record(from, at, alias, true, negatedGap, gapStart, gapEnd);
    }
  }

  /** English words that are the alias, or start with it, but for one typo ("lable", "sensitve"). */
  typos(alias: CompiledAlias): void {
    const text = this.answer.text;
    const words = this.answer.englishWords();
    const letter = alias.text.charCodeAt(0) - LOWER_A;
    const second = alias.text.charCodeAt(1);
    const length = alias.text.length;
    for (let k = words.firstOfLetter[letter] ?? 0; k < (words.firstOfLetter[letter + 1] ?? 0); k++) {
      const start = words.starts[k] ?? 0;
      const end = words.ends[k] ?? 0;
      // oneTypoAway wants the first TYPO_SAME_HEAD letters alike: a word whose second letter differs is none.
      if (TYPO_SAME_HEAD >= 2 && text.charCodeAt(start + 1) !== second) continue;
      // The alias is a stem: the typo is looked for in the word's first letters, whatever follows.
      for (let prefix = length - 1; prefix <= Math.min(length + 1, end - start); prefix++) {
        if (oneTypoAway(text, start, prefix, alias.text)) {
          this.record(start, end, alias, true);
          break;
        }
      }
    }
  }

  /**
   * The alias with exactly one character replaced by another Han character of the same sound
   * ("奖励模形", "偏号对"). Every such window keeps in place one of any two of the alias's
   * characters, so windows are tried only where the answer holds the two it holds least often, at
   * their offsets: each position of the answer is read a bounded number of times per alias, and a
   * character's readings are looked up once and cached.
   */
  homophones(alias: CompiledAlias, units: UnitPresence): void {
    const term = alias.text;
    units.activate();
    // At most one of the alias's characters may be missing from the answer, and then it is the
    // replaced one; otherwise the two least frequent in the answer anchor the windows.
    let missing = -1;
    let rarest = -1;
    let second = -1;
    for (let k = 0; k < term.length; k++) {
      const count = units.countOf(term.charCodeAt(k));
      if (count === 0) {
        if (missing >= 0) return;
        missing = k;
      } else if (rarest < 0 || count < units.countOf(term.charCodeAt(rarest))) {
        second = rarest;
        rarest = k;
      } else if (second < 0 || count < units.countOf(term.charCodeAt(second))) {
        second = k;
      }
    }
    if (missing >= 0) {
      this.homophonesAnchoredAt(alias, units, rarest, missing);
      return;
    }
    // Windows keeping the rarest character, then those where it is the one replaced.
    this.homophonesAnchoredAt(alias, units, rarest, -1);
    this.homophonesAnchoredAt(alias, units, second, rarest);
  }

  /** Windows holding the alias's character `anchor` in place, the replaced one at `only` (any if -1). */
  private homophonesAnchoredAt(alias: CompiledAlias, units: UnitPresence, anchor: number, only: number): void {
    const text = this.answer.text;
    const term = alias.text;
    const length = term.length;
    const last = text.length - length;
    // Sized as `record` sizes it, so that reading a mark never reads past its end.
    if (takenMark.length < text.length) takenMark = new Uint8Array(Math.max(text.length, takenMark.length * 2));
    for (let at = units.firstAt(term.charCodeAt(anchor)); at >= 0; at = units.nextAt(at)) {
      const from = at - anchor;
      if (from < 0) continue;
      if (from > last) break;
      // Inside a match of the concept already: a window there would overlap it, and not be taken.
      if (takenMark[at] === 1) continue;
      let replaced = -1;
      let k = 0;
      for (; k < length; k++) {
        if (text.charCodeAt(from + k) === term.charCodeAt(k)) continue;
        if (replaced >= 0) break;
        replaced = k;
      }
      if (k < length || replaced < 0 || (only >= 0 && replaced !== only)) continue;
      const typed = text.charCodeAt(from + replaced);
      if (!isHanUnit(typed) || isFunctionUnit(typed) || !soundsAlike(typed, term.charCodeAt(replaced))) continue;
      // A three-character term replaced at an edge keeps only two characters in place, and the
      // replaced one may belong to a word of its own running on from there: 权限检查 is no 先检查,
      // 训练几轮 no 训练集, 直接微调 no 直接喂. It counts only where no other word runs on.
      if (length === HOMOPHONE_MIN_LENGTH && replaced === 0 && runsOn(text, from - 1)) continue;
      if (length === HOMOPHONE_MIN_LENGTH && replaced === length - 1 && runsOn(text, from + length)) continue;
      this.record(from, from + length, alias, true, false, -1, -1, true);
    }
  }

  /** Windows near the alias's length whose bigrams resemble it: "参考的策略概率" for "参考策略概率". */
  nearMisses(alias: CompiledAlias, grams: Int32Array): void {
    const text = this.answer.text;
    const index = this.answer.bigrams();
    index.activate();
    // No window can share more bigrams with the alias than the answer holds at all: when that is
    // too few for the shortest window to reach NEAR_MISS_DICE, nothing is searched ("奖励一样" in
    // an answer of "奖励奖励……" shares one bigram at most).
    let present = 0;
    for (let k = 0; k < grams.length; k++) if (index.firstAt(grams[k] ?? 0) >= 0) present += 1;
    if (2 * present < NEAR_MISS_DICE * (grams.length + shortestWindowGramsOf(alias))) return;
    if (startSeen.length < text.length) startSeen = new Int32Array(Math.max(text.length, startSeen.length * 2));
    if (startStamp === 0x7fffffff) {
      startSeen.fill(0);
      startStamp = 0;
    }
    startStamp += 1;
    let lowest = text.length;
    let highest = -1;
    for (let offset = 0; offset < grams.length; offset++) {
      for (let position = index.firstAt(grams[offset] ?? 0); position >= 0; position = index.nextAt(position)) {
        // The window may start a little before or after where this bigram would put it.
        for (let start = Math.max(0, position - offset - 1); start <= position - offset + 1; start++) {
          startSeen[start] = startStamp;
          if (start < lowest) lowest = start;
          if (start > highest) highest = start;
        }
      }
    }
    const length = alias.text.length;
    const first = alias.text.charCodeAt(0);
    const last = alias.text.charCodeAt(length - 1);
    const minLength = length >= 5 ? length - 1 : length;
    let coveredUntil = -1;
    for (let start = lowest; start <= highest; start++) {
      if (startSeen[start] !== startStamp || start < coveredUntil) continue;
      let bestEnd = -1;
      let bestScore = NEAR_MISS_DICE;
      for (let windowLength = minLength; windowLength <= length + 1; windowLength++) {
        const end = start + windowLength;
        if (end > text.length) break;
        if (!index.allHan(start, end)) continue;
        const sameFirst = text.charCodeAt(start) === first;
        if (!sameFirst && text.charCodeAt(end - 1) !== last) continue;
        // A shorter window that also starts elsewhere has lost the term's head: "样本标准差" is no "总体标准差".
        if (!sameFirst && windowLength < length) continue;
        const score = diceWithWindow(grams, index, start, windowLength - 1);
        if (score >= bestScore) {
          bestScore = score;
          bestEnd = end;
        }
      }
      if (bestEnd >= 0) {
        this.record(start, bestEnd, alias, true);
        coveredUntil = bestEnd;
      }
    }
  }
}

/**
 * Whether `word` (text[start, start + length)) is `alias` with one typo: two neighbouring letters
 * swapped anywhere after the first two, or one letter dropped, added or replaced after the first two
 * and before the last two (a different ending is another word: "trained" is not "trainer").
 */
function oneTypoAway(text: string, start: number, length: number, alias: string): boolean {
  const n = alias.length;
  if (Math.abs(length - n) > 1) return false;
  let i = 0;
  while (i < n && i < length && text.charCodeAt(start + i) === alias.charCodeAt(i)) i += 1;
  if (i === n && length === n) return false; // identical: an exact match, found elsewhere
  if (i < TYPO_SAME_HEAD) return false;
  // Swapped neighbours.
  if (length === n && i + 1 < n && text.charCodeAt(start + i) === alias.charCodeAt(i + 1) &&
    text.charCodeAt(start + i + 1) === alias.charCodeAt(i) && sameRest(text, start, length, alias, i + 2, i + 2)) return true;
  if (i >= n - 2) return false;
  return sameRest(text, start, length, alias, i + 1, i + 1) || sameRest(text, start, length, alias, i + 1, i) ||
    sameRest(text, start, length, alias, i, i + 1);
}

/** Whether the word's letters from `fromWord` are the alias's from `fromAlias`, to the end of both. */
function sameRest(text: string, start: number, length: number, alias: string, fromWord: number, fromAlias: number): boolean {
  const n = alias.length;
  if (length - fromWord !== n - fromAlias) return false;
  for (let k = 0; fromAlias + k < n; k++) if (text.charCodeAt(start + fromWord + k) !== alias.charCodeAt(fromAlias + k)) return false;
  return true;
}

const LOWER_A = 0x61;
/** 得, the marker of a complement of degree or result ("调得高"). */
const DE = "得".charCodeAt(0);
const LETTERS = 26;

/** The answer's English words (runs of a–z standing alone), grouped by first letter. */
export interface EnglishWords {
  starts: Int32Array;
  ends: Int32Array;
  /** Words of letter `l` (0 for a) are `starts[firstOfLetter[l]]` up to `firstOfLetter[l + 1]`. */
  firstOfLetter: Int32Array;
}

// Where the words of the answer being split start and end, in text order, before they are sorted by letter.
let wordStartsScratch = new Int32Array(64);
let wordEndsScratch = new Int32Array(64);

/** Every English word of `text` once, by first letter (a counting sort: linear in the text). */
export function englishWordsOf(text: string): EnglishWords {
  const counts = new Int32Array(LETTERS + 1);
  let count = 0;
  // A word is a run of letters with no letter or digit just before it and no digit just after it.
  for (let start = 0; start < text.length; ) {
    if (!isAsciiLetterAt(text, start)) {
      start += 1;
      continue;
    }
    let end = start + 1;
    while (isAsciiLetterAt(text, end)) end += 1;
    if ((start === 0 || !isAsciiWordAt(text, start - 1)) && !isAsciiWordAt(text, end)) {
      if (count === wordStartsScratch.length) {
        const starts = new Int32Array(count * 2);
        starts.set(wordStartsScratch);
        wordStartsScratch = starts;
        const ends = new Int32Array(count * 2);
        ends.set(wordEndsScratch);
        wordEndsScratch = ends;
      }
      wordStartsScratch[count] = start;
      wordEndsScratch[count] = end;
      count += 1;
      const bucket = text.charCodeAt(start) - LOWER_A + 1;
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    }
    start = end;
  }
  const firstOfLetter = new Int32Array(LETTERS + 1);
  for (let l = 1; l <= LETTERS; l++) firstOfLetter[l] = (firstOfLetter[l - 1] ?? 0) + (counts[l] ?? 0);
  // `counts` becomes the next free slot of each letter.
  counts.set(firstOfLetter);
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    const start = wordStartsScratch[k] as number;
    const letter = text.charCodeAt(start) - LOWER_A;
    const slot = counts[letter] ?? 0;
    counts[letter] = slot + 1;
    starts[slot] = start;
    ends[slot] = wordEndsScratch[k] as number;
  }
  return { starts, ends, firstOfLetter };
}

export interface AnswerView {
  text: string;
  clauses: Clauses;
  /** The answer's English words by first letter, made once per answer when a typo is looked for. */
  englishWords(): EnglishWords;
  bigrams(): BigramIndex;
  /** Which UTF-16 units the answer holds, made once per answer. */
  units(): UnitPresence;
  /** The text with false negation cues masked (see `maskFalseCues`), made once per answer. */
  negationText(): string;
  /** Whether a stretch of the answer holds a term of the item (a Chinese alias of any of its concepts). */
  readonly holdsTerm: (stretch: string) => boolean;
}

/**
 * Looks for homophone matches of the concept's aliases (see `OccurrenceSearch.homophones`) that
 * the answer holds all characters of but one at most.
 */
function homophoneStage(search: OccurrenceSearch, aliases: readonly CompiledAlias[], stages: SearchStages, units: UnitPresence): void {
  const { homophones, homophoneUnits, homophoneUnitsFrom } = stages;
  for (let k = 0; k < homophones.length; k++) {
    const i = homophones[k] as number;
    // An alias found as it is was most likely typed right: its misspelling is not looked for too.
    if (matchedExactly[i] === exactStamp) continue;
    if (units.lacksAtMostOneOf(homophoneUnits, homophoneUnitsFrom[k] as number, homophoneUnitsFrom[k + 1] as number)) {
      search.homophones(aliases[i] as CompiledAlias, units);
    }
  }
}

/** Per alias of the concept being searched: `exactStamp` if it was found exactly. */
let matchedExactly = new Uint32Array(64);
let exactStamp = 0;

/** Indexes of the aliases in the buckets present in the answer, for the concept being searched. */
let candidates = new Uint32Array(64);

/** Every place the concept is mentioned, with its negation state. Near misses only if nothing exact; homophones always. */
export function findOccurrences(answer: AnswerView, concept: CompiledConcept): Occurrence[] {
  const search = new OccurrenceSearch(answer);
  // Every stage but the typos matches only units of the alias (its characters, in order, or its
  // bigrams): an alias with a unit the answer lacks is skipped there, which finds the same matches.
  const units = answer.units();
  units.activate();
  const { aliases, stages, buckets } = concept;
  // The exact stage reads only the aliases of buckets whose key the answer holds, in alias order.
  if (candidates.length < aliases.length) candidates = new Uint32Array(aliases.length * 2);
  let count = 0;
  for (let b = 0; b < buckets.keys.length; b++) {
    const key = buckets.keys[b] as number;
    if (buckets.keyIsGram[b] === 1 ? !units.hasGramSlot(key) : !units.has(key)) continue;
    for (let m = buckets.from[b] as number; m < (buckets.from[b + 1] as number); m++) candidates[count++] = buckets.members[m] as number;
  }
  if (count > 1) {
    if (count <= 16) {
      for (let i = 1; i < count; i++) {
        const moving = candidates[i] as number;
        let j = i;
        for (; j > 0 && (candidates[j - 1] as number) > moving; j--) candidates[j] = candidates[j - 1] as number;
        candidates[j] = moving;
      }
    } else {
      candidates.subarray(0, count).sort();
    }
  }
  if (exactStamp === 0xffffffff) {
    matchedExactly.fill(0);
    exactStamp = 0;
  }
  exactStamp += 1;
  if (matchedExactly.length < aliases.length) matchedExactly = new Uint32Array(aliases.length * 2);
  for (let c = 0; c < count; c++) {
    const alias = aliases[candidates[c] as number] as CompiledAlias;
    if (!units.hasAll(alias.units) || !units.mayHaveAllGrams(alias.gramSlots)) continue;
    const before = search.count;
    search.exact(alias, units);
    if (search.count > before) matchedExactly[candidates[c] as number] = exactStamp;
  }
  for (const i of stages.negatedRest) {
    const alias = aliases[i] as CompiledAlias;
    if (units.hasAll(alias.negatedRestUnits as Uint16Array) && units.mayHaveAllGrams(alias.negatedRestGramSlots as Uint16Array)) search.negatedRest(alias, alias.negatedRest as string);
  }
  if (search.count === 0) {
    for (const i of stages.gapped) {
      const alias = aliases[i] as CompiledAlias;
      if (units.hasAll(alias.halvesUnits as Uint16Array) && units.mayHaveAllGrams(alias.halvesGramSlots as Uint16Array)) search.gapped(alias);
    }
  }
  if (search.count === 0) {
    for (const i of stages.spread) {
      const alias = aliases[i] as CompiledAlias;
      if (units.hasAll(alias.units)) search.spread(alias, units);
    }
    if (units.has(DE)) {
      for (const i of stages.complement) {
        const alias = aliases[i] as CompiledAlias;
        if (units.hasAll(alias.units)) search.complement(alias);
      }
    }
  }
  if (search.count === 0) {
    for (const i of stages.nearMisses) {
      const alias = aliases[i] as CompiledAlias;
      const grams = alias.bigrams as Int32Array;
      if (enoughBigramsMayBePresent(alias, grams, units)) search.nearMisses(alias, grams);
    }
  }
  // Whatever else matched: a misspelt term beside an exact one ("DPO 偏号对") is a term too, not the
  // learner's own words, or a keyword list holding one would read as a claim.
  homophoneStage(search, aliases, stages, units);
  if (search.count === 0) {
    for (const i of stages.typos) search.typos(aliases[i] as CompiledAlias);
  }
  search.release();
  // By start, in place and stable (equal starts keep their order, as Array.prototype.sort does):
  // the lists are short, and the built-in sort copies them into a work array first.
  for (let i = 1; i < search.count; i++) {
    const moving = gathered[i] as Occurrence;
    let j = i;
    for (; j > 0 && (gathered[j - 1] as Occurrence).start > moving.start; j--) gathered[j] = gathered[j - 1] as Occurrence;
    gathered[j] = moving;
  }
  return gathered.slice(0, search.count);
}
