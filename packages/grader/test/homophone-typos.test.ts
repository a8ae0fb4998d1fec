// Pinyin input methods make learners pick the right sound and the wrong character (偏号对 for 偏好对,
// 标准查 for 标准差). A Chinese term of three or more characters with one character typed as a
// homophone is still the term; shorter terms, other characters and function words are not, and a
// homophone match never makes a wrong claim on its own.
import { describe, expect, it } from "vitest";
import { pinyin } from "pinyin-pro";
import { loadBank } from "@recall/content";
import { CONTENT_DIR } from "../eval/evaluation.ts";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";
import { verdicts } from "./grading-helpers.ts";
import { tooSlow } from "./linear-time.ts";

const bank = await loadBank(CONTENT_DIR);
const itemById = (id: string) => {
  const item = bank.itemsById.get(id);
  if (!item) throw new Error(`no item ${id}`);
  return item;
};
const gradable = bank.items.filter((item) => item.kind !== "misconception" && item.keyPoints.length > 0);

const rewardModelItem = makeItem({
  id: "H001",
  keyPoints: [
    { id: "k1", concepts: [["奖励模型", "reward model"], ["打分", "评分"]] },
    { id: "k2", concepts: [["参考策略", "reference policy"]] },
    { id: "k3", concepts: [["重复日志"], ["去重"]] },
    { id: "k4", concepts: [["训练集"], ["泄漏"]] },
    { id: "k5", concepts: [["先检查"]] },
    { id: "k6", concepts: [["偏好对"]] },
  ],
});

describe("a term typed with one homophone", () => {
  it("hits the point on the bank's items, whichever character is replaced", () => {
    // Middle character of a three-character term: 号 for 好.
    expect(verdicts(grade(itemById("Q090.f1"), "可以，DPO 用偏号对直接优化参数。")).k3).toBe("hit");
    expect(verdicts(grade(itemById("Q090.f1"), "可以，DPO 用偏好对直接优化参数。")).k3).toBe("hit");
    // Last character, before a break: 查 for 差.
    expect(verdicts(grade(itemById("Q091"), "均值 0.5，总体标准查 0.5。")).k2).toBe("partial");
    // Inside a four-character term, where its bigrams no longer resemble it: 直 for 值, 立 for 励.
    expect(verdicts(grade(itemById("Q091"), "用同题一组输出的奖励作组内比较基准，减少对单独价直模型的依赖。")).k1).toBe("hit");
    const denial = grade(itemById("Q090.f1"), "可以，SFT 和 DPO 都不需要奖立模型。");
    expect(denial.keyPoints.find((point) => point.id === "k1")?.evidence).toContain("奖立模型");
  });

  it("hits the point on hand-made items, with the misspelt words as evidence", () => {
    const result = grade(rewardModelItem, "先训一个奖历模型给候选打分。");
    expect(verdicts(result).k1).toBe("hit");
    expect(result.keyPoints[0]?.evidence).toContain("奖历模型");
    // The first character replaced (餐 for 参), and a polyphone typed for one (行: xing / hang for 型).
    expect(verdicts(grade(rewardModelItem, "要算餐考策略的概率。")).k2).toBe("hit");
    expect(verdicts(grade(rewardModelItem, "奖励模行负责打分。")).k1).toBe("hit");
    // A polyphone in the term (重: zhong / chong) matched by either reading: 虫 (chong).
    expect(verdicts(grade(rewardModelItem, "虫复日志要先去重。")).k3).toBe("hit");
    // The last character of a three-character term, with no other word running on: 级 for 集.
    expect(verdicts(grade(rewardModelItem, "训练级里有泄漏。")).k4).toBe("hit");
  });

  it("does not match other characters, two replaced characters, or a function word", () => {
    // 烤 (kao) does not sound like 好 (hao), 加 (jia) not like 考 (kao).
    expect(verdicts(grade(rewardModelItem, "用偏烤对训练。")).k6).toBe("missed");
    expect(verdicts(grade(rewardModelItem, "用偏号对训练。")).k6).toBe("hit");
    expect(verdicts(grade(rewardModelItem, "要算参加策略的概率。")).k2).toBe("missed");
    // Two characters replaced.
    expect(verdicts(grade(rewardModelItem, "奖历模形负责打分。")).k1).toBe("partial");
    expect(verdicts(grade(rewardModelItem, "偏号队")).k6).toBe("missed");
    // 只 sounds like 值 but is a function word standing beside the term all the time.
    const valueItem = makeItem({ id: "H002", keyPoints: [{ id: "k1", concepts: [["目标值"]] }] });
    expect(verdicts(grade(valueItem, "目标只是一个参考。")).k1).toBe("missed");
    expect(verdicts(grade(valueItem, "目标值是一个参考。")).k1).toBe("hit");
  });

  it("does not take a replaced edge character that belongs to a word running on", () => {
    // 限 sounds like 先, but it is part of 权限; 几 sounds like 集, but 几轮 is a word.
    expect(verdicts(grade(rewardModelItem, "让模型学会绕过权限检查。")).k5).toBe("missed");
    expect(verdicts(grade(rewardModelItem, "继续再训练几轮，别泄漏。")).k4).not.toBe("hit");
    expect(verdicts(grade(rewardModelItem, "一开始先检查。")).k5).toBe("hit");
  });

  it("never matches a two-character term", () => {
    const shortItem = makeItem({ id: "H003", keyPoints: [{ id: "k1", concepts: [["训练"]] }, { id: "k2", concepts: [["一致"]] }] });
    // 连 sounds like 练 and 直 like 致, but two characters with one replaced are half a guess.
    expect(verdicts(grade(shortItem, "模型要再训连一下。")).k1).toBe("missed");
    expect(verdicts(grade(shortItem, "奖励一直在涨。")).k2).toBe("missed");
    expect(verdicts(grade(shortItem, "模型要再训练一下。")).k1).toBe("hit");
  });
});

describe("a homophone match makes no wrong claim on its own", () => {
  const criticItem = makeItem({
    id: "H004",
    keyPoints: [{ id: "k1", concepts: [["价值模型"], ["需要", "必须"]] }],
    misconceptions: [{ id: "m1", statement: "DPO 要训练价值模型", concepts: [["DPO"], ["价值模型", "价值网络"]] }],
  });

  it("asserts no misconception", () => {
    expect(grade(criticItem, "DPO 得先训练价值模型。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(grade(criticItem, "DPO 得先训练价直模型。").misconceptions).toEqual([]);
  });

  it("contradicts no point", () => {
    expect(verdicts(grade(criticItem, "其实不需要价值模型。")).k1).toBe("contradicted");
    expect(verdicts(grade(criticItem, "其实不需要价直模型。")).k1).not.toBe("contradicted");
  });

  it("leaves a contradiction the words as typed make", () => {
    // harness is an alias of the same concept as 部署时: the rhetorical question denies it either way.
    const spelt = grade(itemById("Q092"), "还用得着部署时的 harness 吗？训练时另写一套干净的循环反而更可控。");
    const misspelt = grade(itemById("Q092"), "还用得着布署时的 harness 吗？训练时另写一套干净的循环反而更可控。");
    expect(verdicts(spelt).k1).toBe("contradicted");
    expect(verdicts(misspelt).k1).toBe("contradicted");
  });

  it("stops a misconception when negated, as the term typed right would", () => {
    const dpoItem = makeItem({
      id: "H005",
      keyPoints: [{ id: "k1", concepts: [["DPO"], ["偏好对"]] }],
      misconceptions: [{ id: "m1", statement: "DPO 要奖励模型打分", concepts: [["DPO"], ["奖励模型", "打分"]] }],
    });
    expect(grade(dpoItem, "DPO 不需要奖励模型，直接用偏好对打分。").misconceptions).toEqual([]);
    expect(grade(dpoItem, "DPO 不需要奖立模型，直接用偏好对打分。").misconceptions).toEqual([]);
    // Affirmed, the misspelt term asserts nothing either.
    expect(grade(dpoItem, "DPO 要先训奖立模型。").misconceptions).toEqual([]);
  });

  it("still earns the point when affirmed", () => {
    expect(verdicts(grade(criticItem, "这里必须有价直模型。")).k1).toBe("hit");
  });
});

/** A character of `pool` other than `char` sharing a toneless reading with it, or null. */
function homophoneOf(char: string, pool: readonly string[]): string | null {
  const readings = new Set(pinyin(char, { toneType: "none", type: "array", multiple: true }));
  for (const other of pool) {
    if (other === char) continue;
    if (pinyin(other, { toneType: "none", type: "array", multiple: true }).some((reading) => readings.has(reading))) return other;
  }
  return null;
}

// Content characters common in answers, as replacements: deterministic, and none a function word.
const POOL = [..."形性型行号好查茶茬连联练价架假励立力利历例标表准准差拆值直植职模魔摸型奖讲降将偏片篇对队兑"];

/** The answer with the last character of every three-or-more-character Chinese alias typed as a homophone. */
function misspelt(terms: readonly string[]): string[] {
  return terms.map((term) => {
    if (!/^\p{Script=Han}{3,}$/u.test(term)) return term;
    const last = term.at(-1) as string;
    const other = homophoneOf(last, POOL);
    return other === null ? term : term.slice(0, -1) + other;
  });
}

describe("precision with homophones", () => {
  it.each(gradable.map((item) => [item.id, item] as const))("%s: a keyword list of misspelt terms is never above hard", (_id, item) => {
    for (const pick of [0, 1, -1]) {
      const terms = misspelt(item.keyPoints.flatMap((point) => point.concepts.map((concept) => concept.aliases.at(pick % concept.aliases.length) ?? "")));
      for (const separator of [" ", "，", "、"]) {
        expect(["again", "hard"], terms.join(separator)).toContain(grade(item, terms.join(separator)).suggestedRating);
      }
    }
  });

  it("the misspelt keyword lists do contain homophone matches", () => {
    // Otherwise the test above would check nothing new: 标准差 → 标准查 is a term of Q091's k2.
    expect(misspelt(["偏好对", "标准差", "价值模型"])).toEqual(["偏好队", "标准查", "价值模形"]);
    const result = grade(itemById("Q091"), "均值、标准查");
    expect(result.keyPoints.find((point) => point.id === "k2")?.evidence).toContain("标准查");
  });

  it("a misspelt term beside an exact alias of its concept is a term, not words linking a list", () => {
    // DPO is an alias of the same concept as 偏好对: 偏号对 must still be covered as a term.
    const list = grade(itemById("Q090"), "定位 数据 工具 上下文 SFT 示范 DPO 偏号对 RL 奖励 验收 坏例 成本");
    expect(list.keywordSalad).toBe(true);
    expect(list.misconceptions).toEqual([]);
    expect(["again", "hard"]).toContain(list.suggestedRating);
  });

  it.each(gradable.map((item) => [item.id, item] as const))("%s: off-topic answers with a misspelt term are again", (_id, item) => {
    for (const answer of [
      "周末去爬山了，偏号对很好看，步骤很简单。",
      "我们公司的价直模型是客户第一，系统部署在生产环境。",
      "考试分数提高了，总体标准查也变小了，说明复习有效。",
    ]) {
      expect(grade(item, answer).suggestedRating, answer).toBe("again");
    }
  });
});

describe("long repetitive input with homophones", () => {
  const item = itemById("Q091");
  it.each([
    ["a misspelt term repeated", "价直模型".repeat(1000)],
    ["all but one character of a term repeated", "价值模".repeat(1333)],
    ["a three-character near homophone repeated", "标准查，".repeat(1000)],
    ["homophones of every character", "假直魔形".repeat(1000)],
  ])("%s stays linear", (_name, answer) => {
    grade(item, "预热");
    expect(tooSlow(item, answer)).toBeNull();
  });
});
