import { createHash } from "node:crypto";
import type { KeyPoint, Misconception, QuizItem } from "@recall/content";

type PointSpec = Pick<KeyPoint, "id"> & Partial<Omit<KeyPoint, "concepts">> & { concepts: string[][] };
type MisconceptionSpec = Pick<Misconception, "id" | "statement"> & Partial<Pick<Misconception, "feedback" | "contradicts" | "answeredBy">> & { concepts: string[][] };

/** A hand-made item; its content hash follows its content, so the grader's cache never mixes fixtures. */
export function makeItem(spec: { id?: string; prompt?: string; answer?: string; keyPoints: PointSpec[]; misconceptions?: MisconceptionSpec[] }): QuizItem {
  const keyPoints: KeyPoint[] = spec.keyPoints.map((point) => ({
    id: point.id,
    text: point.text ?? point.id,
    concepts: point.concepts.map((aliases) => ({ aliases })),
    weight: point.weight ?? 1,
    polarity: point.polarity ?? "assert",
    derived: point.derived ?? false,
    ...(point.contradictedBy === undefined ? {} : { contradictedBy: point.contradictedBy }),
  }));
  const misconceptions: Misconception[] = (spec.misconceptions ?? []).map((m) => ({
    id: m.id,
    statement: m.statement,
    feedback: m.feedback ?? `why ${m.id} is wrong`,
    concepts: m.concepts.map((aliases) => ({ aliases })),
    ...(m.contradicts === undefined ? {} : { contradicts: m.contradicts }),
    ...(m.answeredBy === undefined ? {} : { answeredBy: m.answeredBy }),
  }));
  const body = { prompt: spec.prompt ?? "测试题？", answer: spec.answer ?? "参考答案。", keyPoints, misconceptions };
  const id = spec.id ?? "T001";
  // "T001.f2" is the second follow-up of question T001.
  const questionId = id.split(".")[0] ?? id;
  return {
    id,
    kind: id === questionId ? "main" : "followup",
    parentId: id === questionId ? null : questionId,
    questionId,
    chapterNumber: 1,
    chapterName: "测试",
    priority: "P0",
    ...body,
    contentHash: createHash("sha256").update(JSON.stringify(body)).digest("hex").slice(0, 16),
    source: { file: "test.md", line: 1 },
  };
}

/** Modelled on Q090.f1 of the seed page: a denial, three assertions and one misconception. */
export const scalarRewardItem = makeItem({
  id: "F090.f1",
  prompt: "没有标量奖励能做 SFT 或 DPO 吗？",
  answer: "可以。SFT 使用示范目标，DPO 使用候选偏好；在线 RL 的奖励需求不能泛化到所有参数训练。",
  keyPoints: [
    { id: "k1", text: "SFT 和 DPO 都不需要标量奖励", polarity: "deny", concepts: [["标量奖励", "奖励", "奖励模型", "reward", "reward model"]] },
    { id: "k2", text: "SFT 使用示范作为目标", concepts: [["SFT", "监督微调"], ["示范", "演示", "demonstration"]] },
    { id: "k3", text: "DPO 使用候选之间的偏好", concepts: [["DPO"], ["偏好", "偏好对", "候选", "preference"]] },
    { id: "k4", text: "奖励是在线 RL 的需求", concepts: [["RL", "强化学习"], ["奖励", "reward"]] },
  ],
  misconceptions: [
    { id: "m2", statement: "把所有训练都说成需要在线奖励", feedback: "SFT 只需要示范，DPO 只需要偏好对。", concepts: [["所有训练", "都需要", "SFT", "DPO"], ["在线奖励", "奖励", "奖励模型", "reward"]] },
  ],
});
