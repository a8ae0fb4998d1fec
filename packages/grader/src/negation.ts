// Negation cues, looked for on both sides of a matched term within its comma-level segment.
// Works on normalised text (lower case, simplified, no spaces between Chinese characters).
import { isHanUnit } from "./han.ts";

/** Words that contain a negator character but do not negate anything ("不同", "区别", "非常"). */
const FALSE_CUES = [
  "不仅", "不同", "不断", "不管", "不论", "不少", "不错", "不久", "不过", "不但", "不光", "不停",
  "不得不", "不可或缺", "不可少", "缺一不可", "不外乎", "不一样", "不稳定", "差不多", "不小",
  "无论", "无效", "无数", "无限", "无疑", "毫无疑问", "非常", "是非", "除非", "未来", "没错",
  "区别", "分别", "类别", "差别", "特别", "识别", "别人", "个别", "级别", "辨别", "鉴别",
  "是否", "能否", "可否", "与否", "实在不行", "不行就", "要不然", "不然",
  "not only", "no matter", "not just", "no doubt", "nothing but",
];
const FALSE_CUE_PATTERN = new RegExp(FALSE_CUES.map(escapeRegExp).join("|"), "g");

const NEGATOR_BEFORE = new RegExp(
  [
    "不", "没", "无", "非", "未", "别", "勿", "毋", "否",
    "\\b(?:no|not|never|without|none|neither|nor|cannot|instead of|rather than)\\b",
    "n't\\b",
  ].join("|"),
);

// A negation reaches back only as far as a contrast: in "不是 X 而是 Y", Y is not negated.
const SCOPE_BREAK = /而是|而|但是|但|却|反而|然而|只是|\b(?:but|rather|instead|however|whereas|while)\b/g;

// After the term, the negation must close the segment: "奖励模型不需要了" negates the model,
// "DPO 不需要奖励模型" does not negate DPO.
const NEGATOR_AFTER_ZH =
  /^[^，。]{0,8}?(?:不再需要|不需要|不用|不必|用不着|被去掉|去掉|被移除|移除|被删除|删除|删掉|被省掉|省掉|省略|省去|被取消|取消|没了|没有了|不存在|不必要|不是必须|不是必需|不是必要|并非必需|可有可无|不重要|不要|不对|是错的|是错误的|不是|并不是|并非|不成立|不行|无关|未必|不一定|不见得|还差得远|差得远|还远|远远不够|不够)(?:的|了|啦|呢|吧|掉|掉了|的了)?$/;
const NEGATOR_AFTER_EN =
  /^(?: ?[a-z']+){0,3}? ?(?:not needed|not required|not necessary|no longer needed|unnecessary|removed|dropped|eliminated|gone|optional|not used|not involved|not the case|wrong|not better|isn't better|not always better|not necessarily|isn't needed|aren't needed|isn't required|aren't required)(?: [a-z']+){0,4}$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function maskFalseCues(text: string): string {
  return text.replace(FALSE_CUE_PATTERN, (cue) => "_".repeat(cue.length));
}

/** How far back a negator may stand: about ten Chinese characters or five English words. */
const BEFORE_BUDGET = 12;

/** The stretch of text before a term that a negator may stand in. */
function negationWindowBefore(prefix: string): string {
  let scoped = maskFalseCues(prefix);
  let lastBreak = -1;
  SCOPE_BREAK.lastIndex = 0;
  for (let match = SCOPE_BREAK.exec(scoped); match; match = SCOPE_BREAK.exec(scoped)) {
    lastBreak = match.index + match[0].length;
  }
  if (lastBreak >= 0) scoped = scoped.slice(lastBreak);
  let budget = BEFORE_BUDGET;
  let i = scoped.length;
  while (i > 0 && budget > 0) {
    const unit = scoped.charCodeAt(i - 1);
    if (isHanUnit(unit)) {
      budget -= 1;
      i -= 1;
    } else if (isWordUnit(unit)) {
      while (i > 0 && isWordUnit(scoped.charCodeAt(i - 1))) i -= 1;
      budget -= 2.4;
    } else {
      i -= 1;
    }
  }
  return scoped.slice(i);
}

/** A character of an English word or number: `[a-z0-9']`, tested on the code unit. */
function isWordUnit(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39) || unit === 0x27;
}

export interface NegationContext {
  text: string;
  segmentStart: number;
  segmentEnd: number;
}

/** True when the term at [start, end) is negated by a cue before it or closing the segment after it. */
export function isNegatedInContext(context: NegationContext, start: number, end: number): boolean {
  const before = negationWindowBefore(context.text.slice(context.segmentStart, start));
  if (NEGATOR_BEFORE.test(before)) return true;
  const after = maskFalseCues(context.text.slice(end, context.segmentEnd));
  return NEGATOR_AFTER_ZH.test(after) || NEGATOR_AFTER_EN.test(after);
}

/** True when a phrase negates something by itself ("无需奖励模型"): authors sometimes write such aliases. */
export function containsNegator(phrase: string): boolean {
  return NEGATOR_BEFORE.test(maskFalseCues(phrase));
}
