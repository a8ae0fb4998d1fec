import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { CONTENT_DIR, LABELLED_ANSWERS_PATH, readLabelledAnswers } from "../eval/evaluation.ts";
import { trainingLines } from "../eval/train-learned-credit.ts";
import { grade } from "../src/index.ts";
import {
  contradictionProbability, distinctSentenceGrams, gramCodesOf, OPPOSED_AT, OPPOSED_CREDITED_AT, OPPOSED_VETO_BELOW, gramsOf, LEARNED_CREDIT_PATH, trainContradiction, useLearnedCreditModel, learnedMisconceptionCall, learnedVerdicts, likeliestSentence, MIN_LENGTH, pointTextHash, probability, readAnswer, readyModel, trainPoint,
  type LearnedCreditModel,
} from "../src/learned-credit.ts";

const bank = await loadBank(CONTENT_DIR);
const shipped = JSON.parse(readFileSync(LEARNED_CREDIT_PATH, "utf8")) as LearnedCreditModel;

/** A hand-made model of the given parts, ready to grade with. */
const handMade = (parts: Partial<Pick<LearnedCreditModel, "items" | "misconceptions" | "contradiction" | "opposed">>) =>
  readyModel({ trainedOn: { answers: 0, origins: [], sha256: "" }, settings: { epochs: 1, learningRate: 1, l2: 0, keep: 10 }, items: {}, ...parts });

/** A bank item and one of its key points, for the tests that hand-make a point's models. */
function itemPoint(itemId: string, pointId: string) {
  const item = bank.itemsById.get(itemId);
  const point = item?.keyPoints.find((candidate) => candidate.id === pointId);
  if (!item || !point) throw new Error(`no ${itemId}.${pointId}`);
  return { item, point };
}

/** Runs `check` with `grade` reading this model instead of the shipped one. */
function withModel(model: ReturnType<typeof readyModel>, check: () => void): void {
  useLearnedCreditModel(model);
  try {
    check();
  } finally {
    useLearnedCreditModel(undefined);
  }
}

describe("the shipped learned-credit model", () => {
  it("was trained on the tuning answers it names, as they stand in the labels file (retrain with `pnpm --filter @recall/grader train`)", () => {
    const all = new Set(readLabelledAnswers().map((label) => label.origin ?? "first"));
    const leftOut = new Set([...all].filter((origin) => !shipped.trainedOn.origins.includes(origin)));
    const { labels, sha256 } = trainingLines(LABELLED_ANSWERS_PATH, leftOut);
    expect(labels.length).toBe(shipped.trainedOn.answers);
    expect(sha256).toBe(shipped.trainedOn.sha256);
  });

  it("holds a model for every point of every gradable item, each for the point's present text", () => {
    for (const item of bank.items.filter((candidate) => candidate.keyPoints.length > 0 && candidate.kind !== "misconception")) {
      for (const point of item.keyPoints) expect(shipped.items[item.id]?.[point.id]?.textHash, `${item.id}.${point.id}`).toBe(pointTextHash(point.text));
    }
  });

  it("reads contradictions of every point of the labelled items, each for the point's present text", () => {
    const labelled = new Set(readLabelledAnswers().map((label) => label.item));
    for (const item of bank.items.filter((candidate) => labelled.has(candidate.id) && candidate.keyPoints.length > 1)) {
      for (const point of item.keyPoints) expect(shipped.contradiction?.points[`${item.id}.${point.id}`]?.textHash, `${item.id}.${point.id}`).toBe(pointTextHash(point.text));
    }
  });
});

describe("training", () => {
  it("reads only tuning lines", () => {
    const dir = mkdtempSync(join(tmpdir(), "learned-"));
    const file = join(dir, "labels.jsonl");
    const line = (id: string, split: string, origin: string) => JSON.stringify({ id, split, origin, item: "Q090", kind: "x", answer: "a", keyPoints: [], score: 0, rating: "again", misconceptions: [] });
    writeFileSync(file, [line("a", "tuning", "fresh"), line("b", "held-out", "fresh"), line("c", "tuning", "fresh-9")].join("\n"));
    expect(trainingLines(file, new Set()).labels.map((label) => label.id)).toEqual(["a", "c"]);
    expect(trainingLines(file, new Set(["fresh-9"])).labels.map((label) => label.id)).toEqual(["a"]);
  });

  it("is deterministic and learns which n-grams make the point", () => {
    const examples = ["惩罚项拉住模型", "还有正则项", "全组同分梯度为零", "只看曲线就行", "KL 惩罚也有梯度", "没别的了"].map(gramsOf);
    const targets = [1, 1, 0, 0, 1, 0];
    const first = trainPoint(examples, targets, "h");
    expect(trainPoint(examples, targets, "h")).toEqual(first);
    expect(probability(first, gramsOf("总损失里还有惩罚项"))).toBeGreaterThan(probability(first, gramsOf("同分所以梯度为零")));
  });
});

describe("n-grams as codes", () => {
  it("read an answer as its n-grams as strings do, separators and characters outside the BMP included", () => {
    const texts = ["惩罚项拉住模型，还有正则。KL 惩罚也有梯度", "a。b，c d", "😀奖励😀，😀", "全组同分梯度为零全组同分梯度为零", "x"];
    for (const text of texts) {
      const grams = gramsOf(text);
      expect(gramCodesOf(text).length, text).toBe(grams.length);
      const weights = Object.fromEntries(grams.map((gram, index) => [gram, ((index % 7) - 3) / 10]));
      const point = { textHash: pointTextHash("p"), bias: 0.1, weights };
      const model = handMade({ items: { T1: { k1: point } } });
      const padded = text.padEnd(MIN_LENGTH, "。");
      expect(readAnswer("T1", "T0", padded, model)?.point("k1", "p"), text).toBeCloseTo(probability(point, gramsOf(padded)), 12);
    }
  });
});

describe("learned verdicts", () => {
  const model = handMade({ items: { T1: { k1: { textHash: pointTextHash("总损失还含其他项"), bias: -1, weights: { 惩罚: 40 } } } },
  });
  const long = "除了相对那一块，还有拉住模型不要跑太远的那种惩罚，所以可能还会动，要看实际跑出来的东西才知道";

  it("raise a missed or partial point whose n-grams the model knows", () => {
    expect(long.length).toBeGreaterThanOrEqual(MIN_LENGTH);
    expect(learnedVerdicts(readAnswer("T1", "T0", long, model), [{ id: "k1", text: "总损失还含其他项", verdict: "missed" }]).get("k1")).toBe("hit");
    expect(learnedVerdicts(readAnswer("T1", "T0", long, model), [{ id: "k1", text: "总损失还含其他项", verdict: "partial" }]).get("k1")).toBe("hit");
  });

  it("take a hit or partial point one step down where the model finds it unlikely", () => {
    const doubting = handMade({ items: { T1: { k1: { textHash: pointTextHash("总损失还含其他项"), bias: -3, weights: { 惩罚: 40 } } } },
    });
    const without = "除了相对那一块，总损失里还有别的项，所以可能还会动，要看实际跑出来的东西才知道，不能只看一个数";
    expect(without.length).toBeGreaterThanOrEqual(MIN_LENGTH);
    expect(learnedVerdicts(readAnswer("T1", "T0", without, doubting), [{ id: "k1", text: "总损失还含其他项", verdict: "hit" }]).get("k1")).toBe("partial");
    expect(learnedVerdicts(readAnswer("T1", "T0", without, doubting), [{ id: "k1", text: "总损失还含其他项", verdict: "partial" }]).get("k1")).toBe("missed");
    expect(learnedVerdicts(readAnswer("T1", "T0", long, doubting), [{ id: "k1", text: "总损失还含其他项", verdict: "hit" }]).size).toBe(0);
  });

  it("never touch a contradicted point, a hit it finds likely, a short answer, an unknown item, or a point whose text changed", () => {
    expect(learnedVerdicts(readAnswer("T1", "T0", long, model), [{ id: "k1", text: "总损失还含其他项", verdict: "contradicted" }]).size).toBe(0);
    expect(learnedVerdicts(readAnswer("T1", "T0", long, model), [{ id: "k1", text: "总损失还含其他项", verdict: "hit" }]).size).toBe(0);
    expect(learnedVerdicts(readAnswer("T1", "T0", "还有惩罚", model), [{ id: "k1", text: "总损失还含其他项", verdict: "missed" }]).size).toBe(0);
    expect(learnedVerdicts(readAnswer("T2", "T0", long, model), [{ id: "k1", text: "总损失还含其他项", verdict: "missed" }]).size).toBe(0);
    expect(learnedVerdicts(readAnswer("T1", "T0", long, model), [{ id: "k1", text: "总损失可能还含其他项", verdict: "missed" }]).size).toBe(0);
  });

  it("over every labelled answer, lower a point only one step, or to contradict one the rules judged made, or beside a belief they flag; and show the answer's own words for each", () => {
    const order = ["contradicted", "missed", "partial", "hit"];
    for (const label of readLabelledAnswers()) {
      const item = bank.itemsById.get(label.item);
      if (!item) continue;
      const learned = grade(item, label.answer);
      const rulesOnly = grade(item, label.answer, { learnedCredit: false });
      const added = learned.misconceptions.filter((m) => !rulesOnly.misconceptions.some((r) => r.id === m.id));
      for (const flagged of added) {
        expect(flagged.evidence[0]?.length ?? 0, label.id).toBeGreaterThan(0);
        expect(label.answer.includes(flagged.evidence[0] ?? ""), label.id).toBe(true);
      }
      rulesOnly.keyPoints.forEach((point, index) => {
        const now = learned.keyPoints[index];
        if (order.indexOf(now?.verdict ?? "missed") >= order.indexOf(point.verdict)) return;
        // A point whose words are there while what it says is not, as the model reads it, goes one step down.
        if ((point.verdict === "hit" && now?.verdict === "partial") || (point.verdict === "partial" && now?.verdict === "missed")) return;
        // A point the rules read as made (in part, perhaps, before its sentence was found wrong), read as
        // turned against: contradicted, shown with the answer's own sentences.
        if (now?.verdict === "contradicted") {
          expect(now.evidence.length, `${label.id} ${point.id}`).toBeGreaterThan(0);
          for (const words of now.evidence) expect(label.answer.includes(words), `${label.id} ${point.id}`).toBe(true);
          return;
        }
        // A belief flagged, or a point read as contradicted, makes its sentence earn no partial credit;
        // a belief flagged contradicts the points it denies.
        const turned = learned.keyPoints.some((p, k) => p.verdict === "contradicted" && rulesOnly.keyPoints[k]?.verdict !== "contradicted");
        if (turned && point.verdict === "partial" && now?.verdict === "missed") return;
        expect(added.length, `${label.id} ${point.id}`).toBeGreaterThan(0);
      });
    }
  });
});

describe("learned misconception calls", () => {
  const belief = { id: "m1", statement: "把采集代理当作完整训练器" };
  const model = handMade({
    misconceptions: { T9: { m1: { textHash: pointTextHash(belief.statement), bias: -4, weights: { 代理就: 60, 训练器: 30 } } } },
  });
  // Both at least MIN_LENGTH long: shorter answers are left to the rules.
  const saying = "接上代理就完事了，它自己就是训练器，数据进来就在训练，别的什么都不用管，环境可有可无";
  const silent = "环境给出初始状态和奖励，停止条件也来自环境，代理只是在模型调用的边界抓数据而已，没别的";

  it("flag a belief the rules missed where its n-grams are, drop one the rules flagged where nothing of it is", () => {
    expect(learnedMisconceptionCall(readAnswer("T0", "T9", saying, model), belief, false)).toBe("flag");
    expect(learnedMisconceptionCall(readAnswer("T0", "T9", silent, model), belief, false)).toBe("none");
    expect(learnedMisconceptionCall(readAnswer("T0", "T9", silent, model), belief, true)).toBe("drop");
    expect(learnedMisconceptionCall(readAnswer("T0", "T9", saying, model), belief, true)).toBe("keep");
  });

  it("leave the rules' call alone on a short answer, a question they were not trained on, or a belief whose statement changed", () => {
    expect(learnedMisconceptionCall(readAnswer("T0", "T9", saying.slice(0, 39), model), belief, false)).toBe("none");
    expect(learnedMisconceptionCall(readAnswer("T0", "T9", silent.slice(0, 39), model), belief, true)).toBe("keep");
    expect(learnedMisconceptionCall(readAnswer("T0", "T8", silent, model), belief, true)).toBe("keep");
    expect(learnedMisconceptionCall(readAnswer("T0", "T9", saying, model), { ...belief, statement: "把代理当作训练器" }, false)).toBe("none");
  });

  it("show the sentence likeliest to state the belief", () => {
    expect(likeliestSentence("T9", belief, distinctSentenceGrams(["环境给出初始状态", "接上代理就完事了", "奖励来自环境", "接上代理就完事了"]), model)).toBe(1);
  });
});

describe("a belief the learned layer would flag", () => {
  it("is not flagged where the answer negates its terms", () => {
    const item = bank.itemsById.get("Q092.f3");
    if (!item) throw new Error("no Q092.f3");
    const result = grade(item, "重新分词可能破坏前缀一致性，不能只保存最终文本就假设恢复了原生成过程。");
    expect(result.misconceptions).toEqual([]);
  });
});

describe("learned contradictions", () => {
  const { item, point: k4 } = itemPoint("Q090", "k4");
  const modelFor = (textHash: string) =>
    handMade({
      contradiction: { bias: -3, shared: { 走形式: 200 }, points: { "Q090.k4": { textHash, bias: 0, weights: {} } } },
    });
  const turned = "选完以后用独立任务和坏例验收，不过说实话坏例评测基本是走形式";
  const answer = `先看错误属于数据、工具、上下文还是模型行为，缺资料就修系统。改提示和记忆不算训练。SFT 用示范，DPO 用偏好对，Agent RL 用环境和奖励。${turned}。`;
  const verdictOf = (result: ReturnType<typeof grade>, id: string) => result.keyPoints.find((point) => point.id === id);

  it("turn a point the rules judged made into a contradicted one, shown with the sentence that turns against it", () => {
    withModel(modelFor(pointTextHash(k4.text)), () => {
      expect(verdictOf(grade(item, answer, { learnedCredit: false }), "k4")?.verdict).toBe("hit");
      const result = grade(item, answer);
      expect(verdictOf(result, "k4")).toMatchObject({ verdict: "contradicted", contradicted: true, evidence: [turned] });
      expect(verdictOf(result, "k1")?.verdict).toBe("hit");
    });
  });

  it("are shown with the sentence that denies the point, not the one that makes it, where the point is read in both", () => {
    const makes = "选型后看独立任务和坏例，也要看成本";
    const denies = "验收这一步其实鸡肋";
    const across = `${answer.slice(0, answer.indexOf(turned))}${makes}。${denies}。`;
    const denying = handMade({
      contradiction: { bias: -3, shared: { 鸡肋: 200 }, points: { "Q090.k4": { textHash: pointTextHash(k4.text), bias: 0, weights: {} } } },
    });
    withModel(denying, () => {
      // The rules read the point in both sentences.
      expect(verdictOf(grade(item, across, { learnedCredit: false }), "k4")?.verdict).toBe("partial");
      expect(verdictOf(grade(item, across), "k4")).toMatchObject({ verdict: "contradicted", evidence: [denies] });
    });
  });

  it("leave a point alone whose text changed since training, one ruled hit on appeal, a keyword list and a short answer", () => {
    withModel(modelFor(pointTextHash(`${k4.text}。`)), () => {
      expect(verdictOf(grade(item, answer), "k4")?.verdict).toBe("hit");
    });
    withModel(modelFor(pointTextHash(k4.text)), () => {
      expect(verdictOf(grade(item, answer, { creditedPoints: ["k4"] }), "k4")?.verdict).toBe("hit");
      const list = grade(item, "数据、工具、上下文、模型行为、独立任务、坏例、成本、验收、走形式、SFT、DPO、偏好对、示范");
      expect(list.keywordSalad).toBe(true);
      expect(verdictOf(list, "k4")?.verdict).not.toBe("contradicted");
      expect(turned.length).toBeLessThan(MIN_LENGTH);
      expect(verdictOf(grade(item, turned), "k4")?.verdict).not.toBe("contradicted");
    });
  });

  it("are learnt deterministically, the words that deny shared across points", () => {
    const known = { id: "k3", text: "独立任务要留出验收" };
    const example = (key: string, text: string, target: number) => ({ key, textHash: pointTextHash(known.text), grams: gramsOf(text), target });
    const examples = [
      example("T1.k1", "坏例验收要做", 0),
      example("T1.k1", "坏例验收走形式", 1),
      example("T1.k2", "成本也要算", 0),
      example("T1.k2", "成本核算走形式", 1),
      example("T1.k3", "独立任务要留出", 0),
    ];
    const trained = trainContradiction(examples);
    expect(trainContradiction(examples)).toEqual(trained);
    const model = handMade({ contradiction: trained });
    // A point whose text changed since training is not read; k3 never saw 走形式, yet the shared weights read it as denying.
    expect(contradictionProbability("T1", { ...known, text: "t" }, gramCodesOf("独立任务走形式"), model)).toBeUndefined();
    expect(contradictionProbability("T1", known, gramCodesOf("独立任务走形式"), model) ?? 0).toBeGreaterThan(contradictionProbability("T1", known, gramCodesOf("独立任务要留出"), model) ?? 1);
  });
});

describe("a point taken down by the learned model", () => {
  const { item, point: k2 } = itemPoint("Q090", "k2");
  const doubting = handMade({ items: { Q090: { k2: { textHash: pointTextHash(k2.text), bias: -6, weights: {} } } },
  });
  const answer = "先看错误属于数据、工具、上下文还是模型行为，缺资料就修系统。改提示和记忆只是改了推理输入，不算训练。";
  const k2Of = (result: ReturnType<typeof grade>) => result.keyPoints.find((point) => point.id === "k2")?.verdict;

  it("is one the rules judged hit, and never one a person ruled hit on appeal or a server's alias made", () => {
    expect(k2Of(grade(item, answer, { learnedCredit: false }))).toBe("hit");
    withModel(doubting, () => {
      expect(k2Of(grade(item, answer))).toBe("partial");
      expect(k2Of(grade(item, answer, { creditedPoints: ["k2"] }))).toBe("hit");
      expect(k2Of(grade(item, answer, { aliasOverlay: [{ pointId: "k2", concept: 0, alias: "推理输入" }] }))).toBe("hit");
    });
  });
});

describe("a point's opposite in other words", () => {
  const { item, point: k2 } = itemPoint("Q091.f2", "k2");
  const modelFor = (textHash: string) =>
    handMade({
      opposed: { "Q091.f2": { k2: { textHash, bias: -4, weights: { 不更新: 80 } } } },
    });
  const stating = "肯定不更新";
  const answer = `我的看法是${stating}，全组同分时优势全是零，乘出来的梯度全是零，参数不会动。这种组直接丢掉省算力。`;
  const k2Of = (result: ReturnType<typeof grade>) => result.keyPoints.find((point) => point.id === "k2");

  it("contradicts a point the rules judged missed, shown with the sentence likeliest to state the opposite", () => {
    expect(answer.length).toBeGreaterThanOrEqual(MIN_LENGTH);
    expect(k2Of(grade(item, answer, { learnedCredit: false }))?.verdict).toBe("missed");
    withModel(modelFor(pointTextHash(k2.text)), () => {
      const result = k2Of(grade(item, answer));
      expect(result?.verdict).toBe("contradicted");
      expect(result?.evidence[0]).toContain(stating);
      expect(answer.includes(result?.evidence[0] ?? "—")).toBe(true);
      expect(k2Of(grade(item, answer, { creditedPoints: ["k2"] }))?.verdict).toBe("hit");
      expect(k2Of(grade(item, "不更新，梯度全是零"))?.verdict).not.toBe("contradicted");
    });
    withModel(modelFor(pointTextHash(`${k2.text}。`)), () => {
      expect(k2Of(grade(item, answer))?.verdict).toBe("missed");
    });
  });

  it("is read for every point of the labelled items, each for the point's present text", () => {
    const labelled = new Set(readLabelledAnswers().map((label) => label.item));
    for (const labelledItem of bank.items.filter((candidate) => labelled.has(candidate.id) && candidate.keyPoints.length > 1)) {
      for (const point of labelledItem.keyPoints) expect(shipped.opposed?.[labelledItem.id]?.[point.id]?.textHash, `${labelledItem.id}.${point.id}`).toBe(pointTextHash(point.text));
    }
  });
});

describe("a credited point's opposite in other words", () => {
  const { item, point: k2 } = itemPoint("Q090", "k2");
  const opposing = (bias: number) =>
    handMade({
      opposed: { Q090: { k2: { textHash: pointTextHash(k2.text), bias, weights: {} } } },
    });
  const answer = "先看错误属于数据、工具、上下文还是模型行为，缺资料就修系统。改提示和记忆只是改了推理输入，不算训练。";
  const k2Of = (result: ReturnType<typeof grade>) => result.keyPoints.find((point) => point.id === "k2")?.verdict;

  it("is read with more assurance than a missed one's", () => {
    expect(k2Of(grade(item, answer, { learnedCredit: false }))).toBe("hit");
    const between = Math.log((OPPOSED_AT + OPPOSED_CREDITED_AT) / 2 / (1 - (OPPOSED_AT + OPPOSED_CREDITED_AT) / 2));
    withModel(opposing(between), () => {
      expect(k2Of(grade(item, answer))).toBe("hit");
    });
    withModel(opposing(4), () => {
      expect(k2Of(grade(item, answer))).toBe("contradicted");
    });
  });
});

describe("a contradiction the rules read", () => {
  const { item, point: k4 } = itemPoint("Q090", "k4");
  const opposing = (bias: number, text = k4.text) =>
    handMade({
      opposed: { Q090: { k4: { textHash: pointTextHash(text), bias, weights: {} } } },
    });
  const answer = "先看错误属于数据、工具、上下文还是模型行为，缺资料就修系统。改提示和记忆不算训练。独立任务、坏例和成本验收基本是走形式。";
  const k4Of = (result: ReturnType<typeof grade>) => result.keyPoints.find((point) => point.id === "k4");
  const logit = (p: number) => Math.log(p / (1 - p));

  it("stands unless the point's opposition model all but rules its opposite out; then the point counts as missed", () => {
    expect(k4Of(grade(item, answer, { learnedCredit: false }))?.verdict).toBe("contradicted");
    withModel(opposing(logit(OPPOSED_VETO_BELOW * 2)), () => {
      expect(k4Of(grade(item, answer))?.verdict).toBe("contradicted");
    });
    withModel(opposing(logit(OPPOSED_VETO_BELOW / 2)), () => {
      expect(k4Of(grade(item, answer))).toMatchObject({ verdict: "missed", contradicted: false, evidence: [] });
      // Not where a person ruled the point hit, nor where the model is for another text of the point.
      expect(k4Of(grade(item, answer, { creditedPoints: ["k4"] }))?.verdict).toBe("hit");
    });
    withModel(opposing(logit(OPPOSED_VETO_BELOW / 2), `${k4.text}。`), () => {
      expect(k4Of(grade(item, answer))?.verdict).toBe("contradicted");
    });
  });
});
