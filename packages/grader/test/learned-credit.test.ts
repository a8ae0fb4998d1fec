import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { CONTENT_DIR, LABELLED_ANSWERS_PATH, readLabelledAnswers } from "../eval/evaluation.ts";
import { trainingLines } from "../eval/train-learned-credit.ts";
import { grade } from "../src/index.ts";
import {
  gramsOf, LEARNED_CREDIT_PATH, learnedVerdicts, MIN_LENGTH, pointTextHash, probability, readyModel, trainPoint,
  type LearnedCreditModel,
} from "../src/learned-credit.ts";

const bank = await loadBank(CONTENT_DIR);
const shipped = JSON.parse(readFileSync(LEARNED_CREDIT_PATH, "utf8")) as LearnedCreditModel;

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

describe("learned verdicts", () => {
  const model = readyModel({
    trainedOn: { answers: 0, origins: [], sha256: "" },
    settings: { epochs: 1, learningRate: 1, l2: 0, keep: 10 },
    items: { T1: { k1: { textHash: pointTextHash("总损失还含其他项"), bias: -1, weights: { 惩罚: 40 } } } },
  });
  const long = "除了相对那一块，还有拉住模型不要跑太远的那种惩罚，所以可能还会动，要看实际跑出来的东西才知道";

  it("raise a missed or partial point whose n-grams the model knows", () => {
    expect(long.length).toBeGreaterThanOrEqual(MIN_LENGTH);
    expect(learnedVerdicts("T1", [{ id: "k1", text: "总损失还含其他项", verdict: "missed" }], long, model).get("k1")).toBe("hit");
    expect(learnedVerdicts("T1", [{ id: "k1", text: "总损失还含其他项", verdict: "partial" }], long, model).get("k1")).toBe("hit");
  });

  it("never touch a contradicted or hit point, a short answer, an unknown item, or a point whose text changed", () => {
    expect(learnedVerdicts("T1", [{ id: "k1", text: "总损失还含其他项", verdict: "contradicted" }], long, model).size).toBe(0);
    expect(learnedVerdicts("T1", [{ id: "k1", text: "总损失还含其他项", verdict: "hit" }], long, model).size).toBe(0);
    expect(learnedVerdicts("T1", [{ id: "k1", text: "总损失还含其他项", verdict: "missed" }], "还有惩罚", model).size).toBe(0);
    expect(learnedVerdicts("T2", [{ id: "k1", text: "总损失还含其他项", verdict: "missed" }], long, model).size).toBe(0);
    expect(learnedVerdicts("T1", [{ id: "k1", text: "总损失可能还含其他项", verdict: "missed" }], long, model).size).toBe(0);
  });

  it("only ever raise what the rules found, over every labelled answer: no point lowered, no wrong claim added or lifted", () => {
    const order = ["contradicted", "missed", "partial", "hit"];
    for (const label of readLabelledAnswers()) {
      const item = bank.itemsById.get(label.item);
      if (!item) continue;
      const withModel = grade(item, label.answer);
      const rulesOnly = grade(item, label.answer, { learnedCredit: false });
      expect(withModel.misconceptions.map((m) => m.id)).toEqual(rulesOnly.misconceptions.map((m) => m.id));
      rulesOnly.keyPoints.forEach((point, index) => {
        const raised = withModel.keyPoints[index];
        expect(raised?.contradicted).toBe(point.contradicted);
        expect(order.indexOf(raised?.verdict ?? "missed")).toBeGreaterThanOrEqual(order.indexOf(point.verdict));
      });
      expect(withModel.score).toBeGreaterThanOrEqual(rulesOnly.score);
    }
  });
});
