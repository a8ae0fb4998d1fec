import type { Concept, KeyPoint, Misconception, Polarity, QuizItem } from "@recall/content";
import { splitClauses } from "./clauses.ts";
import { isNegatedInContext } from "./negation.ts";
import { normalizeTerm } from "./normalize-text.ts";
import { compileConcept, sortedBigramCodes, type CompiledConcept } from "./term-matching.ts";

export interface CompiledKeyPoint {
  id: string;
  text: string;
  /** Share of the item's total weight, so all weights sum to 1. */
  share: number;
  /** The weight as authored (0 if missing or not positive). */
  weight: number;
  polarity: Polarity;
  derived: boolean;
  /** Empty when nobody annotated the point: then its normalised text is compared instead. */
  concepts: CompiledConcept[];
  /** Character bigrams of the point's text, sorted, for points without concepts. */
  textBigrams: Int32Array;
  /**
   * Per concept: the point's own text negates or reduces it, or asks which or whether ("明确哪些 token
   * 参与", "是否更新要检查"), so a negated mention supports the point too.
   */
  eitherPolarity: boolean[];
  /** Per concept: the point's own text negates or reduces it ("减少对单独价值模型的依赖"): saying it is still needed contradicts the point. */
  reduced: boolean[];
  /** Aliases (normalised) that the point's own text mentions negated ("不能只看训练分数"): denying them is no contradiction. */
  negatedAliases: ReadonlySet<string>;
  /**
   * For a denial whose concepts the prompt asks about ("……全部拼起来训练行吗？"): whether the prompt
   * mentions them plainly or negated ("没有标量奖励能……吗？"); null otherwise.
   */
  promptQuestion: "plain" | "negated" | null;
  /** The item's prompt, normalised: words an answer copies from it are no claim of its own. */
  prompt: string;
  /**
   * Ids of the misconceptions made of the point's own terms (every concept of the point shares an
   * alias with one of theirs), or whose every concept the point's own text names: asserting one
   * states the opposite of the point.
   */
  opposedBy: string[];
  /**
   * Ids of the misconceptions the page says deny the point (`相反要点：` under the misconception):
   * asserting one contradicts the point. Unlike `opposedBy`, making the point does not hide them.
   */
  deniedBy: string[];
  /**
   * Ids of the misconceptions about what the point limits ("代理只能捕获模型调用" limits 代理; a
   * misconception sharing an alias of 代理 says it does more): an answer that makes the point's
   * words stand without the limit ("代理把调用都抓下来了") and asserts one crosses the limit.
   */
  limitedBy: string[];
  /** Per concept: the point's text limits it ("代理只能捕获模型调用" limits 代理): "代理不光抓调用" crosses the limit. */
  limited: boolean[];
  /**
   * What the point says differs among its concepts, when none of its aliases says so ("三者需要的数据不同"
   * gives 数据): an answer calling that the same for them ("SFT、DPO、RL 要的数据都一样") denies the point.
   */
  differingIn: string | null;
  /** Per concept: the point asks which of it ("明确哪些 token 参与生成目标"): saying all of it counts denies the point. */
  askedWhich: boolean[];
  /**
   * The point asks for something to be removed (an alias of it says so: "去重", "脱敏", "过滤"): an
   * answer saying a thing of it is not to be kept ("重复样本没必要留") makes the point, not denies it.
   */
  removes: boolean;
  /** Ways of saying the point's opposite in other words (the content's `反面：`), matched as written, or null: saying one contradicts it. */
  opposite: CompiledConcept | null;
  /**
   * The concept the point names as where the others come from ("……和奖励都来自环境" gives 环境), or -1:
   * saying it is not needed denies the point whatever the answer says of the others.
   */
  source: number;
  /**
   * The point says a thing may happen ("复杂加权可能掩盖严重错误"): saying there is no need to look for
   * it ("不用专门去找漏洞") is no denial that it may.
   */
  possibility: boolean;
}

/** Words that make a point a statement of what may happen. */
const POSSIBILITY = /可能|\b(?:may|might|could)\b/u;

export interface CompiledMisconception {
  id: string;
  statement: string;
  feedback: string;
  concepts: CompiledConcept[];
  /**
   * The reply to this item's own yes-or-no question that states the belief (the page's `肯定回答：` /
   * `否定回答：` naming this follow-up), or null: "对，一定不更新" to "全组奖励相同就一定不更新了吗？".
   */
  statedByReply: "yes" | "no" | null;
}

/** Everything about an item the grader can work out before seeing an answer. */
export interface CompiledItem {
  keyPoints: CompiledKeyPoint[];
  misconceptions: CompiledMisconception[];
  /** Each distinct concept once, so an answer is searched once per concept. */
  concepts: CompiledConcept[];
  /**
   * The item's aliases that hold a negator and no other alias, longest first: masked in the text
   * negation is read from, as their negator is part of the term.
   */
  negatingAliases: string[];
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
  // A misconception names a follow-up's points as `f3.k2`, the main answer's as `k2`.
  const followUpPrefix = item.kind === "followup" && item.id.startsWith(`${item.questionId}.`) ? `${item.id.slice(item.questionId.length + 1)}.` : "";
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
    weight: positiveWeight(point),
    polarity: point.polarity,
    derived: point.derived,
    concepts: compileConcepts(point.concepts, prompt, registry),
    textBigrams: sortedBigramCodes(point.concepts.length === 0 ? normalizeTerm(point.text) : ""),
    eitherPolarity: point.concepts.map((concept) => mentionedNegatively(normalizeTerm(point.text), concept) || askedAbout(normalizeTerm(point.text), concept)),
    reduced: point.concepts.map((concept) => mentionedNegatively(normalizeTerm(point.text), concept)),
    negatedAliases: aliasesNegatedIn(normalizeTerm(point.text), point.concepts),
    promptQuestion: point.polarity === "deny" && point.concepts.length > 0 && point.concepts.every((concept) => mentionOf(prompt, concept) !== null)
      ? point.concepts.some((concept) => mentionedNegatively(prompt, concept)) ? "negated" as const : "plain" as const
      : null,
    prompt,
    opposedBy: [] as string[],
    deniedBy: item.misconceptions.filter((misconception) => misconception.contradicts?.includes(`${followUpPrefix}${point.id}`) === true).map((misconception) => misconception.id),
    limitedBy: [] as string[],
    limited: [] as boolean[],
    differingIn: point.concepts.length >= 2 ? differingIn(normalizeTerm(point.text), point.concepts) : null,
    askedWhich: point.concepts.map((concept) => askedWhich(normalizeTerm(point.text), concept)),
    source: sourceIn(normalizeTerm(point.text), point.concepts),
    possibility: POSSIBILITY.test(normalizeTerm(point.text)),
    removes: point.polarity === "assert" && point.concepts.some((concept) => concept.aliases.some((alias) => REMOVAL_ALIASES.test(alias))),
    // Kept out of the registry: the opposite's phrases are no terms of the item (they neither cover an
    // answer's words nor mask its negators), only looked for when a point is judged.
    opposite: point.contradictedBy === undefined ? null : compileConcept(point.contradictedBy, prompt, true),
  }));
  const misconceptions = item.misconceptions
    .filter((misconception: Misconception) => misconception.concepts.length > 0)
    .map((misconception) => ({
      id: misconception.id,
      statement: misconception.statement,
      feedback: misconception.feedback,
      concepts: compileConcepts(misconception.concepts, prompt, registry),
      statedByReply: misconception.answeredBy?.find(({ followUp }) => `${followUp}.` === followUpPrefix)?.reply ?? null,
    }));
  for (const point of keyPoints) {
    if (point.concepts.length === 0) continue;
    const pointText = normalizeTerm(point.text);
    for (const misconception of misconceptions) {
      const madeOfPointTerms = point.concepts.every((concept) => misconception.concepts.some((other) => sharesAlias(concept, other)));
      // The point's own sentence names every concept of the misconception ("标准化只是相对信号，完整训练还需……"
      // names 标准化 and 完整训练 of "把组内标准化称为完整 GRPO"): it says what is true of those very things.
      const namedByPoint = misconception.concepts.every((concept) => concept.aliases.some((alias) => pointText.includes(alias.text)));
      // The point says what to do first where the misconception's condition holds ("缺资料和错权限先修
      // 系统" names 缺资料 of "数据缺失时直接上更强训练"): the misconception does something else there.
      const [condition] = misconception.concepts;
      const firstStepForCondition = misconception.concepts.length >= 2 && pointText.includes(FIRST_STEP) &&
        condition !== undefined && condition.aliases.some((alias) => pointText.includes(alias.text));
      if (madeOfPointTerms || namedByPoint || firstStepForCondition) point.opposedBy.push(misconception.id);
    }
    point.limited = point.concepts.map((concept) => limitedIn(pointText, concept));
    const limited = point.concepts.filter((_, c) => point.limited[c] === true);
    for (const misconception of misconceptions) {
      if (point.opposedBy.includes(misconception.id)) continue;
      if (limited.some((concept) => misconception.concepts.some((other) => sharesAlias(concept, other)))) point.limitedBy.push(misconception.id);
    }
  }
  const concepts = [...registry.values()];
  // An alias holding or running into another term ("不是一回事" holds "一回事", "不能混" runs into
  // "混用") keeps its negator for that term.
  const allAliases = [...new Set(concepts.flatMap((concept) => concept.aliases.map((alias) => alias.text)))];
  const holdsAnother = (alias: string): boolean => allAliases.some((other) => other !== alias && (alias.includes(other) || overlaps(alias, other)));
  const negatingAliases = [...new Set(concepts.flatMap((concept) => concept.negatingAliases))]
    .filter((alias) => !holdsAnother(alias))
    .sort((a, b) => b.length - a.length);
  return { keyPoints, misconceptions, concepts, negatingAliases };
}

/** Whether the end of one string is the start of the other ("不能混" and "混用"). */
function overlaps(a: string, b: string): boolean {
  for (let k = 1; k < Math.min(a.length, b.length); k++) {
    if (a.endsWith(b.slice(0, k)) || b.endsWith(a.slice(0, k))) return true;
  }
  return false;
}

function sharesAlias(a: CompiledConcept, b: CompiledConcept): boolean {
  return a === b || a.aliases.some((alias) => b.aliases.some((other) => other.text === alias.text));
}

/** Words saying things differ, closing a point's text ("三者需要的数据不同"). */
const DIFFERENCE_WORDS = ["不同", "不一样", "各不相同", "各不一样", "有区别"];
/** How many characters before the difference word name what differs. */
const DIFFERING_NOUN = 2;

/**
 * The two Chinese characters right before a difference word in the point's text, if no alias of the
 * point holds the difference word (then the concepts make the claim themselves).
 */
function differingIn(text: string, concepts: readonly Concept[]): string | null {
  for (const word of DIFFERENCE_WORDS) {
    const at = text.indexOf(word);
    if (at < DIFFERING_NOUN) continue;
    if (concepts.some((concept) => concept.aliases.some((alias) => alias.includes(word)))) return null;
    const noun = text.slice(at - DIFFERING_NOUN, at);
    return /^\p{Script=Han}+$/u.test(noun) ? noun : null;
  }
  return null;
}

/** What a point says to do first ("先修系统"). */
const FIRST_STEP = "先";

/** Words right after a term that limit it to what follows: "代理只能捕获", "标准化只是相对信号". */
export const LIMITING_WORDS = ["只", "仅", "only", "just", "merely"];

/** Whether the point's text limits the concept: an alias of it followed at once by a limiting word. */
function limitedIn(text: string, concept: CompiledConcept): boolean {
  return concept.aliases.some((alias) => {
    for (let at = text.indexOf(alias.text); at >= 0; at = text.indexOf(alias.text, at + 1)) {
      const rest = text.slice(at + alias.text.length).trimStart();
      if (LIMITING_WORDS.some((word) => rest.startsWith(word))) return true;
    }
    return false;
  });
}

const REDUCTION_BEFORE = /(?:减少|降低|避免|去掉|省掉|摆脱|不依赖)[^，。]{0,6}$/;

function mentionOf(text: string, concept: Concept): { start: number; end: number } | null {
  for (const alias of compileConcept(concept, "").aliases) {
    const start = text.indexOf(alias.text);
    if (start >= 0) return { start, end: start + alias.text.length };
  }
  return null;
}

/** The concept appears in `text` negated or reduced ("无法解释", "减少对单独价值模型的依赖"). */
function mentionedNegatively(text: string, concept: Concept): boolean {
  const mention = mentionOf(text, concept);
  if (!mention) return false;
  const clauses = splitClauses(text);
  const segment = clauses.segments[clauses.segmentAt[mention.start] ?? 0];
  if (!segment) return false;
  return (
    isNegatedInContext({ text, segmentStart: segment.start, segmentEnd: segment.end }, mention.start, mention.end) ||
    REDUCTION_BEFORE.test(text.slice(segment.start, mention.start))
  );
}

/** Aliases that name removing something: "去重", "脱敏", "剔除", "dedup". */
const REMOVAL_ALIASES = /^(?:去重|去掉|删除|删掉|剔除|剔掉|过滤|清洗|脱敏|打码|dedup|remove|filter)/u;

/** Words that ask which or whether: what follows them in a point may be stated either way. */
const WHICH_OR_WHETHER = ["哪些", "哪个", "哪部分", "是否", "有没有", "要不要", "which", "whether"];

/** A question word's reach ends at a modal: in "是否更新要检查计算图" only 更新 is asked about. */
const MODALS = ["要", "需", "应", "得", "必须", "should", "must"];

/** The concept appears in `text` within what a word asking which or whether governs ("明确哪些 token 参与生成目标"). */
function askedAbout(text: string, concept: Concept): boolean {
  const mention = mentionOf(text, concept);
  if (!mention) return false;
  const clauses = splitClauses(text);
  const segment = clauses.segments[clauses.segmentAt[mention.start] ?? 0];
  if (!segment) return false;
  const before = text.slice(segment.start, mention.start);
  for (const word of WHICH_OR_WHETHER) {
    const at = before.lastIndexOf(word);
    if (at < 0) continue;
    const governed = before.slice(at + word.length);
    if (!MODALS.some((modal) => governed.includes(modal))) return true;
  }
  return false;
}

/** Words saying where something comes from: "都来自环境". */
const SOURCE_WORDS = ["来自", "出自", "源于", "取自", "come from", "comes from"];

/** Index of the concept right after a word of origin in the point's text ("来自环境"), or -1. */
function sourceIn(text: string, concepts: readonly Concept[]): number {
  for (const word of SOURCE_WORDS) {
    const at = text.indexOf(word);
    if (at < 0) continue;
    const rest = text.slice(at + word.length).trimStart();
    const index = concepts.findIndex((concept) => concept.aliases.some((alias) => rest.startsWith(normalizeTerm(alias))));
    if (index >= 0) return index;
  }
  return -1;
}

/** Words asking which of a thing: "哪些 token", "哪部分输出". */
const WHICH_WORDS = ["哪些", "哪部分", "which"];

/** The concept right after a word asking which of it, in the point's text ("明确哪些 token 参与"). */
function askedWhich(text: string, concept: Concept): boolean {
  const mention = mentionOf(text, concept);
  if (!mention) return false;
  const before = text.slice(Math.max(0, mention.start - 4), mention.start).trimEnd();
  return WHICH_WORDS.some((word) => before.endsWith(word));
}

function aliasesNegatedIn(text: string, concepts: readonly Concept[]): Set<string> {
  const negated = new Set<string>();
  const clauses = splitClauses(text);
  for (const concept of concepts) {
    for (const alias of compileConcept(concept, "").aliases) {
      const start = text.indexOf(alias.text);
      const segment = start < 0 ? undefined : clauses.segments[clauses.segmentAt[start] ?? 0];
      if (!segment) continue;
      if (isNegatedInContext({ text, segmentStart: segment.start, segmentEnd: segment.end }, start, start + alias.text.length)) negated.add(alias.text);
    }
  }
  return negated;
}

const CACHE_LIMIT = 4096;
const cache = new Map<string, CompiledItem>();

/** The item asked for last, with the id and content hash it had then: asked again, its key is not rebuilt. */
let last: { item: QuizItem; id: string; contentHash: string; compiled: CompiledItem } | null = null;

/** Compiled form of an item, cached by id and content hash: a text change recompiles it. */
export function compiledItemFor(item: QuizItem): CompiledItem {
  if (last !== null && last.item === item && last.id === item.id && last.contentHash === item.contentHash) return last.compiled;
  const compiled = compiledByKey(item);
  last = { item, id: item.id, contentHash: item.contentHash, compiled };
  return compiled;
}

function compiledByKey(item: QuizItem): CompiledItem {
  const key = `${item.id}\u0000${item.contentHash}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const compiled = compileItem(item);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, compiled);
  return compiled;
}
