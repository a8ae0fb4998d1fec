// Long Chinese and English answers must be cut to Discord's limits without breaking a sentence
// where avoidable: first at sentence ends (。！？；.!?), then at clause marks (，、：,:) and spaces,
// and only a run with no boundary at all is cut hard (never inside a surrogate pair).

export class SplitTextError extends Error {
  override readonly name = "SplitTextError";
}

const SENTENCE_END = new Set(["。", "！", "？", "；", "!", "?", ";", "\n", "…"]);
const CLAUSE_END = new Set(["，", "、", "：", ",", ":", " ", "\t"]);
// Closing marks stay with the sentence they close: 他说“好。”
const CLOSERS = new Set(["”", "’", "」", "』", "）", ")", "]", "》", "\"", "'"]);

function pieces(text: string, isEnd: (chars: string[], index: number) => boolean): string[] {
  const chars = [...text];
  const out: string[] = [];
  let current = "";
  for (let index = 0; index < chars.length; index += 1) {
    current += chars[index];
    if (isEnd(chars, index)) {
      while (index + 1 < chars.length && CLOSERS.has(chars[index + 1] ?? "")) {
        index += 1;
        current += chars[index];
      }
      out.push(current);
      current = "";
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

function sentences(text: string): string[] {
  return pieces(text, (chars, index) => {
    const char = chars[index] ?? "";
    if (SENTENCE_END.has(char)) return true;
    // A full stop ends an English sentence only before a space or the end: not in "3.5" or "e.g".
    if (char === ".") {
      const next = chars[index + 1];
      return next === undefined || /\s/.test(next);
    }
    return false;
  });
}

function clauses(text: string): string[] {
  return pieces(text, (chars, index) => CLAUSE_END.has(chars[index] ?? ""));
}

function hardCut(text: string, max: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const char of text) {
    if (current.length + char.length > max) {
      out.push(current);
      current = "";
    }
    current += char;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Units no longer than `max`, boundaries kept with the text before them. */
function units(text: string, max: number): string[] {
  return sentences(text).flatMap((sentence) =>
    sentence.length <= max
      ? [sentence]
      : clauses(sentence).flatMap((clause) => (clause.length <= max ? [clause] : hardCut(clause, max))),
  );
}

export interface SplitOptions {
  /** A smaller limit for the first chunk, e.g. the room left in a message that already has content. */
  firstMax?: number;
}

/**
 * Splits `text` into chunks of at most `max` UTF-16 units (the first at most `firstMax`), packing
 * whole sentences greedily. Whitespace at chunk edges is dropped; nothing else is lost or reordered.
 */
export function splitText(text: string, max: number, options: SplitOptions = {}): string[] {
  const firstMax = options.firstMax ?? max;
  if (!Number.isInteger(max) || max < 2 || !Number.isInteger(firstMax) || firstMax < 2) {
    throw new SplitTextError(`Chunk limits must be integers of at least 2, got ${max} and ${firstMax}`);
  }
  const trimmed = text.trim();
  if (trimmed.length === 0) return [];

  const chunks: string[] = [];
  let current = "";
  const limit = (): number => (chunks.length === 0 ? firstMax : max);
  const flush = (): void => {
    const chunk = current.trim();
    if (chunk.length > 0) chunks.push(chunk);
    current = "";
  };
  // Units are cut to the smaller limit so that any one of them fits any chunk.
  for (const unit of units(trimmed, Math.min(max, firstMax))) {
    if ((current + unit).trim().length > limit()) flush();
    current += unit;
  }
  flush();
  return chunks;
}
