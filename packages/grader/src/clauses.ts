import { SEGMENT_BREAK, SENTENCE_BREAK } from "./normalize-text.ts";

export interface Span {
  start: number;
  end: number;
}

export interface Segment extends Span {
  sentence: number;
}

/** Sentences (where concepts must meet) and comma-level segments (how far a negation reaches). */
export interface Clauses {
  sentences: Span[];
  segments: Segment[];
  /** Segment index of every character of the text; breaks belong to the segment they close. */
  segmentAt: Int32Array;
}

export function splitClauses(text: string): Clauses {
  const sentences: Span[] = [];
  const segments: Segment[] = [];
  const segmentAt = new Int32Array(text.length);
  let sentenceStart = 0;
  let segmentStart = 0;
  for (let i = 0; i <= text.length; i++) {
    const char = i < text.length ? text[i] : SENTENCE_BREAK;
    if (i < text.length) segmentAt[i] = segments.length;
    if (char !== SENTENCE_BREAK && char !== SEGMENT_BREAK) continue;
    if (i > segmentStart) segments.push({ start: segmentStart, end: i, sentence: sentences.length });
    segmentStart = i + 1;
    if (char === SENTENCE_BREAK) {
      if (i > sentenceStart) sentences.push({ start: sentenceStart, end: i });
      sentenceStart = i + 1;
    }
  }
  return { sentences, segments, segmentAt };
}
