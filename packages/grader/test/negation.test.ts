import { describe, expect, it } from "vitest";
import { isNegatedInContext } from "../src/negation.ts";
import { normalizeTerm } from "../src/normalize-text.ts";

/** Whether `term` is negated where it first occurs in `sentence` (one segment). */
function negated(sentence: string, term: string): boolean {
  const text = normalizeTerm(sentence);
  const needle = normalizeTerm(term);
  const start = text.indexOf(needle);
  if (start < 0) throw new Error(`${term} not in ${text}`);
  const before = text.lastIndexOf("，", start);
  const after = text.indexOf("，", start);
  return isNegatedInContext({ text, segmentStart: before + 1, segmentEnd: after < 0 ? text.length : after }, start, start + needle.length);
}

describe("negation before a term", () => {
  it.each([
    ["DPO 不需要奖励模型", "奖励模型"],
    ["DPO 无需另训奖励模型", "奖励模型"],
    ["提示和记忆并非训练", "训练"],
    ["改提示不等于训练", "训练"],
    ["没有单独的价值模型", "价值模型"],
    ["DPO doesn't need a separate reward model", "reward model"],
    ["there is no value model", "value model"],
  ])("%s negates %s", (sentence, term) => {
    expect(negated(sentence, term)).toBe(true);
  });
});

describe("a negation that forbids taking the term for another thing", () => {
  it.each([
    ["别把采集代理当成完整训练器", "采集代理"],
    ["可别把它跟 v1.0 当一套接口说明看", "v1.0"],
    ["不要把反思看作权重更新", "反思"],
    ["别把采集代理当完整训练器", "采集代理"],
  ])("%s leaves %s undenied", (sentence, term) => {
    expect(negated(sentence, term)).toBe(false);
  });

  it.each([
    ["别把成功对话全拼起来", "成功对话"],
    ["别把工具回包算进 loss", "工具回包"],
    ["别把成功对话当时就拼起来", "成功对话"],
  ])("%s still denies %s, taken for nothing", (sentence, term) => {
    expect(negated(sentence, term)).toBe(true);
  });
});

describe("a negation inside a causative clause modifying the term", () => {
  it.each([
    ["比如拉住模型别跑太远的 KL 惩罚", "KL 惩罚"],
    ["让模型别乱改格式的规则", "规则"],
    ["还有像拉住它不要跑太远的那种惩罚项", "惩罚项"],
  ])("%s leaves %s undenied", (sentence, term) => {
    expect(negated(sentence, term)).toBe(false);
  });

  it("still denies the term when the negator governs the verb", () => {
    expect(negated("不要马上去训练更强的模型", "模型")).toBe(true);
    expect(negated("不能推断所有损失项的梯度", "梯度")).toBe(true);
  });
});

describe("a negation asking to agree", () => {
  it.each([
    ["SFT 和 DPO 不都得靠奖励吗", "奖励"],
    ["这不就是权重更新了嘛", "权重更新"],
  ])("%s affirms %s", (sentence, term) => {
    expect(negated(sentence, term)).toBe(false);
  });
});

describe("verbs that undo what follows them", () => {
  it.each([
    ["重新分词可能破坏前缀一致性", "一致"],
    ["这样会打破前后一致", "一致"],
  ])("%s denies %s", (sentence, term) => {
    expect(negated(sentence, term)).toBe(true);
  });
});

describe("a rhetorical English why-question", () => {
  it("negates what it asks for", () => {
    expect(negated("Why would you want raw concatenation", "concatenation")).toBe(true);
    expect(negated("Why would anyone concatenate everything", "concatenate")).toBe(true);
  });
});

describe("rhetorical questions with 哪能 / 那能", () => {
  it.each([
    ["那能一样吗", "一样"],
    ["哪能一样", "一样"],
  ])("%s denies %s", (sentence, term) => {
    expect(negated(sentence, term)).toBe(true);
  });
});

describe("negation after a term", () => {
  it.each([
    ["奖励模型不需要了", "奖励模型"],
    ["单独的价值模型被去掉", "价值模型"],
    ["价值模型在 GRPO 里就省掉了", "价值模型"],
    ["the value model is removed", "value model"],
    ["the reward model is not needed", "reward model"],
    ["retraining for every failure is the wrong reflex", "retraining"],
  ])("%s negates %s", (sentence, term) => {
    expect(negated(sentence, term)).toBe(true);
  });

  it("does not negate the subject of a negated verb: DPO 不需要奖励模型 says nothing against DPO", () => {
    expect(negated("DPO 不需要奖励模型", "DPO")).toBe(false);
  });
});

describe("an English imperative negation opening a clause", () => {
  it("reaches every term of the clause", () => {
    expect(negated("dont just assume its the model and retrain again", "retrain")).toBe(true);
    expect(negated("don't blindly trust the training score or ship it", "ship")).toBe(true);
  });
  it("stops at a contrast", () => {
    expect(negated("don't retrain yet but check the data format", "data format")).toBe(false);
  });
});

describe("false cues and contrast", () => {
  it.each([
    ["不仅要看训练分数", "训练分数"],
    ["不同任务需要不同数据", "数据"],
    ["不断优化策略", "策略"],
    ["不管是 SFT 还是 DPO 都需要奖励", "奖励"],
    ["两者的区别在于奖励", "奖励"],
    ["非常依赖奖励", "奖励"],
    ["not only the reward", "reward"],
    // Not to lose a thing is to keep it; "别的" is "other", not "don't".
    ["工具选择和失败重试都不能丢", "工具选择"],
    ["这些中间过程别丢", "中间过程"],
    ["严重错误会被别的分数掩盖", "掩盖"],
    // "否则" is "otherwise"; "不留不行" is a must.
    ["否则近重复会泄漏到测试集", "泄漏"],
    ["轨迹和动作边界不留不行", "动作边界"],
    // A lack whose consequence is that something cannot be done says the thing is needed.
    ["没有标量奖励做不了", "标量奖励"],
    ["没有环境跑不起来", "环境"],
    // An embedded question starting inside the asking verb: the fault after it is asked about.
    ["先看看是格式不对", "先看"],
  ])("%s leaves %s unnegated", (sentence, term) => {
    expect(negated(sentence, term)).toBe(false);
  });

  it("stops at a particle that closes a spoken clause: 别全拼起来啦，要先 mark 好 role", () => {
    expect(negated("别拼啦 要标 role", "role")).toBe(false);
    expect(negated("别拼啦 要标 role", "拼")).toBe(true);
    expect(negated("no need concat lah label role", "role")).toBe(false);
    expect(negated("不用标 role 啦", "role")).toBe(true);
  });

  it("stops at a contrast: in 不是奖励而是偏好 only 奖励 is negated", () => {
    expect(negated("不是奖励而是偏好", "奖励")).toBe(true);
    expect(negated("不是奖励而是偏好", "偏好")).toBe(false);
  });

  it("does not reach across a comma", () => {
    expect(negated("不需要奖励，偏好对要清楚", "偏好对")).toBe(false);
  });
});

describe("long and hostile text around a term", () => {
  it("still reads a negation next to a term after thousands of letters", () => {
    expect(negated(`${"a".repeat(3990)} the reward model is not needed`, "reward model")).toBe(true);
    expect(negated(`${"a".repeat(3990)} 不需要奖励模型`, "奖励模型")).toBe(true);
  });

  it("does not take a negator from far back, or a phrase glued into a longer word", () => {
    expect(negated(`not ${"a".repeat(3990)} reward model`, "reward model")).toBe(false);
    expect(negated("the reward model isremoved", "reward model")).toBe(false);
    expect(negated(`reward model ${"a ".repeat(1000)}not needed`, "reward model")).toBe(false);
  });
});
