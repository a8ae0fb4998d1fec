import { Converter, Locale } from "opencc-js/t2cn";

/** Marks the end of a sentence in normalised text: co-occurrence of concepts is judged per sentence. */
export const SENTENCE_BREAK = "。";
/** Marks a comma-level break: negation never reaches across one. */
export const SEGMENT_BREAK = "，";

/**
 * Text in one canonical form (half width, lower case, simplified, one kind of each break),
 * with the original position of every character so evidence can quote the learner's own words.
 */
export interface NormalizedText {
  text: string;
  /** `originStart[i]` is where `text[i]` starts in the original string. */
  originStart: Int32Array;
  /** `originEnd[i]` is where `text[i]` ends in the original string (exclusive). */
  originEnd: Int32Array;
}

// Characters only (OpenCC's t2s), for comparing a term answer with the term as written; or Taiwan's
// own words as well ("模型呼叫" → "模型调用", "訓練資料" → "训练数据"; OpenCC's tw2sp), for reading what
// an answer says.
const toSimplifiedChars = Converter({ from: "t", to: "cn" });
const toSimplifiedWords = Converter({ from: "twp", to: "cn" });

/** The converter's dictionary words as far as `mayConvert` reads them. */
interface DictionaryStarts {
  /** 1 for a code unit that is a whole word by itself. */
  single: Uint8Array;
  /** 1 for a code unit some longer word starts with. */
  pairFirst: Uint8Array;
  /** A hashed bit per first two units of a longer word (`pairBit`): clear means no such word. */
  pairBits: Uint8Array;
  /** The first two units of every longer word, as `first * 0x10000 + second`. */
  pairs: Set<number>;
}

const pairBit = (pair: number): number => Math.imul(pair, 0x9e3779b1) >>> 16;

/**
 * The words of a converter's dictionaries (an OpenCC configuration: a normalisation chain and
 * a conversion chain of dictionary groups), reduced to what tells that it would leave a text as it
 * is: the converter changes a text only where one of its words stands, so a text holding no
 * one-unit word and no first two units of a longer word is returned as it is without running it
 * (most answers, written in simplified Chinese). Words starting with a surrogate are not kept: a
 * text holding a surrogate always runs the converter. Null if the configuration is not laid out
 * as expected: then the converter always runs.
 */
function dictionaryStartsOf(configName: string): DictionaryStarts | null {
  const config = (Locale as { configs?: Record<string, Record<string, unknown>> }).configs?.[configName];
  if (config === undefined) return null;
  const starts: DictionaryStarts = { single: new Uint8Array(0x10000), pairFirst: new Uint8Array(0x10000), pairBits: new Uint8Array(0x10000), pairs: new Set() };
  let words = 0;
  const addWord = (word: unknown): boolean => {
    if (typeof word !== "string") return false;
    words += 1;
    const first = word.charCodeAt(0);
    const second = word.charCodeAt(1);
    // The empty word never matches; one starting with a surrogate needs a surrogate in the text.
    if (word.length === 0 || isSurrogate(first) || (word.length >= 2 && isSurrogate(second))) return true;
    if (word.length === 1) {
      starts.single[first] = 1;
    } else {
      const pair = first * 0x10000 + second;
      starts.pairFirst[first] = 1;
      starts.pairBits[pairBit(pair)] = 1;
      starts.pairs.add(pair);
    }
    return true;
  };
  for (const [name, chain] of Object.entries(config)) {
    // Segmentation only splits the text; it converts nothing.
    if (name === "segmentation") continue;
    if ((name !== "normalizationChain" && name !== "conversionChain") || !Array.isArray(chain)) return null;
    for (const group of chain as unknown[]) {
      if (!Array.isArray(group)) return null;
      for (const dict of group as unknown[]) {
        // A dictionary is "source replacement|source replacement…" or a list of [source, replacement].
        if (typeof dict === "string") {
          for (const entry of dict.split("|")) if (!addWord(entry.split(" ")[0])) return null;
        } else if (Array.isArray(dict)) {
          for (const entry of dict as unknown[]) if (!Array.isArray(entry) || !addWord(entry[0])) return null;
        } else {
          return null;
        }
      }
    }
  }
  return words > 0 ? starts : null;
}
const charStarts = dictionaryStartsOf("t2s");
const wordStarts = dictionaryStartsOf("tw2sp");

/**
 * Taiwan's words OpenCC leaves as they are, each with the mainland word of the same length (so every
 * character keeps its origin): "各家实作都一样", "模型找到偷吃步".
 */
const MAINLAND_WORDS: ReadonlyArray<readonly [string, string]> = [["实作", "实现"], ["偷吃步", "钻空子"], ["回传", "返回"], ["预设", "默认"], ["讯息", "消息"]];

function withMainlandWords(text: string): string {
  let out = text;
  for (const [regional, mainland] of MAINLAND_WORDS) if (out.includes(regional)) out = out.replaceAll(regional, mainland);
  return out;
}

function isSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

/** Whether the converter may change the first `length` units of `units`: false only if it surely would not. */
function mayConvert(units: Uint16Array, length: number, dictionaryStarts: DictionaryStarts | null): boolean {
  if (dictionaryStarts === null) return true;
  const { single, pairFirst, pairBits, pairs } = dictionaryStarts;
  for (let i = 0; i < length; i++) {
    const unit = units[i] as number;
    if (isSurrogate(unit) || single[unit] === 1) return true;
    if (pairFirst[unit] === 1 && i + 1 < length) {
      const pair = unit * 0x10000 + (units[i + 1] as number);
      if (pairBits[pairBit(pair)] === 1 && pairs.has(pair)) return true;
    }
  }
  return false;
}

// Discord syntax and links carry no claims; they are blanked in place so offsets stay valid.
// Each pattern is linear: every repeat is followed by a character it cannot match, so a failed
// attempt never re-reads what a later attempt will (a link target stops at a bracket as well).
// Each is paired with the text every match of it starts with: a pattern whose start is nowhere in
// the text cannot match, and is not run (most answers hold none of them).
const BLANKED_SYNTAX: ReadonlyArray<readonly [RegExp, string]> = [
  [/<(?:@[!&]?|#)\d+>/g, "<"], // user, role and channel mentions
  [/<a?:\w+:\d+>/g, "<"], // custom emoji
  [/<t:\d+(?::[a-zA-Z])?>/g, "<"], // timestamps
  [/https?:\/\/\S+/g, "http"],
  [/\]\([^()\s]*\)/g, "]("], // the target of a markdown link; its text stays
  [/@(?:everyone|here)\b/g, "@"],
];

/** Zero-width characters, joiners, direction marks, variation selectors and the soft hyphen. */
function isInvisible(code: number): boolean {
  return (
    code === 0xad || code === 0x180e || (code >= 0x200b && code <= 0x200f) || (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2064) || code === 0xfeff || (code >= 0xfe00 && code <= 0xfe0f) ||
    (code >= 0xe0100 && code <= 0xe01ef)
  );
}
const PICTOGRAPH = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u20E3]/u;
const CONTROL = /\p{Cc}/u;

const APOSTROPHES = new Set(["\u2019", "\u2018", "\u02bc", "\uff07"]);
const SENTENCE_CHARS = new Set(["。", ".", "!", "?", "\n", "\r", "…", "｡", "‼", "⁇"]);
// Semicolons join related claims ("这只是相对信号；完整训练还需……"): a segment break, not a sentence break.
// A dash sets off a clause as a comma does ("不要混用旧示例——主分支已经重构", "don't mix them — it was refactored").
const SEGMENT_CHARS = new Set([",", ":", ";", "、", "—", "―"]);
// Kept as characters: they matter inside numbers and formulas (`0.5`, `[-1,-1,1,1]`, `10%`), and an arrow
// links the claims of notes ("全组同分 → 优势全是 0 → 梯度全是 0").
const KEPT_SYMBOLS = new Set(["%", "+", "=", "→", "⇒", "➡"]);
const ARROW = "→".charCodeAt(0);
const PUNCTUATION_OR_SYMBOL = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;
/** Spaces typed between words: a plain space, an ideographic one, a tab. */
const WHITESPACE_UNITS = new Set([0x20, 0x3000, 0x09, 0xa0]);

const SENTENCE_UNIT = SENTENCE_BREAK.charCodeAt(0);
const SEGMENT_UNIT = SEGMENT_BREAK.charCodeAt(0);

const SPACE = 1;
const SEGMENT = 2;
const SENTENCE = 3;

// Typed arrays are little-endian on every platform Node supports, so UTF-16LE decodes the buffer as is.
const UTF16 = new TextDecoder("utf-16le");

/** A growable buffer of UTF-16 code units, each with the original span it came from. */
class MappedBuffer {
  units: Uint16Array;
  starts: Int32Array;
  ends: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.units = new Uint16Array(Math.max(16, capacity));
    this.starts = new Int32Array(this.units.length);
    this.ends = new Int32Array(this.units.length);
  }
  /** Room for at least `capacity` units, those held kept. */
  reserve(capacity: number): void {
    while (this.units.length < capacity) this.grow();
  }
  private grow(): void {
    const size = this.units.length * 2;
    const units = new Uint16Array(size);
    units.set(this.units);
    const starts = new Int32Array(size);
    starts.set(this.starts);
    const ends = new Int32Array(size);
    ends.set(this.ends);
    this.units = units;
    this.starts = starts;
    this.ends = ends;
  }
  text(): string {
    return UTF16.decode(this.units.subarray(0, this.length));
  }
}

// Both passes write into buffers kept from one call to the next (normalisation is synchronous);
// only the result's own arrays are allocated per call, at their exact length.
const foldedBuffer = new MappedBuffer(256);
const outBuffer = new MappedBuffer(256);

const foldedForms = new Map<number, string>();
/** Keeps the memo small whatever the input: past this many distinct characters it starts over. */
const FOLDED_FORMS_LIMIT = 4096;

/**
 * What pass 1 writes for a character that is neither common Chinese nor ASCII. A function of the
 * code point alone, remembered so that punctuation is not sliced, tested and normalised every time.
 */
function foldedForm(code: number): string {
  let out = foldedForms.get(code);
  if (out === undefined) {
    const char = String.fromCodePoint(code);
    if (isInvisible(code)) out = "";
    else if (PICTOGRAPH.test(char) || CONTROL.test(char)) out = " ";
    else if (APOSTROPHES.has(char)) out = "'";
    // "接上代理 ≠ 有训练器", "proxy ≠ trainer": the sign is the words.
    else if (char === "≠") out = "不等于";
    else out = char.normalize("NFKC").toLowerCase();
    if (foldedForms.size >= FOLDED_FORMS_LIMIT) foldedForms.clear();
    foldedForms.set(code, out);
  }
  return out;
}

const breakKinds = new Uint8Array(0x10000);

/**
 * The break a code unit makes in pass 3 when no neighbour rule applies: 0 none, or SPACE, SEGMENT,
 * SENTENCE. Remembered per unit (stored plus one, 0 meaning not yet known).
 */
function breakKindOf(unit: number): number {
  let known = breakKinds[unit] ?? 0;
  if (known === 0) {
    const char = String.fromCharCode(unit);
    let kind = 0;
    if (SENTENCE_CHARS.has(char)) kind = SENTENCE;
    else if (SEGMENT_CHARS.has(char)) kind = SEGMENT;
    else if (KEPT_SYMBOLS.has(char)) kind = 0;
    else if (WHITESPACE.test(char) || PUNCTUATION_OR_SYMBOL.test(char)) kind = SPACE;
    known = kind + 1;
    breakKinds[unit] = known;
  }
  return known - 1;
}

const isHan = (code: number): boolean => code >= 0x4e00 && code <= 0x9fff;
const isAsciiWord = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isLetter = (code: number): boolean => code >= 0x61 && code <= 0x7a;

/**
 * Cantonese function words written in their own characters, each read as the Mandarin word of one
 * character it stands for ("唔好直接拼" → "不好直接拼", "冇必要" → "没必要"): negators above all, which a
 * learner writing as they speak would otherwise slip past. 0 where a character stays as it is.
 */
const CANTONESE_TO_MANDARIN = new Uint16Array(0x10000);
for (const [cantonese, mandarin] of [["唔", "不"], ["冇", "没"], ["嘅", "的"], ["咗", "了"], ["喺", "在"], ["佢", "他"], ["啲", "些"], ["睇", "看"], ["谂", "想"], ["嗰", "那"], ["哋", "们"], ["乜", "啥"]] as const) {
  CANTONESE_TO_MANDARIN[cantonese.charCodeAt(0)] = mandarin.charCodeAt(0);
}

/**
 * Normalises an answer or a term. Pure; the same function is used on both sides of every match.
 * `words`: "regional" reads Taiwan's words as the mainland's ("訓練資料" → "训练数据"), for what an answer
 * says; "characters" converts characters only, for a term compared as written ("資料庫" → "资料库").
 */
export function normalizeText(original: string, words: "regional" | "characters" = "regional"): NormalizedText {
  let masked = original;
  for (const [pattern, start] of BLANKED_SYNTAX) {
    if (masked.includes(start)) masked = masked.replace(pattern, (match) => " ".repeat(match.length));
  }

  // Pass 1: per code point, drop invisible characters, blank pictographs, fold width and case.
  // Written through local views with room kept for one unit per unit still to read (a character
  // folding to more units makes more room first), so no write checks for room.
  // The answer's length read once: the answer may be any of the engine's kinds of string, and a
  // read per character of a field of so many kinds is a slow (megamorphic) one.
  const length = masked.length;
  const folded = foldedBuffer;
  folded.reserve(length);
  let units = folded.units;
  let starts = folded.starts;
  let ends = folded.ends;
  let count = 0;
  for (let i = 0; i < length; ) {
    const code = masked.codePointAt(i) ?? 0;
    if (isHan(code)) {
      // Common Chinese characters are already canonical; Cantonese function words read as Mandarin ones.
      units[count] = CANTONESE_TO_MANDARIN[code] || code;
      starts[count] = i;
      ends[count] = i + 1;
      count += 1;
      i += 1;
      continue;
    }
    if (code < 0x80) {
      // An arrow typed as "->" is the arrow: it links the claims of notes.
      const arrow = code === 0x2d && masked.charCodeAt(i + 1) === 0x3e;
      const width = arrow ? 2 : 1;
      const lower = arrow ? ARROW : code >= 0x41 && code <= 0x5a ? code + 32 : code;
      const control = code < 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09;
      if (!control) {
        units[count] = lower;
        starts[count] = i;
        ends[count] = i + width;
        count += 1;
      }
      i += width;
      continue;
    }
    const width = code > 0xffff ? 2 : 1;
    const out = foldedForm(code);
    const needed = count + out.length + (length - i - width);
    if (needed > units.length) {
      folded.length = count;
      folded.reserve(needed);
      units = folded.units;
      starts = folded.starts;
      ends = folded.ends;
    }
    for (let k = 0; k < out.length; k++) {
      units[count] = out.charCodeAt(k);
      starts[count] = i;
      ends[count] = i + width;
      count += 1;
    }
    i += width;
  }
  folded.length = count;

  // Pass 2: traditional → simplified. OpenCC converts phrases, which may change the length;
  // then fall back to characters one by one so every character keeps its origin. The result is
  // as long as the folded text and written back over it; most texts are left as they are.
  const toSimplified = words === "regional" ? toSimplifiedWords : toSimplifiedChars;
  if (mayConvert(folded.units, folded.length, words === "regional" ? wordStarts : charStarts)) {
    const foldedText = folded.text();
    let simplified = toSimplified(foldedText);
    if (simplified.length !== foldedText.length) {
      let perChar = "";
      for (let k = 0; k < foldedText.length; k++) {
        const char = foldedText[k] ?? "";
        const converted = toSimplified(char);
        perChar += converted.length === 1 ? converted : char;
      }
      simplified = perChar;
    }
    if (words === "regional") simplified = withMainlandWords(simplified);
    for (let k = 0; k < simplified.length; k++) folded.units[k] = simplified.charCodeAt(k);
  }
  const simplified = folded.units;
  const simplifiedLength = folded.length;

  // Pass 3: classify punctuation with its neighbours, then collapse runs of breaks and spaces.
  // A break is written only for a break character read before it, so there are never more units
  // out than in: room for them all is made first.
  const out = outBuffer;
  out.reserve(simplifiedLength);
  const outUnits = out.units;
  const outStarts = out.starts;
  const outEnds = out.ends;
  let n = 0;
  let pendingBreak = 0;
  let pendingOrigin = -1;
  let last = -1;
  // Chinese characters written in a row since the last break of any kind.
  let hanRun = 0;
  for (let j = 0; j < simplifiedLength; j++) {
    const code = simplified[j] as number;
    let kind = 0;
    if (!isHan(code) && !isAsciiWord(code)) {
      const previous = j > 0 ? (simplified[j - 1] as number) : -1;
      const next = j + 1 < simplifiedLength ? (simplified[j + 1] as number) : -1;
      const nextDigit = isDigit(next) || (next === 0x2d && isDigit(j + 2 < simplifiedLength ? (simplified[j + 2] as number) : -1));
      if ((code === 0x2e || code === 0x2c || code === 0x3a) && isDigit(previous) && (code === 0x2c ? nextDigit : isDigit(next))) kind = 0; // . , :
      else if (code === 0x2d && isDigit(next) && !isAsciiWord(previous)) kind = 0; // -
      else if (code === 0x27 && isLetter(previous) && isLetter(next)) kind = 0; // '
      else kind = breakKindOf(code);
    }
    if (kind !== 0) {
      if (kind > pendingBreak) pendingBreak = kind;
      if (pendingOrigin < 0) pendingOrigin = j;
      continue;
    }
    const broke = pendingBreak !== 0;
    if (pendingBreak !== 0 && n > 0) {
      const from = starts[pendingOrigin] ?? 0;
      const to = ends[pendingOrigin] ?? 0;
      // Spaces survive only between two ASCII words ("agent rl"). Between two Chinese characters a
      // space is how an answer typed without punctuation separates its clauses ("不必搞那么复杂 奖励先能
      // 验证再说"): it breaks the segment as a comma would. Elsewhere spaces are layout.
      // Only plain spaces after a run of three or more characters count: "DPO 用 偏好对" spaces its
      // words, and a space beside markup ("用 [偏好](…)") is layout.
      // A yes or no opening the answer is a clause however short: "未必 先保证奖励可验证", "对 全组同分……".
      const spaceBetweenHan = pendingBreak === SPACE && onlyWhitespace(simplified, pendingOrigin, j) &&
        ((isHan(code) && (hanRun >= MIN_CLAUSE_BEFORE_SPACE || (n === hanRun && isLeadingReply(outUnits, n)))) ||
          (isAsciiWord(code) && hanRun >= MIN_CLAUSE_BEFORE_SUBJECT && opensClause(simplified, j, simplifiedLength)));
      const unit = pendingBreak === SENTENCE ? SENTENCE_UNIT : pendingBreak === SEGMENT || spaceBetweenHan ? SEGMENT_UNIT : isAsciiWord(last) && isAsciiWord(code) ? 0x20 : -1;
      if (unit >= 0) {
        outUnits[n] = unit;
        outStarts[n] = from;
        outEnds[n] = to;
        n += 1;
      }
    }
    pendingBreak = 0;
    pendingOrigin = -1;
    outUnits[n] = code;
    outStarts[n] = starts[j] ?? 0;
    outEnds[n] = ends[j] ?? 0;
    n += 1;
    last = code;
    hanRun = !isHan(code) ? 0 : broke ? 1 : hanRun + 1;
  }
  out.length = n;
  return { text: out.text(), originStart: outStarts.slice(0, n), originEnd: outEnds.slice(0, n) };
}

/** Short replies that open an answer, a clause of their own when a space follows them. */
const LEADING_REPLIES = new Set(["不", "对", "是", "行", "能", "没", "可以", "不行", "不能", "未必", "不会", "没有", "不是", "是的", "对的", "没错", "当然", "不宜", "不对", "对啊", "是啊", "能啊", "可以啊", "不一定", "不见得", "不可以", "一样", "不一样"]);
/** The longest of them, in code units. */
const LONGEST_LEADING_REPLY = 3;

/** Whether the first `length` units written are one of the short replies. */
function isLeadingReply(units: Uint16Array, length: number): boolean {
  if (length === 0 || length > LONGEST_LEADING_REPLY) return false;
  return LEADING_REPLIES.has(String.fromCharCode(...units.subarray(0, length)));
}

/** A clause typed without punctuation runs this many Chinese characters before the space that ends it. */
const MIN_CLAUSE_BEFORE_SPACE = 3;

/**
 * Whether the English word at `at` runs straight into Chinese ("…的示范 dpo要偏好对"): typed without
 * spaces around its words, the answer spaces its clauses, so the space before opens one.
 */
function opensClause(units: ArrayLike<number>, at: number, length: number): boolean {
  let k = at;
  // English words and single spaces between them ("agent rl根据轨迹……").
  while (k < length && k - at <= MAX_CLAUSE_SUBJECT && (isAsciiWord(units[k] as number) || (units[k] === 0x20 && isAsciiWord(units[k + 1] ?? 0)))) k++;
  return k < length && k - at <= MAX_CLAUSE_SUBJECT && isHan(units[k] as number);
}
/** A clause typed without punctuation runs this many Chinese characters before a space and an English subject ("sft可以 dpo不行"). */
const MIN_CLAUSE_BEFORE_SUBJECT = 2;
/** The longest English word read as a clause's subject that way. */
const MAX_CLAUSE_SUBJECT = 12;

/** Whether `units[from, to)` are all spaces typed between words. */
function onlyWhitespace(units: ArrayLike<number>, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!WHITESPACE_UNITS.has(units[k] as number)) return false;
  return true;
}

/** The canonical form of an alias or a phrase, without offsets. */
export function normalizeTerm(term: string): string {
  return normalizeText(term).text;
}

/** The learner's own words behind `text.slice(start, end)`. */
export function originalSpan(original: string, normalized: NormalizedText, start: number, end: number): string {
  if (end <= start) return "";
  const from = normalized.originStart[start] ?? 0;
  const to = normalized.originEnd[end - 1] ?? from;
  const span = original.slice(from, to);
  // Rebuilding the span a character at a time is only needed if it holds something invisible.
  let visible = true;
  for (let i = 0; i < span.length && visible; ) {
    const code = span.codePointAt(i) ?? 0;
    visible = !isInvisible(code);
    i += code > 0xffff ? 2 : 1;
  }
  if (visible) return span.trim();
  let words = "";
  for (const char of span) if (!isInvisible(char.codePointAt(0) ?? 0)) words += char;
  return words.trim();
}
