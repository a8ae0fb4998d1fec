import type { Concept, KeyPoint, Misconception, Polarity, QuizItem } from "@recall/content";
import { normalizeTerm } from "./normalize-text.ts";
import { bigramsOf, compileConcept, type CompiledConcept } from "./term-matching.ts";

export interface CompiledKeyPoint {
  id: string;
  text: string;
  /** Share of the item's total weight, so all weights sum to 1. */
  share: number;
  polarity: Polarity;
  derived: boolean;
  /** Empty when nobody annotated the point: then its normalised text is compared instead. */
  concepts: CompiledConcept[];
  /** Character bigrams of the point's text, for points without concepts. */
  textBigrams: string[];
}

export interface CompiledMisconception {
  id: string;
  statement: string;
  feedback: string;
  concepts: CompiledConcept[];
}

/** Everything about an item the grader can work out before seeing an answer. */
export interface CompiledItem {
  keyPoints: CompiledKeyPoint[];
  misconceptions: CompiledMisconception[];
  /** Each distinct concept once, so an answer is searched once per concept. */
  concepts: CompiledConcept[];
}

function compileConcepts(
  concepts: readonly Concept[],
  prompt: string,
  registry: Map<string, CompiledConcept>,
): CompiledConcept[] {
  return concepts.map((concept) => {
    const key = JSON.stringify(concept.aliases);
    const known = registry.get(key);
    if (known) return known;
    const compiled = compileConcept(concept, prompt);
    registry.set(key, compiled);
    return compiled;
  });
}

export function compileItem(item: QuizItem): CompiledItem {
  const prompt = normalizeTerm(item.prompt);
  const registry = new Map<string, CompiledConcept>();
  const usable = item.keyPoints;
  const positiveWeight = (point: KeyPoint): number =>
    Number.isFinite(point.weight) && point.weight > 0 ? point.weight : 0;
  let total = usable.reduce((sum, point) => sum + positiveWeight(point), 0);
  // All weights zero or missing: every point counts the same rather than none counting.
  const equal = total === 0;
  if (equal) total = usable.length;
  const keyPoints = usable.map((point) => ({
    id: point.id,
    text: point.text,
    share: total > 0 ? (equal ? 1 : positiveWeight(point)) / total : 0,
    polarity: point.polarity,
    derived: point.derived,
    concepts: compileConcepts(point.concepts, prompt, registry),
    textBigrams: point.concepts.length === 0 ? bigramsOf(normalizeTerm(point.text)) : [],
  }));
  const misconceptions = item.misconceptions
    .filter((misconception: Misconception) => misconception.concepts.length > 0)
    .map((misconception) => ({
      id: misconception.id,
      statement: misconception.statement,
      feedback: misconception.feedback,
      concepts: compileConcepts(misconception.concepts, prompt, registry),
    }));
  return { keyPoints, misconceptions, concepts: [...registry.values()] };
}

const CACHE_LIMIT = 4096;
const cache = new Map<string, CompiledItem>();

/** Compiled form of an item, cached by id and content hash: a text change recompiles it. */
export function compiledItemFor(item: QuizItem): CompiledItem {
  const key = `${item.id}\u0000${item.contentHash}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const compiled = compileItem(item);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, compiled);
  return compiled;
}
