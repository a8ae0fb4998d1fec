// Negation cues, looked for on both sides of a matched term within its comma-level segment.
// Works on normalised text (lower case, simplified, no spaces between Chinese characters).
//
// Everything here reads member text, so it is written as plain scanners over bounded windows
// instead of regular expressions: the time per term is constant whatever the answer holds
// (a regex over "data aaaa…" once took a minute for one answer).
import { isHanUnit } from "./han.ts";

// A-not-A questions ask, they do not deny: in "先看看是不是参数格式不对" nothing is negated.
const A_NOT_A = ["是不是", "能不能", "要不要", "有没有", "会不会", "行不行", "用不用", "需不需要", "对不对", "可不可以"];

// "看看是 X 还是 Y" asks which: a fault named inside ("看看是格式不对") is a possibility, not a denial.
const EMBEDDED_QUESTIONS = [
  "看看是", "看是", "看一下是", "看下是", "查查是", "查一下是", "检查是", "检查一下是", "判断是", "确认是", "确认一下是",
  "区分是", "分清是", "搞清楚是", "弄清楚是", "排查是", "排查一下是", "定位是", "分析是", "分析一下是", "诊断是",
];

/** Words that contain a negator character but do not negate anything ("不同", "区别", "非常"). */
const FALSE_CUES = [
  "不仅", "不同", "不断", "不管", "不论", "不少", "不错", "不久", "不过", "不但", "不光", "不停",
  "不得不", "不可或缺", "不可少", "缺一不可", "不外乎", "不一样", "不稳定", "差不多", "不小",
  // Necessity, not negation: "少不了价值模型" says it is needed.
  "少不了", "离不了", "离不开", "免不了", "省不掉", "省不了", "去不掉",
  "无论", "无效", "无数", "无限", "无疑", "毫无疑问", "非常", "是非", "除非", "未来", "没错",
  "区别", "分别", "类别", "差别", "特别", "识别", "别人", "个别", "级别", "辨别", "鉴别", "甄别",
  "是否", "能否", "可否", "与否", "实在不行", "不行就", "要不然", "不然",
  // A hindrance denied, not the term: "缺了环境也不耽误解释" says it can still be explained.
  "不耽误", "不妨碍", "不影响", "不碍事",
  ...A_NOT_A,
  // A double negation is a must: "轨迹和动作边界不能不留".
  "不能不", "不可不", "不会不", "不得不",
  // Not to forget, skip or overlook a thing is to do it: "别忘了查泄漏", "千万别跳过验收".
  "别忘", "不要忘", "不能忘", "可别忘", "别漏", "不要漏", "不能漏", "别落下", "别跳过", "不要跳过", "不能跳过",
  "不可跳过", "不该跳过", "别省", "不要省", "不能省", "别忽略", "不要忽略", "不能忽略", "不可忽略", "别忽视",
  "不要忽视", "不能忽视", "不可忽视", "别小看", "不能小看",
  // Not to lose a thing is to keep it: "工具选择、失败重试都不能丢" says they are kept (and would be lost).
  "不能丢", "不可丢", "不要丢", "别丢", "不该丢", "不能扔", "不要扔", "别扔", "不能少", "不可缺", "不能缺",
  // "别" as "other", not as "don't": "严重错误会被别的分数掩盖".
  "别的", "别处", "别家", "别名",
  // "否则" is "otherwise"; "不 X 不行" is a must ("轨迹和动作边界不留不行").
  "否则", "不留不行", "不查不行", "不标不行", "不看不行", "不做不行", "不管不行", "不分不行", "不区分不行", "不保留不行", "不存不行", "不检查不行",
  "not only", "no matter", "not just", "no doubt", "nothing but",
];

/** Characters that negate what follows them within a few characters. */
const NEGATOR_CHARS = new Set([..."不没无非未别勿毋否甭"].map((char) => char.charCodeAt(0)));
const NEGATOR_WORDS = new Set([
  "no", "not", "never", "without", "none", "neither", "nor", "cannot",
  // Contractions typed fast without the apostrophe ("dont retrain"): none of them is another word
  // an answer would use ("wont" and "cant" are rare enough in answers about training).
  "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "cant", "couldnt", "shouldnt", "wouldnt",
  "wont", "mustnt", "neednt", "havent", "hasnt", "hadnt",
]);
/**
 * Rhetorical questions that deny without a negator: "还用得着分是谁的锅吗" says there is no need,
 * "谁说代理只能采数据" denies the claim, "怎么可能是 ±1" denies the value.
 */
const RHETORICAL_NEGATORS_ZH = ["还用得着", "哪用得着", "哪里用得着", "何必", "何须", "何需", "谁说", "谁还", "怎么可能", "哪可能", "哪里可能", "哪能", "哪儿能", "哪里能", "那能"];
/**
 * Verbs that leave out or undo what follows them: "跳过验收直接上线", "省掉去重那一步", "破坏前缀一致性".
 * Not "去掉" or "忽略", which name the work itself ("去掉重复", "忽略工具回包的 loss").
 */
const SKIPPING_VERBS_ZH = ["跳过", "省掉", "省去", "省略", "砍掉", "略过", "破坏", "打破", "毁掉"];
/** Words before a term that deny it without a negating character. */
const NEGATING_WORDS_BEFORE_ZH = [...RHETORICAL_NEGATORS_ZH, ...SKIPPING_VERBS_ZH];
const RHETORICAL_FIRSTS = new Set(NEGATING_WORDS_BEFORE_ZH.map((word) => word.charCodeAt(0)));
/** Two-word negators: the first word, then the one that must follow it after one space. */
const NEGATOR_PAIRS = new Map([["instead", "of"], ["rather", "than"]]);

// A negation reaches back only as far as a contrast: in "不是 X 而是 Y", Y is not negated.
// Tried in this order at each position, the first that fits is taken (as an alternation would).
// "不用奖励模型只要偏好对": what is only needed instead starts a scope of its own.
// "没有环境照样能解释": what is still possible without the thing is not negated.
/** Words that deny a whole claim after them: a contrast right after them is inside the claim. */
const CLAIM_NEGATORS_ZH = ["不能说", "不是说", "并不是", "不是", "别以为", "不要以为", "并非", "不代表", "不等于", "不意味着"];
// A particle that closes a spoken clause ends it too: "别直接全拼起来 train 啦 要先 mark 好 role".
const SCOPE_BREAKS_ZH = ["而是", "而", "但是", "但", "却", "反而", "然而", "只是", "只要", "只需要", "只需", "只用", "的话", "照样", "照常", "啦", "咯", "嘛", "喔", "哦", "噢"];
/** 1 for a code unit some contrast word starts with. */
const SCOPE_BREAK_FIRSTS = new Uint8Array(0x10000);
for (const word of SCOPE_BREAKS_ZH) SCOPE_BREAK_FIRSTS[word.charCodeAt(0)] = 1;
const SCOPE_BREAK_WORDS = new Set(["but", "rather", "instead", "however", "whereas", "while", "lah", "leh", "lor"]);

// After the term, the negation must close the segment: "奖励模型不需要了" negates the model,
// "DPO 不需要奖励模型" does not negate DPO. Up to AFTER_LEAD_ZH characters may come first.
const NEGATORS_AFTER_ZH = [
  "不再需要", "不需要", "不用", "不必", "用不着", "被去掉", "去掉", "被移除", "移除", "被删除", "删除", "删掉",
  "被省掉", "省掉", "省略", "省去", "被取消", "取消", "没了", "没有了", "不存在", "不必要", "不是必须",
  "不是必需", "不是必要", "并非必需", "可有可无", "不重要", "不要", "不对", "是错的", "是错误的", "不是",
  "并不是", "并非", "不成立", "不行", "无关", "未必", "不一定", "不见得", "还差得远", "差得远", "还远",
  "远远不够", "不够",
  // Spoken ways of saying a thing is not needed or does not matter.
  "没必要", "犯不着", "无所谓", "没用", "没什么用", "没啥用", "不用管", "可以不要", "可以省掉", "可以去掉",
  // Spoken ways of saying a thing no longer holds or helps.
  "不适用", "不管用", "过时", "没价值", "没有价值", "失效",
  // Said to do no harm: "中间过程丢了也没影响" denies that losing it matters.
  "没影响", "没有影响", "没啥影响", "没什么影响", "影响不大", "没关系", "不要紧", "无妨", "没事",
  // Said to be overturned or thrown out: "那些想法在新版都推翻了".
  "推翻", "被推翻", "作废", "废弃", "被废弃", "淘汰", "被淘汰", "不算数", "站不住",
  "没啥必要", "没什么必要", "没太大必要", "不太必要", "没多大必要", "用不上", "意义不大", "没意义", "没有意义",
  "行不通", "不可取", "要不得",
  // Said to be worthless in itself: "中间那些都是噪声", "这一步多余".
  "是噪声", "是噪音", "多余", "是累赘", "是垃圾", "是废话", "是摆设", "是虚的", "虚的", "花架子", "走过场", "形式主义", "做样子", "流程表演", "走形式",
  // Said not to be good enough even for that: "连当示范都不够格".
  "不够格", "不合格", "不配", "不顶用", "派不上用场",
  // Said to be wasted effort, or waved away: "查泄漏纯属浪费时间", "验收就免了吧".
  "多此一举", "浪费时间", "白费功夫", "白费力气", "白折腾", "瞎折腾", "不值得", "不划算", "大可不必",
  "算了", "免了",
  // Asked to say it is useless: "环境有什么用？", "要那些规则干嘛".
  "有什么用", "有啥用", "有什么必要", "有啥必要", "干嘛用", "有何用", "干什么用",
  // Said to be optional: "环境只是锦上添花", "环境有没有都行".
  "锦上添花", "有没有都行", "有没有都可以", "有没有都无所谓", "有没有无所谓", "要不要都行", "要不要都可以",
  // Said to matter little, or to wait: "可验证这个要求没那么重要", "能不能验证倒是其次", "对齐以后再说".
  "没那么重要", "不那么重要", "不太重要", "没那么关键", "不关键", "不是重点", "不是关键", "无关紧要", "无足轻重",
  "倒是其次", "是其次", "在其次", "还在其次", "次要", "以后再说", "回头再说", "后面再说", "之后再说",
  // Put off: "可验证性可以后置考虑", "能不能验证那是后面的事".
  "后置", "可以后置", "后置考虑", "是后面的事", "往后放", "先放一放", "放一边",
];
/** Necessity negators that may be followed by a verb of attention: "坏例没必要再看", "过程不用保留". */
const NOT_NEEDED_ZH = [
  "不再需要", "不需要", "没必要", "不用", "用不着", "犯不着", "不必", "无需", "不要", "别",
  "没啥必要", "没什么必要", "用不上", "无须", "甭",
  // Hedged: "其实不太需要环境".
  "不太需要", "不大需要", "不怎么需要", "不太用", "不太必要",
  // Asked: "重复日志和新采样何必区分".
  "何必", "何须", "何需",
];
const ATTENTION_VERBS_ZH = [
  "看", "管", "做", "查", "检查", "区分", "保留", "留", "留着", "考虑", "关心", "在意", "标", "标注", "理会",
  "验证", "验收", "评估", "准备", "记录", "保存",
  // Handling verbs: "重复日志不用去重" says the duplicates need no handling.
  "去重", "对齐", "处理", "清洗", "过滤", "关联",
  // Telling things apart, said shortly: "动作和观察没必要拆开", "犯不着分哪个是重试".
  "分", "拆", "拆开", "分开", "拆分", "分出来",
];
/** Whether a matched term is itself a verb of attention ("区分", "保留"): denying it says nothing without its object. */
export function isAttentionVerb(term: string): boolean {
  return ATTENTION_VERBS_ZH.includes(term) || ATTENTION_VERB_VARIANTS_ZH.includes(term);
}
const ATTENTION_VERB_VARIANTS_ZH = ["分开", "分清", "分清楚", "标记", "标清楚", "区别", "关注"];
const AFTER_ADVERBS_ZH = ["再", "去", "太", "特意", "专门", "额外", "特别", "刻意", "单独", "仔细", "再去", "特地"];
const AFTER_SUFFIXES_ZH = ["", "的", "了", "啦", "呢", "吧", "掉", "掉了", "的了"];
const AFTER_LEAD_ZH = 8;
/** Hedges that deny a claim when a short predicate follows them ("不一定越好", "未必更好", "不见得有用"). */
const HEDGES_ZH = ["并不一定", "不一定", "未必", "不见得"];
/** The most characters of the predicate after a hedge. */
const HEDGED_PREDICATE_ZH = 4;
/** What may follow the verb: a particle, or how finely ("没必要分那么清", "不用区分得太细"). */
const ATTENTION_TAILS_ZH = ["", "的", "了", "啦", "吧", "那么清", "那么细", "那么清楚", "得那么清", "得那么细", "得那么清楚", "得太细", "太细", "太清", "那么开", "开", "清楚", "得清清楚楚"];
const ATTENTION_CLOSINGS_ZH = new Set(ATTENTION_VERBS_ZH.flatMap((verb) => ATTENTION_TAILS_ZH.map((suffix) => verb + suffix)));
const CLOSINGS_ZH = new Set(NEGATORS_AFTER_ZH.flatMap((negator) => AFTER_SUFFIXES_ZH.map((suffix) => negator + suffix)));
const longest = (words: Iterable<string>): number => Math.max(...[...words].map((word) => word.length));
const LONGEST_CLOSING_ZH = Math.max(
  longest(CLOSINGS_ZH),
  longest(NOT_NEEDED_ZH) + longest(AFTER_ADVERBS_ZH) + longest(ATTENTION_CLOSINGS_ZH),
  // A necessity negator, two adverbs, a short verb phrase and two particles ("没必要专门再跑一遍了吧").
  longest(NOT_NEEDED_ZH) + 2 * longest(AFTER_ADVERBS_ZH) + 5 + 2,
  longest(HEDGES_ZH) + HEDGED_PREDICATE_ZH,
);

/** Adverbs a bare negation may open with: "都用不着", "完全没必要". */
const BARE_CLOSING_LEADS_ZH = ["", "都", "也", "就", "完全", "根本", "统统", "全都", "压根", "真的", "其实"];
/** Bare clauses that correct what came before rather than deny it: "……，不是，我是说……". */
const CORRECTIONS_ZH = new Set(["不是", "并不是", "并非", "不对", "是错的", "是错误的", "不行", "不成立", "未必", "不一定", "不见得"]);
const BARE_CLOSINGS_ZH = new Set(BARE_CLOSING_LEADS_ZH.flatMap((lead) =>
  NEGATORS_AFTER_ZH.filter((negator) => !CORRECTIONS_ZH.has(negator)).flatMap((negator) => AFTER_SUFFIXES_ZH.map((suffix) => lead + negator + suffix))));
const LONGEST_BARE_CLOSING = longest(BARE_CLOSINGS_ZH);
/** The longest clause `isBareClosing` can accept, in code units. */
export const LONGEST_BARE_CLOSING_UNITS = LONGEST_BARE_CLOSING;

// In English: up to three words, a negating phrase, then up to four words, and nothing else.
const NEGATORS_AFTER_EN = [
  "not needed", "not required", "not necessary", "no longer needed", "unnecessary", "removed", "dropped",
  "eliminated", "gone", "optional", "not used", "not involved", "not the case", "wrong", "not better",
  "isn't better", "not always better", "not necessarily", "isn't needed", "aren't needed", "isn't required",
  "aren't required", "isn't necessary", "aren't necessary", "pointless", "useless", "not useful",
  // Judged a mistake: "retraining for every failure is the wrong reflex".
  "the wrong", "a mistake", "a bad idea", "won't help", "doesn't help", "not the answer", "not the fix",
  // Judged useless: "a stronger method on missing data fixes nothing".
  "fixes nothing", "fix nothing", "solves nothing", "doesn't fix", "won't fix", "doesn't solve", "won't solve",
  // Judged wasted effort: "keeping the whole trajectory is overkill".
  "overkill", "a waste of time", "waste of time", "not worth it", "not worth the effort", "over engineering", "a waste",
  // Judged to matter little: "'verifiable' is overrated", "alignment doesn't matter much".
  "overrated", "doesn't matter", "does not matter", "don't matter", "not important", "isn't important", "unimportant",
  "secondary", "not a priority", "nice to have", "not essential", "not a must", "not mandatory", "not that important",
].map((phrase) => phrase.split(" "));
const AFTER_LEAD_WORDS_EN = 4;
const AFTER_TRAIL_WORDS_EN = 4;
const LONGEST_PHRASE_EN = Math.max(...NEGATORS_AFTER_EN.map((words) => words.length));
const MOST_WORDS_AFTER_EN = AFTER_LEAD_WORDS_EN + LONGEST_PHRASE_EN + AFTER_TRAIL_WORDS_EN;
/** Longer than this, the rest of a segment is more than a few words and cannot close it with a negation. */
const LONGEST_AFTER_EN = 160;

/** How far back a negator may stand: about ten Chinese characters or five English words. */
const BEFORE_BUDGET = 12;
/** The most code units read before a term; the budget is used up well within it in real text. */
const LONGEST_BEFORE = 160;

const UNDERSCORE = 0x5f;
const SPACE = 0x20;
const APOSTROPHE = 0x27;

/** False cues grouped by their first code unit, each group in list order. */
const FALSE_CUES_BY_FIRST = new Map<number, string[]>();
for (const cue of FALSE_CUES) {
  const first = cue.charCodeAt(0);
  const group = FALSE_CUES_BY_FIRST.get(first) ?? [];
  group.push(cue);
  FALSE_CUES_BY_FIRST.set(first, group);
}
const LONGEST_FALSE_CUE = Math.max(...FALSE_CUES.map((cue) => cue.length));

/** The first of `words` that `text` has at `position`, or null (a loop: no closure per position). */
function startingAt(words: readonly string[], text: string, position: number): string | null {
  for (const word of words) if (text.startsWith(word, position)) return word;
  return null;
}

/** Per code unit, one bit per `WordIndex` holding a word that starts with it. */
const WORD_STARTS = new Uint8Array(0x10000);
let wordIndexes = 0;

/**
 * Words grouped by their first code unit, and by first unit and length: the word lists read at
 * every position after a term are looked up instead of tried one by one, and nothing is sliced.
 * A unit no word starts with is ruled out by one bit of `WORD_STARTS`.
 */
class WordIndex {
  private readonly byFirst = new Map<number, string[]>();
  private readonly byFirstAndLength = new Map<number, string[]>();
  private readonly bit: number;
  private longest = 0;
  /** Words of 255 units or more, kept apart from the keys of `byFirstAndLength` (none in the lists). */
  private readonly long: string[] = [];
  constructor(words: Iterable<string>) {
    if (wordIndexes === 8) throw new Error("WORD_STARTS holds eight word indexes at most");
    this.bit = 1 << wordIndexes++;
    for (const word of words) {
      if (word.length === 0) continue;
      const first = word.charCodeAt(0);
      WORD_STARTS[first] = (WORD_STARTS[first] ?? 0) | this.bit;
      this.longest = Math.max(this.longest, word.length);
      const group = this.byFirst.get(first) ?? [];
      group.push(word);
      this.byFirst.set(first, group);
      if (word.length >= 0xff) {
        this.long.push(word);
        continue;
      }
      const key = first * 0x100 + word.length;
      const sized = this.byFirstAndLength.get(key) ?? [];
      sized.push(word);
      this.byFirstAndLength.set(key, sized);
    }
  }

  /** The first word in list order that `text.slice(0, to)` has at `position`, or null. */
  at(text: string, position: number, to: number): string | null {
    if (position >= to) return null;
    const first = text.charCodeAt(position);
    if (((WORD_STARTS[first] ?? 0) & this.bit) === 0) return null;
    const group = this.byFirst.get(first);
    return group === undefined ? null : startingAtWithin(group, text, position, to);
  }

  /** Whether `text.slice(position, to)` is one of the words (never the empty word: none is kept). */
  isRest(text: string, position: number, to: number): boolean {
    const length = to - position;
    if (length <= 0 || length > this.longest) return false;
    if (length >= 0xff) return this.long.some((word) => word.length === length && text.startsWith(word, position));
    const first = text.charCodeAt(position);
    if (((WORD_STARTS[first] ?? 0) & this.bit) === 0) return false;
    const group = this.byFirstAndLength.get(first * 0x100 + length);
    if (group === undefined) return false;
    for (const word of group) if (text.startsWith(word, position)) return true;
    return false;
  }
}

const CLOSINGS_ZH_INDEX = new WordIndex(CLOSINGS_ZH);
/** The closings that deny a need or a worth, without those that correct a claim ("不对", "不是"). */
const DISMISSING_CLOSINGS_ZH_INDEX = new WordIndex(new Set(NEGATORS_AFTER_ZH.filter((negator) => !CORRECTIONS_ZH.has(negator)).flatMap((negator) => AFTER_SUFFIXES_ZH.map((suffix) => negator + suffix))));
const ATTENTION_CLOSINGS_ZH_INDEX = new WordIndex(ATTENTION_CLOSINGS_ZH);
const HEDGES_ZH_INDEX = new WordIndex(HEDGES_ZH);
const NOT_NEEDED_ZH_INDEX = new WordIndex(NOT_NEEDED_ZH);
const AFTER_ADVERBS_ZH_INDEX = new WordIndex(AFTER_ADVERBS_ZH);

/** 1 for a code unit some false cue starts with: the other units of a text need no look-up. */
const FALSE_CUE_FIRSTS = new Uint8Array(0x10000);
for (const first of FALSE_CUES_BY_FIRST.keys()) FALSE_CUE_FIRSTS[first] = 1;

/**
 * The false cues of each first-unit group again, by first two units, in list order: the group of
 * "不" holds some thirty cues, of which those with the text's next unit are all that can match.
 * A group with a one-unit cue is not split (that cue matches whatever follows). Keyed by
 * `pairKey`, which two pairs may share: their cues are then merged in list order, and a cue of
 * the other pair never matches.
 */
const FALSE_CUES_BY_PAIR = new Map<number, string[]>();
const FALSE_CUE_FIRSTS_UNSPLIT = new Set<number>();
for (const [first, group] of FALSE_CUES_BY_FIRST) {
  if (group.some((cue) => cue.length < 2)) {
    FALSE_CUE_FIRSTS_UNSPLIT.add(first);
    continue;
  }
  for (const cue of group) {
    const key = pairKey(first, cue.charCodeAt(1));
    const sized = FALSE_CUES_BY_PAIR.get(key) ?? [];
    sized.push(cue);
    FALSE_CUES_BY_PAIR.set(key, sized);
  }
}
// Merged lists in list order (a key shared by two pairs got their cues group after group).
for (const [key, cues] of FALSE_CUES_BY_PAIR) FALSE_CUES_BY_PAIR.set(key, FALSE_CUES.filter((cue) => cues.includes(cue)));
const NO_CUES: readonly string[] = [];

/** The cues of `FALSE_CUES_BY_FIRST` that can start at `text[i]`, in list order (given its first unit is a cue's). */
function falseCuesAt(text: string, i: number, first: number): readonly string[] {
  if (FALSE_CUE_FIRSTS_UNSPLIT.has(first)) return FALSE_CUES_BY_FIRST.get(first) ?? NO_CUES;
  if (i + 1 >= text.length) return NO_CUES;
  return FALSE_CUES_BY_PAIR.get(pairKey(first, text.charCodeAt(i + 1))) ?? NO_CUES;
}

/** Two code units as one small integer (a map key that stays a small integer); two pairs may share one. */
function pairKey(first: number, second: number): number {
  return ((first << 12) ^ second) & 0x3fffffff;
}

/** `text` with every false cue turned into underscores, taken left to right, first listed cue first. */
export function maskFalseCues(text: string): string {
  let masked = "";
  let copied = 0;
  for (let i = 0; i < text.length; ) {
    const unit = text.charCodeAt(i);
    if (FALSE_CUE_FIRSTS[unit] === 0) {
      i += 1;
      continue;
    }
    const cue = startingAt(falseCuesAt(text, i, unit), text, i);
    if (cue === null) {
      i += 1;
      continue;
    }
    masked += text.slice(copied, i) + "_".repeat(cue.length);
    i += cue.length;
    copied = i;
  }
  return copied === 0 ? text : masked + text.slice(copied);
}

/** A character of a word as `\b` sees it: `[a-z0-9_]` (the text is lower case). */
function isBoundaryWordUnit(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39) || unit === UNDERSCORE;
}

/** A character of an English word or number: `[a-z0-9']`. */
function isWordUnit(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39) || unit === APOSTROPHE;
}

/** The end of the `\b`-word starting at `start`, read no further than `to`. */
function wordEnd(text: string, start: number, to: number = text.length): number {
  let end = start;
  while (end < to && isBoundaryWordUnit(text.charCodeAt(end))) end += 1;
  return end;
}

/**
 * Where the scope of a negation ending at `to` begins: just after the last contrast word in
 * `text.slice(from, to)` (read in place), or `from`.
 */
function scopeStartIn(text: string, from: number, to: number): number {
  let last = from;
  for (let i = from; i < to; ) {
    const unit = text.charCodeAt(i);
    if (isBoundaryWordUnit(unit)) {
      const end = wordEnd(text, i, to);
      if (SCOPE_BREAK_WORDS.has(text.slice(i, end))) last = end;
      i = end;
      continue;
    }
    const breakWord = SCOPE_BREAK_FIRSTS[unit] === 1 ? startingAtWithin(SCOPE_BREAKS_ZH, text, i, to) : null;
    if (breakWord !== null) {
      // "不能说只要奖励在涨就……", "别以为只要……": a claim denied whole, the condition inside it.
      let inDeniedClaim = false;
      for (const negator of CLAIM_NEGATORS_ZH) if (i - negator.length >= from && text.startsWith(negator, i - negator.length)) inDeniedClaim = true;
      i += breakWord.length;
      if (!inDeniedClaim) last = i;
    } else {
      i += 1;
    }
  }
  return last;
}

/** The first of `words` that `text` has at `position`, ending by `to`, or null. */
function startingAtWithin(words: readonly string[], text: string, position: number, to: number): string | null {
  for (const word of words) if (position + word.length <= to && text.startsWith(word, position)) return word;
  return null;
}

/** 1 for each of NEGATOR_CHARS: read per character of every stretch searched for a negator. */
const NEGATOR_UNITS = new Uint8Array(0x10000);
for (const unit of NEGATOR_CHARS) NEGATOR_UNITS[unit] = 1;

/** Whether the text holds a negator: a negating character, word or pair of words, or "n't". */
function hasNegator(text: string): boolean {
  return hasNegatorIn(text, 0, text.length);
}

/** The unit at `index`, or NaN at or past `to` (as past the end of `text.slice(from, to)`). */
function unitBefore(text: string, index: number, to: number): number {
  return index < to ? text.charCodeAt(index) : Number.NaN;
}

/** `hasNegator(text.slice(from, to))`, read in place: nothing at or past `to` is looked at. */
function hasNegatorIn(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; ) {
    const unit = text.charCodeAt(i);
    if (NEGATOR_UNITS[unit] === 1) return true;
    if (RHETORICAL_FIRSTS.has(unit) && startingAtWithin(NEGATING_WORDS_BEFORE_ZH, text, i, to) !== null) return true;
    if (!isBoundaryWordUnit(unit)) {
      if (unit === APOSTROPHE && i > from && text.charCodeAt(i - 1) === 0x6e && unitBefore(text, i + 1, to) === 0x74 &&
        !isBoundaryWordUnit(unitBefore(text, i + 2, to))) return true; // n't
      i += 1;
      continue;
    }
    const end = wordEnd(text, i, to);
    const word = text.slice(i, end);
    if (NEGATOR_WORDS.has(word)) return true;
    const second = NEGATOR_PAIRS.get(word);
    if (second !== undefined && unitBefore(text, end, to) === SPACE && end + 1 + second.length <= to && text.startsWith(second, end + 1) &&
      !isBoundaryWordUnit(unitBefore(text, end + 1 + second.length, to))) return true;
    i = end;
  }
  return false;
}

/**
 * The stretch of `masked` (false cues masked) before `end` that a negator may stand in: back from
 * the term until the budget is spent, then cut after the last contrast word within that stretch.
 * (A contrast further back leaves the stretch as it is, so only the stretch is read.)
 */
function negationWindowBefore(masked: string, segmentStart: number, end: number): string {
  return masked.slice(negationWindowStart(masked, segmentStart, end), end);
}

/** Where `negationWindowBefore(masked, segmentStart, end)` starts in `masked`. */
function negationWindowStart(masked: string, segmentStart: number, end: number): number {
  const floor = Math.max(segmentStart, end - LONGEST_BEFORE);
  let budget = BEFORE_BUDGET;
  let i = end;
  while (i > floor && budget > 0) {
    const unit = masked.charCodeAt(i - 1);
    if (isHanUnit(unit)) {
      budget -= 1;
      i -= 1;
    } else if (isWordUnit(unit)) {
      while (i > floor && isWordUnit(masked.charCodeAt(i - 1))) i -= 1;
      budget -= 2.4;
    } else {
      i -= 1;
    }
  }
  // A contrast word may start just before the stretch ("但是" with the budget ending on "是").
  const from = Math.max(segmentStart, i - 1);
  return Math.max(i, scopeStartIn(masked, from, end));
}

/** "……无需特别区分", "……不用管": at most AFTER_LEAD_ZH characters, then a necessity negator and a verb of attention closing the segment. */
function closesWithUnneededAttentionZh(text: string, from: number, to: number, holdsTerm?: TermTest): boolean {
  if (to - from > AFTER_LEAD_ZH + LONGEST_CLOSING_ZH) return false;
  for (let lead = from; lead <= from + AFTER_LEAD_ZH && lead < to; lead++) if (unneededAttentionFrom(text, lead, to, holdsTerm)) return true;
  return false;
}

/** Whether `text.slice(at, to)` is a necessity negator, an optional adverb and a verb of attention, and nothing else. */
function unneededAttentionFrom(text: string, at: number, to: number, holdsTerm?: TermTest): boolean {
  const negator = NOT_NEEDED_ZH_INDEX.at(text, at, to);
  if (negator === null) return false;
  const verbAt = at + negator.length;
  // The verb may itself start like an adverb ("去重" after "去"): tried with and without one.
  if (ATTENTION_CLOSINGS_ZH_INDEX.isRest(text, verbAt, to)) return true;
  const adverb = AFTER_ADVERBS_ZH_INDEX.at(text, verbAt, to);
  if (adverb !== null && ATTENTION_CLOSINGS_ZH_INDEX.isRest(text, verbAt + adverb.length, to)) return true;
  // The verb phrase must name none of the item's terms: "DPO 不需要奖励模型" denies the reward model, not DPO.
  return holdsTerm !== undefined && UNNEEDED_ZH.has(negator) && isShortActionRest(text, verbAt, to) && !holdsTerm(text.slice(verbAt, to));
}

/** Whether a stretch of the answer holds one of the item's terms (the grader's, where it knows the item). */
export type TermTest = (stretch: string) => boolean;

/**
 * Negators that say a thing is not needed, and nothing else: after a topic, "没必要" and a verb of any
 * kind dismiss the topic ("独立任务和坏例没必要专门再跑一遍"). "不要" and "别" forbid ("坏例别混进训练
 * 集" keeps bad cases), so they close only with verbs of attention.
 */
const UNNEEDED_ZH = new Set(["不再需要", "不需要", "没必要", "用不着", "犯不着", "不必", "无需", "无须", "没啥必要", "没什么必要", "不用", "用不上", "甭"]);
/** The most Chinese characters of the verb phrase after such a negator: a verb and its complement ("跑一遍", "再测一下"). */
const SHORT_ACTION_ZH = 5;
/** Words saying how much rather than whether ("坏例不用太多", "不用全部"): a quantity, not a dismissal. */
const DEGREE_HEADS_ZH = ["多", "太", "很", "全", "那么", "这么", "每", "一直", "管", "说"];

/**
 * Whether `text.slice(at, to)` is a short verb phrase closing the segment after a necessity negator:
 * a few adverbs, then at most SHORT_ACTION_ZH Chinese characters with no negator among them, the
 * last of them optionally a sentence particle.
 */
function isShortActionRest(text: string, at: number, to: number): boolean {
  let from = at;
  for (let adverbs = 0; adverbs < 2; adverbs++) {
    const adverb = AFTER_ADVERBS_ZH_INDEX.at(text, from, to);
    if (adverb === null || from + adverb.length >= to) break;
    from += adverb.length;
  }
  if (DEGREE_HEADS_ZH.some((head) => text.startsWith(head, from))) return false;
  let end = to;
  while (end > from && isTrailingParticle(text.charCodeAt(end - 1))) end -= 1;
  if (end - from < 1 || end - from > SHORT_ACTION_ZH) return false;
  for (let i = from; i < end; i++) {
    const unit = text.charCodeAt(i);
    if (!isHanUnit(unit) || unit === BU || unit === MEI || unit === BIE || OBJECT_MARKS.has(unit)) return false;
  }
  return true;
}

/**
 * Characters that bring an object or an agent into the verb phrase ("不需要谁给打个分", "不用把它拆开"):
 * the phrase then says what is not needed, and the topic before it is its subject, not its object.
 */
const OBJECT_MARKS = new Set([..."谁啥什任给把让被它他她这那"].map((c) => c.charCodeAt(0)));

/**
 * Whether the term's segment closes saying it needs no attention: "哪些 token 算 loss 无需特别区分",
 * "token 不用管". Only after the term, as "不需要预测的 token" names tokens rather than dismissing them.
 */
export function attentionDeniedAfter(context: NegationContext, end: number): boolean {
  // Read unmasked: the adverb "特别" is masked as a false cue of 别.
  return closesWithUnneededAttentionZh(context.text, end, context.segmentEnd, context.holdsTerm);
}

/**
 * "……不需要了", "……没必要再看": at most AFTER_LEAD_ZH characters, then a negator closing the
 * segment, or a necessity negator and a verb of attention closing it.
 */
function closesWithNegationZh(text: string, from: number, to: number, most = AFTER_LEAD_ZH, corrections = true, holdsTerm?: TermTest): boolean {
  const lastLead = leadLimit(text, from, to, most);
  if (to - lastLead > LONGEST_CLOSING_ZH) return false;
  const closings = corrections ? CLOSINGS_ZH_INDEX : DISMISSING_CLOSINGS_ZH_INDEX;
  for (let lead = from; lead <= lastLead && lead < to; lead++) {
    if (closings.isRest(text, lead, to)) return true;
    // "越复杂不一定越好", "这样未必更有效": a hedge and a short predicate deny what the term claims.
    const hedge = HEDGES_ZH_INDEX.at(text, lead, to);
    if (hedge !== null && to - (lead + hedge.length) <= HEDGED_PREDICATE_ZH && !hasNegatorIn(text, lead + hedge.length, to)) return true;
    if (unneededAttentionFrom(text, lead, to, holdsTerm)) return true;
  }
  return false;
}

/**
 * The last position a closing may start at after `from`: `most` characters on, where an English word
 * counts as two and a space as none ("独立测试集和 bad case 没必要" lists two terms, as "独立测试集和坏例
 * 没必要" does).
 */
function leadLimit(text: string, from: number, to: number, most: number): number {
  let cost = 0;
  let i = from;
  while (i < to) {
    const unit = text.charCodeAt(i);
    if (unit === SPACE) {
      i += 1;
    } else if (isWordUnit(unit)) {
      if (cost + ENGLISH_WORD_LEAD > most) break;
      cost += ENGLISH_WORD_LEAD;
      while (i < to && isWordUnit(text.charCodeAt(i))) i += 1;
    } else {
      if (cost + 1 > most) break;
      cost += 1;
      i += 1;
    }
  }
  return i;
}
/** What an English word costs of a lead measured in Chinese characters. */
const ENGLISH_WORD_LEAD = 2;

/**
 * "奖励模型对 SFT 来说没必要": a closing negation is about the subject, not about what "对……来说"
 * frames. Where the text after the subject, `text.slice(from, to)`, starts without the frame; -1
 * for a term inside it. Read in place, as every term with a short rest of its segment asks.
 */
function withoutForPhrase(text: string, from: number, to: number): number {
  // One pass for both closings, nothing past `to` read: the first "来说", else the first "而言".
  let close = -1;
  let otherClose = -1;
  for (let i = from; i + 2 <= to; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit === LAI && next === SHUO) {
      close = i;
      break;
    }
    if (otherClose < 0 && unit === ER && next === YAN) otherClose = i;
  }
  if (close < 0) close = otherClose;
  if (close < 0) return from;
  if (!text.startsWith("对", from)) return -1;
  return close + 2;
}

const LAI = "来".charCodeAt(0);
const BU = "不".charCodeAt(0);
const MEI = "没".charCodeAt(0);
const BIE = "别".charCodeAt(0);
/** Sentence particles that may close a verb phrase ("跑一遍了吧"). */
const TRAILING_PARTICLES = new Set([..."了吧啊呀啦呢哦嘛"].map((c) => c.charCodeAt(0)));
const isTrailingParticle = (unit: number): boolean => TRAILING_PARTICLES.has(unit);
const SHUO = "说".charCodeAt(0);
const ER = "而".charCodeAt(0);
const YAN = "言".charCodeAt(0);

/** How far after a term "就" may stand in "没有 X 就……", and how far after it the negator. */
const CONSEQUENCE_LEAD_ZH = 4;
const CONSEQUENCE_REACH_ZH = 3;
/** In "没有 X 的话……没法……", how far after "的话" the negator may stand. */
const CONDITIONAL_REACH_ZH = 12;
/** The most characters after a term that `negatedConsequence` reads. */
const CONSEQUENCE_WINDOW_ZH = 2 + 2 + CONDITIONAL_REACH_ZH;

/**
 * Question words that make "没有奖励，模型往哪学？" a rhetorical question: the consequence is
 * impossible, so the term is required. "怎么办" and "怎么样" ask for real.
 */
const RHETORICAL_QUESTIONS_ZH = ["往哪", "怎么", "咋", "如何", "凭什么", "靠什么", "拿什么", "哪来", "从哪", "训啥", "训什么", "学啥", "学什么", "练啥", "干啥"];
const GENUINE_QUESTIONS_ZH = ["怎么办", "怎么样", "如何处理", "咋办"];
/** How far after a term a rhetorical question word may start. */
const RHETORICAL_REACH_ZH = 6;

function asksRhetorically(after: string): boolean {
  for (const word of RHETORICAL_QUESTIONS_ZH) {
    const at = after.indexOf(word);
    if (at < 0 || at > RHETORICAL_REACH_ZH) continue;
    if (!GENUINE_QUESTIONS_ZH.some((genuine) => after.startsWith(genuine, at))) return true;
  }
  return false;
}

/** Openings of a condition the whole clause depends on: "如果不……", "要是没有……". */
const CONDITION_LEADS_ZH = ["如果", "要是", "假如", "若是", "若", "一旦", "万一", ""];
const CONDITION_NEGATORS_ZH = ["没有", "没", "不先", "没先", "不"];
/** After 不, words that make it deny a claim rather than name a lack: "不能说", "不是", "不代表". */
const CLAIM_DENIALS_AFTER_ZH = ["能说", "是", "代表", "等于", "一定", "见得", "会", "能"];
/** Closings that reject the lack itself: "没有……不行". */
const LACK_REJECTED_ZH = ["不行", "不可以", "不成", "不可", "行不通", "不了", "不到", "不出来"];
/** Outcomes that say the lack hurts: "不查泄漏的话肯定出问题". */
const BAD_OUTCOMES_ZH = ["出问题", "出事", "出错", "翻车", "完蛋", "有问题", "有风险", "有隐患", "坏事", "吃亏", "踩坑", "白训", "白练", "白干", "白做", "不靠谱"];
/**
 * Whether `text.slice(from, to)` (what follows a phrase in its clause) is a closing saying it does no
 * harm: "混着用没关系", "随便用也行". Such a closing states the phrase; it does not negate it.
 */
export function closesHarmless(text: string, from: number, to: number): boolean {
  return to - from <= HARMLESS_REACH_ZH && endsWithOneOf(text, from, to, HARMLESS_ZH);
}
/** The most characters between a phrase and a closing that says it does no harm. */
const HARMLESS_REACH_ZH = 6;

/** Closings saying the lack does no harm: "不查泄漏也没关系" leaves the check denied. */
const HARMLESS_ZH = ["没问题", "没事", "没关系", "不要紧", "无所谓", "无妨", "没影响", "没啥影响", "没什么影响", "问题不大", "影响不大", "也行", "也可以", "也没啥", "也ok"];
/** Words that open the consequence of a condition. */
const CONSEQUENCE_MARKERS_ZH = ["的话", "就", "会", "肯定", "一定", "必然", "容易", "根本", "压根", "都", "没法", "无法", "不能"];
/** How far from the segment's ends the clause-level reading below looks: bounded, so each term costs the same. */
const CONDITION_REACH_ZH = 48;
const CLOSING_PARTICLES_ZH = ["", "的", "了", "啊", "吧", "呀", "哦", "的啊", "的吧"];

/** Whether `text.slice(from, to)` ends with one of `words`, a particle allowed after it. */
function endsWithOneOf(text: string, from: number, to: number, words: readonly string[]): boolean {
  for (const particle of CLOSING_PARTICLES_ZH) {
    if (!text.startsWith(particle, to - particle.length)) continue;
    for (const word of words) {
      const at = to - particle.length - word.length;
      if (at >= from && text.startsWith(word, at)) return true;
    }
  }
  return false;
}

/** Words looked for anywhere in a stretch, filed by their first unit so most positions cost one array read. */
class WordList {
  private readonly firsts = new Uint8Array(0x10000);
  constructor(readonly words: readonly string[]) {
    for (const word of words) this.firsts[word.charCodeAt(0)] = 1;
  }

  /** Where the first of the words to start in `text.slice(from, to)` starts, or -1. */
  firstIn(text: string, from: number, to: number): number {
    for (let i = from; i < to; i++) {
      if (this.firsts[text.charCodeAt(i)] !== 1) continue;
      for (const word of this.words) if (i + word.length <= to && text.startsWith(word, i)) return i;
    }
    return -1;
  }
}

const HARMLESS_LIST = new WordList(HARMLESS_ZH);
const CONSEQUENCE_MARKER_LIST = new WordList(CONSEQUENCE_MARKERS_ZH);
const BAD_OUTCOME_LIST = new WordList(BAD_OUTCOMES_ZH);


/**
 * The clause opens with a negated condition and closes on its cost: "没有先定位是数据、工具还是模型的问题
 * 不行", "不检查近重复和泄漏的话肯定出问题". Every term of the condition is then required, however far
 * from the negator or the cost it stands. `lackHarmless` says the clause closes saying the lack does
 * no harm instead ("不用独立任务验收也没关系"), which keeps the term denied. Read in place, within
 * CONDITION_REACH_ZH of the term.
 */
function negatedConditionOf(masked: string, segmentStart: number, segmentEnd: number, start: number, end: number): "required" | "harmless" | null {
  if (start - segmentStart > CONDITION_REACH_ZH || segmentEnd - end > CONDITION_REACH_ZH) return null;
  const opened = conditionOpened(masked, segmentStart);
  if (opened < 0 || opened > start || hasNegatorIn(masked, opened, start)) return null;
  return costOfLack(masked, end, segmentEnd);
}

/** Where a negated condition opening at `from` ("如果没有", "不") ends, or -1. */
function conditionOpened(masked: string, from: number): number {
  for (const lead of CONDITION_LEADS_ZH) {
    if (!masked.startsWith(lead, from)) continue;
    for (const negator of CONDITION_NEGATORS_ZH) {
      const opened = from + lead.length + negator.length;
      if (!masked.startsWith(negator, from + lead.length)) continue;
      // "不能说……无所谓", "不是……" deny a claim: no lack is named.
      for (const word of CLAIM_DENIALS_AFTER_ZH) if (masked.startsWith(word, opened)) return -1;
      return opened;
    }
  }
  return -1;
}

/** What `masked.slice(from, to)` says the lack costs: "required" (不行, 会出问题, 就没法……), "harmless" (也没关系), or null. */
function costOfLack(masked: string, from: number, to: number): "required" | "harmless" | null {
  if (HARMLESS_LIST.firstIn(masked, from, to) >= 0) return "harmless";
  if (endsWithOneOf(masked, from, to, LACK_REJECTED_ZH)) return "required";
  const marker = CONSEQUENCE_MARKER_LIST.firstIn(masked, from, to);
  if (marker < 0) return null;
  const bad = BAD_OUTCOME_LIST.firstIn(masked, marker, to);
  if (bad >= 0 && !hasNegatorIn(masked, marker, bad)) return "required";
  return hasNegatorIn(masked, marker, Math.min(to, marker + 2 + CONSEQUENCE_REACH_ZH + 2)) ? "required" : null;
}

/**
 * The same reading over a list whose items are joined by "、": "没有先定位是数据、工具还是模型的问题不行"
 * opens in its first item and closes in its last. Bounded like `negatedConditionOf`.
 */
export function listConditionOf(masked: string, head: { start: number; end: number }, last: { start: number; end: number }): "required" | "harmless" | null {
  if (head.end - head.start > CONDITION_REACH_ZH || last.end - last.start > CONDITION_REACH_ZH) return null;
  const opened = conditionOpened(masked, head.start);
  if (opened < 0 || hasNegatorIn(masked, opened, head.end)) return null;
  return costOfLack(masked, last.start, last.end);
}

/** Negations that ask to agree: "SFT 和 DPO 不都得靠 reward 吗" says they both do. */
const AFFIRMING_QUESTIONS_ZH = ["不都", "不也", "不就", "难道不", "不正是"];
const MA = "吗".charCodeAt(0);
/** 嘛 closes such a question as 吗 does: "这不就是权重更新了嘛". */
const MA_SPOKEN = "嘛".charCodeAt(0);

/** Whether the window holds a negation asking to agree and its clause ends as a question with 吗 (or 嘛). */
function asksToAffirm(masked: string, from: number, to: number, segmentEnd: number): boolean {
  const last = masked.charCodeAt(segmentEnd - 1);
  const closes = (unit: number): boolean => unit === MA || unit === MA_SPOKEN;
  if (!closes(last) && !(closes(masked.charCodeAt(segmentEnd - 2)) && (last === 0x5462 || last === 0x4e86))) return false; // 呢, 了
  // Read within the window only: a search past it would cost the rest of the answer per term.
  for (let at = from; at < to; at++) for (const word of AFFIRMING_QUESTIONS_ZH) if (masked.startsWith(word, at)) return true;
  return false;
}

/** English imperative negations that may open a clause (a rhetorical "why would you" among them), and words that end their scope. */
const IMPERATIVE_NEGATIONS_EN = [
  "don't ", "dont ", "do not ", "never ", "why would you ", "why would anyone ", "why would we ",
  // Told to stop, or said not to be done: "stop blaming the model for everything", "you don't train it to …".
  "stop ", "quit ", "avoid ", "no more ", "you don't ", "you dont ", "you shouldn't ", "you should not ", "we don't ", "we dont ",
];
/** Words that may stand before such a negation at the clause's head: "and obviously you don't …". */
const IMPERATIVE_LEADS_EN = ["and ", "so ", "but ", "also ", "just ", "obviously ", "definitely ", "please ", "then ", "plus ", "and obviously ", "so just "];
const IMPERATIVE_SCOPE_BREAKS_EN = [" but ", " instead", " rather", " then "];

/**
 * Whether the English clause holding the term at `start` opens with an imperative negation ("dont
 * just assume its the model and retrain again") and no contrast stands between it and the term.
 */
function imperativeNegationOpens(masked: string, segmentStart: number, start: number): boolean {
  let from = segmentStart;
  while (from < start && masked.charCodeAt(from) === SPACE) from += 1;
  for (let leads = 0; leads < 2; leads++) {
    const lead = IMPERATIVE_LEADS_EN.find((word) => masked.startsWith(word, from));
    if (lead === undefined) break;
    from += lead.length;
  }
  const opening = IMPERATIVE_NEGATIONS_EN.find((negation) => masked.startsWith(negation, from));
  if (opening === undefined || start - from > IMPERATIVE_REACH_EN) return false;
  // "stop" and "quit" tell to stop only before a verb ("stop blaming"), not as a noun ("stop conditions").
  if (GERUND_TAKERS_EN.includes(opening) && !nextWordIsGerund(masked, from + opening.length)) return false;
  const between = masked.slice(from + opening.length, start);
  return !IMPERATIVE_SCOPE_BREAKS_EN.some((word) => between.includes(word));
}
const GERUND_TAKERS_EN = ["stop ", "quit "];

function nextWordIsGerund(text: string, at: number): boolean {
  let end = at;
  while (end < text.length && ((text.charCodeAt(end) >= 0x61 && text.charCodeAt(end) <= 0x7a) || text.charCodeAt(end) === APOSTROPHE)) end += 1;
  return end - at > 4 && text.startsWith("ing", end - 3);
}
/** How far into its clause an imperative negation reaches, in code units. */
const IMPERATIVE_REACH_EN = 80;

/** Negators and verbs of keeping that, closing a clause, say its topic is to go: "重复样本没必要留", "泄漏的别留着". */
const KEEP_NEGATORS_ZH = ["没必要", "不用", "不需要", "用不着", "犯不着", "不必", "别", "不要", "不能", "不该", "不应该"];
const KEEP_VERBS_ZH = ["留", "留着", "留下", "保留", "放着", "放进去", "放进来", "存着"];

/**
 * Whether the clause after a term, `text.slice(from, to)`, is a few characters, then a negator and a
 * verb of keeping, and nothing else: the term is to be removed ("重复样本也没必要留").
 */
export function keepingDismissedAfter(text: string, from: number, to: number): boolean {
  let end = to;
  while (end > from && TRAILING_PARTICLES.has(text.charCodeAt(end - 1))) end -= 1;
  const verb = KEEP_VERBS_ZH.find((word) => end - word.length >= from && text.startsWith(word, end - word.length));
  if (verb === undefined) return false;
  const before = end - verb.length;
  return KEEP_NEGATORS_ZH.some((negator) => {
    const at = before - negator.length;
    return at >= from && at - from <= AFTER_LEAD_ZH && text.startsWith(negator, at);
  });
}

/** Words naming a lack that opens a condition: "没有环境就……", "缺了奖励的话……". */
const LACKS_ZH = ["没有", "缺少", "缺乏", "缺了", "没了", "少了"];
/** How far back from a term the "就" or "的话" of a lack's consequence may stand, and the lack before it. */
const LACK_CONSEQUENCE_REACH_ZH = 10;
const LACK_CONDITION_REACH_ZH = 14;

/**
 * Whether the term at `start` stands in the negated consequence of a lack: "没有环境就没法解释（得分）",
 * "缺了奖励的话无法判断（成败）". The negation is what the lack prevents; the term is not denied.
 */
function inLackConsequence(masked: string, segmentStart: number, start: number): boolean {
  const from = Math.max(segmentStart, start - LACK_CONSEQUENCE_REACH_ZH);
  const window = masked.slice(from, start);
  let then = window.lastIndexOf("就");
  let thenLength = 1;
  const conditional = window.lastIndexOf("的话");
  if (conditional > then) {
    then = conditional;
    thenLength = 2;
  }
  if (then < 0 || !hasNegator(window.slice(then + thenLength))) return false;
  const conditionEnd = from + then;
  const condition = masked.slice(Math.max(segmentStart, conditionEnd - LACK_CONDITION_REACH_ZH), conditionEnd);
  return LACKS_ZH.some((lack) => condition.includes(lack));
}

/** "……就没法训", "……的话 SFT 和 DPO 都没法训练", "……模型往哪学": a negated consequence of the term's condition. */
function negatedConsequence(after: string): boolean {
  if (asksRhetorically(after)) return true;
  const then = after.indexOf("就");
  if (then >= 0 && then <= CONSEQUENCE_LEAD_ZH && hasNegator(after.slice(then + 1, then + 1 + CONSEQUENCE_REACH_ZH))) return true;
  const conditional = after.indexOf("的话");
  if (conditional >= 0 && conditional <= 2 && hasNegator(after.slice(conditional + 2, conditional + 2 + CONDITIONAL_REACH_ZH))) return true;
  // "没有标量奖励做不了", "没有环境跑不起来": a short verb and its potential complement, no 就 needed.
  return UNABLE_COMPLEMENTS_ZH.some((complement) => {
    const at = after.indexOf(complement);
    return at >= 1 && at <= UNABLE_VERB_ZH && /^\p{Script=Han}+$/u.test(after.slice(0, at));
  });
}
/** How long the rest of a clause saying "however much more, still not" may be, in code units. */
const HOWEVER_MORE_REACH = 12;
const HOWEVER_NEGATORS = "不没无白";

/** Whether the clause goes on "再……也不……" right after the term ("训练再强也补不上"): however much more of it, still no use. */
function deniedHoweverMore(text: string, end: number, segmentEnd: number): boolean {
  if (segmentEnd - end > HOWEVER_MORE_REACH) return false;
  // Read within the clause alone: a search past it would cost the rest of the answer per term.
  const more = text[end] === "再" && end < segmentEnd ? end : text[end + 1] === "再" && end + 1 < segmentEnd ? end + 1 : -1;
  if (more < 0) return false;
  let still = -1;
  for (let k = more + 1; k < Math.min(segmentEnd, more + 5) && still < 0; k++) if (text[k] === "也") still = k;
  if (still < 0) return false;
  for (let k = still + 1; k < Math.min(segmentEnd, still + 4); k++) if (HOWEVER_NEGATORS.includes(text[k] as string)) return true;
  return false;
}

/** Potential complements saying a thing cannot be done ("做不了", "训不成", "跑不起来"). */
const UNABLE_COMPLEMENTS_ZH = ["不了", "不成", "不起来", "不动"];
/** The most characters of the verb before such a complement. */
const UNABLE_VERB_ZH = 2;

/** "… is not needed anymore": a few words, a negating phrase, a few words, nothing else. */
function closesWithNegationEn(text: string, from: number, to: number): boolean {
  if (to - from > LONGEST_AFTER_EN) return false;
  // Anything but letters, apostrophes and spaces rules it out: looked for before any word is cut.
  for (let i = from; i < to; i++) {
    const unit = text.charCodeAt(i);
    if (!((unit >= 0x61 && unit <= 0x7a) || unit === APOSTROPHE || unit === SPACE)) return false;
  }
  const words: string[] = [];
  let start = from < to && text.charCodeAt(from) === SPACE ? from + 1 : from;
  for (let i = start; i <= to; i++) {
    const unit = i < to ? text.charCodeAt(i) : SPACE;
    if (unit === SPACE) {
      if (i === start) return false; // two spaces in a row, or a trailing one
      words.push(text.slice(start, i));
      if (words.length > MOST_WORDS_AFTER_EN) return false;
      start = i + 1;
    } else if (!((unit >= 0x61 && unit <= 0x7a) || unit === APOSTROPHE)) {
      return false;
    }
  }
  for (let lead = 0; lead <= AFTER_LEAD_WORDS_EN && lead < words.length; lead++) {
    for (const phrase of NEGATORS_AFTER_EN) {
      const rest = words.length - lead - phrase.length;
      if (rest < 0 || rest > AFTER_TRAIL_WORDS_EN) continue;
      if (phrase.every((word, k) => words[lead + k] === word)) return true;
    }
  }
  return false;
}

export interface NegationContext {
  text: string;
  /** `maskFalseCues(text)`, when the caller keeps it for many terms of one text. */
  masked?: string;
  segmentStart: number;
  segmentEnd: number;
  /** The item's terms, where the caller knows them: a negator closing a clause with any verb then dismisses its topic. */
  holdsTerm?: TermTest;
}

/** True when the term at [start, end) is negated by a cue before it or closing the segment after it. */
export function isNegatedInContext(context: NegationContext, start: number, end: number): boolean {
  return isNegatedAt(context.text, context.masked, context.segmentStart, context.segmentEnd, start, end, context.holdsTerm);
}

/** Verbs making someone do or not do a thing: "让模型别跑偏", "拉住模型别跑太远". */
const CAUSATIVES_ZH = ["拉住", "拉着", "防止", "避免", "约束", "管着", "让", "使", "叫", "逼"];
/** Words pointing at the modified term after "的": "……的那种惩罚项". */
const MODIFIED_DEMONSTRATIVES = ["那种", "这种", "那类", "这类", "那个", "这个", "那些", "这些", "一种", "一个", "一些"];
/** Negators such a clause may hold: "别跑太远", "不乱改", "没见过". */
const MODIFIER_NEGATORS_ZH = ["别", "不", "没"];

/**
 * Whether the stretch before the term is a clause modifying it ("……的") in which a causative verb
 * comes before the negator: "拉住模型别跑太远的 KL 惩罚" names the KL term, and denies nothing of it.
 */
function negatedInCausativeModifier(text: string, from: number, start: number): boolean {
  let at = start;
  while (at > from && text.charCodeAt(at - 1) === 0x20) at--;
  // A demonstrative may stand between the clause and the term: "拉住它不要跑太远的那种惩罚项".
  const demonstrative = MODIFIED_DEMONSTRATIVES.find((word) => text.endsWith(word, at) && at - word.length > from);
  if (demonstrative !== undefined) at -= demonstrative.length;
  if (at <= from || text[at - 1] !== "的") return false;
  const modifier = text.slice(from, at - 1);
  let negator = -1;
  for (const word of MODIFIER_NEGATORS_ZH) negator = Math.max(negator, modifier.lastIndexOf(word));
  if (negator <= 0) return false;
  const head = modifier.slice(0, negator);
  return CAUSATIVES_ZH.some((verb) => head.includes(verb));
}

/** Verbs that take one thing for another after "把 X": "当成", "看作", "跟 v1.0 当一套接口". */
const TAKEN_FOR = ["当成", "当作", "当做", "看成", "看作", "视为", "视作", "等同于", "当一", "混为一谈"];
/** How far after the term such a verb may stand, in code units. */
const TAKEN_FOR_REACH = 16;

/** Whether a "把" stands in the stretch before the term (from `from`) and a verb of taking it for another follows the term. */
function takenForAnother(text: string, from: number, start: number, end: number, segmentEnd: number): boolean {
  const ba = text.lastIndexOf("把", start - 1);
  if (ba < from) return false;
  const after = text.slice(end, Math.min(segmentEnd, end + TAKEN_FOR_REACH));
  return TAKEN_FOR.some((verb) => after.includes(verb)) || bareTakenFor(after);
}

/** Words 当 opens or closes that are no verb of taking for: "当时", "当然", "应当". */
const NOT_TAKEN_AFTER = "时前然下中初天面场地";
const NOT_TAKEN_BEFORE = "应相适恰妥正每充";

/** Whether a bare 当 in `after` takes the thing for another ("别把采集代理当完整训练器"). */
function bareTakenFor(after: string): boolean {
  for (let at = after.indexOf("当"); at >= 0; at = after.indexOf("当", at + 1)) {
    if (!NOT_TAKEN_AFTER.includes(after[at + 1] ?? "时") && (at === 0 || !NOT_TAKEN_BEFORE.includes(after[at - 1] as string))) return true;
  }
  return false;
}

/** `isNegatedInContext` with the context's fields passed one by one, for callers asking for many terms. */
export function isNegatedAt(text: string, maskedText: string | undefined, segmentStart: number, segmentEnd: number, start: number, end: number, holdsTerm?: TermTest): boolean {
  // Without the whole text masked, mask what can matter: the segment up to the term, at most a
  // stretch and a cue's length back (a cue never spans a segment break, so masking starts clean there).
  let masked = maskedText;
  let offset = 0;
  if (masked === undefined) {
    offset = Math.max(segmentStart, start - LONGEST_BEFORE - LONGEST_FALSE_CUE);
    masked = maskFalseCues(text.slice(offset, segmentEnd));
  }
  // Inside a question ("是不是……不对") a negation is asked about, not stated.
  // ……unless the clause closes saying it does not matter either way: "过程留不留无所谓" says the
  // term is not needed.
  if (asksANotAIn(text, Math.max(segmentStart, start - LONGEST_BEFORE), start)) return segmentEnd - end <= INDIFFERENCE_REACH && closesIndifferent(text.slice(end, segmentEnd));
  // A term that is the tail of a masked cue is negated by the cue's own negator: "不一样" masks its
  // 不 so that it negates nothing after it, but it does deny "一样" itself.
  const windowStart = negationWindowStart(masked, Math.max(0, segmentStart - offset), start - offset);
  const before = negatesCueTail(text, masked, start, offset) ||
    (hasNegatorIn(masked, windowStart, start - offset) && !asksToAffirm(masked, windowStart, start - offset, segmentEnd - offset));
  // "别把采集代理当成完整训练器": the negation forbids taking the term for something else; the term itself,
  // between "把" and "当成", is not denied.
  if (before && takenForAnother(text, Math.max(segmentStart, start - LONGEST_BEFORE), start, end, segmentEnd)) return false;
  // "拉住模型别跑太远的 KL 惩罚": a negation inside a causative clause modifying the term ("让……别……的") is the clause's.
  if (before && negatedInCausativeModifier(text, Math.max(segmentStart, start - LONGEST_BEFORE), start)) return false;
  // "don't just assume it's the model and retrain again": an imperative negation opening an English
  // clause scopes over the whole of it, however many words stand between.
  if (!before && imperativeNegationOpens(masked, Math.max(0, segmentStart - offset), start - offset)) return true;
  // "没有环境就没法解释得分": a term in the negated consequence of a lack is what the lack prevents, not
  // denied. Read in answers only (where the item's terms are known): a point's own text ("缺少环境就无法
  // 解释……") keeps the term as mentioned negatively, so that an answer may state it either way.
  if (before && holdsTerm !== undefined && inLackConsequence(masked, Math.max(0, segmentStart - offset), start - offset)) return false;
  // "没有奖励模型就没法训": a negated condition with a negated consequence says the term is required.
  if (before && negatedConsequence(masked.slice(end - offset, Math.min(segmentEnd, end + CONSEQUENCE_WINDOW_ZH) - offset))) return false;
  // The same said of a whole clause: "没有先定位是数据还是模型的问题不行"; "……也没关系" keeps it denied.
  const condition = before ? negatedConditionOf(masked, Math.max(0, segmentStart - offset), segmentEnd - offset, start - offset, end - offset) : null;
  if (condition === "required") return false;
  if (condition === "harmless") return true;
  let negated = before;
  const length = segmentEnd - end;
  if (length > 0 && length <= Math.max(LONGEST_AFTER_EN, AFTER_LEAD_ZH + LONGEST_CLOSING_ZH)) {
    if (asksANotAIn(text, end, segmentEnd)) return closesIndifferent(text.slice(end, segmentEnd)) ? !before : before;
    const afterEnd = segmentEnd - offset;
    const after = withoutForPhrase(masked, end - offset, afterEnd);
    // Two negations cancel: "不能说环境不重要", "没有奖励模型不行". Saying the lack does no harm does
    // not: "省掉验收也没事" leaves the check denied.
    const harmless = before && after >= 0 && endsWithOneOf(masked, after, afterEnd, HARMLESS_ZH);
    negated = harmless || before !== ((after >= 0 && (closesWithNegationZh(masked, after, afterEnd, AFTER_LEAD_ZH, true, holdsTerm) || closesWithNegationEn(masked, after, afterEnd))) || namedAsAnotherThing(text, segmentStart, start, end, segmentEnd) || deniedHoweverMore(text, end, segmentEnd));
  }
  // "去重那些，用不着": a clause of nothing but a negation closes the one before it, topic first.
  if (!negated && !before && segmentEnd - end <= AFTER_LEAD_ZH && bareClosingFollows(text, segmentEnd)) negated = true;
  // "看看是格式不对，还是……" asks which fault it is (the term may be the asking verb itself, "看看"):
  // looked for only once a negation is found, as most terms have none.
  // The asking verb itself negated before it ("没必要区分是数据还是模型") is denied, not asked.
  if (negated && before && EMBEDDED_QUESTIONS.some((question) => text.startsWith(question, start))) return true;
  // The question may start inside the term and end past it ("先看" of "先看看是格式不对", "先看一下是……").
  return negated && !asksWhich(text.slice(Math.max(segmentStart, start - LONGEST_BEFORE), Math.min(segmentEnd, end + LONGEST_EMBEDDED_QUESTION - 1)));
}

const SEGMENT_UNIT = "，".charCodeAt(0);
const SENTENCE_UNIT = "。".charCodeAt(0);

/** Whether the clause after the break at `at` (within its sentence) is a negation and nothing else: "……，用不着". */
function bareClosingFollows(text: string, at: number): boolean {
  // Most terms' segments close the text: tested first, as a read past its end is a slow path in optimised code.
  if (at >= text.length || text.charCodeAt(at) !== SEGMENT_UNIT) return false;
  const limit = Math.min(text.length, at + 1 + LONGEST_BARE_CLOSING + 1);
  let end = at + 1;
  while (end < limit && text.charCodeAt(end) !== SEGMENT_UNIT && text.charCodeAt(end) !== SENTENCE_UNIT) end += 1;
  if (end === limit && end < text.length) return false;
  // One short slice, looked up whole: this runs for many terms of an answer.
  return BARE_CLOSINGS_ZH.has(text.slice(at + 1, end));
}

/** Whether `text.slice(from, to)` is a negation and nothing else ("用不着", "完全没必要吧"): it closes what came before it. */
export function isBareClosing(text: string, from: number, to: number): boolean {
  // Most clauses are longer than any bare negation: measured before a string is made to look up.
  return to - from <= LONGEST_BARE_CLOSING && BARE_CLOSINGS_ZH.has(text.slice(from, to));
}

/**
 * Whether `masked.slice(from, to)` is at most `lead` characters closed by a negation that dismisses
 * ("动作和工具观察没必要"), not one that corrects: the last item of a list "区分是格式错了、……还是数据
 * 不对" names possible faults.
 */
export function closedByDismissal(masked: string, from: number, to: number, lead = AFTER_LEAD_ZH, holdsTerm?: TermTest): boolean {
  return closesWithNegationZh(masked, from, to, lead, false, holdsTerm);
}

/** Adverbs a necessity negator may follow at the head of a clause: "其实没必要……". */
const HEAD_ADVERBS_ZH = ["", "其实", "完全", "根本", "也", "都", "真的", "压根", "但", "但是", "不过", "可"];

/**
 * Necessity negators that govern a whole list after them. Not "别" or "不要": an imperative scopes
 * over its own verb ("别只留最终答案——工具怎么挑的、……").
 */
const LIST_OPENERS_ZH = [
  "不再需要", "不需要", "没必要", "不用", "用不着", "犯不着", "不必", "无需", "没啥必要", "没什么必要", "用不上", "无须", "何必",
  "哪用得着", "还用得着", "谁还", "跳过", "省掉", "省去", "省略",
  // A claim denied whole, its items inside: "别以为只留最终文本、之后重新分词就能还原".
  "别以为", "不要以为", "不能说", "并不是", "不是说", "并非",
];

/** Words that wave away which of a thing it is: "没必要明确哪些 token……", "不管哪些 token……". */
const WHICH_DISMISSERS_ZH = [...LIST_OPENERS_ZH, "不管", "别管", "不用管", "甭管"];
/** The most characters between such a word and the 哪 it waves away ("没必要去明确哪些"). */
const WHICH_DISMISSER_REACH = 6;
const WHICH_REACH = 12;
const NA = "哪".charCodeAt(0);

/**
 * Whether a "which" right before `start` in its segment is waved away: "没必要明确哪些 token 参与训练目标".
 * Read on the masked text, so that "千万别跳过……哪些" is no dismissal.
 */
export function whichDismissedBefore(text: string, segmentStart: number, start: number): boolean {
  const floor = Math.max(segmentStart, start - WHICH_REACH);
  for (let at = start - 1; at >= floor; at--) {
    if (text.charCodeAt(at) !== NA) continue;
    const from = Math.max(segmentStart, at - WHICH_DISMISSER_REACH - 4);
    for (let i = from; i < at; i++) {
      for (const word of WHICH_DISMISSERS_ZH) if (text.startsWith(word, i) && i + word.length <= at && at - (i + word.length) <= WHICH_DISMISSER_REACH) return true;
    }
    return false;
  }
  return false;
}

/** Whether the clause `text.slice(from, to)` opens with a necessity negator ("没必要区分……", "不用管……"). */
export function opensWithUnneeded(text: string, from: number, to: number): boolean {
  for (const adverb of HEAD_ADVERBS_ZH) {
    if (!text.startsWith(adverb, from)) continue;
    for (const opener of LIST_OPENERS_ZH) if (from + adverb.length + opener.length <= to && text.startsWith(opener, from + adverb.length)) return true;
  }
  return false;
}

/** Words joining the thing compared: "跟训练是两码事". */
const COMPARED_WITH_ZH = ["跟", "和", "与", "同"];
/** What says the two differ, after an optional "是" and a degree word. */
const ANOTHER_THING_ZH = ["两码事", "两回事"];
const ANOTHER_THING_LEADS_ZH = ["", "是", "完全是", "根本是", "压根是", "就是"];

/** Whether one of COMPARED_WITH_ZH ends right before `start`. */
function comparedWithBefore(text: string, start: number): boolean {
  for (const word of COMPARED_WITH_ZH) if (text.startsWith(word, start - word.length)) return true;
  return false;
}

/**
 * "改提示跟训练是两码事": the term compared with is said to be another thing, which denies that the
 * subject is it. Only the term right after 跟 / 和 / 与 and right before "是两码事" is denied; the
 * subject before 跟 keeps its words ("原论文和 v1.0 是两码事" still names 原论文).
 */
function namedAsAnotherThing(text: string, segmentStart: number, start: number, end: number, segmentEnd: number): boolean {
  if (start <= segmentStart || !comparedWithBefore(text, start)) return false;
  const rest = text.slice(end, segmentEnd);
  for (const lead of ANOTHER_THING_LEADS_ZH) {
    if (!rest.startsWith(lead)) continue;
    for (const word of ANOTHER_THING_ZH) if (rest.startsWith(word, lead.length) && rest.length - lead.length - word.length <= 2) return true;
  }
  return false;
}


/** Whether `text` has a Chinese verb doubled around 不 or 没 within [from, to). */
function hasDoubledVerbIn(text: string, from: number, to: number): boolean {
  for (let i = from; i + 2 < to; i++) {
    const middle = text.charCodeAt(i + 1);
    if ((middle === NOT || middle === HAVE_NOT) && text.charCodeAt(i) === text.charCodeAt(i + 2) && isHanUnit(text.charCodeAt(i))) return true;
  }
  return false;
}

/**
 * Whether `text.slice(from, to)` asks an A-not-A question: one of the listed ones, or any Chinese
 * verb doubled around 不 or 没 ("动没动", "变不变", "更没更新"). Read in place.
 */
function asksANotAIn(text: string, from: number, to: number): boolean {
  if (hasDoubledVerbIn(text, from, to)) return true;
  // The listed questions are doubled verbs themselves ("是不是"), all found above, but for any that is not.
  for (const question of A_NOT_A_UNDOUBLED) {
    for (let at = from; at + question.length <= to; at++) if (text.startsWith(question, at)) return true;
  }
  return false;
}

/** Closings that say a question asked just before does not matter ("留不留无所谓"). */
const INDIFFERENT_CLOSINGS = ["无所谓", "都行", "都可以", "没关系", "不重要", "都一样", "不要紧", "随便", "没那么重要", "不那么重要", "不太重要", "没那么关键", "不关键", "次要"];
/** The most characters after a term that such a clause may hold. */
const INDIFFERENCE_REACH = 16;

/** Whether the stretch ends with a closing of indifference, a particle after it allowed. */
function closesIndifferent(stretch: string): boolean {
  for (const closing of INDIFFERENT_CLOSINGS) {
    const at = stretch.lastIndexOf(closing);
    if (at >= 0 && stretch.length - (at + closing.length) <= 1) return true;
  }
  return false;
}
const NOT = "不".charCodeAt(0);
const HAVE_NOT = "没".charCodeAt(0);
/** The A-not-A questions that hold no doubled verb (none as listed): looked for word by word. */
const A_NOT_A_UNDOUBLED = A_NOT_A.filter((question) => !hasDoubledVerbIn(question, 0, question.length));

/** False cues made of a negator and a word that may be a term itself: the negator denies that word. */
const NEGATOR_THEN_TERM_CUES = ["不一样"];

/** The term at `start` is the word of such a cue, right after its negator ("不|一样"), not a word inside "能不能". */
function negatesCueTail(text: string, masked: string, start: number, offset: number): boolean {
  if (start === 0 || masked.charCodeAt(start - offset) !== UNDERSCORE) return false;
  for (const cue of NEGATOR_THEN_TERM_CUES) if (text.startsWith(cue, start - 1)) return true;
  return false;
}

function asksWhich(stretch: string): boolean {
  if (!EMBEDDED_QUESTIONS_END_WITH_SHI) return stretch.includes("是") && EMBEDDED_QUESTIONS.some((question) => stretch.includes(question));
  // Every question ends with 是: one ends at some 是 of the stretch, or is nowhere in it.
  for (let at = stretch.indexOf("是"); at >= 0; at = stretch.indexOf("是", at + 1)) {
    for (const question of EMBEDDED_QUESTIONS) if (stretch.startsWith(question, at + 1 - question.length)) return true;
  }
  return false;
}
const EMBEDDED_QUESTIONS_END_WITH_SHI = EMBEDDED_QUESTIONS.every((question) => question.endsWith("是"));
const LONGEST_EMBEDDED_QUESTION = Math.max(...EMBEDDED_QUESTIONS.map((question) => question.length));

/** Verbs of saying or concluding that a negator before them turns into rejecting what follows: "别急着说……", "不能断定……". */
const CONCLUDING_VERBS_ZH = ["说", "下结论", "断定", "断言", "认定", "咬定", "推断", "以为", "认为", "觉得", "得出"];
/** Adverbs between such a negator and the verb: "别急着说", "不能轻易下结论", "不能就此断定". */
const CONCLUDING_ADVERBS_ZH = ["一看到就", "一看就", "看到就", "一上来就", "急着", "着急", "轻易", "直接", "随便", "马上", "就此", "一口", "据此", "就", "先", "贸然"];
/** Negators that reject a conclusion: "别", "不能", "不用急着". */
const CONCLUSION_NEGATORS_ZH = ["不应该", "不应", "不该", "不能", "不可", "不要", "不用", "不必", "没法", "无法", "别"];

/**
 * Whether `text.slice(from, at)` holds a rejected conclusion (a negator, an optional adverb and a verb of
 * saying or concluding) with what follows it up to `at` as its content: "不用急着下结论说（没更新）",
 * "别急着说（梯度为零）". Such content is neither asserted nor denied by the negator.
 */
export function claimRejectedBefore(text: string, from: number, at: number): boolean {
  // Searched in the window alone: a search of the whole text before it made long answers quadratic.
  const window = text.slice(from, at);
  for (const verb of CONCLUDING_VERBS_ZH) {
    for (let v = window.indexOf(verb); v >= 0; v = window.indexOf(verb, v + 1)) {
      let head = v;
      const adverb = CONCLUDING_ADVERBS_ZH.find((word) => head - word.length >= 0 && window.startsWith(word, head - word.length));
      if (adverb !== undefined) head -= adverb.length;
      if (CONCLUSION_NEGATORS_ZH.some((negator) => head - negator.length >= 0 && window.startsWith(negator, head - negator.length))) return true;
    }
  }
  return false;
}

/** Words before a term that say it is not needed or is removed, as opposed to "不能说", "不代表" (which deny a claim). */
const NOT_NEEDED_BEFORE = [
  ...NOT_NEEDED_ZH, "去掉", "省掉", "取消", "不依赖", "摆脱", "还用得着", "哪用得着", "哪里用得着", "何必", "何须", "何需",
  // Not needed as a must: "奖励也不一定非要可验证", "未必要和目标一致".
  "不一定非要", "不一定非得", "不一定要", "未必要", "未必非要", "不非得", "不是非得", "不是非要", "不用非得", "不必非得",
  "no need", "without", "don't need", "doesn't need", "dont need", "doesnt need", "not need", "never need", "drop", "remove",
];

/**
 * True when the term at [start, end) is said not to be needed: a necessity negator before it with no
 * other term in between (`termBetween(from, to)` says whether one stands there), or a negation
 * closing its segment after it. Stricter than `isNegatedInContext`, which also takes "不能说 X" or a
 * negator that belongs to an earlier term ("没有奖励的话 SFT").
 */
export function deniesNeed(context: NegationContext, start: number, end: number, termBetween: (from: number, to: number) => boolean): boolean {
  const { text, segmentStart, segmentEnd } = context;
  const masked = context.masked ?? maskFalseCues(text);
  const window = negationWindowBefore(masked, segmentStart, start);
  const windowStart = start - window.length;
  let last = -1;
  let english = false;
  for (const negator of NOT_NEEDED_BEFORE) {
    const at = window.lastIndexOf(negator);
    if (at >= 0 && at + negator.length > last) {
      last = at + negator.length;
      english = negator.charCodeAt(0) < 0x80;
    }
  }
  // An English negator governs the words right after it: "without it you've got logs" waves away
  // "it", not the logs. Only determiners may stand between it and the term.
  if (english && last >= 0 && !onlyDeterminersEn(window.slice(last))) last = -1;
  // "别急着说梯度为零" rejects a claim about the term; it does not wave the term away.
  if (last >= 0 && !termBetween(windowStart + last, start)) return !claimRejectedBefore(text, windowStart, start);
  // "动作和观察那些，用不着": the clause after says nothing but that.
  if (segmentEnd - end <= AFTER_LEAD_ZH && !hasNegator(window) && bareClosingFollows(text, segmentEnd)) return true;
  const length = segmentEnd - end;
  if (length <= 0 || length > Math.max(LONGEST_AFTER_EN, AFTER_LEAD_ZH + LONGEST_CLOSING_ZH)) return false;
  // "不能说环境不重要" says the opposite: a negation closing the segment counts only if none precedes.
  return !hasNegator(window) && (closesWithNegationZh(masked, end, segmentEnd, AFTER_LEAD_ZH, true, context.holdsTerm) || closesWithNegationEn(masked, end, segmentEnd));
}

const DETERMINERS_EN = new Set(["a", "an", "the", "any", "its", "their", "this", "that", "these", "those", "separate", "extra", "another"]);

/** Whether `stretch` holds nothing but spaces and English determiners ("a", "the separate"). */
function onlyDeterminersEn(stretch: string): boolean {
  for (const word of stretch.split(" ")) if (word.length > 0 && !DETERMINERS_EN.has(word)) return false;
  return true;
}

/** Words before a term that say it is still needed: "还是得单独训练一个价值模型". */
const STILL_NEEDED_BEFORE = [
  "还得", "还是得", "还要", "还是要", "还需要", "还是需要", "仍需", "仍然需要", "依然需要", "必须", "离不开", "得单独", "需要单独",
  "照样需要", "照样得", "依旧需要", "依然要", "仍要", "还需", "一定要", "一定得", "总得", "少不了", "离不了",
  "照样要", "照旧要", "依旧要", "仍然要", "还是照样",
  // "GRPO 其实也要价值模型", "主要还是靠 critic": needed as much as before.
  "也要", "也需要", "也得", "同样需要", "同样要", "还是靠", "主要靠", "主要还是靠", "全靠",
  // Needed first: "得先把 RM 训出来", "DPO 要先训个奖励模型".
  "得先", "要先", "需要先", "必须先", "先得", "先要",
  "still need", "still needs", "still requires", "must",
];
const LONGEST_STILL_NEEDED_BEFORE = Math.max(...STILL_NEEDED_BEFORE.map((cue) => cue.length));
/** Words closing a term's clause that say it is still needed: "价值模型还是少不了", "critic 必不可少". */
const STILL_NEEDED_AFTER = [
  "少不了", "离不了", "离不开", "必不可少", "不可或缺", "不能少", "是必须的", "是必需的", "必须有", "还是要有", "还得有",
  // Said not to be saved after all: "critic 一点没省", "价值模型省不掉".
  "一点没省", "没省掉", "没省下", "省不掉", "省不了", "去不掉",
  "is still needed", "is required",
];
/** How many characters may stand between a term and such a closing ("价值模型还是少不了"). */
const STILL_NEEDED_AFTER_LEAD = 4;
const LONGEST_STILL_NEEDED_AFTER = longest(STILL_NEEDED_AFTER);

/**
 * True when the term at [start, end) is said to be still needed: by a cue shortly before it and no
 * negator, or by a closing of its clause ("……还是少不了") with no negator before the term.
 */
export function assertsNeed(context: NegationContext, start: number, end = start): boolean {
  const masked = context.masked ?? maskFalseCues(context.text);
  const window = negationWindowBefore(masked, context.segmentStart, start);
  if (hasNegator(window)) return false;
  if (context.segmentEnd - end <= STILL_NEEDED_AFTER_LEAD + LONGEST_STILL_NEEDED_AFTER + 2) {
    const rest = context.text.slice(end, context.segmentEnd);
    for (const closing of STILL_NEEDED_AFTER) {
      const at = rest.indexOf(closing);
      if (at >= 0 && at <= STILL_NEEDED_AFTER_LEAD && rest.length - (at + closing.length) <= 2 && !hasNegator(masked.slice(end, end + at))) return true;
    }
  }
  // The thing said first, then that it is still needed and a short verb ("价值模型还是得单独训一个").
  if (context.segmentEnd - end <= STILL_NEEDED_AFTER_LEAD + LONGEST_STILL_NEEDED_BEFORE + TOPIC_VERB_REACH && !hasNegator(masked.slice(end, context.segmentEnd))) {
    const rest = context.text.slice(end, context.segmentEnd);
    for (const cue of STILL_NEEDED_BEFORE) {
      const at = rest.indexOf(cue);
      if (at >= 0 && at <= STILL_NEEDED_AFTER_LEAD && rest.length - (at + cue.length) <= TOPIC_VERB_REACH) return true;
    }
  }
  // Read apart from the negation window, which starts after "照样": "照样要" is a cue of its own.
  const stretchStart = Math.max(context.segmentStart, start - NEED_REACH - LONGEST_STILL_NEEDED_BEFORE);
  const stretch = masked.slice(stretchStart, start);
  let last = -1;
  for (const cue of STILL_NEEDED_BEFORE) {
    const at = stretch.lastIndexOf(cue);
    if (at >= 0 && at + cue.length > last) last = at + cue.length;
  }
  // A verb may stand between ("还是得单独训练一个价值模型"), so the cue need only be near.
  return last >= 0 && stretchStart + last >= start - NEED_REACH;
}

/** How long the verb after a topic and its "still needed" cue may be: "单独训一个", "另外训练一个". */
const TOPIC_VERB_REACH = 8;

/** How far before a term a "still needed" cue may end, in code units. */
const NEED_REACH = 8;

/** Words before a term that say it still can be done, whatever is missing: "缺了环境也不耽误解释". */
const STILL_POSSIBLE_BEFORE = ["照样能", "照样可以", "一样能", "一样可以", "照常能", "照样", "不耽误", "不妨碍", "不影响", "still able to", "can still", "still can"];
/** How far before a term such a cue may end: at most a short verb between ("照样能讲清得分原因"). */
const POSSIBLE_REACH = 2;
/** Characters of a verb that reduces or removes (减少, 降低, 免去, 省掉): "照样能减少价值模型" removes it. */
const REDUCING_CHARS = new Set([..."减降少免脱去省"].map((char) => char.charCodeAt(0)));

/**
 * True when the term at [start, end) is said to be still possible ("……也不耽误解释得分原因",
 * "照样能解释"), by a cue right before it and no negator after the cue.
 */
export function assertsPossible(context: NegationContext, start: number): boolean {
  const window = context.text.slice(Math.max(context.segmentStart, start - POSSIBLE_REACH - 13), start);
  for (const cue of STILL_POSSIBLE_BEFORE) {
    const at = window.lastIndexOf(cue);
    if (at < 0) continue;
    const between = window.slice(at + cue.length);
    if (between.length > POSSIBLE_REACH || hasNegator(maskFalseCues(between))) continue;
    let reduces = false;
    for (let i = 0; i < between.length && !reduces; i++) reduces = REDUCING_CHARS.has(between.charCodeAt(i));
    if (!reduces) return true;
  }
  return false;
}

/** True when a phrase negates something by itself ("无需奖励模型"): authors sometimes write such aliases. */
export function containsNegator(phrase: string): boolean {
  return hasNegator(maskFalseCues(phrase));
}

/**
 * Cues masked because they negate nothing after them, but which deny sameness when they are the
 * whole alias: "不同" listed beside "一样" is the denial of it ("数值不同" denies "数值一样").
 */
const DENIALS_OF_SAMENESS = new Set(["不同", "不一样"]);

/** True when an alias states a negation by itself: a negator in it, or a word that denies sameness. */
export function aliasNegates(alias: string): boolean {
  return DENIALS_OF_SAMENESS.has(alias) || containsNegator(alias);
}

/** Whether the alias is one of the words denying sameness ("不同", "不一样"). */
export function deniesSameness(alias: string): boolean {
  return DENIALS_OF_SAMENESS.has(alias);
}

/** Words before a term that say it alone will do: "光看训练分数", "只凭奖励曲线". */
const SUFFICIENT_BEFORE = ["光看", "只看", "单看", "只要看", "只需看", "光靠", "只靠", "单靠", "只凭", "仅凭", "光凭", "只要", "只需", "光是", "only look at", "just look at", "only the", "as long as"];
/** Words after a term that say it is enough: "……就够了", "……就足以证明". */
const SUFFICIENT_AFTER = [
  "就够", "够了", "就行", "就好", "就可以", "足以", "足够", "就能说明", "就说明", "就能证明", "就证明", "就代表",
  // That's all it takes to ship: "训练分数涨了就能上线".
  "就能上线", "就上线", "就能发布", "就发布", "就能交付", "就能部署", "就能用了", "就没问题", "就完事", "就搞定",
  "is enough", "are enough", "suffices", "proves", "ready to ship", "good to go",
];
/** How far before a term a "this alone" cue may end, and how far after it an "enough" cue may start, in code units. */
const SUFFICIENT_REACH_BEFORE = 4;
const SUFFICIENT_REACH_AFTER = 12;

/**
 * True when the term at [start, end) is said to be enough on its own ("光看训练分数就够了",
 * "训练分数上去了就足以证明"): a cue shortly before or after it in its segment, and no negator
 * in between (the caller has checked that the term itself is not negated).
 */
export function claimsSufficient(context: NegationContext, start: number, end: number): boolean {
  const { text, segmentStart, segmentEnd } = context;
  const masked = context.masked ?? maskFalseCues(text);
  const before = masked.slice(Math.max(segmentStart, start - SUFFICIENT_REACH_BEFORE - 6), start);
  for (const cue of SUFFICIENT_BEFORE) {
    const at = before.lastIndexOf(cue);
    if (at >= 0 && before.length - (at + cue.length) <= SUFFICIENT_REACH_BEFORE) return true;
  }
  const after = masked.slice(end, Math.min(segmentEnd, end + SUFFICIENT_REACH_AFTER + 6));
  for (const cue of SUFFICIENT_AFTER) {
    const at = after.indexOf(cue);
    if (at >= 0 && at <= SUFFICIENT_REACH_AFTER && !hasNegator(after.slice(0, at))) return true;
  }
  return false;
}

/**
 * `masked` (the masked form of `text`) with every place `text` holds one of `terms` turned into
 * underscores: the negator inside a term ("没见过的任务", "看不到") belongs to it and negates
 * nothing around it. Linear: each term is searched once, left to right, without overlap.
 */
export function maskTerms(masked: string, text: string, terms: readonly string[]): string {
  let units: string[] | null = null;
  for (const term of terms) {
    if (term.length === 0) continue;
    for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + term.length)) {
      units ??= masked.split("");
      units.fill("_", at, at + term.length);
    }
  }
  return units === null ? masked : units.join("");
}
