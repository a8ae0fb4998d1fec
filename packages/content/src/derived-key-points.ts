// Key points for items nobody annotated: one per sentence of the answer, with candidate terms
// from jieba's TF-IDF keyword extraction as single-alias concepts. Authors are warned to refine them.
import { createRequire } from "node:module";
import type * as JiebaModule from "@node-rs/jieba";
import type { Jieba, TfIdf } from "@node-rs/jieba";
import type * as JiebaDictionaries from "@node-rs/jieba/dict.js";
import type { Concept, KeyPoint, Polarity } from "./model.ts";

const MAX_TERMS = 3;
const SENTENCE_END = /[。！？；!?;]+/u;
/** Words that carry no content of their own; TF-IDF still ranks some of them high in short sentences. */
const FUNCTION_WORDS = new Set([
  "可以", "需要", "不能", "不要", "不是", "没有", "还是", "就是", "以及", "进行", "应该", "一个", "什么", "怎样",
  "如何", "这个", "那个", "只是", "因为", "所以", "如果", "但是", "已经", "可能", "意味着", "通过", "不宜", "未必",
  "不", "也", "都", "还", "再", "先", "并", "而", "与", "和", "或", "的", "了",
]);
const NEGATORS = /不|无需|没有|并非|未必|别|no\b|not\b|never\b/giu;
const FALSE_NEGATION = /^(不仅|不同|不断|不少|不只)/u;

interface Extractor {
  jieba: Jieba;
  tfIdf: TfIdf;
}
let extractor: Extractor | null = null;

/**
 * The native module and its dictionaries (reading and indexing them takes about half a second)
 * load only when a page actually needs derived key points; a fully annotated bank never pays for it.
 */
function getExtractor(): Extractor {
  if (!extractor) {
    const require = createRequire(import.meta.url);
    const jieba = require("@node-rs/jieba") as typeof JiebaModule;
    const dictionaries = require("@node-rs/jieba/dict.js") as typeof JiebaDictionaries;
    extractor = { jieba: jieba.Jieba.withDict(dictionaries.dict), tfIdf: jieba.TfIdf.withDict(dictionaries.idf) };
  }
  return extractor;
}

export function splitSentences(text: string): string[] {
  return text
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

function isCandidate(term: string): boolean {
  return !FUNCTION_WORDS.has(term) && /\p{L}/u.test(term) && [...term].length >= 2;
}

/** Up to three terms, best first by TF-IDF, ties broken by position; returned in sentence order. */
export function candidateTerms(sentence: string, max = MAX_TERMS): string[] {
  const { jieba, tfIdf } = getExtractor();
  const ranked = tfIdf
    .extractKeywords(jieba, sentence, max * 4, [])
    .filter((keyword) => isCandidate(keyword.keyword))
    .map((keyword) => ({ ...keyword, position: sentence.indexOf(keyword.keyword) }))
    .sort((a, b) => b.weight - a.weight || a.position - b.position || (a.keyword < b.keyword ? -1 : 1))
    .slice(0, max);
  return ranked.sort((a, b) => a.position - b.position).map((keyword) => keyword.keyword);
}

const CLAUSE_END = /[，,、：:]/u;

/** True when a real negator comes before `position` within its clause. */
function negatedAt(sentence: string, position: number): boolean {
  let clauseStart = 0;
  for (let i = position - 1; i >= 0; i--) {
    if (CLAUSE_END.test(sentence.charAt(i))) {
      clauseStart = i + 1;
      break;
    }
  }
  const before = sentence.slice(clauseStart, position);
  for (const match of before.matchAll(NEGATORS)) {
    if (!FALSE_NEGATION.test(sentence.slice(clauseStart + match.index))) return true;
  }
  return false;
}

/** A sentence like "…不等于训练" makes its point by negating the terms that follow the negator. */
function guessPolarity(sentence: string, terms: readonly string[]): Polarity {
  if (terms.length === 0) return "assert";
  return terms.every((term) => negatedAt(sentence, sentence.indexOf(term))) ? "deny" : "assert";
}

export function conceptsFor(text: string): Concept[] {
  const terms = candidateTerms(text);
  if (terms.length === 0) return [{ aliases: [text] }];
  return terms.map((term) => ({ aliases: [term] }));
}

export function deriveKeyPoints(answer: string): KeyPoint[] {
  return splitSentences(answer).map((sentence, index) => {
    const terms = candidateTerms(sentence);
    const concepts = terms.length > 0 ? terms.map((term) => ({ aliases: [term] })) : [{ aliases: [sentence] }];
    return {
      id: `k${index + 1}`,
      text: sentence,
      concepts,
      weight: 1,
      polarity: guessPolarity(sentence, terms),
      derived: true,
    };
  });
}
