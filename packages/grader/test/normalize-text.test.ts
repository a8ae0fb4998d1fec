import { describe, expect, it } from "vitest";
import { normalizeText, normalizeTerm } from "../src/normalize-text.ts";
import { originalSpan } from "../src/normalize-text.ts";
import { splitClauses } from "../src/clauses.ts";

describe("normalizeText", () => {
  it("folds full width and case: ＤＰＯ becomes dpo", () => {
    expect(normalizeTerm("ＤＰＯ 和 Agent ＲＬ")).toBe("dpo和agent rl");
  });

  it("converts traditional characters to simplified", () => {
    expect(normalizeTerm("獎勵模型與偏好優化")).toBe("奖励模型与偏好优化");
  });

  it("reads Taiwan's words as the mainland's in an answer, and characters only where asked", () => {
    expect(normalizeTerm("模型呼叫的訓練資料")).toBe("模型调用的训练数据");
    expect(normalizeText("模型呼叫的訓練資料", "characters").text).toBe("模型呼叫的训练资料");
    // Words OpenCC leaves, read as the mainland's of the same length.
    expect(normalizeTerm("各家實作都一樣，模型會找偷吃步")).toBe("各家实现都一样，模型会找钻空子");
    // Mainland text is left as it is.
    expect(normalizeTerm("缺资料先修系统")).toBe("缺资料先修系统");
  });

  it("breaks a clause at a space typed between clauses, before Chinese or an English subject running into Chinese", () => {
    expect(normalizeTerm("不必搞那么复杂 奖励先能验证")).toBe("不必搞那么复杂，奖励先能验证");
    expect(normalizeTerm("sft要示范 dpo要偏好对 agent rl要环境")).toBe("sft要示范，dpo要偏好对，agent rl要环境");
    // Spaces around English words in a sentence are layout.
    expect(normalizeTerm("SFT 用示范 DPO 用偏好对")).toBe("sft用示范dpo用偏好对");
    expect(normalizeTerm("先训一个奖励模型 RM 再打分")).toBe("先训一个奖励模型rm再打分");
    // A short yes or no opening the answer is a clause of its own; a short word elsewhere is not.
    expect(normalizeTerm("未必 先保证奖励可验证")).toBe("未必，先保证奖励可验证");
    expect(normalizeTerm("对 全组同分梯度为零")).toBe("对，全组同分梯度为零");
    expect(normalizeTerm("保证 对 目标")).toBe("保证对目标");
    expect(normalizeTerm("用 偏好对")).toBe("用偏好对");
  });

  it("breaks a clause at a dash, as at a comma", () => {
    expect(normalizeTerm("不要混用旧示例——主分支已经重构")).toBe("不要混用旧示例，主分支已经重构");
    expect(normalizeTerm("don't mix them — it was refactored")).toBe("don't mix them，it was refactored");
  });

  it("reads Cantonese function words as Mandarin ones, negators first, keeping positions", () => {
    expect(normalizeTerm("唔好直接拼，冇必要")).toBe("不好直接拼，没必要");
    expect(normalizeTerm("先睇下，别乜都赖个 model，权限嗰啲别谂住绕过")).toBe("先看下，别啥都赖个model，权限那些别想住绕过");
    const normalized = normalizeText("佢話唔使");
    expect(normalized.text).toBe("他话不使");
    expect(Array.from(normalized.originStart)).toEqual([0, 1, 2, 3]);
  });

  it("turns sentence punctuation into one break and commas, semicolons and 、 into another", () => {
    expect(normalizeTerm("先修系统！再训练；SFT、DPO：都行?")).toBe("先修系统。再训练，sft，dpo，都行");
  });

  it("keeps numbers whole: decimals, lists and negative signs", () => {
    expect(normalizeTerm("均值 0.5，相对值 [-1,-1,1,1]")).toBe("均值0.5，相对值-1,-1,1,1");
  });

  it("drops zero-width characters inside a term and blanks emoji", () => {
    expect(normalizeTerm("D\u200bP\u200dO 🚀😀 偏好")).toBe("dpo偏好");
  });

  it("blanks Discord mentions, custom emoji, links and markdown", () => {
    expect(normalizeTerm("<@123> <@!45> <#9> <:ok:77> @everyone **DPO** 用 [偏好](https://x.y/z) `pairs`")).toBe("dpo用偏好pairs");
  });

  it("keeps apostrophes inside English words so doesn't stays one word", () => {
    expect(normalizeTerm("It Doesn’t need")).toBe("it doesn't need");
  });

  it("maps every normalised character back to the learner's own words", () => {
    const original = "ＤＰＯ 不需要獎勵模型";
    const normalized = normalizeText(original);
    const start = normalized.text.indexOf("奖励模型");
    expect(originalSpan(original, normalized, start, start + 4)).toBe("獎勵模型");
    expect(originalSpan(original, normalized, 0, 3)).toBe("ＤＰＯ");
  });
});

describe("splitClauses", () => {
  it("splits sentences at 。 and segments at ，", () => {
    const clauses = splitClauses("甲，乙。丙");
    expect(clauses.sentences).toEqual([{ start: 0, end: 3 }, { start: 4, end: 5 }]);
    expect(clauses.segments.map((s) => [s.start, s.end, s.sentence])).toEqual([[0, 1, 0], [2, 3, 0], [4, 5, 1]]);
  });
});
