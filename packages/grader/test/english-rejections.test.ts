// English ways of rejecting a belief or waving a thing away, each pinned with sentences of its own
// (none of them is a labelled answer).
import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";
import { negated, verdicts } from "./grading-helpers.ts";

const proxyItem = makeItem({
  id: "E001",
  prompt: "How does harnessed agent RL collect data?",
  keyPoints: [{ id: "k1", concepts: [["gateway", "proxy"], ["capture", "requests"]] }],
  misconceptions: [{ id: "m1", statement: "把采集代理当作完整训练器", concepts: [["gateway", "proxy"], ["trainer", "does the training"]] }],
});

describe("a belief named by words that reject it", () => {
  it.each([
    "I'd push back on the idea that the proxy does the training.",
    "A common mix-up is treating the gateway as the trainer.",
    "The myth that the proxy is a trainer keeps coming up.",
    "It's a mistake to think of the gateway as the trainer.",
  ])("is not asserted: %s", (answer) => {
    expect(grade(proxyItem, answer).misconceptions).toEqual([]);
  });

  it("is not asserted when people are said to hold it and it is then denied", () => {
    expect(grade(proxyItem, "People often call the gateway the trainer, but it isn't.").misconceptions).toEqual([]);
    expect(grade(proxyItem, "Many people assume the gateway is the trainer. That is not right.").misconceptions).toEqual([]);
  });

  it("is asserted when the same words are said as the answer's own", () => {
    expect(grade(proxyItem, "The gateway is the trainer, it does the training for you.").misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(grade(proxyItem, "People often call the gateway the trainer, and they are right.").misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });
});

describe("a thing judged wasted effort or no fix", () => {
  it("is negated by 'overkill', 'a waste of time' and 'fixes nothing' after it", () => {
    expect(negated("keeping the whole trajectory is overkill", "trajectory")).toBe(true);
    expect(negated("a held-out task set is a waste of time", "held-out")).toBe(true);
    expect(negated("a stronger method on missing data fixes nothing", "stronger method")).toBe(true);
    expect(negated("keeping the whole trajectory is essential", "trajectory")).toBe(false);
  });

  it("contradicts a point that asks for the thing", () => {
    const item = makeItem({ id: "E002", keyPoints: [{ id: "k1", concepts: [["trajectory", "trajectories"], ["keep", "keeping"]] }] });
    expect(verdicts(grade(item, "Keeping the whole trajectory is overkill."))).toEqual({ k1: "contradicted" });
    expect(verdicts(grade(item, "Keeping the whole trajectory matters."))).toEqual({ k1: "hit" });
  });
});

describe("a thing judged to matter little", () => {
  it("is negated by 'overrated', 'doesn't matter' and 'secondary' after it, in English and in Chinese", () => {
    expect(negated("but being verifiable is overrated", "verifiable")).toBe(true);
    expect(negated("whether it is verifiable doesn't matter much", "verifiable")).toBe(true);
    expect(negated("verifiable rewards are secondary", "verifiable")).toBe(true);
    expect(negated("verifiable rewards are essential", "verifiable")).toBe(false);
    expect(negated("不过验证倒是其次", "验证")).toBe(true);
    expect(negated("可验证这个要求没那么重要", "可验证")).toBe(true);
    expect(negated("目标对齐以后再说", "目标对齐")).toBe(true);
    expect(negated("先把目标对齐再说", "目标对齐")).toBe(false);
    // Put off: "可以后置", "是后面的事", "往后放".
    expect(negated("可验证性可以后置考虑", "可验证")).toBe(true);
    expect(negated("验证这个那是后面的事", "验证")).toBe(true);
    expect(negated("可验证啥的往后放", "可验证")).toBe(true);
    expect(negated("可验证要放在前面", "可验证")).toBe(false);
  });

  it("is negated by 何必 with a verb of attention after it", () => {
    expect(negated("重复日志和新采样何必区分", "新采样")).toBe(true);
    expect(negated("重复日志和新采样必须区分", "新采样")).toBe(false);
  });

  it("contradicts a point that asks for the thing", () => {
    const item = makeItem({ id: "E003", keyPoints: [{ id: "k1", weight: 2, concepts: [["verifiable", "可验证", "验证"]] }] });
    expect(verdicts(grade(item, "Honestly, verifiable is overrated."))).toEqual({ k1: "contradicted" });
    expect(verdicts(grade(item, "验证倒是其次，先跑起来。"))).toEqual({ k1: "contradicted" });
    expect(verdicts(grade(item, "奖励首先得可验证。"))).toEqual({ k1: "hit" });
  });
});

describe("English predicates and spellings", () => {
  const normalizationBelief = makeItem({
    id: "E004",
    keyPoints: [{ id: "k1", concepts: [["group"], ["baseline"]] }],
    misconceptions: [{ id: "m1", statement: "把组内标准化称为完整 GRPO", concepts: [["normalized scores", "normaliz"], ["are the update", "is done"]] }],
  });
  const ids = (answer: string): string[] => grade(normalizationBelief, answer).misconceptions.map((m) => m.id);

  it("reads a term opening with a linking verb as the predicate of the term before it", () => {
    expect(ids("The normalized scores are the update.")).toEqual(["m1"]);
    // Names typed side by side with a space are still no claim.
    expect(ids("normalized scores baseline")).toEqual([]);
  });

  it("matches British spellings of -ize words", () => {
    expect(ids("The normalised scores are the update.")).toEqual(["m1"]);
    expect(ids("Once you normalise the rewards, the training is done.")).toEqual(["m1"]);
  });
});
