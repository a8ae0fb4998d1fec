import type { QuizItem } from "@recall/content";
import { checkAlias, withAliasOverlay, type AliasCheck, type AliasOverlay, type AliasOverlayEntry } from "./alias-overlay.ts";
import { splitClauses, type Segment, type Span } from "./clauses.ts";
import { compiledItemFor, LIMITING_WORDS, type CompiledKeyPoint, type CompiledMisconception } from "./compiled-item.ts";
import { AnswerTooLongError } from "./errors.ts";
import { isHanUnit } from "./han.ts";
import { CONTRADICTED_AT, contradictionProbability, distinctSentenceGrams, gramCodesOf, learnedMisconceptionCall, learnedVerdicts, likeliestOpposingSentence, likeliestSentence, MIN_LENGTH, OPPOSED_AT, OPPOSED_CREDITED_AT, OPPOSED_VETO_BELOW, readAnswer, type SentenceGrams } from "./learned-credit.ts";
import { assertsNeed, assertsPossible, attentionDeniedAfter, claimRejectedBefore, claimsSufficient, closesHarmless, keepingDismissedAfter, containsNegator, deniesNeed, isAttentionVerb, isBareClosing, closedByDismissal, listConditionOf, LONGEST_BARE_CLOSING_UNITS, maskFalseCues, maskTerms, opensWithUnneeded, whichDismissedBefore } from "./negation.ts";
import { normalizeText, originalSpan, type NormalizedText } from "./normalize-text.ts";
import { DEFAULT_THRESHOLDS, suggestRating, type Rating, type RatingThresholds } from "./rating.ts";
import { gradeResult, keyPointResult, misconceptionResult } from "./results.ts";
import { gradeShortAnswer, gradesAsShortAnswer } from "./short-answer.ts";
import {
  BigramIndex,
  diceWithSpan,
  englishWordsOf,
  findOccurrences,
  type EnglishWords,
  type AnswerView,
  type CompiledConcept,
  type Occurrence,
  UnitPresence,
  wordsOf,
} from "./term-matching.ts";

/** Discord's modal text input holds at most this many characters. */
export const MAX_ANSWER_LENGTH = 4000;

/**
 * `contradicted`: the answer states the opposite of the point ("独立任务和坏例没必要看"); it earns
 * nothing and costs score, and `evidence` holds the words that contradict it.
 */
export const VERDICTS = ["hit", "partial", "missed", "contradicted"] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface KeyPointResult {
  id: string;
  text: string;
  verdict: Verdict;
  /** The words of the answer that matched (or, for a contradicted point, that contradict it), as the learner wrote them. */
  evidence: string[];
  /** Same as `verdict === "contradicted"`, kept for readers of the earlier shape. */
  contradicted: boolean;
  /** The point's weight in the content (2 for the points that matter most). */
  weight: number;
}

export interface MisconceptionResult {
  id: string;
  statement: string;
  feedback: string;
  evidence: string[];
}

export interface GradeResult {
  /** 0–1: weighted key points (partial counts half), less contradictions. */
  score: number;
  keyPoints: KeyPointResult[];
  misconceptions: MisconceptionResult[];
  suggestedRating: Rating;
  /** One short line in Chinese for the member. */
  feedback: string;
  /** Nothing that could be an answer (blank, only punctuation, emoji or mentions). */
  empty: boolean;
  /** The right terms without claims linking them: scored down and rated `again`. */
  keywordSalad: boolean;
}

export interface GradeOptions {
  thresholds?: Partial<RatingThresholds>;
  /** A server's accepted aliases for this item's key points (see alias-overlay.ts); checked with `checkOverlayAlias` first. */
  aliasOverlay?: AliasOverlay;
  /** Defaults to MAX_ANSWER_LENGTH; counted in Unicode code points. */
  maxLength?: number;
  /**
   * Key point ids ruled hit by a person (an accepted appeal): judged hit and supported whatever
   * the matching found, and everything else (score, rating, feedback) follows from that.
   */
  creditedPoints?: readonly string[];
  /**
   * Whether the models learnt from labelled answers may revise the rules' verdicts: raise a point
   * they judged missed or partial, take one down whose words are there while what it says is not,
   * contradict one whose sentences turn against it, and have the last word on misconceptions (see
   * learned-credit.ts). Default true; false grades by the rules alone.
   */
  learnedCredit?: boolean;
}

const PARTIAL_CREDIT = 0.5;
/** Sentences shown for a contradiction the learned model reads: the likeliest few, however often the answer repeats itself. */
const MAX_LEARNED_EVIDENCE = 3;
/** Characters after a term that make a statement of it rather than an echo. */
const MIN_OWN_WORDS = 2;
/** How many characters before a term are compared with the prompt. */
const OWN_WORDS_BEFORE = 4;
/** Contradicting a point of at least this weight makes the answer `again`. */
const SERIOUS_WEIGHT = 2;
/** A contradicted point costs half its weight, on top of earning nothing. */
const CONTRADICTION_PENALTY = 0.5;
/** Each misconception asserted costs this much of the score. */
const MISCONCEPTION_PENALTY = 0.1;
/** What is left of the score of an answer that only lists terms. */
const KEYWORD_SALAD_FACTOR = 0.3;
/** Words for all of a thing, and how far from it they and a verb of counting it in may stand. */
const ALL_WORDS = ["全部", "所有", "整段", "全都", "统统", "一律", "all ", "every "];
const COUNTED_IN = ["算", "参与", "计入", "进 loss", "进loss", "训", "学", "监督", "go into", "count", "are trained"];
const ALL_REACH = 4;
/** Frames that report a belief of others: what follows is quoted, not claimed, when it is then rejected. */
const REPORTING_FRAMES = [
  "有人说", "有人觉得", "有人以为", "有人认为", "有人会说", "有人讲", "很多人以为", "很多人觉得", "很多人说", "很多人认为",
  // A belief named by what people take a thing for: "不少人把网关当成完整的训练器，其实……".
  "有人把", "很多人把", "不少人把", "有些人把", "有的人把", "常有人把", "经常有人把", "容易把", "误以为", "以为",
  "不少人以为", "不少人觉得", "常有人说", "常听人说", "别人说", "网上说", "有种说法", "有一种说法", "有的说法", "流行说法", "流行的说法", "常见说法", "常见的说法",
  // Asked, or done by habit: "常被问……是不是就等于训练了——不是", "有人喜欢把同一条轨迹切成片……这会泄漏".
  "被问", "有人问", "常有人问", "有人喜欢", "有人习惯", "有人爱", "有人总", "很多人喜欢", "不少人喜欢", "很多人习惯", "常见的做法是",
  // Colleagues and classmates as well as "people": "有同事觉得算完 z-score 就等于训练完成了，其实不是".
  "有同事说", "有同事觉得", "有同事认为", "有同事以为", "同事觉得", "同事说", "有同学说", "有同学觉得", "有朋友说", "有朋友觉得",
  // A trap named before it is described: "还有个坑是把同一条对话切成几段再随机分……".
  "有个坑是", "一个坑是", "常见的坑是", "常见错误是", "常见的错误是", "典型错误是", "误区是",
  "some people", "people say", "people think", "some say", "a common claim",
  "people sometimes", "people often", "people call", "people treat", "a lot of people", "many people", "some folks", "you'll hear",
  "you often hear", "i've heard", "tempting to think", "it's tempting to", "people assume", "people believe", "people feel",
  // Who holds it, then how they put it: "很多人会说……", "不少人会觉得……".
  ...["有人", "很多人", "不少人", "有些人", "有的人", "好多人", "大家", "一般人"].flatMap((who) => ["会说", "会觉得", "会以为", "常说", "总说", "总觉得"].map((verb) => who + verb)),
];
/** Words that reject a reported belief: "这不对", "其实……", "that's wrong". */
const REJECTIONS = [
  "不对", "错了", "是错的", "说错", "大错", "误区", "其实", "并非如此", "不是这样", "不是这么回事", "没这回事", "不成立", "站不住", "想当然", "不靠谱",
  // A bare "不是" answering what was asked (dashes and quotes are gone from the text read), and harms
  // named: "……是不是就等于训练了”——不是，", "这会泄漏".
  "不是，", "不是。", "不是的", "并不是", "不行，", "不行。", "不行的", "这会", "会泄漏", "会导致", "会出问题", "有问题", "不可取", "是坑", "大忌",
  "wrong", "not true", "isn't true", "myth", "mistaken",
  "it isn't", "it's not", "it is not", "it doesn't", "they're not", "they aren't", "not really", "doesn't hold", "not so",
  "not right", "not correct", "incorrect",
  // Dismissed as nonsense or overthinking: "有人觉得接上代理就等于有训练器了，纯属想多了", "……，扯，".
  "想多了", "胡扯", "瞎扯", "扯淡", "扯犊子", "扯，", "扯。", "瞎说", "胡说", "瞎唠", "nonsense",
  // The answer's own refusal: "有人觉得按片段随便分就行，我不这么干".
  "不这么干", "不这么做", "不这样做", "不这么看", "不这样看", "不认同", "不同意", "武断",
  // Judged too sweeping: "很多人说全组同分梯度就全是 0，这个说法太绝对了", "此乃以偏概全".
  "太绝对", "过于绝对", "绝对化", "以偏概全", "片面", "不严谨", "too absolute", "overgeneraliz", "over-generaliz", "too sweeping",
];
/** Quotation marks a learner may quote a belief in, opening and closing. */
const QUOTE_OPENS = ["“", "「", "『", "\""];
const QUOTE_CLOSES = ["”", "」", "』", "\""];
/** How far a quotation may run on either side of the terms it holds, and how soon after it the rejection, in code units. */
const QUOTE_REACH = 40;
const QUOTE_REJECTION_REACH = 12;
/** Words that reject a quoted belief right after it: "……”是个常见误判", "……” is a myth". */
const QUOTE_REJECTIONS = ["误判", "误区", "误解", "错误", "错的", "不对", "不成立", "站不住", "想当然", "武断", "不是", "并非", "✗", "✘", "❌", "×", "myth", "wrong", "mistake", "misconception"];

/** Where the last opening quotation mark before `at` stands (a straight quote opens and closes), no further back than `reach`, with no closing mark between; -1 if none. */
function lastOpeningQuoteBefore(text: string, at: number, reach: number): number {
  for (let i = at - 1; i >= Math.max(0, at - reach); i--) {
    const mark = text[i] ?? "";
    if (QUOTE_OPENS.includes(mark)) return i;
    if (QUOTE_CLOSES.includes(mark)) return -1;
  }
  return -1;
}

/**
 * Where the first announcement of a trap in text[start, end) ends ("两个坑要避开", "误解是"), `end` when the
 * text ends naming one ("先排两个坑"), or -1.
 */
function pitfallAnnouncedIn(text: string, start: number, end: number, typedColonAt: (at: number) => boolean): number {
  let first = -1;
  for (const noun of PITFALL_NOUNS) {
    for (let at = text.indexOf(noun, start); at >= 0 && at + noun.length <= end; at = text.indexOf(noun, at + noun.length)) {
      const after = at + noun.length;
      if (first >= 0 && after >= first) break;
      const tail = skipSpaces(text, after, end);
      // Ending the sentence or its clause, the name announces only when counted ("两个坑"); "这是个坑。" judges what came before.
      const counted = COUNTS.includes(text[at - 1] === "个" ? (text[at - 2] ?? "") : (text[at - 1] ?? ""));
      if (tail === end) {
        if (counted) return end;
        continue;
      }
      // A break after the name announces when counted, or typed as a colon ("❌ 误区：……").
      const announcer = PITFALL_ANNOUNCERS.find((word) => text.startsWith(word, tail) && (word !== "，" || counted || typedColonAt(tail)));
      if (announcer !== undefined) {
        first = tail + announcer.length;
        break;
      }
    }
  }
  return first;
}

/** Where the first closing quotation mark at or after `at` stands, no further than `reach`, with no opening mark between; -1 if none. */
function firstClosingQuoteAfter(text: string, at: number, reach: number): number {
  for (let i = at; i < Math.min(text.length, at + reach); i++) {
    const mark = text[i] ?? "";
    if (QUOTE_CLOSES.includes(mark)) return i;
    if (QUOTE_OPENS.includes(mark)) return -1;
  }
  return -1;
}

/** Closings that judge what comes before them wrong: "……是大坑", "……是个误区". */
const JUDGED_WRONG = ["是大坑", "是个坑", "是坑", "是误区", "是个误区", "是错的", "是错误的", "是不对的", "是个误解", "是误解", "是误判", "是个误判"];
/** Clauses of a verdict alone that judge the clause before them wrong: "这不行". A bare "不对" is left out: learners use it to correct themselves ("不对，我是说……"), often into another belief. */
const SHORT_VERDICTS = ["这不行", "那不行", "可不行", "这可不行", "这不对", "那不对", "要不得"];
/** How long such a clause may be, in code units. */
const SHORT_VERDICT = 5;
/** Words that refer back to a claim: "这个说法", "这种想法". */
const CLAIM_WORDS = ["说法", "观点", "想法", "看法", "理解"];
/** How far after a term such a judgement may stand, in code units. */
const JUDGED_WRONG_REACH = 12;

/** How far into the next sentence a rejection of a reported belief may stand ("……。这是误区。"), in code units. */
const REJECTION_REACH_NEXT = 20;
/**
 * English words that reject the belief they go on to describe, with no rejection after it: "I'd push
 * back on the idea that every kind of training needs an online reward", "a common mix-up is treating the
 * proxy as the whole trainer" (a hyphen is read as a space, so they are listed as "mix up").
 */
const REJECTING_FRAMES_EN = [
  "push back on", "people get wrong", "get wrong is", "common mix up", "common mixup", "common mistake", "a misconception",
  "common misconception", "the myth that", "a myth that", "mix up is", "mistake is", "the trap is", "pitfall is", "don't buy",
  "disagree with", "disagree that", "not true that", "wrong to say", "wrong to think", "a mistake to", "misconception is",
  "misconception that", "don't fall for", "trap of", "beware of", "be careful not to",
];
/** Names for a wrong belief: a sentence that announces one ("两个坑要避开：", "常见误解是") rejects what it goes on to describe. */
const PITFALL_NOUNS = ["坑", "误区", "误解", "雷区", "误判"];
/** What follows such a name when it announces the belief it describes. */
const PITFALL_ANNOUNCERS = ["是", "有", "要避开", "要避免", "得避开", "得避免", "别踩", "要注意", "，"];
/** Counts before a name for traps that make it announce a list of them ("两个坑"). */
const COUNTS = ["一", "两", "二", "三", "四", "几", "俩", "些"];
/** Words that deny a limit: "代理不光是抓调用". */
const NOT_ONLY = ["不光", "不只", "不仅", "不止", "不单", "远不止", "not only", "not just", "more than just"];
/** How far after a limited term "not only" may start and still be about it, in code units. */
const NOT_ONLY_REACH = 6;
/** How far after a term a limiting word may stand and still limit it ("抓调用只是第一步"), in code units. */
const LIMIT_REACH_AFTER = 4;
/** Points without concepts are judged by bigram Dice between the point and the best sentence. */
const TEXT_HIT_DICE = 0.45;
const TEXT_PARTIAL_DICE = 0.25;

// Characters and words that link terms into a claim ("SFT 用示范", "DPO needs pairs").
// A segment of terms with none of these between them is a list, not an explanation.
// Kept as UTF-16 code units: the claim check reads the answer unit by unit without making strings.
const LINK_CHARS = new Set(
  "是用要让把对做会能可以通过先再就才不没无非未有给在从为因所如只都也还而但来去看改修得了着过被将之其这那于以即或若则需靠拿使令当由向按据算称说叫成变比更最少多减增拟优学训取换比较适合应该必须时后前：=→⇒➡"
    .split("")
    .map((char) => char.charCodeAt(0)),
);
/** 1 for each of LINK_CHARS: the claim check reads one per character of a segment. */
const LINK_UNITS = new Uint8Array(0x10000);
for (const unit of LINK_CHARS) LINK_UNITS[unit] = 1;
/** Verbs of looking for a thing, and how far before its term they are read (code units). */
const SEEKING_VERBS = ["查", "找", "check", "look for", "search for", "hunt for", "dig for"];
const SEEKING_REACH = 12;
/** An English term opening with a linking verb is a predicate: "normalized scores are the update". */
const LINKING_OPENER_EN = /^(?:is|are|was|were|becomes?|equals?)\b/u;
/** First letters of the English linking verbs a term may open with (see `LINKING_OPENER_EN`). */
const LINK_VERB_FIRSTS = new Set(["i", "a", "w", "b", "e"].map((letter) => letter.charCodeAt(0)));
const LINK_WORDS = new Set([
  "is", "are", "was", "be", "use", "uses", "used", "using", "need", "needs", "needed", "with", "to", "by",
  "for", "from", "of", "it", "that", "which", "when", "if", "then", "than", "can", "should", "must",
  "will", "does", "do", "has", "have", "learn", "learns", "optimize", "optimizes", "compare", "compares",
  "based", "on", "into", "not", "no", "without", "only", "also", "because", "so", "fix", "first",
  "before", "after", "train", "trains", "fits", "fit", "makes", "make", "gives", "give", "get", "gets",
]);
const SPACE = 0x20;
const APOSTROPHE = 0x27;
/**
 * 就 inside a term that follows another term is the claim's own link ("算出优势训练就完成"), and so is a
 * term opening with 就是 ("标准化就是 GRPO"); a term opening with another 就 may be a list's next item.
 */
const JIU = "就".charCodeAt(0);
const NEGATOR_UNITS = new Set([..."不没无非未别"].map((char) => char.charCodeAt(0)));
const LIST_WORDS = new Set(["and", "or", "the", "a", "an", "vs", "etc", "also", "plus"]);
const CONTENT_CHAR = /[\p{L}\p{N}]/u;
// A bare yes or no as the first segment answers a yes/no follow-up ("把对话全部拼起来训练行吗？" "不行，……").
// Spoken answers soften it with a modal particle ("不行吧", "能啊") or a degree word ("不太行").
const LEADING_NO = /^(?:不|不行|不宜|不能|不可以|不可|做不了|做不到|没法做|不能做|训不了|没法训|不一样|不同|不一致|不相同|不一定|未必|不见得|没有|没|不是|不对|否|不建议|不好|别|不用|没必要|不太行|不大行|不太好|不太对|不太可能|no|nope|nah|no way|definitely not|absolutely not|not necessarily|not really|not always|not as is|not a guarantee|not guaranteed|not quite|not exactly|not at all|not true|i don't think so|i dont think so)(?:的|了)?(?:吧|啊|呀|哈|呢|啦|哦|嘛|喔|噢|耶|哟|呦|唷|咯|喽)?$/;
/** Fillers and hedges that may open an answer before its yes or no: "嗯未必吧", "我觉得不行". */
const LEADING_FILLERS = ["我个人觉得", "个人觉得", "我觉得", "我认为", "我感觉", "说实话", "老实说", "严格来说", "简单说", "其实", "这个", "那个", "嗯", "呃", "额", "啊", "哦", "唔", "噢", "emm", "hmm", "um", "uh", "well"];

/** The first position from `at` (before `end`) that is not a space. */
function skipSpaces(text: string, at: number, end: number): number {
  while (at < end && text.charCodeAt(at) === 0x20) at++;
  return at;
}

/** Where the words of `text.slice(start, end)` begin after any fillers and the spaces around them. */
function afterFillers(text: string, start: number, end: number): number {
  let at = skipSpaces(text, start, end);
  for (;;) {
    const filler = LEADING_FILLERS.find((word) => text.startsWith(word, at) && at + word.length <= end);
    if (filler === undefined) return at;
    at = skipSpaces(text, at + filler.length, end);
  }
}

const LEADING_YES = /^(?:可以|行|是|对|一样|相同|能|当然|当然可以|当然能|当然行|没问题|好啊|yes|yep|yeah|yup|sure|sure you can|yes you can|you can|of course|absolutely|definitely|pretty much|pretty much yeah|basically yes|i think so|i'd say so)(?:的|了)?(?:吧|啊|呀|哈|呢|啦|哦|嘛|喔|噢|耶|哟|呦|唷|咯|喽)?$/;

/** Yes-words a short leading answer may open with before a verb of the question: "可以拼", "能训". */
const YES_BEFORE_VERB = ["可以", "能", "行", "当然可以", "当然能"];
/** How many characters of the question's own verb may follow the yes-word. */
const PROMPT_VERB_MOST = 2;

/**
 * A leading "可以拼" to "……全部拼起来训练行吗？": a yes-word, then a character or two all found in the
 * question (its verb, repeated as Chinese answers do), and nothing else.
 */
function yesWithPromptVerb(leading: string, prompt: string): boolean {
  if (prompt.length === 0) return false;
  for (const yes of YES_BEFORE_VERB) {
    if (!leading.startsWith(yes)) continue;
    const rest = leading.slice(yes.length);
    if (rest.length === 0 || rest.length > PROMPT_VERB_MOST) continue;
    let inPrompt = true;
    for (const char of rest) if (!isHanUnit(char.charCodeAt(0)) || !prompt.includes(char)) inPrompt = false;
    if (inPrompt) return true;
  }
  return false;
}

interface KeyPointJudgement {
  verdict: Verdict;
  contradicted: boolean;
  evidence: Occurrence[];
  evidenceSpans: Array<{ start: number; end: number }>;
  /** Judged from a segment that links its terms with some claim. */
  supported: boolean;
}

/** Every judgement is built here, in one shape (see results.ts). */
function judged(verdict: Verdict, contradicted: boolean, evidence: Occurrence[], evidenceSpans: Array<{ start: number; end: number }>, supported: boolean): KeyPointJudgement {
  return { verdict, contradicted, evidence, evidenceSpans, supported };
}

/**
 * Homophone matches left out of a judgement: none; all, for judging a point contradicted; the
 * affirmed ones, for asserting a misconception (a negated mention only ever stops one: "不能说梯度权为零"
 * asserts no "梯度全为零").
 */
type HomophonesLeftOut = "none" | "all" | "affirmed";

class AnswerAnalysis implements AnswerView {
  readonly text: string;
  readonly clauses;
  private bigramIndex: BigramIndex | null = null;
  private unitPresence: UnitPresence | null = null;
  private masked: string | null = null;
  private words: EnglishWords | null = null;
  /** Occurrences of `allConcepts[i]`, once searched: an array, as a Map per answer cost more. */
  private readonly occurrences: Array<Occurrence[] | undefined> = [];
  /** Any other concept's (none, as the item's concepts are all of its points' and misconceptions'). */
  private otherOccurrences: Map<CompiledConcept, Occurrence[]> | null = null;
  /** Some concept searched so far was matched by a homophone (see `Occurrence.homophone`). */
  sawHomophone = false;
  /** Which homophone matches `of` leaves out: a wrong claim must stand without them (see `HomophonesLeftOut`). */
  private homophonesLeftOut: HomophonesLeftOut = "none";
  /** Per concept and mode, its occurrences without those homophone matches, for concepts that had some. */
  private withoutHomophoneMatches: Map<CompiledConcept, Occurrence[]> | null = null;
  private withoutAffirmedHomophoneMatches: Map<CompiledConcept, Occurrence[]> | null = null;
  private covered: Uint8Array | null = null;
  /** The same without homophone matches, and the claims read off it: the answer as typed, for judging a point contradicted. */
  private coveredAsTyped: Uint8Array | null = null;
  private claimsAsTyped: Uint8Array | null = null;
  private reports: Map<number, { frame: number; rejection: number }> | null = null;
  /** Per segment: 0 not yet judged, 1 no claim, 2 a claim. */
  private readonly claims: Uint8Array;
  /** Per segment, the last segment of the list read as a whole that it is in, or -1, and how it is read (see `listRuns`). */
  private runs: ListRuns | null = null;
  /** Whether the answer has nothing a list read as a whole needs (see `mayHoldRuns`); null until asked. */
  private runsAbsent: boolean | null = null;

  readonly leadingAnswer: "yes" | "no" | null;
  readonly leadingSpan: { start: number; end: number };

  constructor(
    readonly original: string,
    readonly normalized: NormalizedText,
    private readonly allConcepts: readonly CompiledConcept[],
    private readonly negatingAliases: readonly string[] = [],
    prompt = "",
  ) {
    this.text = normalized.text;
    this.clauses = splitClauses(this.text);
    this.claims = new Uint8Array(this.clauses.segments.length);
    // The answer's first words after any filler ("嗯未必吧", "嗯，不一样", "我觉得不行").
    let first = this.clauses.segments[0] ?? { start: 0, end: 0 };
    let start = afterFillers(this.text, first.start, first.end);
    const second = this.clauses.segments[1];
    if (start === first.end && second !== undefined && second.sentence === 0) {
      first = second;
      start = afterFillers(this.text, second.start, second.end);
    }
    const leading = this.text.slice(start, first.end);
    this.leadingSpan = { start, end: first.end };
    this.leadingAnswer = LEADING_NO.test(leading) ? "no" : LEADING_YES.test(leading) || yesWithPromptVerb(leading, prompt) ? "yes" : null;
  }

  /** See `AnswerView.holdsTerm`: asked only of a few characters closing a clause, rarely. */
  readonly holdsTerm = (stretch: string): boolean => {
    for (const concept of this.allConcepts) for (const alias of concept.aliases) if (alias.text.length > 0 && stretch.includes(alias.text)) return true;
    return false;
  };

  bigrams(): BigramIndex {
    this.bigramIndex ??= new BigramIndex(this.text);
    return this.bigramIndex;
  }

  units(): UnitPresence {
    this.unitPresence ??= new UnitPresence(this.text);
    return this.unitPresence;
  }

  negationText(): string {
    this.masked ??= maskTerms(maskFalseCues(this.text), this.text, this.negatingAliases);
    return this.masked;
  }

  englishWords(): EnglishWords {
    this.words ??= englishWordsOf(this.text);
    return this.words;
  }

  /** The concept's occurrences, less the homophone matches `leaveOutHomophones` says. */
  of(concept: CompiledConcept): Occurrence[] {
    const found = this.everyOccurrenceOf(concept);
    if (this.homophonesLeftOut === "none" || !this.sawHomophone) return found;
    const all = this.homophonesLeftOut === "all";
    const cache = all
      ? (this.withoutHomophoneMatches ??= new Map<CompiledConcept, Occurrence[]>())
      : (this.withoutAffirmedHomophoneMatches ??= new Map<CompiledConcept, Occurrence[]>());
    let kept = cache.get(concept);
    if (!kept) {
      const leftOut = (o: Occurrence): boolean => o.homophone && (all || !o.negated);
      kept = found.some(leftOut) ? found.filter((o) => !leftOut(o)) : found;
      cache.set(concept, kept);
    }
    return kept;
  }

  /** Which homophone matches `of` leaves out from now on. */
  leaveOutHomophones(which: HomophonesLeftOut): void {
    this.homophonesLeftOut = which;
  }

  /** The concept's occurrences, homophone matches included whatever the mode. */
  everyOccurrenceOf(concept: CompiledConcept): Occurrence[] {
    const index = this.allConcepts.indexOf(concept);
    let found = index >= 0 ? this.occurrences[index] : this.otherOccurrences?.get(concept);
    if (!found) {
      found = findOccurrences(this, concept);
      if (index >= 0) this.occurrences[index] = found;
      else (this.otherOccurrences ??= new Map()).set(concept, found);
      if (!this.sawHomophone) for (const o of found) if (o.homophone) this.sawHomophone = true;
    }
    return found;
  }

  /** Whether the "which" before the occurrence is waved away ("没必要明确哪些 token 参与训练目标"). */
  whichDismissed(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    return segment !== undefined && whichDismissedBefore(this.negationText(), segment.start, o.start);
  }

  /** Whether the occurrence stands in a conclusion rejected earlier in its sentence ("别以为……就能还原过程"). */
  inRejectedClaim(o: Occurrence): boolean {
    const sentence = this.clauses.sentences[o.sentence];
    return sentence !== undefined && claimRejectedBefore(this.text, Math.max(sentence.start, o.start - REJECTED_CLAIM_REACH), o.start);
  }

  /**
   * Whether what the occurrence stands in is judged wrong right after it: its clause closes calling it
   * a trap or a mistake ("重分词之后不查前缀是大坑"), or the next clause rejects "this claim" ("……，这个
   * 说法不对").
   */
  judgedWrongAfter(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    if (!segment) return false;
    const rest = this.text.slice(o.end, Math.min(segment.end, o.end + JUDGED_WRONG_REACH));
    if (JUDGED_WRONG.some((closing) => rest.includes(closing))) return true;
    const next = this.clauses.segments[this.homeOf(o) + 1];
    if (!next || next.sentence !== segment.sentence) return false;
    const clause = this.text.slice(next.start, Math.min(next.end, next.start + JUDGED_WRONG_REACH));
    // A short clause of nothing but a verdict ("……还说复现了，这不行") judges the one before it.
    if (next.end - next.start <= SHORT_VERDICT && SHORT_VERDICTS.some((verdict) => clause.trimStart().startsWith(verdict))) return true;
    return CLAIM_WORDS.some((word) => clause.includes(word)) && REJECTIONS.some((word) => clause.includes(word));
  }

  /** Whether the occurrence's clause closes saying it is not to be kept ("重复样本也没必要留"). */
  keepingDismissedAfter(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    return segment !== undefined && keepingDismissedAfter(this.text, o.end, segment.end);
  }

  /** Whether the occurrence's clause closes saying it does no harm ("混着用没关系"). */
  closesHarmlessAfter(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    return segment !== undefined && closesHarmless(this.text, o.end, segment.end);
  }

  /** Whether a verb of looking for stands just before the term, in its segment: "去查什么漏洞", "check 什么 loophole". */
  soughtAt(o: Occurrence): boolean {
    const segment = this.clauses.segments[o.segment];
    const before = this.text.slice(Math.max(segment?.start ?? 0, o.start - SEEKING_REACH), o.start);
    return SEEKING_VERBS.some((verb) => before.includes(verb));
  }

  /** Whether the occurrence's sentence is a question ("谁说旧论文没用？"): what it holds is asked, not said. */
  inQuestion(o: Occurrence): boolean {
    const sentence = this.clauses.sentences[o.sentence];
    if (sentence === undefined) return false;
    // The mark has no normalized character of its own when it ends the answer: read it after the sentence's last one.
    const at = this.normalized.originStart[sentence.end] ?? this.normalized.originEnd[sentence.end - 1] ?? -1;
    return QUESTION_UNITS.has(this.original.charCodeAt(at));
  }

  /** Whether the occurrence's segment closes dismissing it ("哪些 token 参与训练目标没必要"). */
  dismissedAfter(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    return segment !== undefined && closedByDismissal(this.negationText(), o.end, segment.end, undefined, this.holdsTerm);
  }

  /** Whether the occurrence's segment closes saying it needs no attention ("token 无需特别区分"). */
  attentionDeniedAfter(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    return segment !== undefined && attentionDeniedAfter({ text: this.text, masked: this.negationText(), segmentStart: segment.start, segmentEnd: segment.end, holdsTerm: this.holdsTerm }, o.end);
  }

  /** The last segment of the list read as a whole that the segment is in ("标清角色、动作和观察没必要"), or -1. */
  listRunEnd(segmentIndex: number): number {
    if (this.runs === null) {
      // Most answers have no list, no question and no topic: nothing is read or kept for them.
      this.runsAbsent ??= !mayHoldRuns(this.original, this.text);
      if (this.runsAbsent) return -1;
      this.runs = new ListRuns(this);
    }
    return this.runs.endOf(segmentIndex);
  }

  /** Whether a necessity negator opens the list ending at `end` (a value `listRunEnd` gave). */
  listOpenedUnneeded(end: number): boolean {
    return this.runs?.openedUnneeded[end] === 1;
  }

  /** The first segment of the list ending at `end` (a value `listRunEnd` gave). */
  listHead(end: number): number {
    return this.runs?.heads[end] ?? -1;
  }

  /** Whether the list ending at `end` (a value `listRunEnd` gave) is said to be required ("没有……、……不行") rather than denied. */
  listRequired(end: number): boolean {
    return this.runs?.required[end] === 1;
  }

  /** Per character: bit 1 where some term of the answer starts, bit 2 where one ends; marked once, when first asked. */
  private termEdges: Uint8Array | null = null;

  /** Whether a term starts at `position` right where the term before it ends (or after the answer's own words), not inside a longer term. */
  private termBoundaryAt(position: number): boolean {
    const edge = this.edges()[position] ?? 0;
    return (edge & 1) === 1 && ((edge & 2) === 2 || this.coverage()[position - 1] === 0);
  }

  /** Whether some term of the answer starts in [from, to). */
  private termStartsIn(from: number, to: number): boolean {
    const edges = this.edges();
    for (let k = from; k < to; k++) if (((edges[k] ?? 0) & 1) === 1) return true;
    return false;
  }

  private edges(): Uint8Array {
    if (this.termEdges === null) {
      const edges = new Uint8Array(this.text.length + 1);
      for (const concept of this.allConcepts) {
        for (const o of this.of(concept)) {
          edges[o.start] = (edges[o.start] ?? 0) | 1;
          edges[o.end] = (edges[o.end] ?? 0) | 2;
        }
      }
      this.termEdges = edges;
    }
    return this.termEdges;
  }

  /** Whether a colon introduces the segment after a clause making a claim: "旧论文仍有价值：解耦+轨迹转换" completes it. */
  completesClaimBefore(segmentIndex: number): boolean {
    const segment = this.clauses.segments[segmentIndex];
    const previous = this.clauses.segments[segmentIndex - 1];
    return segment !== undefined && previous !== undefined && previous.sentence === segment.sentence && this.followsColon(segment) && this.segmentMakesClaim(segmentIndex - 1);
  }

  /** Whether the break before the segment was typed as a colon. */
  private followsColon(segment: Segment): boolean {
    return this.typedColonAt(segment.start - 1);
  }

  /** Whether the break at `breakAt` in the normalised text was typed as a colon. */
  private typedColonAt(breakAt: number): boolean {
    const at = this.normalized.originEnd[breakAt - 1];
    if (at === undefined) return false;
    // The break's original character: the first non-space one after the previous segment's last character.
    let i = at;
    while (i < this.original.length && this.original.charCodeAt(i) === 0x20) i++;
    const unit = this.original.charCodeAt(i);
    return unit === 0xff1a || unit === 0x3a;
  }

  /** Whether the segment is only a topic marked as such ("SFT 的话", "至于 DPO 呢"): it claims nothing of its own. */
  isTopicOnly(segmentIndex: number): boolean {
    const segment = this.clauses.segments[segmentIndex];
    return segment !== undefined && endsWithOneOf(this.text, segment.start, segment.end, TOPIC_MARKS) && segment.end - segment.start <= LONGEST_TOPIC;
  }

  /** Whether the segment names a purpose or a subject for the next clause to answer: "要解释为什么得分，", "至于坏例那些，". */
  opensTopic(segmentIndex: number): boolean {
    const segment = this.clauses.segments[segmentIndex];
    if (!segment) return false;
    const text = this.text;
    let at = skipSpaces(text, segment.start, segment.end);
    for (const word of TOPIC_CONJUNCTIONS) {
      if (text.startsWith(word, at)) {
        at += word.length;
        break;
      }
    }
    return startsWithOneOf(text, at, PURPOSE_LEADS) || endsWithOneOf(text, segment.start, segment.end, TOPIC_ENDS);
  }

  /** Whether the segment holds words that link its terms, beyond the terms themselves. */
  segmentMakesClaim(segmentIndex: number): boolean {
    const claims = this.readsAsTyped() ? (this.claimsAsTyped ??= new Uint8Array(this.claims.length)) : this.claims;
    const known = claims[segmentIndex] ?? 0;
    if (known !== 0) return known === 2;
    const segment = this.clauses.segments[segmentIndex];
    let claim = false;
    if (segment) {
      const covered = this.coverage();
      const text = this.text;
      // Covered characters (the terms) read as spaces; an English word is sliced out once it ends.
      let wordStart = -1;
      let plainWords = 0;
      let plainHan = 0;
      // Where the segment's first term starts: 就 inside a later term links it to the one before.
      let firstCovered = -1;
      for (let i = segment.start; i <= segment.end && !claim; i++) {
        // A term opening with a negator right after words of the answer's own links them: "数值不同"
        // says something of 数值.
        const raw = i < segment.end ? text.charCodeAt(i) : SPACE;
        // So does a term opening with a modal right after another term: "轨迹和动作边界得留".
        if (covered[i] === 1 && firstCovered < 0) firstCovered = i;
        // 就 inside a later term, or opening one with 就是: "算出优势值训练就完成", "标准化就是GRPO".
        const linkedByJiu = covered[i] === 1 && raw === JIU && this.termStartsIn(firstCovered + 1, i + 1) &&
          (!this.termStartsIn(i, i + 1) || text.startsWith("就是", i));
        const predicate = linkedByJiu || (covered[i] === 1 && i > segment.start && isHanUnit(text.charCodeAt(i - 1)) &&
          ((NEGATOR_UNITS.has(raw) && covered[i - 1] === 0) || (MODAL_UNITS.has(raw) && this.termBoundaryAt(i) && !startsWithOneOf(text, i, NOT_MODAL))));
        // An English term opening with a linking verb after another term is the predicate: "normalized
        // scores are the update", "the training is done".
        if (covered[i] === 1 && firstCovered >= 0 && firstCovered < i && LINK_VERB_FIRSTS.has(raw) && this.termStartsIn(i, i + 1) && LINKING_OPENER_EN.test(text.slice(i, i + 8))) claim = true;
        const unit = i < segment.end && (covered[i] === 0 || predicate) ? raw : SPACE;
        if ((unit >= 0x61 && unit <= 0x7a) || unit === APOSTROPHE) {
          if (wordStart < 0) wordStart = i;
          continue;
        }
        if (wordStart >= 0) {
          const word = text.slice(wordStart, i);
          if (LINK_WORDS.has(word)) claim = true;
          else if (!LIST_WORDS.has(word)) plainWords += 1;
          wordStart = -1;
        }
        if (LINK_UNITS[unit] === 1) claim = true;
        else if (isHanUnit(unit)) plainHan += 1;
      }
      // Four characters besides the terms are a phrase of their own ("全组奖励的话"), not a list.
      if (plainHan >= 4) claim = true;
      // English verbs are too many to list: two words besides the terms make a sentence.
      if (plainWords >= 2) claim = true;
    }
    if (segmentIndex >= 0 && segmentIndex < claims.length) claims[segmentIndex] = claim ? 2 : 1;
    return claim;
  }

  /**
   * Whether terms are read as typed, homophone matches being the answer's own words: while a point
   * is judged contradicted without them, so that the judgement is the one made before they were
   * matched. Otherwise a misspelt term is a term, not a claim's own words ("DPO 偏号对 RL 奖励" stays a
   * list), which can only make fewer claims, so fewer misconceptions.
   */
  private readsAsTyped(): boolean {
    return this.homophonesLeftOut === "all" && this.sawHomophone;
  }

  private coverage(): Uint8Array {
    const asTyped = this.readsAsTyped();
    const known = asTyped ? this.coveredAsTyped : this.covered;
    if (known) return known;
    const covered = new Uint8Array(this.text.length);
    for (const concept of this.allConcepts) {
      for (const occurrence of this.everyOccurrenceOf(concept)) {
        if (asTyped && occurrence.homophone) continue;
        covered.fill(1, occurrence.start, occurrence.end);
        if (occurrence.gap) covered.fill(0, occurrence.gap.start, occurrence.gap.end);
      }
    }
    if (asTyped) this.coveredAsTyped = covered;
    else this.covered = covered;
    return covered;
  }

  /** Whether the term's segment holds Chinese or English words of the answer's own beyond the prompt's (a claim, not a copy). */
  hasOwnWords(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    return segment !== undefined && segment.end - segment.start > o.end - o.start + 2;
  }

  /** Whether the answer says the term at `o` is still needed (see `assertsNeed` in negation.ts). */
  assertsNeed(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    if (!segment) return false;
    return assertsNeed({ text: this.text, masked: this.negationText(), segmentStart: segment.start, segmentEnd: segment.end, holdsTerm: this.holdsTerm }, o.start, o.end);
  }

  /**
   * Whether the segment is an item of a list running into the next one: it ends with "、" in the
   * answer as written and holds only terms (no claim of its own), in the same sentence as the next.
   */
  enumeratesInto(segmentIndex: number): boolean {
    const segment = this.clauses.segments[segmentIndex];
    const next = this.clauses.segments[segmentIndex + 1];
    if (!segment || !next || next.sentence !== segment.sentence || segment.end >= this.text.length) return false;
    const at = this.normalized.originStart[segment.end] ?? -1;
    return this.original[at] === "、" && !this.segmentMakesClaim(segmentIndex);
  }

  /** Whether the answer says the term at `o` can still be done (see `assertsPossible` in negation.ts). */
  assertsPossible(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    if (!segment) return false;
    return assertsPossible({ text: this.text, segmentStart: segment.start, segmentEnd: segment.end }, o.start);
  }

  /**
   * Whether the term stands in a belief the answer reports in order to reject it ("有人说反思就等于更新
   * 权重，这不对", "有人觉得……，其实……"): a reporting frame before it in its sentence, and a rejection
   * after it there or at the start of the next sentence.
   */
  reportedToReject(o: Occurrence): boolean {
    const report = this.reportOf(o.sentence);
    return report.frame >= 0 && report.frame <= o.start && report.rejection >= o.end;
  }

  /**
   * Whether terms of one claim are a belief reported to be rejected: some stand in the report, the
   * rest before it as its topic ("全组同分的时候有人会说梯度全为零，其实……"), all before the rejection.
   */
  claimReportedToReject(terms: readonly Occurrence[]): boolean {
    if (this.quotedToReject(terms)) return true;
    let inReport = false;
    for (const o of terms) {
      const report = this.reportOf(o.sentence);
      if (report.frame < 0 || report.rejection < o.end) return false;
      if (report.frame <= o.start) inReport = true;
    }
    return inReport;
  }

  /**
   * Whether terms of one claim all stand inside one quotation of the answer as typed, and a rejection
   * follows the quotation closely ("“全组同分梯度就全为零”是个常见误判"): the claim is quoted to reject it.
   */
  private quotedToReject(terms: readonly Occurrence[]): boolean {
    const [first] = terms;
    if (first === undefined || !QUOTE_CLOSES.some((mark) => this.original.includes(mark))) return false;
    let start = Infinity;
    let end = -1;
    for (const o of terms) {
      start = Math.min(start, this.normalized.originStart[o.start] ?? 0);
      end = Math.max(end, this.normalized.originEnd[o.end - 1] ?? 0);
    }
    const open = lastOpeningQuoteBefore(this.original, start, QUOTE_REACH);
    if (open < 0) return false;
    const close = firstClosingQuoteAfter(this.original, end, QUOTE_REACH);
    if (close < 0) return false;
    const after = this.original.slice(close + 1, close + 1 + QUOTE_REJECTION_REACH).toLowerCase();
    return QUOTE_REJECTIONS.some((word) => after.includes(word));
  }

  /** Per sentence, read once: where its first reporting frame ends and its last rejection starts (-1 if none). */
  private reportOf(index: number): { frame: number; rejection: number } {
    this.reports ??= new Map();
    const known = this.reports.get(index);
    if (known) return known;
    const sentence = this.clauses.sentences[index];
    let frame = -1;
    let rejection = -1;
    // The sentence's own text, read by every list of frames below.
    const text = sentence ? this.text.slice(sentence.start, sentence.end) : "";
    if (sentence) {
      for (const word of REPORTING_FRAMES) {
        const at = text.indexOf(word);
        if (at >= 0 && (frame < 0 || sentence.start + at + word.length < frame)) frame = sentence.start + at + word.length;
      }
      if (frame >= 0) {
        const next = this.clauses.sentences[index + 1];
        const end = next ? Math.min(next.end, next.start + REJECTION_REACH_NEXT) : sentence.end;
        const after = this.text.slice(frame, end);
        for (const word of REJECTIONS) {
          const at = after.lastIndexOf(word);
          if (at >= 0) rejection = Math.max(rejection, frame + at);
        }
      }
    }
    // A belief announced as a trap is described, not claimed: from the announcement to the sentence's
    // end ("两个坑要避开：一是把原论文和 v1.0 当成同一套接口"), or all of the sentence after one that
    // ends announcing it ("先排两个坑。一是把反思说成权重更新").
    if (sentence) {
      const typedColonAt = (at: number): boolean => this.typedColonAt(at);
      const announced = pitfallAnnouncedIn(this.text, sentence.start, sentence.end, typedColonAt);
      const previous = this.clauses.sentences[index - 1];
      const opened = previous !== undefined && pitfallAnnouncedIn(this.text, previous.start, previous.end, typedColonAt) === previous.end ? sentence.start : announced;
      if (opened >= 0 && (frame < 0 || opened < frame || rejection < 0)) {
        frame = frame < 0 ? opened : Math.min(frame, opened);
        rejection = sentence.end;
      }
      for (const word of REJECTING_FRAMES_EN) {
        const at = text.indexOf(word);
        if (at < 0) continue;
        frame = frame < 0 ? sentence.start + at + word.length : Math.min(frame, sentence.start + at + word.length);
        rejection = sentence.end;
      }
    }
    const report = { frame, rejection };
    this.reports.set(index, report);
    return report;
  }

  /**
   * Whether the term is said to count in full: a word for all of it right before it and a verb of
   * counting it in right after ("全部 token 都算进去", "所有输出都参与训练", "all tokens go into the loss").
   */
  allCounted(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    if (!segment) return false;
    const before = this.text.slice(Math.max(segment.start, o.start - ALL_REACH), o.start);
    if (!ALL_WORDS.some((word) => before.includes(word))) return false;
    const after = this.text.slice(o.end, Math.min(segment.end, o.end + ALL_REACH + 2));
    return COUNTED_IN.some((verb) => {
      const at = after.indexOf(verb);
      return at >= 0 && at <= ALL_REACH && !containsNegator(after.slice(0, at));
    });
  }

  /** Whether a limiting word ("只", "仅", "only") stands in the term's segment before it or right after it. */
  statesLimit(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    if (!segment) return false;
    const before = this.text.slice(segment.start, o.start);
    const after = this.text.slice(o.end, Math.min(segment.end, o.end + LIMIT_REACH_AFTER));
    return LIMITING_WORDS.some((word) => before.includes(word) || after.includes(word));
  }

  /**
   * The segment the occurrence stands in. An occurrence inside a list read as a whole is counted in
   * the list's last segment (`withListsRead`); its own words are still read where they stand.
   */
  homeOf(o: Occurrence): number {
    return this.clauses.segmentAt[o.start] ?? o.segment;
  }

  /** Whether a "not only" follows the term closely in its segment ("代理不光是抓调用", "代理能做的不只是……"). */
  limitDenied(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    if (!segment) return false;
    const to = Math.min(segment.end, o.end + NOT_ONLY_REACH);
    for (let at = o.end; at < to; at++) for (const word of NOT_ONLY) if (this.text.startsWith(word, at)) return true;
    return false;
  }

  /** Whether the answer says the term at `o` is enough on its own (see `claimsSufficient` in negation.ts). */
  claimsSufficient(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    if (!segment) return false;
    return claimsSufficient({ text: this.text, masked: this.negationText(), segmentStart: segment.start, segmentEnd: segment.end, holdsTerm: this.holdsTerm }, o.start, o.end);
  }

  /** Whether the answer says the term at `o` is not needed (see `deniesNeed` in negation.ts). */
  deniesNeed(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    if (!segment) return false;
    this.termBetweenTest ??= (from: number, to: number): boolean => this.termBetween(from, to);
    return deniesNeed({ text: this.text, masked: this.negationText(), segmentStart: segment.start, segmentEnd: segment.end, holdsTerm: this.holdsTerm }, o.start, o.end, this.termBetweenTest);
  }

  /** `termBetween` as the function `deniesNeed` takes, made once per answer that asks. */
  private termBetweenTest: ((from: number, to: number) => boolean) | null = null;

  /** Whether some term of the answer covers a character of [from, to). */
  private termBetween(from: number, to: number): boolean {
    const covered = this.coverage();
    for (let i = from; i < to; i++) if (covered[i] === 1) return true;
    return false;
  }

  /** Whether the rest of the term's segment says something of its own without negating it ("……一样能做"). */
  affirmsAfter(o: Occurrence): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    if (!segment || segment.end - o.end < MIN_OWN_WORDS) return false;
    return !containsNegator(this.text.slice(o.end, segment.end));
  }

  /** Whether the few characters before the term in its segment are the answer's own, not copied from `prompt`. */
  ownWordsBefore(o: Occurrence, prompt: string): boolean {
    const segment = this.clauses.segments[this.homeOf(o)];
    if (!segment) return false;
    const before = this.text.slice(Math.max(segment.start, o.start - OWN_WORDS_BEFORE), o.start);
    return before.length >= MIN_OWN_WORDS && !prompt.includes(before);
  }

  private sentenceGrams: SentenceGrams[] | null = null;

  /** The answer's distinct sentences as the learned models read them (for the sentence a learned call shows), read once. */
  learnedSentences(): SentenceGrams[] {
    this.sentenceGrams ??= distinctSentenceGrams(this.clauses.sentences.map((span) => this.text.slice(span.start, span.end)));
    return this.sentenceGrams;
  }

  evidence(start: number, end: number): string {
    return originalSpan(this.original, this.normalized, start, end);
  }
}

const isDenied = (occurrence: Occurrence): boolean => occurrence.negated !== occurrence.selfNegating;

/** Which occurrences count: all, only those not negated, or only denials. */
type Kept = "all" | "affirmed" | "denied";

type PerConcept = readonly (readonly Occurrence[])[];

function keeps(kept: Kept, occurrence: Occurrence): boolean {
  return kept === "all" || (kept === "affirmed" ? !occurrence.negated : isDenied(occurrence));
}

/** A concept the point itself states negatively ("减少对单独价值模型的依赖") counts either way. */
function presentKept(point: CompiledKeyPoint, index: number): Kept {
  return point.polarity === "deny" || point.eitherPolarity[index] === true ? "all" : "affirmed";
}

// The helpers below look occurrences up in the concepts' own lists instead of building per-sentence
// tables and closures for every point of every answer; the lists usually hold a handful of entries.
// A list is in text order, so its segments and sentences never decrease: the entries of one
// sentence or segment are found by binary search, which keeps an answer repeating one term
// thousands of times from costing the square of that.

/** Where a scope (sentence or segment) is numbered in an occurrence. */
type Scope = "segment" | "sentence";

/** `o[scope]` read as a named field: a keyed read by two names is a megamorphic site. */
function scopeOf(o: Occurrence, scope: Scope): number {
  return scope === "segment" ? o.segment : o.sentence;
}

/** Index of the first occurrence whose `scope` is at least `at`. */
function lowerBound(occurrences: readonly Occurrence[], scope: Scope, at: number): number {
  let low = 0;
  let high = occurrences.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (scopeOf(occurrences[middle] as Occurrence, scope) < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first kept occurrence in list order, within `sentence` (or anywhere if it is -1). */
function firstKept(occurrences: readonly Occurrence[], kept: Kept, sentence: number): Occurrence | undefined {
  if (sentence < 0) {
    for (const o of occurrences) if (keeps(kept, o)) return o;
    return undefined;
  }
  for (let k = lowerBound(occurrences, "sentence", sentence); k < occurrences.length; k++) {
    const o = occurrences[k] as Occurrence;
    if (o.sentence !== sentence) break;
    if (keeps(kept, o)) return o;
  }
  return undefined;
}

/** Each concept's first occurrence present in the sentence, skipping concepts absent from it; null if none is there. */
function presentIn(point: CompiledKeyPoint, perConcept: PerConcept, sentence: number): Occurrence[] | null {
  let found: Occurrence[] | null = null;
  for (let c = 0; c < perConcept.length; c++) {
    const o = firstKept(perConcept[c] ?? [], presentKept(point, c), sentence);
    if (o) (found ??= []).push(o);
  }
  return found;
}

function anyMakesClaim(analysis: AnswerAnalysis, occurrences: readonly Occurrence[]): boolean {
  for (const o of occurrences) if (analysis.segmentMakesClaim(analysis.homeOf(o))) return true;
  return false;
}

/**
 * Echoing the question's own words ("SFT 和 DPO") proves little; saying what goes with them
 * ("SFT 要示范，DPO 要偏好对") does, even when the concept's label is in the question.
 * True when every mention of the occurrence's concept in its sentence is an alias the prompt uses.
 */
function echoesPrompt(point: CompiledKeyPoint, perConcept: PerConcept, analysis: AnswerAnalysis, o: Occurrence, index?: number): boolean {
  // Denying what the question asks about ("别直接全拼起来训") is a claim of the answer's own.
  if (point.polarity === "deny" && isDenied(o) && point.promptQuestion === "plain") return false;
  // So is restating a question that asks "没有 X 能……吗？" as a statement ("没有标量奖励一样能做").
  // Or denying it in words the question does not use ("SFT 和 DPO 都用不上奖励").
  if (point.polarity === "deny" && isDenied(o) && point.promptQuestion === "negated" &&
    (analysis.affirmsAfter(o) || analysis.ownWordsBefore(o, point.prompt))) return false;
  // A point of one concept that the question names ("本题用的是总体标准差") is made by a claim about it.
  if (point.concepts.length === 1 && point.polarity === "assert" && analysis.segmentMakesClaim(analysis.homeOf(o)) && analysis.hasOwnWords(o)) return false;
  let c = index ?? 0;
  if (index === undefined) while (c < perConcept.length && !(perConcept[c] ?? []).includes(o)) c += 1;
  const concept = point.concepts[c];
  const list = perConcept[c] ?? [];
  for (let k = lowerBound(list, "sentence", o.sentence); k < list.length; k++) {
    const other = list[k] as Occurrence;
    if (other.sentence !== o.sentence) break;
    if (!(concept?.promptAliases.has(wordsOf(analysis.text, other)) ?? false)) return false;
  }
  return true;
}

/** `found` holds occurrences of the point's concepts; `inOrder` when `found[c]` is concept c's. */
function allEchoPrompt(point: CompiledKeyPoint, perConcept: PerConcept, analysis: AnswerAnalysis, found: readonly Occurrence[], inOrder = false): boolean {
  for (let c = 0; c < found.length; c++) {
    if (!echoesPrompt(point, perConcept, analysis, found[c] as Occurrence, inOrder ? c : undefined)) return false;
  }
  return true;
}

function judgeByText(point: CompiledKeyPoint, analysis: AnswerAnalysis): KeyPointJudgement {
  let best = 0;
  let bestSpan = { start: 0, end: 0 };
  for (const sentence of analysis.clauses.sentences) {
    const score = diceWithSpan(point.textBigrams, analysis.text, sentence.start, sentence.end);
    if (score > best) {
      best = score;
      bestSpan = sentence;
    }
  }
  const verdict: Verdict = best >= TEXT_HIT_DICE ? "hit" : best >= TEXT_PARTIAL_DICE ? "partial" : "missed";
  return judged(verdict, false, [], verdict === "missed" ? [] : [bestSpan], true);
}

/**
 * A point's concepts as the answer mentions them, less the affirmed mentions of what the point
 * itself negates: "训练分数" said plainly is no part of "不能只看训练分数". Those mentions are
 * returned apart, as they may state the opposite of the point.
 */
function mentionsOf(point: CompiledKeyPoint, analysis: AnswerAnalysis): { perConcept: Occurrence[][]; opposite: Occurrence[] } {
  const opposite: Occurrence[] = [];
  const perConcept: Occurrence[][] = [];
  for (let c = 0; c < point.concepts.length; c++) {
    const list = analysis.of(point.concepts[c] as CompiledConcept);
    if (point.polarity === "deny" || point.eitherPolarity[c] === true || point.negatedAliases.size === 0) {
      perConcept.push(list);
      continue;
    }
    let any = false;
    for (let k = 0; k < list.length && !any; k++) any = isOpposite(point, analysis, list[k] as Occurrence);
    if (!any) {
      perConcept.push(list);
      continue;
    }
    const kept: Occurrence[] = [];
    for (const o of list) {
      if (isOpposite(point, analysis, o)) opposite.push(o);
      else kept.push(o);
    }
    perConcept.push(kept);
  }
  return { perConcept, opposite };
}

/** Words that end a topic the next clause comments on: "去重那些，用不着", "区分角色什么的，没必要". */
const TOPIC_ENDS = ["那些", "这些", "什么的", "啥的", "之类的", "之类", "这一步", "那一步", "这种事", "这些事", "那套", "那一套", "这块", "那块"];
/** Words that open such a topic: "至于区分动作和观察，没必要". */
const TOPIC_LEADS = ["至于"];
/** Words that open a clause naming a purpose or a subject the next clause answers: "要解释为什么得分，看日志就够了". */
const PURPOSE_LEADS = ["至于", "要想", "想要", "如果要", "要说", "要", "说到", "关于", "对于", "谈到"];
/** Words closing a clause that only names a topic: "SFT 的话", "DPO 呢". */
const TOPIC_MARKS = ["的话", "呢", "这块", "这边", "这一块"];
/** The longest clause read as a topic alone, in code units. */
const LONGEST_TOPIC = 12;
/** Conjunctions a topic clause may open with before its lead: "不过要解释……". */
const TOPIC_CONJUNCTIONS = ["不过", "但是", "可是", "但", "而", "那"];
const LIST_BREAK_UNIT = "、".charCodeAt(0);
const QUESTION_UNITS = new Set(["？", "?"].map((mark) => mark.charCodeAt(0)));

/** How many characters the last item of a list may hold before the negation closing it ("……、工具还是模型的问题这一步可以省掉"). */
const LIST_ITEM_LEAD = 16;

/**
 * Lists read as a whole. Items joined by "、" share what closes the list: "标清角色、动作和工具观察没必要"
 * denies marking the roles too, though the negation is far from them. A run of such items is denied
 * when its last item is a few characters closed by a negation, or when the clause after it is a
 * bare negation ("……、……，用不着"; after a question, "……？没必要吧"). A single clause is denied by a
 * bare negation after it only when it is marked as a topic ("至于……", "……什么的"), since after a
 * whole statement ("DPO 直接用偏好对训练，用不着") the negation may be about something unnamed.
 * A run that opens with a negated condition and closes on its cost ("没有……、……不行") is required.
 */
/** Whether a list could be read as a whole in the answer: it has a "、", a question mark or a topic word. */
function mayHoldRuns(original: string, text: string): boolean {
  if (original.includes("、") || original.includes("？") || original.includes("?")) return true;
  for (const word of TOPIC_LEADS) if (text.includes(word)) return true;
  for (const word of TOPIC_ENDS) if (text.includes(word)) return true;
  return false;
}

/** Words that make what follows them the standard of a comparison, and words that close it. */
const COMPARED_WITH_UNITS = new Set([..."跟和与同像"].map((char) => char.charCodeAt(0)));
const COMPARISON_CLOSINGS = ["一样", "差不多", "相当", "似的", "一般", "类似", "没区别", "没两样"];
const DE_UNIT = "的".charCodeAt(0);

/** Whether the occurrence stands as the standard of a comparison ("跟重训一样"). */
function isCompared(text: string, o: Occurrence): boolean {
  if (o.start === 0 || !COMPARED_WITH_UNITS.has(text.charCodeAt(o.start - 1))) return false;
  const from = text.charCodeAt(o.end) === DE_UNIT ? o.end + 1 : o.end;
  return startsWithOneOf(text, from, COMPARISON_CLOSINGS);
}

/** The lists without the occurrences that stand as the standard of a comparison. */
function withoutComparisons(perConcept: Occurrence[][], analysis: AnswerAnalysis): Occurrence[][] {
  const text = analysis.text;
  let any = false;
  for (const list of perConcept) for (const o of list) if (!any && isCompared(text, o)) any = true;
  return any ? perConcept.map((list) => list.filter((o) => !isCompared(text, o))) : perConcept;
}

/** Whether `text` has one of `words` at `at`. */
function startsWithOneOf(text: string, at: number, words: readonly string[]): boolean {
  for (const word of words) if (text.startsWith(word, at)) return true;
  return false;
}

/** Whether `text.slice(from, to)` ends with one of `words`. */
function endsWithOneOf(text: string, from: number, to: number, words: readonly string[]): boolean {
  for (const word of words) if (to - word.length >= from && text.startsWith(word, to - word.length)) return true;
  return false;
}

class ListRuns {
  /** Per segment: its run's last segment if the run is read as a whole, -1 if not, -2 not yet read. */
  private readonly ends: Int32Array;
  /** Per last segment of a run read whole: 1 where the run is required rather than denied. */
  readonly required: Uint8Array;
  /** Per last segment of a run read whole: 1 where a necessity negator opens it ("没必要区分动作和观察、重复日志和新采样"). */
  readonly openedUnneeded: Uint8Array;
  /** Per last segment of a run: the run's first segment. */
  readonly heads: Int32Array;

  constructor(private readonly analysis: AnswerAnalysis) {
    const count = analysis.clauses.segments.length;
    this.ends = new Int32Array(count).fill(-2);
    this.required = new Uint8Array(count);
    this.openedUnneeded = new Uint8Array(count);
    this.heads = new Int32Array(count).fill(-1);
  }

  /** The run of `segment` read once, when a term first stands in it: most runs hold no term. */
  endOf(segment: number): number {
    const known = this.ends[segment];
    if (known === undefined) return -1;
    if (known !== -2) return known;
    let first = segment;
    while (first > 0 && this.joinsNext(first - 1)) first -= 1;
    let last = segment;
    while (this.joinsNext(last)) last += 1;
    const end = this.read(first, last) ? last : -1;
    this.ends.fill(end, first, last + 1);
    return end;
  }

  /** Whether "、" joins the segment to the next one in its sentence: items of one list. */
  private joinsNext(index: number): boolean {
    const { clauses, original, normalized } = this.analysis;
    const segment = clauses.segments[index];
    const next = clauses.segments[index + 1];
    return segment !== undefined && next?.sentence === segment.sentence && original.charCodeAt(normalized.originStart[segment.end] ?? -1) === LIST_BREAK_UNIT;
  }

  /** Whether the run of segments `first`…`last` is read as a whole, noting how. */
  private read(first: number, last: number): boolean {
    const { text, original, normalized } = this.analysis;
    const segments = this.analysis.clauses.segments;
    const head = segments[first] as Segment;
    const segment = segments[last] as Segment;
    const next = segments[last + 1];
    const items = last - first + 1;
    this.heads[last] = first;
    if (items >= 2) {
      const condition = listConditionOf(this.analysis.negationText(), head, segment);
      if (condition === "required") this.required[last] = 1;
      if (condition !== null || closedByDismissal(this.analysis.negationText(), segment.start, segment.end, LIST_ITEM_LEAD, this.analysis.holdsTerm)) return true;
    }
    // A bare negation after the run: looked at only when the next clause is short enough to be one.
    if (next && next.end - next.start <= LONGEST_BARE_CLOSING_UNITS) {
      // After a question ("要不要区分哪些 token 算 loss？没必要") the bare negation answers it whole.
      const asked = QUESTION_UNITS.has(original.charCodeAt(normalized.originStart[segment.end] ?? -1));
      const closes = items >= 2 || asked || startsWithOneOf(text, head.start, TOPIC_LEADS) || endsWithOneOf(text, segment.start, segment.end, TOPIC_ENDS);
      if (closes && (next.sentence === segment.sentence || asked) && isBareClosing(text, next.start, next.end)) return true;
    }
    if (items >= 2 && opensWithUnneeded(text, head.start, head.end)) {
      this.openedUnneeded[last] = 1;
      return true;
    }
    return false;
  }
}

/**
 * The point's occurrences with those in a list read as a whole read as the list is (denied, or
 * required), in the list's last segment (so one segment holds them all, as the sentence does). A
 * list closed by a negation in its last item is denied for this point only where that negation
 * reaches one of the point's own terms: "SFT 用示范、DPO 用偏好对、奖励模型不需要" denies the reward
 * model, not the demonstrations.
 */
function withListsRead(perConcept: Occurrence[][], analysis: AnswerAnalysis): Occurrence[][] {
  let touched = false;
  for (const list of perConcept) for (const o of list) if (!touched && analysis.listRunEnd(o.segment) >= 0) touched = true;
  if (!touched) return perConcept;
  // The runs reached: an answer has a handful at most, so a plain list is searched.
  const reached: number[] = [];
  for (const list of perConcept) {
    for (const o of list) {
      const end = analysis.listRunEnd(o.segment);
      if (end < 0 || reached.includes(end)) continue;
      // A list opened by a necessity negator is denied for the point where the negator reaches one
      // of its terms in the first item: "不用奖励模型、直接用偏好对" leaves 偏好对 alone.
      const reaches = analysis.listOpenedUnneeded(end) ? o.segment === analysis.listHead(end) && o.negated
        : analysis.listRequired(end) || !closesOwnItem(analysis, end) || (o.segment === end && o.negated);
      if (reaches) reached.push(end);
    }
  }
  if (reached.length === 0) return perConcept;
  const inReached = (o: Occurrence): boolean => reached.includes(analysis.listRunEnd(o.segment));
  return perConcept.map((list) => !list.some(inReached) ? list : list.map((o) => {
    const end = analysis.listRunEnd(o.segment);
    return end >= 0 && reached.includes(end) ? { ...o, negated: !analysis.listRequired(end), segment: end } : o;
  }));
}

/** What may stand between a conceded term and its "也": a particle or an aspect marker ("缺了也没关系"). */
const CONCEDED_GAP = ["", "了", "的", "掉", "掉了", "了的"];
/** "也" and a word waving the matter away: the term before it is granted, not denied ("资料缺了也没关系"). */
const CONCEDING_CLOSINGS = ["也没关系", "也不要紧", "也无所谓", "也不管", "也没事", "也不怕", "也没问题", "也不影响", "也照样"];

/**
 * For a misconception: a term conceded ("资料不够也没关系，直接上更强的训练", "data 缺也不管啦") is the
 * belief's condition granted, though the closing negates it for a point: read as affirmed.
 */
function withConcessionsRead(perConcept: Occurrence[][], analysis: AnswerAnalysis): Occurrence[][] {
  const text = analysis.text;
  const conceded = (o: Occurrence): boolean => o.negated && CONCEDED_GAP.some((gap) => {
    const at = o.end + (text.charCodeAt(o.end) === SPACE ? 1 : 0);
    if (!text.startsWith(gap, at)) return false;
    const closingAt = at + gap.length + (text.charCodeAt(at + gap.length) === SPACE ? 1 : 0);
    return CONCEDING_CLOSINGS.some((closing) => text.startsWith(closing, closingAt));
  });
  if (!perConcept.some((list) => list.some(conceded))) return perConcept;
  return perConcept.map((list) => list.map((o) => (conceded(o) ? { ...o, negated: false } : o)));
}

/**
 * For a point asking for a thing to be removed: a mention closed by "没必要留", "别留着" says it is to go,
 * which makes the point: read as affirmed.
 */
function withRemovalsRead(perConcept: Occurrence[][], analysis: AnswerAnalysis): Occurrence[][] {
  if (!perConcept.some((list) => list.some((o) => o.negated && analysis.keepingDismissedAfter(o)))) return perConcept;
  return perConcept.map((list) => list.map((o) => (o.negated && analysis.keepingDismissedAfter(o) ? { ...o, negated: false } : o)));
}

/** Whether the list ending at `end` is denied by a negation inside its last item (not by a clause after it). */
function closesOwnItem(analysis: AnswerAnalysis, end: number): boolean {
  const segment = analysis.clauses.segments[end] as Segment;
  return closedByDismissal(analysis.negationText(), segment.start, segment.end, LIST_ITEM_LEAD, analysis.holdsTerm);
}

/** How many characters more than the alias a near or spread match of it may hold ("训练集分数"). */
const NEGATED_ALIAS_SLACK = 2;

/**
 * Whether the matched words are an alias the point's own text negates: that alias itself, or a near
 * or spread match holding its characters in order ("训练集分数" for 训练分数).
 */
function namesNegatedAlias(point: CompiledKeyPoint, words: string, o: Occurrence): boolean {
  if (point.negatedAliases.has(words)) return true;
  if (!o.nearMiss && !o.gap) return false;
  for (const alias of point.negatedAliases) {
    if (alias.length < 3 || words.length > alias.length + NEGATED_ALIAS_SLACK) continue;
    let k = 0;
    for (let i = 0; i < words.length && k < alias.length; i++) if (words.charCodeAt(i) === alias.charCodeAt(k)) k += 1;
    if (k === alias.length) return true;
  }
  return false;
}

/** An affirmed mention of what the point itself negates (see `mentionsOf`). */
function isOpposite(point: CompiledKeyPoint, analysis: AnswerAnalysis, o: Occurrence): boolean {
  return !o.negated && namesNegatedAlias(point, wordsOf(analysis.text, o), o);
}

/** Points of this many concepts or more may be made over several sentences running on. */
const ENUMERATION_CONCEPTS = 3;
/** How many sentences in a row such a point may take. */
const ENUMERATION_SENTENCES = 3;

/**
 * Each concept's first occurrence within ENUMERATION_SENTENCES sentences in a row, each in a
 * segment that makes a claim, not all echoing the prompt, and no concept denied there where the
 * point asserts it; null if no run holds them all.
 */
function enumeratedAcross(point: CompiledKeyPoint, perConcept: PerConcept, analysis: AnswerAnalysis, lastSentence: number): Occurrence[] | null {
  for (let first = 0; first <= lastSentence; first++) {
    const found: Occurrence[] = [];
    for (let c = 0; c < perConcept.length; c++) {
      const list = perConcept[c] ?? [];
      let chosen: Occurrence | undefined;
      for (let k = lowerBound(list, "sentence", first); k < list.length; k++) {
        const o = list[k] as Occurrence;
        if (o.sentence >= first + ENUMERATION_SENTENCES) break;
        if (!keeps(presentKept(point, c), o)) {
          chosen = undefined;
          break;
        }
        if (!chosen && analysis.segmentMakesClaim(analysis.homeOf(o))) chosen = o;
      }
      if (!chosen) break;
      found.push(chosen);
    }
    if (found.length === perConcept.length && new Set(found.map((o) => o.sentence)).size > 1 && !allEchoPrompt(point, perConcept, analysis, found, true)) {
      return found;
    }
  }
  return null;
}

function judgeKeyPoint(point: CompiledKeyPoint, analysis: AnswerAnalysis): KeyPointJudgement {
  if (point.concepts.length === 0) return judgeByText(point, analysis);
  const mentions = mentionsOf(point, analysis);
  // What something else is compared with ("效果跟重训一样") is not claimed: a denial point's term
  // standing only as the standard of a comparison asserts nothing it denies.
  const read = withListsRead(point.polarity === "deny" ? withoutComparisons(mentions.perConcept, analysis) : mentions.perConcept, analysis);
  const perConcept = point.removes ? withRemovalsRead(read, analysis) : read;
  const opposite = mentions.opposite;
  const needed = point.concepts.length;
  const deny = point.polarity === "deny";

  // A point that reduces or removes something ("减少对单独价值模型的依赖") is contradicted by an
  // answer that says it is still needed and never says otherwise.
  if (!deny) {
    for (let c = 0; c < needed; c++) {
      const list = perConcept[c] ?? [];
      if (point.reduced[c] !== true || list.length === 0 || list.some((o) => o.negated)) continue;
      // A point saying a thing cannot be done ("缺少环境就无法解释") is as contradicted by saying it still can.
      // Asked ("价值模型还要不要？"), it is not said.
      const o = list.find((candidate) => (analysis.assertsNeed(candidate) || analysis.assertsPossible(candidate)) && !analysis.inQuestion(candidate));
      if (o) return judged("missed", true, [o], clauseAround(analysis, [o]), true);
    }
  }

  // A leading "不能" to "没有 X 能……吗？" contradicts the point, whatever the rest repeats of the question.
  if (deny && point.promptQuestion !== null && analysis.leadingAnswer !== null) {
    const denies = (analysis.leadingAnswer === "no") !== (point.promptQuestion === "negated");
    const ownDenial = perConcept.some((list, c) => list.some((o) => isDenied(o) && !echoesPrompt(point, perConcept, analysis, o, c)));
    if (!denies && !ownDenial) {
      return judged("missed", true, [], [analysis.leadingSpan], true);
    }
  }

  // What the point says differs among its concepts, said to be the same for them ("SFT、DPO、RL 要的
  // 数据都一样" against "三者需要的数据不同"): two of the concepts and that claim in one sentence,
  // even where every concept stands (naming them is no part of the point then).
  if (!deny && point.differingIn !== null) {
    const same = sameClaimed(point.differingIn, perConcept, analysis);
    if (same) return judged("missed", true, same.found, [same.span], true);
  }

  // A point asking which of a thing counts ("明确哪些 token 参与生成目标"), answered that all of it
  // counts ("整段对话全部 token 都算进去"), or that which of it counts needs no telling apart ("哪些
  // token 算 loss 无需特别区分"): the answer says there is nothing to choose.
  for (let c = 0; c < needed; c++) {
    if (point.askedWhich[c] !== true) continue;
    const o = (perConcept[c] ?? []).find((candidate) =>
      (!candidate.negated && analysis.allCounted(candidate)) || analysis.attentionDeniedAfter(candidate) || analysis.dismissedAfter(candidate) ||
      analysis.whichDismissed(candidate));
    if (o) return judged("missed", true, [o], clauseAround(analysis, [o]), true);
  }

  // Hit: one sentence holds every concept (and, for a denial, negates one of them).
  // Sentences are taken in ascending order, skipping those where no concept is present.
  let lastSentence = -1;
  for (let c = 0; c < needed; c++) {
    for (const o of perConcept[c] ?? []) if (keeps(presentKept(point, c), o)) lastSentence = Math.max(lastSentence, o.sentence);
  }
  let hit: Occurrence[] | null = null;
  let hitSupported = false;
  let bestPartial: Occurrence[] = [];
  for (let sentence = 0; sentence <= lastSentence; sentence++) {
    const found = presentIn(point, perConcept, sentence);
    if (!found) continue;
    let negatesOne = !deny;
    for (let c = 0; c < needed && !negatesOne; c++) negatesOne = firstKept(perConcept[c] ?? [], "denied", sentence) !== undefined;
    if (found.length === needed && negatesOne && !allEchoPrompt(point, perConcept, analysis, found, true)) {
      // For a denial, the denied mention of a concept stands for it where there is one.
      let chosen = found;
      if (deny) {
        chosen = [];
        for (let c = 0; c < needed; c++) chosen.push(firstKept(perConcept[c] ?? [], "denied", sentence) ?? (found[c] as Occurrence));
      }
      const supported = supportsPoint(analysis, chosen);
      if (!hit || (supported && !hitSupported)) {
        hit = chosen;
        hitSupported = supported;
      }
      if (hitSupported) break;
    } else if (negatesOne && found.length > bestPartial.length) {
      bestPartial = found;
    }
  }
  // A point that lists three or more things ("SFT 用示范、DPO 用偏好对、RL 用奖励") is often said
  // one thing a sentence: all of them in a few sentences running on, none denied, make it too.
  if (!hit && !deny && needed >= ENUMERATION_CONCEPTS) hit = enumeratedAcross(point, perConcept, analysis, lastSentence);
  if (hit) {
    // The point limits a thing ("代理只能捕获模型调用"), the answer says it does more ("代理不光是抓调用"):
    // the point's own words with the limit denied.
    let crossed = false;
    for (let c = 0; c < hit.length && !crossed; c++) crossed = point.limited[c] === true && analysis.limitDenied(hit[c] as Occurrence);
    if (crossed) return judged("missed", true, hit, clauseAround(analysis, hit), true);
    // The clause goes on to say the thing is not needed ("对齐框架时不用去查实现"): its last word on the
    // point is a dismissal, whatever it named before.
    if (!deny) {
      const dismissal = dismissedLaterInClause(perConcept, hit, analysis);
      if (dismissal) return judged("missed", true, [dismissal], clauseAround(analysis, [dismissal]), true);
    }
    return judged("hit", false, hit, hit, hitSupported || supportsPoint(analysis, hit));
  }
  if (deny && point.promptQuestion !== null && analysis.leadingAnswer !== null) {
    // The prompt asks "X 吗？" (or "没有 X 能……吗？", where yes denies X).
    const denies = (analysis.leadingAnswer === "no") !== (point.promptQuestion === "negated");
    const span = analysis.leadingSpan;
    if (denies) {
      // A yes taken back by what follows ("可以做，但流程上得先把 RM 训出来") says the thing is needed after all.
      for (const list of perConcept) {
        for (const o of list) if (!o.negated && analysis.assertsNeed(o)) return judged("missed", true, [o], clauseAround(analysis, [o]), true);
      }
      return judged("hit", false, [], [span], true);
    }
    if (perConcept.every((list) => list.every((o) => !isDenied(o)))) {
      return judged("missed", true, [], [span], true);
    }
  }

  // Contradiction: within one segment every concept appears with the wrong negation.
  // Segments are taken in the order they first appear, concept by concept.
  let anyDenied = false;
  for (let c = 0; c < needed && !anyDenied; c++) anyDenied = firstKept(perConcept[c] ?? [], "denied", -1) !== undefined;
  let seenSegments: Set<number> | null = null;
  for (let c = 0; c < needed; c++) {
    const occurrences = perConcept[c] ?? [];
    for (let k = 0; k < occurrences.length; k++) {
      const segment = occurrences[k]?.segment ?? -1;
      seenSegments ??= new Set();
      if (seenSegments.has(segment)) continue;
      seenSegments.add(segment);
      if (!everyConceptIn(perConcept, segment)) continue;
      // "拼起来之前要先标角色" sets a time for something else: it does not claim the term.
      if (deny && onlyTimeFramesIn(perConcept, segment, analysis.text)) continue;
      if (deny ? !anyDenied : someAllNegatedIn(point, perConcept, segment, analysis.text)) {
        const evidence: Occurrence[] = [];
        for (const list of perConcept) {
          const first = list[lowerBound(list, "segment", segment)];
          if (first?.segment === segment) evidence.push(first);
        }
        return judged("missed", true, evidence, clauseAround(analysis, evidence), true);
      }
    }
  }

  // A denial point's claim made over two clauses, the second going on about the first ("改 prompt、加
  // skill，这些其实也是一种训练", "prompt+memory 调好，本质上就是一种训练"), with no denial anywhere.
  if (deny && !anyDenied) {
    const spread = claimedOverTwoClauses(perConcept, analysis);
    if (spread) return judged("missed", true, spread, clauseAround(analysis, spread), true);
  }

  // A list joined by "、" and closed by a negation ("解耦、轨迹转换那些都推翻了") denies every item:
  // the point's concepts spread over the list's items, one of them only denied, contradict it.
  if (!deny && needed >= 2) {
    const listed = contradictedOverList(point, perConcept, analysis);
    if (listed) return judged("missed", true, listed.found, [listed.span], true);
  }

  // What the point says is not enough on its own, said to be enough ("光看训练分数就够了" against
  // "不能只看训练分数"): the answer states the opposite of the point.
  for (const o of opposite) {
    if (!analysis.claimsSufficient(o)) continue;
    return judged("missed", true, [o], clauseAround(analysis, [o]), true);
  }

  // Every concept of the point said to be unneeded in one sentence ("犯不着分哪个是重复上报、哪个是新采样，
  // 动作和观察也没必要拆开"): the answer rejects the point, whatever it names elsewhere.
  if (!deny && needed >= 2) {
    const denial = deniedAsUnneededInOneSentence(point, perConcept, analysis);
    if (denial) return judged("missed", true, denial, clauseAround(analysis, denial), true);
  }

  // A two-concept point whose key term the answer only ever denies ("独立任务和坏例没必要再看",
  // "其实不需要环境"), where the other term is not affirmed alongside: the answer rejects the point.
  if (!deny && needed === 2) {
    for (let c = 0; c < needed; c++) {
      const list = perConcept[c] ?? [];
      if (point.eitherPolarity[c] === true || list.length === 0 || list.some((o) => !o.negated)) continue;
      for (const o of list) {
        if (o.selfNegating || point.negatedAliases.has(wordsOf(analysis.text, o))) continue;
        // Where the point says the other comes from ("……都来自环境"), the other named elsewhere in
        // the sentence does not save it: "奖励看日志就能推出来，环境可有可无" denies the source.
        // The other named only as the topic ("SFT 的话，……不需要什么示范答案") is what the denial is about, not a claim of its own.
        const saving = firstAffirmedIn(perConcept[1 - c] ?? [], point.source === c ? "segment" : "sentence", point.source === c ? o.segment : o.sentence);
        if (saving !== undefined && !(saving.segment < o.segment && analysis.isTopicOnly(saving.segment))) continue;
        // "重复日志和新采样没必要区分" denies distinguishing those, not whatever the point would have distinguished.
        const other = perConcept[1 - c] ?? [];
        if (isAttentionVerb(wordsOf(analysis.text, o)) && other[lowerBound(other, "sentence", o.sentence)]?.sentence !== o.sentence) continue;
        if (!analysis.segmentMakesClaim(analysis.homeOf(o)) || !analysis.deniesNeed(o)) continue;
        return judged("missed", true, [o], clauseAround(analysis, [o]), true);
      }
    }
  }

  // Partial: at least half of the concepts together (not merely echoed from the prompt),
  // or all of them, scattered over several sentences.
  if (needed >= 2) {
    let everyPresent = true;
    for (let c = 0; c < needed && everyPresent; c++) everyPresent = firstKept(perConcept[c] ?? [], presentKept(point, c), -1) !== undefined;
    // Scattered unless the first present mention of every concept in every sentence only echoes the prompt.
    let scattered = false;
    for (let c = 0; c < needed && everyPresent && !scattered; c++) {
      const occurrences = perConcept[c] ?? [];
      const kept = presentKept(point, c);
      // The first kept occurrence of each sentence: the list runs in sentence order.
      let sentenceSeen = -1;
      for (let k = 0; k < occurrences.length && !scattered; k++) {
        const o = occurrences[k] as Occurrence;
        if (!keeps(kept, o) || o.sentence === sentenceSeen) continue;
        sentenceSeen = o.sentence;
        scattered = !echoesPrompt(point, perConcept, analysis, o, c);
      }
    }
    // Removing what the point removes ("用不着单独的价值模型") is a part of it said in its own
    // terms, even alone.
    const removesAsPointDoes = bestPartial.some((o) => o.negated && point.reduced[perConcept.findIndex((list) => list.includes(o))] === true);
    const enough = bestPartial.length >= Math.ceil(needed / 2) || removesAsPointDoes;
    const echoOnly = allEchoPrompt(point, perConcept, analysis, bestPartial);
    if (scattered || (enough && !echoOnly)) {
      let evidence = bestPartial;
      if (scattered) {
        evidence = [];
        for (let c = 0; c < needed; c++) {
          const first = firstKept(perConcept[c] ?? [], presentKept(point, c), -1);
          if (first) evidence.push(first);
        }
      }
      const supported = anyMakesClaim(analysis, evidence);
      return judged("partial", false, evidence, evidence, supported);
    }
  }
  return judged("missed", false, [], [], true);
}

/**
 * A mention of one of the point's concepts said to be unneeded ("不用去查实现") in the clause of every
 * hit occurrence, after all of them, and no plain mention of that concept after it there: or null.
 */
function dismissedLaterInClause(perConcept: PerConcept, hit: readonly Occurrence[], analysis: AnswerAnalysis): Occurrence | null {
  const first = hit[0];
  if (!first || !hit.every((o) => o.segment === first.segment)) return null;
  const end = Math.max(...hit.map((o) => o.end));
  for (const list of perConcept) {
    let dismissal: Occurrence | null = null;
    for (const o of list) {
      if (o.segment !== first.segment || o.start < end) continue;
      if (o.negated && !o.selfNegating && analysis.deniesNeed(o)) dismissal = o;
      else if (dismissal) dismissal = null;
    }
    if (dismissal) return dismissal;
  }
  return null;
}

/**
 * The point's concepts over one list of items joined by "、" (every item but the last a bare term),
 * some concept mentioned there only denied, by a negation in the last item: one occurrence per
 * concept and the list's span, or null.
 */
function contradictedOverList(
  point: CompiledKeyPoint,
  perConcept: PerConcept,
  analysis: AnswerAnalysis,
): { found: Occurrence[]; span: { start: number; end: number } } | null {
  const segments = analysis.clauses.segments;
  // Each list is read once, from its last item: every segment is visited a bounded number of times.
  for (let last = 1; last < segments.length; last++) {
    if (!analysis.enumeratesInto(last - 1) || analysis.enumeratesInto(last)) continue;
    let first = last - 1;
    while (first > 0 && analysis.enumeratesInto(first - 1)) first -= 1;
    const found: Occurrence[] = [];
    let deniedInLast = false;
    for (let c = 0; c < perConcept.length; c++) {
      const list = perConcept[c] ?? [];
      let any: Occurrence | undefined;
      let affirmed = false;
      for (let k = lowerBound(list, "segment", first); k < list.length; k++) {
        const o = list[k] as Occurrence;
        if (o.segment > last) break;
        any ??= o;
        if (!o.negated || point.eitherPolarity[c] === true || point.negatedAliases.has(wordsOf(analysis.text, o))) affirmed = true;
        else if (o.segment === last) deniedInLast = true;
      }
      if (!any) break;
      found.push(any);
      if (!affirmed && !deniedInLast) break;
    }
    if (found.length !== perConcept.length || !deniedInLast) continue;
    // Every concept denied in the last item must be denied there only, none of them affirmed in the list.
    const someOnlyDenied = perConcept.some((list, c) => {
      if (point.eitherPolarity[c] === true) return false;
      let seen = false;
      for (let k = lowerBound(list, "segment", first); k < list.length; k++) {
        const o = list[k] as Occurrence;
        if (o.segment > last) break;
        if (!o.negated || point.negatedAliases.has(wordsOf(analysis.text, o))) return false;
        seen = true;
      }
      return seen;
    });
    if (someOnlyDenied) return { found, span: { start: (segments[first] as Segment).start, end: (segments[last] as Segment).end } };
  }
  return null;
}

/**
 * One occurrence per concept, all in one sentence, each said to be unneeded by a necessity negator
 * (see `deniesNeed`) in a clause that makes a claim; null if no sentence has that. Concepts the point
 * itself removes or states either way, and its own negated wording, never count as denied.
 */
function deniedAsUnneededInOneSentence(point: CompiledKeyPoint, perConcept: PerConcept, analysis: AnswerAnalysis): Occurrence[] | null {
  for (let c = 0; c < perConcept.length; c++) if (point.reduced[c] === true || point.eitherPolarity[c] === true) return null;
  const first = perConcept[0] ?? [];
  let tried = -1;
  for (const anchor of first) {
    if (anchor.sentence === tried || !deniedAsUnneeded(point, analysis, anchor)) continue;
    tried = anchor.sentence;
    const found: Occurrence[] = [anchor];
    for (let c = 1; c < perConcept.length; c++) {
      const list = perConcept[c] ?? [];
      for (let k = lowerBound(list, "sentence", anchor.sentence); k < list.length; k++) {
        const o = list[k] as Occurrence;
        if (o.sentence !== anchor.sentence) break;
        if (deniedAsUnneeded(point, analysis, o)) {
          found.push(o);
          break;
        }
      }
      if (found.length !== c + 1) break;
    }
    if (found.length === perConcept.length) return found;
  }
  return null;
}

/** A mention said to be unneeded, for `deniedAsUnneededInOneSentence`. */
function deniedAsUnneeded(point: CompiledKeyPoint, analysis: AnswerAnalysis, o: Occurrence): boolean {
  return o.negated && !o.selfNegating && !point.negatedAliases.has(wordsOf(analysis.text, o)) &&
    analysis.segmentMakesClaim(analysis.homeOf(o)) && analysis.deniesNeed(o);
}

/** Words shown as what contradicts a point: the clause of the first term, cut to a readable stretch around the terms. */
const CONTRADICTION_CONTEXT = 24;
function clauseAround(analysis: AnswerAnalysis, terms: readonly Occurrence[]): Array<{ start: number; end: number }> {
  const first = terms[0];
  const segment = first ? analysis.clauses.segments[first.segment] : undefined;
  if (!first || !segment) return [];
  let from = first.start;
  let to = first.end;
  for (const o of terms) {
    if (o.segment !== first.segment) continue;
    from = Math.min(from, o.start);
    to = Math.max(to, o.end);
  }
  return [{ start: Math.max(segment.start, from - CONTRADICTION_CONTEXT), end: Math.min(segment.end, to + CONTRADICTION_CONTEXT) }];
}

/** Words after a term that make it the time of another action ("拼起来之前", "切完以后"), a particle allowed first. */
const TIME_FRAMES_ZH = ["之前", "以前", "之后", "以后", "的时候"];
const TIME_FRAME_PARTICLES_ZH = ["", "了", "完", "好"];

/** Whether the term at `o` only sets the time of what follows ("拼起来之前……"). */
function framesTime(o: Occurrence, text: string): boolean {
  for (const particle of TIME_FRAME_PARTICLES_ZH) {
    if (!text.startsWith(particle, o.end)) continue;
    for (const frame of TIME_FRAMES_ZH) if (text.startsWith(frame, o.end + particle.length)) return true;
  }
  return false;
}

/** Whether some concept is mentioned in the segment only as the time of another action. */
function onlyTimeFramesIn(perConcept: PerConcept, segment: number, text: string): boolean {
  for (const list of perConcept) {
    let framed = true;
    let any = false;
    for (let k = lowerBound(list, "segment", segment); k < list.length && framed; k++) {
      const o = list[k] as Occurrence;
      if (o.segment !== segment) break;
      any = true;
      framed = framesTime(o, text);
    }
    if (any && framed) return true;
  }
  return false;
}

/** Modals opening a term that makes it a predicate of the term before it: "动作边界得留", "示范要有". */
const MODAL_UNITS = new Set([..."得要需该必"].map((char) => char.charCodeAt(0)));
/** Words opening with such a character that are no modal: "得分", "要点". */
const NOT_MODAL = ["得分", "得到", "得出", "要点", "要素", "需求", "必要"];

/** Words opening a clause that goes on about the one before it: "这些其实也是……", "本质上就是……". */
const CONTINUING_OPENERS = ["这些", "这都", "这也", "这就", "那些", "它们", "本质上", "其实也", "其实就", "也是", "就是", "都是", "都算", "也算"];

/**
 * The point's concepts over a clause and the one after it in the same sentence, the second opening
 * with words that go on about the first, each concept in one of them: one occurrence per concept, or null.
 */
function claimedOverTwoClauses(perConcept: PerConcept, analysis: AnswerAnalysis): Occurrence[] | null {
  const { segments } = analysis.clauses;
  const text = analysis.text;
  for (let s = 1; s < segments.length; s++) {
    const segment = segments[s] as Segment;
    if ((segments[s - 1] as Segment).sentence !== segment.sentence) continue;
    if (!startsWithOneOf(text, skipSpaces(text, segment.start, segment.end), CONTINUING_OPENERS)) continue;
    const found: Occurrence[] = [];
    for (const list of perConcept) {
      const o = list.find((candidate) => candidate.segment === s || candidate.segment === s - 1);
      if (!o) break;
      found.push(o);
    }
    if (found.length === perConcept.length && found.some((o) => o.segment === s) && !analysis.claimReportedToReject(found)) return found;
  }
  return null;
}

function everyConceptIn(perConcept: PerConcept, segment: number): boolean {
  for (const list of perConcept) if (list[lowerBound(list, "segment", segment)]?.segment !== segment) return false;
  return true;
}

/**
 * Some concept that must be affirmed is mentioned in the segment only negated. A negated mention
 * of what the point itself negates ("不能只看训练分数") agrees with the point.
 */
function someAllNegatedIn(point: CompiledKeyPoint, perConcept: PerConcept, segment: number, text: string): boolean {
  for (let c = 0; c < perConcept.length; c++) {
    if (point.eitherPolarity[c] === true) continue;
    const list = perConcept[c] ?? [];
    let affirmed = false;
    for (let k = lowerBound(list, "segment", segment); k < list.length && !affirmed; k++) {
      const o = list[k] as Occurrence;
      if (o.segment !== segment) break;
      affirmed = !o.negated || point.negatedAliases.has(wordsOf(text, o));
    }
    if (!affirmed) return true;
  }
  return false;
}

// Where a misconception's terms are looked for together: one comma-level segment, or one sentence.

function firstAffirmedIn(occurrences: readonly Occurrence[], scope: Scope, at: number): Occurrence | undefined {
  for (let k = lowerBound(occurrences, scope, at); k < occurrences.length; k++) {
    const o = occurrences[k] as Occurrence;
    if (scopeOf(o, scope) !== at) break;
    if (!o.negated) return o;
  }
  return undefined;
}

/** Each concept's first occurrence in the scope that is not negated; null if some concept has none. */
function affirmedIn(perConcept: PerConcept, scope: Scope, at: number): Occurrence[] | null {
  for (const list of perConcept) if (!firstAffirmedIn(list, scope, at)) return null;
  const found: Occurrence[] = [];
  for (const list of perConcept) found.push(firstAffirmedIn(list, scope, at) as Occurrence);
  return found;
}

/** `negatedIn` over the sentence from `from` on. */
function negatedFrom(perConcept: PerConcept, sentence: number, from: number): boolean {
  for (const list of perConcept) {
    for (let k = lowerBound(list, "sentence", sentence); k < list.length; k++) {
      const o = list[k] as Occurrence;
      if (o.sentence !== sentence) break;
      if (o.start >= from && o.negated) return true;
    }
  }
  return false;
}

function negatedIn(perConcept: PerConcept, scope: Scope, at: number): boolean {
  for (const list of perConcept) {
    for (let k = lowerBound(list, scope, at); k < list.length; k++) {
      const o = list[k] as Occurrence;
      if (scopeOf(o, scope) !== at) break;
      if (o.negated) return true;
    }
  }
  return false;
}

/**
 * A sentence of just two clauses, a condition and its consequence, the terms filling both ("全组同分，
 * 梯度全是零"): the comma links them into a claim, as "、" between list items does not.
 */
function statesConditionAndConsequence(analysis: AnswerAnalysis, terms: readonly Occurrence[]): boolean {
  const first = terms[0];
  if (!first) return false;
  const { segments } = analysis.clauses;
  let low = first.segment;
  let high = first.segment;
  for (const o of terms) {
    low = Math.min(low, o.segment);
    high = Math.max(high, o.segment);
  }
  if (high !== low + 1) return false;
  const before = segments[low - 1];
  const after = segments[high + 1];
  if (before?.sentence === first.sentence || after?.sentence === first.sentence) return false;
  return analysis.original[analysis.normalized.originStart[(segments[low] as Segment).end] ?? -1] !== "、";
}

/** Words closing a clause that call things the same: "都一样", "没区别", "是一回事". */
const SAMENESS_CLOSINGS = ["一样", "相同", "没区别", "没什么区别", "没啥区别", "没差别", "没啥差别", "一回事", "通用", "同一套", "同一份", "一模一样", "差不多"];
const SAMENESS_TAILS = ["", "的", "了", "啊", "吧", "呢"];
const LONGEST_SAMENESS = Math.max(...SAMENESS_CLOSINGS.map((word) => word.length)) + 1;
/** Spoken words for what a point says differs: "干的事都差不多" says the duties (职责) are the same. */
const NOUN_VARIANTS = new Map([["职责", ["分工", "做的事", "干的事", "功能", "作用", "干的活", "做的活", "负责的"]]]);
/** How many characters may stand between what differs and the closing ("数据其实都一样"). */
const SAMENESS_LEAD = 5;

/**
 * A segment where the point's noun, or a spoken word for it (NOUN_VARIANTS), is followed by a closing
 * calling it the same, not negated, in a sentence holding two of the point's concepts affirmed: those
 * occurrences and the segment, or null.
 */
function sameClaimed(pointNoun: string, perConcept: PerConcept, analysis: AnswerAnalysis): { found: Occurrence[]; span: Segment } | null {
  for (const noun of [pointNoun, ...(NOUN_VARIANTS.get(pointNoun) ?? [])]) {
    const claimed = sameClaimedOf(noun, perConcept, analysis);
    if (claimed) return claimed;
  }
  return null;
}

function sameClaimedOf(noun: string, perConcept: PerConcept, analysis: AnswerAnalysis): { found: Occurrence[]; span: Segment } | null {
  const { text } = analysis;
  const { segments } = analysis.clauses;
  for (let from = text.indexOf(noun); from >= 0; from = text.indexOf(noun, from + noun.length)) {
    const segment = segments[analysis.clauses.segmentAt[from] ?? -1];
    if (!segment) continue;
    // Only a short rest of the segment is read: a long one is no closing, and slicing it would cost.
    if (segment.end - (from + noun.length) > SAMENESS_LEAD + LONGEST_SAMENESS) continue;
    const rest = text.slice(from + noun.length, segment.end);
    const closes = SAMENESS_CLOSINGS.some((word) => {
      const at = rest.indexOf(word);
      return at >= 0 && at <= SAMENESS_LEAD && SAMENESS_TAILS.includes(rest.slice(at + word.length)) && !containsNegator(rest.slice(0, at));
    });
    if (!closes) continue;
    const found: Occurrence[] = [];
    for (const list of perConcept) {
      const o = firstAffirmedIn(list, "sentence", segment.sentence);
      if (o) found.push(o);
    }
    if (found.length >= 2) return { found, span: segment };
  }
  return null;
}

/**
 * Words calling several things one thing, or one thing under several names ("其实是同一个进程的三个名字",
 * "实为一体", "one process"): said of two of a point's concepts, they deny that the concepts differ.
 */
const IDENTITY_PHRASES = [
  "同一个东西", "一个东西", "同一个进程", "一个进程", "同一个服务", "一个服务", "同一个模块", "同一个组件", "同一个程序",
  "实为一体", "是一体", "合为一体", "换名字", "换了个名字", "换了几个名字", "几个名字", "三个名字", "两个名字", "不同叫法", "不同的叫法",
  "same thing", "one process", "one service", "same process", "same service", "no separation", "just names", "different names for",
];
/** A difference said in the same sentence ("是一个进程里的两个角色，职责不同"): no identity is claimed then. */
const DIFFERENCE_IN_SENTENCE = ["不同", "不一样", "各司其职", "各自负责", "分工明确", "differ"];

/**
 * A sentence holding two of the point's concepts affirmed and an identity phrase not negated right
 * before it ("不是同一个进程" is no claim), with no difference said besides: those occurrences and the
 * sentence's first segment, or null.
 */
function identityClaimed(perConcept: PerConcept, analysis: AnswerAnalysis): { found: Occurrence[]; span: Segment } | null {
  const { text } = analysis;
  for (let index = 0; index < analysis.clauses.sentences.length; index++) {
    const sentence = analysis.clauses.sentences[index] as { start: number; end: number };
    const found: Occurrence[] = [];
    for (const list of perConcept) {
      const o = firstAffirmedIn(list, "sentence", index);
      if (o) found.push(o);
    }
    if (found.length < 2) continue;
    let body = text.slice(sentence.start, sentence.end);
    let claimed = false;
    for (const phrase of IDENTITY_PHRASES) {
      for (let at = body.indexOf(phrase); at >= 0; at = body.indexOf(phrase, at + phrase.length)) {
        if (!containsNegator(body.slice(Math.max(0, at - IDENTITY_NEGATOR_REACH), at))) claimed = true;
      }
      body = body.replaceAll(phrase, "");
    }
    if (!claimed || DIFFERENCE_IN_SENTENCE.some((word) => body.includes(word))) continue;
    const span = analysis.clauses.segments[analysis.clauses.segmentAt[found[0]?.start ?? sentence.start] ?? -1];
    if (span) return { found, span };
  }
  return null;
}
/** How far before an identity phrase a negator takes it back ("并不是同一个进程"). */
const IDENTITY_NEGATOR_REACH = 3;

/** Whether the terms stand in clauses running on that "、" alone joins: items of one list. */
function listedTogether(analysis: AnswerAnalysis, terms: readonly Occurrence[]): boolean {
  let low = Infinity;
  let high = -1;
  for (const o of terms) {
    low = Math.min(low, o.segment);
    high = Math.max(high, o.segment);
  }
  if (high <= low) return false;
  const { segments } = analysis.clauses;
  for (let s = low; s < high; s++) {
    if (analysis.original[analysis.normalized.originStart[(segments[s] as Segment).end] ?? -1] !== "、") return false;
  }
  // A term that the last item reaches only after words of its own ("工具调用成功、格式校验通过就直接算
  // 任务成功") is said of the list, not listed in it ("理解 Gateway、Trainer 完全可以" still lists).
  const last = segments[high] as Segment;
  for (const o of terms) if (o.segment === high && o.start > last.start + LIST_ITEM_HEAD && analysis.segmentMakesClaim(high)) return false;
  return true;
}

/** Whether the terms stand one right after another with nothing but a space between each two: names listed. */
function spacedSideBySide(text: string, terms: readonly Occurrence[]): boolean {
  if (terms.length < 2) return false;
  const sorted = [...terms].sort((a, b) => a.start - b.start);
  for (let k = 1; k < sorted.length; k++) {
    const later = sorted[k] as Occurrence;
    const gap = text.slice((sorted[k - 1] as Occurrence).end, later.start);
    if (gap !== " ") return false;
    // A term that opens with a linking verb is a predicate, not a name: "normalized scores are the update".
    if (LINKING_OPENER_EN.test(text.slice(later.start, later.end))) return false;
  }
  return true;
}

/** How many characters may open a list item before its term (a verb or a measure word): more is a clause. */
const LIST_ITEM_HEAD = 4;

/** How far before a phrase a rejected conclusion ("别以为只留最终文本、之后重新分词") may open, in code units. */
const REJECTED_CLAIM_REACH = 40;

/** How many sentences open an answer and answer the prompt itself, whatever words they use ("可以。" then the reason). */
const ANSWERING_SENTENCES = 2;

/**
 * Where the answer says the point's opposite: the occurrences of its ways as written, stated (not
 * negated, not a belief reported to be rejected, not asked), in a sentence that answers
 * the prompt (the first two) or names one of the point's own terms.
 */
function oppositesSaid(point: CompiledKeyPoint, opposite: CompiledConcept, analysis: AnswerAnalysis): Occurrence[] {
  // Matched only as written: most answers hold none of the phrases, found out without a search.
  if (!opposite.aliases.some((alias) => analysis.text.includes(alias.text))) return [];
  const said: Occurrence[] = [];
  for (const o of analysis.of(opposite)) {
    // Only the words as authored: a near or spread match of a whole phrase is another phrase ("用的是总体
    // 标准差" is near "用的是样本标准差" and says the opposite of it).
    if (o.homophone || o.nearMiss || o.gap !== null || analysis.claimReportedToReject([o]) || analysis.inQuestion(o) || analysis.inRejectedClaim(o) || analysis.judgedWrongAfter(o)) continue;
    // "混着用没关系" states the phrase: a closing saying it does no harm is no negation of it.
    if (o.negated && !analysis.closesHarmlessAfter(o)) continue;
    if (o.sentence < ANSWERING_SENTENCES || point.concepts.some((concept) => analysis.of(concept).some((other) => other.sentence === o.sentence))) said.push(o);
  }
  return said;
}

/** Where a point that corrects a misconception (its `opposedBy`) is made: its evidence's sentences. */
interface Corrections {
  sentences: ReadonlySet<number>;
}

/** The item's points as this answer judged them: what misconception detection reads of them. */
interface AnswerPoints {
  points: readonly CompiledKeyPoint[];
  judgements: readonly KeyPointJudgement[];
  results: readonly KeyPointResult[];
}

function correctionsOf(id: string, { points, judgements, results }: AnswerPoints, analysis: AnswerAnalysis): Corrections {
  const sentences = new Set<number>();
  points.forEach((point, index) => {
    if (results[index]?.verdict !== "hit") return;
    const evidence = judgements[index]?.evidence ?? [];
    // A point limiting the very thing the misconception says does more, made with its limit ("代理只负责抓
    // 请求和响应，真正的策略更新在 Trainer"), corrects it as much as a point opposing it.
    const limits = point.limitedBy.includes(id) && evidence.some((o) => analysis.statesLimit(o));
    if (!point.opposedBy.includes(id) && !limits) return;
    for (const o of evidence) sentences.add(o.sentence);
  });
  return { sentences };
}

function detectMisconception(
  misconception: CompiledMisconception,
  analysis: AnswerAnalysis,
  supportsHit: (o: Occurrence) => boolean,
  answerPoints: AnswerPoints,
): Occurrence[] | null {
  const mentions: Occurrence[][] = [];
  for (const concept of misconception.concepts) mentions.push(analysis.of(concept));
  // A list denied whole ("别以为只留最终文本、之后重新分词就能还原") denies the belief inside it.
  const perConcept = withConcessionsRead(withListsRead(mentions, analysis), analysis);
  const anchors = perConcept[0] ?? [];
  // Every anchor of one segment (or sentence) comes to the same answer: each is tried once.
  let tried = -1;
  // First within one comma-level segment: "SFT 也需要奖励".
  for (const anchor of anchors) {
    if (anchor.segment === tried) continue;
    tried = anchor.segment;
    if (anchor.negated || negatedIn(perConcept, "segment", anchor.segment) || analysis.reportedToReject(anchor)) continue;
    const found = affirmedIn(perConcept, "segment", anchor.segment);
    // A bare list of terms asserts nothing, not even a misconception; nor do names typed side by side
    // ("trainer gateway controller各干各的").
    if (found && analysis.segmentMakesClaim(anchor.segment) && !notSaid(analysis, found) && !spacedSideBySide(analysis.text, found)) return found;
  }
  // Then across a sentence ("接上网关代理，……，它本身就是完整的训练器"), unless every term already
  // makes a correct point there ("SFT 用示范，……，奖励是 RL 的需求").
  tried = -1;
  for (const anchor of anchors) {
    if (anchor.sentence === tried) continue;
    tried = anchor.sentence;
    // A negation before the condition is about something else ("那说明训练还不够，资料缺失的样本就多训
    // 几轮"); from the condition on, any negation may be the answer's correction, so it is not read.
    if (anchor.negated || negatedFrom(perConcept, anchor.sentence, anchor.start) || analysis.reportedToReject(anchor)) continue;
    // What the condition's own clause says of it is negated ("接上代理不等于训练就通了，后面还缺 Trainer"):
    // the terms of later clauses are no claim about it.
    if (claimNegatedAfter(analysis, anchor)) continue;
    const terms = affirmedIn(perConcept, "sentence", anchor.sentence);
    if (!terms) continue;
    if (terms.every(supportsHit) || notSaid(analysis, terms)) continue;
    // The sentence makes the point that corrects the misconception ("标准化出来的只是相对信号，完整
    // 训练还要策略概率……" against "把组内标准化称为完整 GRPO"): its terms serve the correction.
    if (correctionsOf(misconception.id, answerPoints, analysis).sentences.has(anchor.sentence)) continue;
    // Names listed side by side ("理解 Gateway、Trainer") say nothing of each other.
    if (listedTogether(analysis, terms)) continue;
    if (anyMakesClaim(analysis, terms) || statesConditionAndConsequence(analysis, terms) || predicateClauseFollows(analysis, terms)) return terms;
  }
  return null;
}

/**
 * Whether the answer denies the misconception in a way the rules can see: one of its terms negated,
 * reported to be rejected or asked ("不能只保存最终文本就假设恢复了……"), or a point that corrects or
 * denies it made anywhere.
 */
function correctsBelief(misconception: CompiledMisconception, analysis: AnswerAnalysis, answerPoints: AnswerPoints): boolean {
  for (const concept of misconception.concepts) {
    if (analysis.of(concept).some((o) => o.negated || analysis.reportedToReject(o) || analysis.inQuestion(o))) return true;
  }
  return pointCorrectsBelief(misconception, analysis, answerPoints);
}

/** Whether the answer makes, anywhere, a point that corrects the misconception or that the page names it as denying. */
function pointCorrectsBelief(misconception: CompiledMisconception, analysis: AnswerAnalysis, answerPoints: AnswerPoints): boolean {
  if (correctionsOf(misconception.id, answerPoints, analysis).sentences.size > 0) return true;
  return answerPoints.points.some((point, index) => point.deniedBy.includes(misconception.id) && answerPoints.results[index]?.verdict === "hit");
}

/** The sentence of the answer the learned model finds likeliest to state the misconception, as the member wrote it. */
function learnedEvidence(questionId: string, misconception: CompiledMisconception, analysis: AnswerAnalysis): string {
  const sentences = analysis.clauses.sentences;
  const sentence = sentences[likeliestSentence(questionId, misconception, analysis.learnedSentences())] ?? sentences[0];
  return sentence === undefined ? "" : analysis.evidence(sentence.start, sentence.end);
}

/**
 * Whether the answer's leading yes or no is the reply to the item's question that states the belief
 * ("对，一定不更新" to "全组奖励相同就一定不更新了吗？"). A point that corrects the belief, made anywhere
 * in the answer, takes the reply back ("对……不过总损失里还有 KL 项，所以不一定"): then it states nothing.
 */
function statedByReply(misconception: CompiledMisconception, analysis: AnswerAnalysis, answerPoints: AnswerPoints): boolean {
  if (misconception.statedByReply === null || analysis.leadingAnswer !== misconception.statedByReply) return false;
  if (pointCorrectsBelief(misconception, analysis, answerPoints)) return false;
  return !answerPoints.points.some((point, index) => point.weight >= SERIOUS_WEIGHT && answerPoints.results[index]?.verdict === "hit");
}

/**
 * Whether the terms stand in clauses of their own, one after another, and a later one is a predicate by
 * itself ("全组奖励一样，……，梯度全为零": "梯度全为零" holds 为): the clauses run on into a claim, though
 * each is nothing but a term. Clauses joined by "、" are a list and say nothing of each other.
 */
function predicateClauseFollows(analysis: AnswerAnalysis, terms: readonly Occurrence[]): boolean {
  if (terms.some((o) => o.nearMiss)) return false;
  // "同分，梯度全为零，这两种说法都不对": the clauses are named to be rejected.
  const sentence = analysis.clauses.sentences[terms[0]?.sentence ?? -1];
  if (!sentence) return false;
  const rest = analysis.text.slice(Math.max(...terms.map((o) => o.end)), sentence.end);
  if (REJECTIONS.some((word) => rest.includes(word)) || rest.includes("说法")) return false;
  const first = Math.min(...terms.map((o) => o.segment));
  for (const o of terms) {
    if (o.segment === first || analysis.enumeratesInto(o.segment - 1)) continue;
    // A subject of its own first (two characters that link nothing), then a linking word: "梯度全为零",
    // not a bare linking word such as "就是".
    let subject = 0;
    for (let i = o.start; i < o.end; i++) {
      const unit = analysis.text.charCodeAt(i);
      if (LINK_UNITS[unit] !== 1) subject += isHanUnit(unit) ? 1 : 0;
      else if (subject >= PREDICATE_SUBJECT) return true;
    }
  }
  return false;
}
/** Whether the terms make a claim for a key point: in clauses of their own words, or completing one through a colon. */
function supportsPoint(analysis: AnswerAnalysis, terms: readonly Occurrence[]): boolean {
  return anyMakesClaim(analysis, terms) || terms.some((o) => analysis.completesClaimBefore(o.segment));
}

/** Whether the belief the terms make is reported to be rejected, asked, or judged wrong right after it: not said. */
function notSaid(analysis: AnswerAnalysis, terms: readonly Occurrence[]): boolean {
  return analysis.claimReportedToReject(terms) || asksBetween(analysis, terms) || judgedWrong(analysis, terms) || terms.some((o) => inANotA(analysis.text, o)) || askedPlainly(analysis, terms);
}

/** Negated links between a thing and what is said of it: "代理不等于训练器", "接上代理不代表训练闭环". */
const NEGATED_LINKS = ["不等于", "不代表", "不意味着", "不是", "并非", "不算", "不能算", "谈不上", "doesn't mean", "does not mean", "is not", "isn't"];

/**
 * Whether the rest of the term's clause, after it, links it to something by a negated link ("接上代理不
 * 等于训练就通了"): a negator inside a condition ("查不到资料导致……") or a dismissal ("DPO 就别想了") is none.
 */
function claimNegatedAfter(analysis: AnswerAnalysis, o: Occurrence): boolean {
  const segment = analysis.clauses.segments[o.segment];
  if (!segment) return false;
  const rest = analysis.text.slice(o.end, segment.end);
  return NEGATED_LINKS.some((link) => rest.includes(link));
}

/** Negators that open an A-not-A question when the character before them comes again after them: "更不更新", "要不要". */
const A_NOT_A_NEGATORS = new Set(["不", "没"].map((word) => word.charCodeAt(0)));

/** Whether a term opening with a negator is the second half of an A-not-A question ("更不更新得看计算图"): it asks, it denies nothing. */
function inANotA(text: string, o: Occurrence): boolean {
  return o.start > 0 && A_NOT_A_NEGATORS.has(text.charCodeAt(o.start)) && text.charCodeAt(o.start - 1) === text.charCodeAt(o.start + 1);
}

/** Words that make a question rhetorical, asserting its answer: "不都得靠奖励吗", "难道不是", "哪有不要奖励的". */
const RHETORICAL_QUESTION = ["不", "没", "难道", "岂", "哪有", "哪能", "怎么可能", "啥", "什么"];

/**
 * Whether the terms stand only in a plain question ("接上代理就是训练器了吗？不是。"): a belief asked
 * about is not asserted. A question holding a negation or a rhetorical word asserts its answer.
 */
function askedPlainly(analysis: AnswerAnalysis, terms: readonly Occurrence[]): boolean {
  const first = terms[0];
  if (!first || !terms.every((o) => o.sentence === first.sentence) || !analysis.inQuestion(first)) return false;
  const sentence = analysis.clauses.sentences[first.sentence];
  if (!sentence) return false;
  const asked = analysis.negationText().slice(sentence.start, sentence.end);
  return !RHETORICAL_QUESTION.some((word) => asked.includes(word));
}

/** Whether the belief the terms make is judged wrong right after its last term (see `judgedWrongAfter`). */
function judgedWrong(analysis: AnswerAnalysis, terms: readonly Occurrence[]): boolean {
  let last = terms[0];
  for (const o of terms) if (last === undefined || o.end > last.end) last = o;
  return last !== undefined && analysis.judgedWrongAfter(last);
}

/** A-not-A questions: between a belief's terms they ask it ("全组奖励一样是不是一定不更新"), not say it. */
const A_NOT_A_BETWEEN = ["是不是", "会不会", "能不能", "要不要", "是否", "对不对", "算不算", "等不等于"];

/** Whether an A-not-A question stands between the first and the last of the terms. */
function asksBetween(analysis: AnswerAnalysis, terms: readonly Occurrence[]): boolean {
  const start = Math.min(...terms.map((o) => o.start));
  const end = Math.max(...terms.map((o) => o.end));
  if (end - start > A_NOT_A_REACH) return false;
  const between = analysis.text.slice(start, end);
  return A_NOT_A_BETWEEN.some((question) => between.includes(question));
}
/** The longest stretch of terms looked into for such a question, in code units. */
const A_NOT_A_REACH = 80;

/** How many characters of its own a term needs before a linking word to be a predicate by itself. */
const PREDICATE_SUBJECT = 2;

/** At most `length` code points, the last one an ellipsis if cut; counted without splitting the text into strings. */
function truncate(text: string, length: number): string {
  let count = 0;
  let cut = 0;
  for (let i = 0; i < text.length; i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1) {
    if (count === length - 1) cut = i;
    count += 1;
  }
  return count <= length ? text : `${text.slice(0, cut)}…`;
}

function feedbackLine(
  empty: boolean,
  salad: boolean,
  keyPoints: readonly KeyPointResult[],
  misconceptions: readonly MisconceptionResult[],
): string {
  if (empty) return "没有作答：先回忆要点，再用自己的话写一两句。";
  if (salad) return "只列出了术语，没有说明它们之间的关系，请用完整的句子解释。";
  const first = misconceptions[0];
  if (first) return `注意误区：${truncate(first.statement, 40)}`;
  const contradicted = keyPoints.find((point) => point.contradicted);
  if (contradicted) return `与要点相反：${truncate(contradicted.text, 40)}`;
  const hits = keyPoints.filter((point) => point.verdict === "hit").length;
  const missing = keyPoints.find((point) => point.verdict !== "hit");
  if (!missing) return "要点全部答到。";
  return `答到 ${hits}/${keyPoints.length} 个要点，还缺：${truncate(missing.text, 30)}`;
}


/** The words once each, in the order first said (a Set: an answer may repeat itself a thousand times). */
function distinctWords(words: string[]): string[] {
  return [...new Set(words)];
}

/**
 * The sentences to show for a point the contradiction model turned, likeliest first: of those the point
 * was read in, each read alone, the ones the model finds against the point by themselves, or the likeliest
 * one where it takes them together. A point made in one sentence and denied in the next is shown with the
 * denial, not with the sentence that makes it.
 */
function turningSentences(itemId: string, point: { id: string; text: string }, sentences: readonly Span[], analysis: AnswerAnalysis): string[] {
  const distinct = new Map<string, Span>();
  for (const span of sentences) {
    const words = analysis.evidence(span.start, span.end);
    if (!distinct.has(words)) distinct.set(words, span);
  }
  // Most points are read in one sentence: the model has read it already, and it is the one to show.
  if (distinct.size === 1) return [...distinct.keys()];
  const ranked = [...distinct].map(([words, span]): [string, number] => [words, contradictionProbability(itemId, point, gramCodesOf(analysis.text.slice(span.start, span.end))) ?? 0]);
  ranked.sort((a, b) => b[1] - a[1]);
  const against = ranked.filter(([, p]) => p >= CONTRADICTED_AT);
  return (against.length > 0 ? against : ranked.slice(0, 1)).slice(0, MAX_LEARNED_EVIDENCE).map(([words]) => words);
}

/**
 * Whether an alias may join a server's overlay for the item: refused with a reason if it is too
 * short or long, negates, or would make an off-topic answer or a bare list of terms pass.
 */
export function checkOverlayAlias(item: QuizItem, entry: AliasOverlayEntry, existing: AliasOverlay = []): AliasCheck {
  return checkAlias(item, entry, existing, (overlaid, answer) => grade(overlaid, answer));
}

/**
 * The terms of the points an answer hits. Gathered on first use: most answers never get that far
 * in looking for a misconception. Marked per code unit: terms never span a sentence break, so
 * overlapping one is being in its sentence.
 */
class HitTerms {
  private marks: Uint8Array | null = null;
  constructor(
    private readonly results: readonly KeyPointResult[],
    private readonly judgements: readonly KeyPointJudgement[],
    private readonly analysis: AnswerAnalysis,
  ) {}

  /**
   * Whether the occurrence overlaps a term that makes a point the answer hits: the hit's own
   * evidence, not every mention of its concepts ("优势就全是 0" makes the point, "梯度全部为零" later
   * in the sentence goes beyond it).
   */
  supports(o: Occurrence): boolean {
    if (!this.marks) {
      const marks = new Uint8Array(this.analysis.text.length);
      this.judgements.forEach((judgement, index) => {
        if (this.results[index]?.verdict !== "hit") return;
        for (const term of judgement.evidence) marks.fill(1, term.start, term.end);
      });
      this.marks = marks;
    }
    for (let i = o.start; i < o.end; i++) if (this.marks[i] === 1) return true;
    return false;
  }
}

/** The sentence of the character at `position`, or -1. */
function sentenceAt(analysis: AnswerAnalysis, position: number): number {
  return analysis.clauses.segments[analysis.clauses.segmentAt[position] ?? 0]?.sentence ?? -1;
}

/** Grades one answer against an item's key points and misconceptions. Pure and synchronous. */
export function grade(item: QuizItem, answer: string, options: GradeOptions = {}): GradeResult {
  return gradeWith(item, answer, options, null);
}

/** A point the rules judged made or contradicted, with the sentences they read it in (normalized, joined by "。"). */
export interface PointSentences {
  pointId: string;
  pointText: string;
  verdict: "hit" | "partial" | "contradicted";
  sentences: string;
}

/**
 * What the learned contradiction model reads of an answer, for training it (eval/train-learned-credit.ts):
 * each point the rules alone judge made or contradicted, with its sentences. Empty where the model
 * would not read the answer (a short answer, a keyword list, a term answer).
 */
export function pointSentences(item: QuizItem, answer: string): PointSentences[] {
  const found: PointSentences[] = [];
  gradeWith(item, answer, { learnedCredit: false }, (point) => found.push(point));
  return found;
}

function gradeWith(item: QuizItem, answer: string, options: GradeOptions, collect: ((point: PointSentences) => void) | null): GradeResult {
  const limit = options.maxLength ?? MAX_ANSWER_LENGTH;
  // UTF-16 length bounds the code point count from above: count only when it might exceed.
  if (answer.length > limit) {
    let length = 0;
    for (const _char of answer) length += 1;
    if (length > limit) throw new AnswerTooLongError(length, limit);
  }
  // Copied only when some are given: the defaults are read as they are.
  const thresholds = options.thresholds ? { ...DEFAULT_THRESHOLDS, ...options.thresholds } : DEFAULT_THRESHOLDS;
  if (gradesAsShortAnswer(item)) {
    const result = gradeShortAnswer(item, answer, thresholds);
    return options.creditedPoints?.length ? creditShortAnswer(result, new Set(options.creditedPoints), thresholds) : result;
  }
  const compiled = compiledItemFor(options.aliasOverlay ? withAliasOverlay(item, options.aliasOverlay) : item);
  const normalized = normalizeText(answer);
  const empty = !CONTENT_CHAR.test(normalized.text);
  if (empty) {
    const keyPoints: KeyPointResult[] = [];
    for (const point of compiled.keyPoints) keyPoints.push(keyPointResult(point.id, point.text, "missed", [], false, point.weight));
    return gradeResult(0, keyPoints, [], "again", feedbackLine(true, false, keyPoints, []), true, false);
  }

  const analysis = new AnswerAnalysis(answer, normalized, compiled.concepts, compiled.negatingAliases, compiled.keyPoints[0]?.prompt ?? "");
  const credited = options.creditedPoints?.length ? new Set(options.creditedPoints) : null;
  const judgements: KeyPointJudgement[] = [];
  for (const point of compiled.keyPoints) {
    let judgement = judgeKeyPoint(point, analysis);
    // A homophone match is a guess at what the learner meant: it may earn a point, but a
    // contradiction must also stand on the words as typed.
    if (judgement.contradicted && analysis.sawHomophone) {
      analysis.leaveOutHomophones("all");
      judgement = judgeKeyPoint(point, analysis);
      analysis.leaveOutHomophones("none");
    }
    judgements.push(credited?.has(point.id) === true ? judged("hit", false, judgement.evidence, judgement.evidenceSpans, true) : judgement);
  }
  // A term that supports another point ("奖励是 RL 的需求") is no evidence against a denial of it;
  // and a term denied to make a denial point ("DPO 不用奖励模型") is no evidence against a point
  // that asserts it elsewhere ("奖励是在线 RL 的需求").
  // Gathered only when some point is contradicted (lifting a contradiction never adds a hit).
  let supportingHits: Occurrence[] | null = null;
  let denyingHits: Occurrence[] | null = null;
  compiled.keyPoints.forEach((point, index) => {
    const judgement = judgements[index];
    if (!judgement?.contradicted) return;
    const hits = point.polarity === "deny"
      ? (supportingHits ??= judgements.filter((j) => j.verdict === "hit").flatMap((j) => j.evidence))
      : (denyingHits ??= judgements.filter((j, k) => j.verdict === "hit" && compiled.keyPoints[k]?.polarity === "deny").flatMap((j) => j.evidence.filter(isDenied)));
    if (judgement.evidence.some((o) => hits.some((hit) => hit.start < o.end && o.start < hit.end))) {
      judgements[index] = judged(judgement.verdict, false, [], [], judgement.supported);
    }
  });
  // Looking for a thing said to be needless ("没必要专门去找漏洞") denies no point that it may happen.
  judgements.forEach((judgement, index) => {
    if (!judgement.contradicted || judgement.evidence.length === 0 || compiled.keyPoints[index]?.possibility !== true) return;
    if (judgement.evidence.every((o) => analysis.soughtAt(o))) judgements[index] = judged(judgement.verdict, false, [], [], judgement.supported);
  });
  // Words quoting a belief in order to reject it ("有人说反思就等于更新权重，这不对") deny no point.
  judgements.forEach((judgement, index) => {
    if (!judgement.contradicted || judgement.evidence.length === 0) return;
    if (analysis.claimReportedToReject(judgement.evidence)) {
      judgements[index] = judged(judgement.verdict, false, [], [], judgement.supported);
    }
  });
  let creditedCount = 0;
  let unsupported = 0;
  for (const judgement of judgements) {
    if (judgement.verdict === "missed") continue;
    creditedCount += 1;
    if (!judgement.supported) unsupported += 1;
  }
  const keywordSalad = creditedCount >= 2 && unsupported * 2 > creditedCount;

  const keyPoints: KeyPointResult[] = [];
  for (let index = 0; index < compiled.keyPoints.length; index++) {
    const point = compiled.keyPoints[index] as CompiledKeyPoint;
    const judgement = judgements[index] ?? judgeKeyPoint(point, analysis);
    let verdict: Verdict = judgement.contradicted ? "contradicted" : judgement.verdict;
    if (keywordSalad && verdict === "hit" && !judgement.supported) verdict = "partial";
    const said: string[] = [];
    for (const span of judgement.evidenceSpans) said.push(analysis.evidence(span.start, span.end));
    const evidence = distinctWords(said).filter((words) => words.length > 0);
    keyPoints.push(keyPointResult(point.id, point.text, verdict, evidence, judgement.contradicted, point.weight));
  }

  const hits = new HitTerms(keyPoints, judgements, analysis);
  const supports = (o: Occurrence): boolean => hits.supports(o);
  const answerPoints: AnswerPoints = { points: compiled.keyPoints, judgements, results: keyPoints };
  const misconceptions: MisconceptionResult[] = [];
  // Sentences that state something wrong: the words there make the wrong claim, not part of a right one.
  const wrongSentences = new Set<number>();
  // The model learnt from labelled answers has the last word on each misconception of the questions it
  // was trained on: it drops a flag writers seldom mean and adds one the rules missed (learned-credit.ts).
  const learned = options.learnedCredit === false ? null : readAnswer(item.id, item.questionId, normalized.text);
  for (const misconception of compiled.misconceptions) {
    // Asserted by the words as typed only: a homophone match is a guess at what was meant.
    analysis.leaveOutHomophones("affirmed");
    const found = detectMisconception(misconception, analysis, supports, answerPoints);
    analysis.leaveOutHomophones("none");
    // The question asks whether the belief holds, and the answer opens by saying it does.
    const byReply = found === null && statedByReply(misconception, analysis, answerPoints);
    const call = learnedMisconceptionCall(learned, misconception, found !== null || byReply);
    if (call === "drop") continue;
    if (call === "flag") {
      // The n-grams read no negation: an answer making the point that corrects the belief ("不能只保存
      // 最终文本就假设恢复了……") is not taken to hold it.
      if (!keywordSalad && !correctsBelief(misconception, analysis, answerPoints)) misconceptions.push(misconceptionResult(misconception.id, misconception.statement, misconception.feedback, [learnedEvidence(item.questionId, misconception, analysis)]));
      continue;
    }
    if (!found) {
      if (byReply) {
        const { start, end } = analysis.leadingSpan;
        misconceptions.push(misconceptionResult(misconception.id, misconception.statement, misconception.feedback, [analysis.evidence(start, end)]));
      }
      continue;
    }
    for (const o of found) wrongSentences.add(o.sentence);
    const words: string[] = [];
    for (const o of found) words.push(analysis.evidence(o.start, o.end));
    const evidence = distinctWords(words);
    misconceptions.push(misconceptionResult(misconception.id, misconception.statement, misconception.feedback, evidence));
  }

  // A misconception made of the same terms as a point states its opposite ("全组同分，梯度就全是零"
  // against "不能推断所有梯度都为零", "论文和 v1.0 是一套接口" against "是两个阶段"), as does one the
  // page names as denying the point: asserting it contradicts the point, unless the answer makes the
  // point elsewhere.
  for (const found of misconceptions) {
    compiled.keyPoints.forEach((point, index) => {
      const result = keyPoints[index];
      if (!result || result.verdict === "hit" || result.contradicted) return;
      if (!point.opposedBy.includes(found.id) && !point.deniedBy.includes(found.id)) return;
      keyPoints[index] = keyPointResult(result.id, result.text, "contradicted", found.evidence, true, result.weight);
    });
  }
  // A point's opposite said in other words than its own ("旧论文基本没价值了" against "没有失去价值：仍能
  // 帮助理解……"), where the answer speaks of the point, contradicts it unless the answer makes it.
  compiled.keyPoints.forEach((point, index) => {
    const result = keyPoints[index];
    if (!result || point.opposite === null || result.contradicted) return;
    const said = oppositesSaid(point, point.opposite, analysis);
    if (said.length === 0) return;
    // A hit elsewhere stands; one in the very clause that says the opposite was read off words the
    // clause turns against the point ("大家的归一化反正都一样").
    const evidence = result.verdict === "hit" ? (judgements[index]?.evidence ?? []) : null;
    // So does one made only in a clause that sets up the topic the opposite then answers ("要解释策略为什么
    // 得分，看代理日志就够了").
    const against =
      evidence === null
        ? said[0]
        : said.find((o) => evidence.some((e) => e.segment === o.segment)) ?? said.find((o) => evidence.every((e) => e.sentence === o.sentence && e.segment < o.segment && analysis.opensTopic(e.segment)));
    if (against) keyPoints[index] = keyPointResult(result.id, result.text, "contradicted", [analysis.evidence(against.start, against.end)], true, result.weight);
  });
  // Things a point says differ, called one thing ("Trainer、Gateway 其实是同一个进程的三个名字"), contradict
  // it unless the answer makes it in another sentence. Judged after the misconceptions: the sentence
  // names the point's terms, and that still keeps a misconception about the same terms from being read
  // into it.
  compiled.keyPoints.forEach((point, index) => {
    const result = keyPoints[index];
    if (!result || point.differingIn === null || result.contradicted) return;
    const same = identityClaimed(point.concepts.map((concept) => analysis.of(concept)), analysis);
    if (!same) return;
    const evidence = result.verdict === "hit" ? (judgements[index]?.evidence ?? []) : [];
    if (evidence.some((o) => o.sentence !== same.found[0]?.sentence)) return;
    keyPoints[index] = keyPointResult(result.id, result.text, "contradicted", [analysis.evidence(same.span.start, same.span.end)], true, result.weight);
  });
  // A point limiting a thing ("代理只能捕获模型调用") made in its words without the limit ("代理把调用都
  // 抓下来了"), beside a misconception saying the thing does more ("代理本身就是训练器"), is crossed.
  for (const found of misconceptions) {
    compiled.keyPoints.forEach((point, index) => {
      const result = keyPoints[index];
      if (result?.verdict !== "hit" || !point.limitedBy.includes(found.id)) return;
      if ((judgements[index]?.evidence ?? []).some((o) => analysis.statesLimit(o))) return;
      // A point hit only through a homophone match crosses no limit: the contradiction would rest on the guess.
      if ((judgements[index]?.evidence ?? []).some((o) => o.homophone)) return;
      keyPoints[index] = keyPointResult(result.id, result.text, "contradicted", found.evidence, true, result.weight);
    });
  }

  // The points the rules (and the beliefs flagged) contradict, before the learned models add theirs.
  const ruledContradicted = keyPoints.map((result) => result.contradicted);
  // Sentences the rules read as making a point may turn against it in words no rule knows ("独立任务、
  // 坏例这些都可以省了，训练分数涨了就够"): the learned model reads them, and where it finds them
  // against the point, the point is contradicted, shown with those sentences.
  if (!keywordSalad && normalized.text.length >= MIN_LENGTH && (collect !== null || options.learnedCredit !== false)) {
    // Points are mostly read in the same few sentences: their n-grams are counted once.
    const codesOf = new Map<string, number[]>();
    compiled.keyPoints.forEach((point, index) => {
      const result = keyPoints[index];
      const judgement = judgements[index];
      if (!result || !judgement || result.verdict === "missed" || credited?.has(point.id) === true) return;
      const sentences = [...new Set(judgement.evidence.map((o) => o.sentence))].sort((a, b) => a - b).flatMap((at) => analysis.clauses.sentences[at] ?? []);
      if (sentences.length === 0) return;
      // The same words said over and over are read once: the n-grams are the same.
      const read = [...new Set(sentences.map((span) => analysis.text.slice(span.start, span.end)))].join("。");
      if (collect !== null) {
        collect({ pointId: point.id, pointText: point.text, verdict: result.verdict, sentences: read });
        return;
      }
      if (result.verdict === "contradicted") return;
      let codes = codesOf.get(read);
      if (codes === undefined) codesOf.set(read, (codes = gramCodesOf(read)));
      const p = contradictionProbability(item.id, point, codes);
      if (p === undefined || p < CONTRADICTED_AT) return;
      keyPoints[index] = keyPointResult(result.id, result.text, "contradicted", turningSentences(item.id, point, sentences, analysis), true, result.weight);
    });
  }
  // A point's opposite stated in words that are not its own ("一定不更新，梯度全是 0" against "总损失可能
  // 还含其他项"): the point is contradicted where the model learnt from labelled answers finds its
  // opposite likely, surer where the rules credited it, and shown with the sentence likeliest to state it.
  if (learned !== null && !keywordSalad) {
    compiled.keyPoints.forEach((point, index) => {
      const result = keyPoints[index];
      if (result === undefined || result.verdict === "contradicted" || credited?.has(point.id) === true) return;
      const p = learned.opposed(point.id, point.text);
      if (p === undefined || p < (result.verdict === "missed" ? OPPOSED_AT : OPPOSED_CREDITED_AT)) return;
      const spans = analysis.clauses.sentences;
      const best = spans[likeliestOpposingSentence(item.id, point, analysis.learnedSentences())] ?? spans[0];
      keyPoints[index] = keyPointResult(result.id, result.text, "contradicted", best === undefined ? [] : [analysis.evidence(best.start, best.end)], true, result.weight);
    });
  }

  // A contradiction the rules read where the point's own opposition model finds the answer's words all
  // but never say its opposite is more often a point the answer only leaves out (a belief flagged beside
  // it, a denial read into a neighbouring clause): the point counts as missed, not contradicted.
  if (learned !== null) {
    compiled.keyPoints.forEach((point, index) => {
      const result = keyPoints[index];
      if (result === undefined || ruledContradicted[index] !== true || !result.contradicted || credited?.has(point.id) === true) return;
      const p = learned.opposed(point.id, point.text);
      if (p !== undefined && p < OPPOSED_VETO_BELOW) keyPoints[index] = keyPointResult(result.id, result.text, "missed", [], false, result.weight);
    });
  }

  judgements.forEach((judgement, index) => {
    if (keyPoints[index]?.contradicted) for (const span of judgement.evidenceSpans) wrongSentences.add(sentenceAt(analysis, span.start));
  });
  // Partial credit rests on a few of a point's words; where those words only ever serve a
  // misconception or the opposite of another point, they are no part of this one.
  if (wrongSentences.size > 0) {
    compiled.keyPoints.forEach((point, index) => {
      const result = keyPoints[index];
      if (result?.verdict !== "partial" || point.concepts.length === 0) return;
      const elsewhere = point.concepts.some((concept) => analysis.of(concept).some((o) => !wrongSentences.has(o.sentence)));
      if (!elsewhere) keyPoints[index] = keyPointResult(result.id, result.text, "missed", [], result.contradicted, result.weight);
    });
  }

  // Paraphrases the aliases miss, read by the model learnt from labelled answers, raise a point; a point
  // whose words are there while what it says is not, as the model reads it, goes one step down. It reads
  // nothing into a keyword list, and leaves alone a point a person ruled hit or a server's alias made.
  if (!keywordSalad) {
    const overlaid = new Set((options.aliasOverlay ?? []).map((entry) => entry.pointId));
    const revised = learnedVerdicts(learned, keyPoints.filter((result) => credited?.has(result.id) !== true && !overlaid.has(result.id)));
    if (revised.size > 0) {
      keyPoints.forEach((result, index) => {
        const verdict = revised.get(result.id);
        if (verdict !== undefined) keyPoints[index] = keyPointResult(result.id, result.text, verdict, verdict === "missed" ? [] : result.evidence, false, result.weight);
      });
    }
  }

  let score = 0;
  compiled.keyPoints.forEach((point, index) => {
    const verdict = keyPoints[index]?.verdict;
    if (verdict === "hit") score += point.share;
    else if (verdict === "partial") score += point.share * PARTIAL_CREDIT;
    else if (verdict === "contradicted") score -= point.share * CONTRADICTION_PENALTY;
  });
  if (keywordSalad) score *= KEYWORD_SALAD_FACTOR;
  score -= misconceptions.length * MISCONCEPTION_PENALTY;
  score = Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
  const wrongClaim = misconceptions.length > 0 || keyPoints.some((point) => point.contradicted);
  // A misconception, or the opposite of a point that matters most, outweighs whatever else is right.
  const seriousWrongClaim = misconceptions.length > 0 || keyPoints.some((point) => point.contradicted && point.weight >= SERIOUS_WEIGHT);
  const rating = suggestRating({ score, wrongClaim, seriousWrongClaim, keywordSalad, empty: false }, thresholds);
  return gradeResult(score, keyPoints, misconceptions, rating, feedbackLine(false, keywordSalad, keyPoints, misconceptions), false, keywordSalad);
}

/** A term answer ruled right on appeal: its one point is hit, so the answer counts as exact. */
function creditShortAnswer(result: GradeResult, credited: ReadonlySet<string>, thresholds: RatingThresholds): GradeResult {
  const keyPoints: KeyPointResult[] = [];
  for (const point of result.keyPoints) {
    keyPoints.push(credited.has(point.id) ? keyPointResult(point.id, point.text, "hit", point.evidence, false, point.weight) : point);
  }
  const { misconceptions, suggestedRating, feedback, empty, keywordSalad } = result;
  if (keyPoints.some((point) => point.verdict !== "hit")) return gradeResult(result.score, keyPoints, misconceptions, suggestedRating, feedback, empty, keywordSalad);
  const rating = suggestRating({ score: 1, wrongClaim: false, keywordSalad: false, empty: false }, thresholds);
  return gradeResult(1, keyPoints, misconceptions, rating, feedback, false, keywordSalad);
}
