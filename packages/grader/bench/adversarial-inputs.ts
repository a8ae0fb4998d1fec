// Answers built to make a grader slow: long runs of one character, repeated fragments of the item's
// own terms and of negators, punctuation, mixed scripts. Shared by the timing test and the benchmark.
import type { QuizItem } from "@recall/content";

export const ADVERSARIAL_LENGTH = 4000;

export interface AdversarialInput {
  category: string;
  answer: string;
}

/** `fragment` repeated, cut at exactly `length` code units (never inside a surrogate pair). */
function fill(fragment: string, length: number = ADVERSARIAL_LENGTH): string {
  let text = fragment.repeat(Math.ceil(length / Math.max(1, fragment.length)));
  text = text.slice(0, length);
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
}

const NEGATOR_FRAGMENTS = [
  "不", "不需要", "没有", "并非", "用不着", "犯不着", "无需", "没必要", "别", "不用", "不是", "而是", "不仅", "不同",
  "not ", "no ", "isn't ", "n't", "not needed ", "is not ", "rather than ", "instead of ", "but ",
];

/** Each alias the item's key points and misconceptions name, in authored order, each once. */
export function itemTerms(item: QuizItem): string[] {
  const terms = new Set<string>();
  for (const point of item.keyPoints) for (const concept of point.concepts) for (const alias of concept.aliases) terms.add(alias);
  for (const misconception of item.misconceptions) {
    for (const concept of misconception.concepts) for (const alias of concept.aliases) terms.add(alias);
  }
  return [...terms];
}

/** Deterministic adversarial answers of `ADVERSARIAL_LENGTH` code units for one item. */
export function adversarialInputs(item: QuizItem): AdversarialInput[] {
  const terms = itemTerms(item);
  const someTerms = terms.slice(0, 12);
  const inputs: AdversarialInput[] = [
    { category: "repeated letter", answer: fill("a") },
    { category: "repeated letter", answer: `data ${fill("a", ADVERSARIAL_LENGTH - 5)}` },
    { category: "repeated letter", answer: fill("ab") },
    { category: "repeated letter", answer: fill("a ") },
    { category: "repeated letter", answer: fill("n't ") },
    { category: "digits", answer: fill("0") },
    { category: "digits", answer: fill("1.") },
    { category: "digits", answer: fill("-1,") },
    { category: "CJK", answer: fill("奖") },
    { category: "CJK", answer: fill("奖励") },
    { category: "CJK", answer: fill("的了") },
    { category: "CJK", answer: fill("𠀀") },
    { category: "punctuation", answer: fill("。") },
    { category: "punctuation", answer: fill("，") },
    { category: "punctuation", answer: fill("](") },
    { category: "punctuation", answer: fill("<:") },
    { category: "punctuation", answer: fill("<@1") },
    { category: "punctuation", answer: fill("http://") },
    { category: "punctuation", answer: fill("!?;:") },
    { category: "mixed", answer: fill("a1奖,") },
    { category: "mixed", answer: fill("dpo奖励 not") },
    { category: "mixed", answer: fill("👍🏽\u200b<#1>") },
    { category: "mixed", answer: fill("Ａｂ體") },
  ];
  for (const negator of NEGATOR_FRAGMENTS) inputs.push({ category: "repeated negator", answer: fill(negator) });
  inputs.push({ category: "repeated negator", answer: fill(NEGATOR_FRAGMENTS.join("")) });
  for (const term of someTerms) {
    inputs.push({ category: "repeated term", answer: fill(term) });
    inputs.push({ category: "repeated term", answer: fill(`${term} `) });
    inputs.push({ category: "repeated term", answer: fill(`不需要${term}`) });
    inputs.push({ category: "repeated term", answer: fill(`${term} is not needed `) });
    inputs.push({ category: "repeated term", answer: fill(`${term}${"a".repeat(40)}`) });
    inputs.push({ category: "repeated term", answer: fill(`${term}。`) });
    // A term split in two by particles, over and over: every gap is a near miss to try.
    const middle = Math.ceil(term.length / 2);
    inputs.push({ category: "repeated term", answer: fill(`${term.slice(0, middle)}的了${term.slice(middle)}`) });
  }
  inputs.push({ category: "repeated term", answer: fill(someTerms.join("")) });
  inputs.push({ category: "repeated term", answer: fill(someTerms.join("，")) });
  inputs.push({ category: "repeated term", answer: fill(someTerms.map((term) => `${term}不是`).join("")) });
  inputs.push({ category: "repeated term", answer: fill(someTerms.join(" and ")) });
  return inputs;
}
