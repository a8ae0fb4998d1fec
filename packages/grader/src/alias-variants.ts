// More ways to write an authored alias, added when an item is compiled: the spoken words members
// use for a written term ("分清" for "区分"), and English inflections inside multi-word aliases
// ("blaming the model" for "blame the model"). Each variant is matched like the alias itself.

/**
 * Written term → spoken or common equivalents. A variant replaces the term wherever an alias
 * contains it. Only pairs that mean the same in any sentence of this subject belong here.
 */
const SPOKEN_SYNONYMS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["区分", ["分清", "分清楚", "搞清楚", "分开"]],
  ["定位", ["搞清楚", "找出"]],
  ["丢失", ["丢了", "没了"]],
  ["保留", ["留着", "留下"]],
  ["均值", ["平均分", "平均值"]],
  ["平均", ["平均分"]],
  ["验证", ["核对", "核验", "校验"]],
  ["解耦", ["拆开", "分开"]],
  ["示范", ["标准答案", "范例"]],
  ["捕获", ["记下", "抓下", "截下来"]],
  ["拦截", ["截下来", "截住"]],
  ["记录", ["记下"]],
  ["标注", ["标清楚", "标好"]],
  ["参与", ["算进", "计入"]],
  ["掩盖", ["盖住", "盖过"]],
  ["投机", ["钻空子"]],
  ["敏感", ["隐私"]],
  ["输出", ["返回"]],
  ["组内", ["组里"]],
  ["同一问题", ["同一道题", "同一个问题"]],
  ["查看", ["去看", "看看"]],
  ["一致", ["对得上", "吻合"]],
  ["旧", ["老"]],
  ["为什么", ["为啥"]],
  ["为何", ["为啥"]],
  // Everyday words for the written ones: "越花哨越好", "工具怎么挑的", "错了怎么救回来".
  ["复杂", ["花哨", "繁琐", "花里胡哨"]],
  ["选择", ["怎么挑", "挑选"]],
  ["恢复", ["救回来", "改回来", "纠回来"]],
  ["拆解", ["拆开看", "拆开来看"]],
  ["一样", ["一个样", "一模一样"]],
  // Equal numbers said plainly: "不是一个数" for "不相等".
  ["相等", ["一个数", "同一个数", "一个值"]],
  // Sameness and reuse said in speech: "论文跟 v1.0 是一套", "旧示例拿来跑新版".
  ["一套接口", ["同一套", "是一套"]],
  ["拿来用", ["拿来跑", "拿过来用", "拿过来跑"]],
  // A spoken verb clipped to its first character: "训完" for "训练完成", "训好" for "训练好".
  ["训练完成", ["训完", "训练完"]],
  ["训练好", ["训好"]],
  // And 采集 said with its first character and a result: "采数据", "采到的", "都采下来".
  ["采集", ["采数据", "采到", "采下来"]],
  ["diagnose", ["find out", "figure out"]],
  ["locate", ["find out", "figure out"]],
];

/**
 * Chinese terms typed as their English abbreviation inside a longer term ("减均值除 std" for
 * "减均值除标准差"), or as a shorter word ("分一样"). Never a whole alias on its own: a bare
 * "mean", "std" or "分" is another word.
 */
const MIXED_LANGUAGE_SYNONYMS: ReadonlyArray<readonly [string, string]> = [
  // And a score said shortly: "分一样", "一样的分" for "分数一样", "一样的奖励".
  ["分数", "分"],
  ["一样的奖励", "一样的分"],
  ["同样的奖励", "同样的分"],
  ["奖励一样", "分一样"],
  ["奖励相同", "分相同"],
  ["标准差", "std"],
  ["均值", "mean"],
  ["奖励模型", "rm"],
  ["价值模型", "critic"],
  // Code words typed in English inside a Chinese term: "新的 component", "旧的 API 字段".
  ["组件", "component"],
  ["接口", "interface"],
  ["代码", "code"],
  ["轨迹", "trajectory"],
];

/** Words that take no inflection inside a multi-word English alias. */
const UNINFLECTED = new Set(["the", "a", "an", "of", "to", "and", "or", "in", "on", "for", "with", "by", "is", "are"]);

function englishForms(word: string): string[] {
  if (word.length < 3 || UNINFLECTED.has(word) || !/^[a-z]+$/.test(word)) return [];
  const forms: string[] = [];
  if (word.endsWith("y") && !/[aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ies`, `${word.slice(0, -1)}ied`);
  else if (word.endsWith("e")) forms.push(`${word}s`, `${word}d`, `${word.slice(0, -1)}ing`);
  else forms.push(`${word}s`, `${word}es`, `${word}ed`, `${word}ing`);
  return forms;
}

/** English aliases of several words: each form of the first or the last word ("blaming the model", "trajectories"). */
function inflections(alias: string): string[] {
  if (!/^[a-z][a-z '-]*$/.test(alias)) return [];
  const words = alias.split(" ");
  const out: string[] = [];
  const last = words.length - 1;
  for (const index of new Set([0, last])) {
    for (const form of englishForms(words[index] ?? "")) out.push(words.map((word, i) => (i === index ? form : word)).join(" "));
  }
  return out;
}

/** Measure words after which 一 counts the thing named, as 这 / 每 / 整 point at it in speech. */
const MEASURE_WORDS = "组条个批对次轮份";
/** Verbs spelt with 更 that have no degree in them: "更新" is to update, not "newer". */
const NOT_DEGREE = new Set(["新", "改", "换", "正"]);

/**
 * Spoken forms of an alias that the grammar allows whatever the subject: a quantity named by its
 * demonstrative ("一组" → "这组", "每组", "整组") and a comparative said as a degree ("更复杂" →
 * "那么复杂", "这么复杂"; "没必要搞那么复杂" denies "越复杂越好" just as "不必更复杂" does).
 */
function spokenForms(alias: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < alias.length; i++) {
    if (alias[i] === "一" && MEASURE_WORDS.includes(alias[i + 1] as string)) {
      for (const pointer of ["这", "每", "整"]) out.push(alias.slice(0, i) + pointer + alias.slice(i + 1));
    }
  }
  if (alias.startsWith("更") && alias.length >= 3 && !NOT_DEGREE.has(alias[1] as string)) {
    for (const degree of ["那么", "这么"]) out.push(degree + alias.slice(1));
    // "复杂点", "复杂一点更好": the spoken comparative of a two-character adjective.
    if (alias.length === 3) for (const degree of ["点", "一点", "些"]) out.push(alias.slice(1) + degree);
  }
  return out;
}

/** The aliases and their variants, authored ones first, each once. Works on lower-cased aliases. */
export function aliasVariants(aliases: readonly string[]): string[] {
  const out = new Set<string>();
  for (const alias of aliases) out.add(alias);
  for (const raw of aliases) {
    const alias = raw.toLowerCase();
    for (const [written, spoken] of SPOKEN_SYNONYMS) {
      if (!alias.includes(written)) continue;
      for (const variant of spoken) out.add(alias.replaceAll(written, variant));
    }
    for (const [written, english] of MIXED_LANGUAGE_SYNONYMS) {
      if (alias.length > written.length && alias.includes(written)) out.add(alias.replaceAll(written, english));
      // A sameness of scores is the whole alias: "奖励一样" → "分一样".
      else if (alias === written && written.length >= 4 && !/[a-z]/.test(english)) out.add(english);
    }
    for (const variant of inflections(alias)) out.add(variant);
    for (const variant of spokenForms(alias)) out.add(variant);
  }
  // British spellings of -ize words: "normalised" for "normalized", "tokenise" for "tokenize".
  for (const variant of [...out]) if (IZE.test(variant)) out.add(variant.replace(IZE_ALL, "is"));
  return [...out];
}

/** "-iz" before an ending (normalize, tokenized, standardizing, optimization) or at a prefix alias's end ("normaliz"). */
const IZE = /[a-z]{3}iz(?:e|ed|es|ing|ation|er|$)/u;
const IZE_ALL = /(?<=[a-z]{3})iz(?=e|ed|es|ing|ation|er|$|[^a-z])/gu;
