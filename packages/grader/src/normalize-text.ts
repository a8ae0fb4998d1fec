import { Converter } from "opencc-js/t2cn";

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
  originStart: number[];
  /** `originEnd[i]` is where `text[i]` ends in the original string (exclusive). */
  originEnd: number[];
}

const toSimplified = Converter({ from: "t", to: "cn" });

// Discord syntax and links carry no claims; they are blanked in place so offsets stay valid.
const BLANKED_SYNTAX = [
  /<(?:@[!&]?|#)\d+>/g, // user, role and channel mentions
  /<a?:\w+:\d+>/g, // custom emoji
  /<t:\d+(?::[a-zA-Z])?>/g, // timestamps
  /https?:\/\/\S+/g,
  /\]\([^)\s]*\)/g, // the target of a markdown link; its text stays
  /@(?:everyone|here)\b/g,
];

const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const PICTOGRAPH = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u20E3]/u;
const CONTROL = /\p{Cc}/u;

const SENTENCE_CHARS = new Set(["。", ".", "!", "?", "\n", "\r", "…", "｡", "‼", "⁇"]);
// Semicolons join related claims ("这只是相对信号；完整训练还需……"): a segment break, not a sentence break.
const SEGMENT_CHARS = new Set([",", ":", ";", "、"]);
// Kept as characters: they matter inside numbers and formulas (`0.5`, `[-1,-1,1,1]`, `10%`).
const KEPT_SYMBOLS = new Set(["%", "+", "="]);
const ASCII_WORD = /[a-z0-9]/;
const DIGIT = /[0-9]/;
const LETTER = /[a-z]/;
const PUNCTUATION_OR_SYMBOL = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;

const SPACE = 1;
const SEGMENT = 2;
const SENTENCE = 3;

function isPlainCjkOrAscii(code: number): boolean {
  return code < 0x80 || (code >= 0x4e00 && code <= 0x9fff);
}

/** Normalises an answer or a term. Pure; the same function is used on both sides of every match. */
export function normalizeText(original: string): NormalizedText {
  let masked = original;
  for (const pattern of BLANKED_SYNTAX) {
    masked = masked.replace(pattern, (match) => " ".repeat(match.length));
  }

  // Pass 1: per code point, drop invisible characters, blank pictographs, fold width and case.
  let folded = "";
  const foldedStart: number[] = [];
  const foldedEnd: number[] = [];
  for (let i = 0; i < masked.length; ) {
    const code = masked.codePointAt(i) ?? 0;
    const width = code > 0xffff ? 2 : 1;
    const char = masked.slice(i, i + width);
    let out: string;
    if (isPlainCjkOrAscii(code)) {
      out = code < 0x80 ? char.toLowerCase() : char;
      if (code < 0x80 && CONTROL.test(char) && char !== "\n" && char !== "\r" && char !== "\t") out = "";
    } else if (INVISIBLE.test(char)) {
      out = "";
    } else if (PICTOGRAPH.test(char)) {
      out = " ";
    } else if (CONTROL.test(char)) {
      out = " ";
    } else {
      out = char.normalize("NFKC").toLowerCase();
    }
    for (const piece of out) {
      for (let k = 0; k < piece.length; k++) {
        foldedStart.push(i);
        foldedEnd.push(i + width);
      }
      folded += piece;
    }
    i += width;
  }

  // Pass 2: traditional → simplified. OpenCC converts phrases, which may change the length;
  // then fall back to characters one by one so every character keeps its origin.
  let simplified = toSimplified(folded);
  if (simplified.length !== folded.length) {
    let perChar = "";
    for (const char of folded) {
      const converted = toSimplified(char);
      perChar += converted.length === char.length ? converted : char;
    }
    simplified = perChar;
  }

  // Pass 3: classify punctuation with its neighbours, then collapse runs of breaks and spaces.
  let text = "";
  const originStart: number[] = [];
  const originEnd: number[] = [];
  let pendingBreak = 0;
  let pendingOrigin = -1;
  for (let j = 0; j < simplified.length; j++) {
    const char = simplified[j] ?? "";
    const previous = simplified[j - 1] ?? "";
    const next = simplified[j + 1] ?? "";
    let kind = 0;
    if (char === "." && DIGIT.test(previous) && DIGIT.test(next)) kind = 0;
    else if ((char === "," || char === ":") && DIGIT.test(previous) && DIGIT.test(next)) kind = 0;
    else if (char === "-" && DIGIT.test(next) && !ASCII_WORD.test(previous)) kind = 0;
    else if (char === "'" && LETTER.test(previous) && LETTER.test(next)) kind = 0;
    else if (SENTENCE_CHARS.has(char)) kind = SENTENCE;
    else if (SEGMENT_CHARS.has(char)) kind = SEGMENT;
    else if (KEPT_SYMBOLS.has(char)) kind = 0;
    else if (WHITESPACE.test(char) || PUNCTUATION_OR_SYMBOL.test(char)) kind = SPACE;

    if (kind !== 0) {
      if (kind > pendingBreak) pendingBreak = kind;
      if (pendingOrigin < 0) pendingOrigin = j;
      continue;
    }
    if (pendingBreak !== 0 && text.length > 0) {
      const last = text[text.length - 1] ?? "";
      if (pendingBreak === SENTENCE || pendingBreak === SEGMENT) {
        text += pendingBreak === SENTENCE ? SENTENCE_BREAK : SEGMENT_BREAK;
        originStart.push(foldedStart[pendingOrigin] ?? 0);
        originEnd.push(foldedEnd[pendingOrigin] ?? 0);
      } else if (ASCII_WORD.test(last) && ASCII_WORD.test(char)) {
        // Spaces survive only between two ASCII words ("agent rl"); elsewhere they are layout.
        text += " ";
        originStart.push(foldedStart[pendingOrigin] ?? 0);
        originEnd.push(foldedEnd[pendingOrigin] ?? 0);
      }
    }
    pendingBreak = 0;
    pendingOrigin = -1;
    text += char;
    originStart.push(foldedStart[j] ?? 0);
    originEnd.push(foldedEnd[j] ?? 0);
  }
  return { text, originStart, originEnd };
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
  return original.slice(from, to).replace(new RegExp(INVISIBLE.source, "gu"), "").trim();
}
