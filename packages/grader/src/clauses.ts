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

const SENTENCE_UNIT = SENTENCE_BREAK.charCodeAt(0);
const SEGMENT_UNIT = SEGMENT_BREAK.charCodeAt(0);

export function splitClauses(text: string): Clauses {
  const sentences: Span[] = [];
  const segments: Segment[] = [];
  const segmentAt = new Int32Array(text.length);
  let sentenceStart = 0;
  let segmentStart = 0;
  // Compared as code units: reading `text[i]` makes a string of every Chinese character.
  for (let i = 0; i <= text.length; i++) {
    const unit = i < text.length ? text.charCodeAt(i) : SENTENCE_UNIT;
    if (i < text.length) segmentAt[i] = segments.length;
    if (unit !== SENTENCE_UNIT && unit !== SEGMENT_UNIT) continue;
    if (i > segmentStart) segments.push({ start: segmentStart, end: i, sentence: sentences.length });
    segmentStart = i + 1;
    if (unit === SENTENCE_UNIT) {
      if (i > sentenceStart) sentences.push({ start: sentenceStart, end: i });
      sentenceStart = i + 1;
    }
  }
  return { sentences, segments, segmentAt };
}
