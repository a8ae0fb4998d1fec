// A conclusion rejected ("别急着说……", "不用急着下结论说……", "不能断定……") says nothing of the
// words inside it: they are neither claimed (no misconception) nor waved away (no contradiction).
import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { CONTENT_DIR } from "../eval/evaluation.ts";
import { grade } from "../src/index.ts";

const bank = await loadBank(CONTENT_DIR);

function graded(itemId: string, answer: string): ReturnType<typeof grade> {
  const item = bank.itemsById.get(itemId);
  if (!item) throw new Error(`no item ${itemId}`);
  return grade(item, answer);
}

describe("a rejected conclusion", () => {
  it("does not assert the misconception it names", () => {
    for (const answer of ["loss 里还有 KL 惩罚，照样有梯度，不用急着下结论说没更新。", "全组同分，不能断定不会更新。", "全组同分只说明相对分没区分度，别一看到就下结论说没更新。"]) {
      expect(graded("Q091.f2", answer).misconceptions.map((m) => m.id), answer).toEqual([]);
    }
  });
  it("does not deny the point whose terms it holds", () => {
    const result = graded("Q091.f2", "同分的话，别急着说梯度为零。");
    expect(result.keyPoints.find((p) => p.id === "k3")?.verdict).not.toBe("contradicted");
  });
  it("leaves a conclusion drawn, not rejected, asserting the misconception", () => {
    expect(graded("Q091.f2", "全组同分就可以下结论说不会更新了。").misconceptions.map((m) => m.id)).toEqual(["m2"]);
  });
});

describe("a belief reported and dismissed as nonsense or overthinking", () => {
  it("is not asserted", () => {
    for (const answer of ["有人觉得接上代理就等于有训练器了，纯属想多了。代理只管抓调用。", "有同事说代理本身就是训练器，扯，代理只管抓调用。", "有人以为接个采集代理就等于有了训练器，扯犊子，代理就管截数据。"]) {
      expect(graded("Q092.f1", answer).misconceptions.map((m) => m.id), answer).toEqual([]);
    }
  });
  it("is asserted when nothing dismisses it", () => {
    expect(graded("Q092.f1", "接上代理就等于有训练器了，代理只管抓调用。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });
});

describe("a belief asked, not said", () => {
  it("is not asserted by a plain question", () => {
    expect(graded("Q092", "接上代理就是训练器了吗？不是。Gateway 只在调用边界采数据。").misconceptions).toEqual([]);
  });
  it("is asserted by a rhetorical question, and not by the same belief asked plainly", () => {
    expect(graded("Q090.f1", "DPO 不也得先有奖励模型打分吗？").misconceptions.map((m) => m.id)).toEqual(["m2"]);
    expect(graded("Q090.f1", "DPO 得先有奖励模型打分吗？").misconceptions).toEqual([]);
  });
  it("is not asserted by an A-not-A question inside it", () => {
    expect(graded("Q091.f2", "同分只说明组内相对信号没差别，更不更新得看计算图。").misconceptions).toEqual([]);
    expect(graded("Q091.f2", "全组同分，梯度为零。").misconceptions.map((m) => m.id)).toEqual(["m2"]);
  });
});

describe("a condition whose own clause negates the link", () => {
  it("asserts nothing through the clauses after it", () => {
    expect(graded("Q092", "接上代理不等于训练就通了，后面还缺 Trainer 和奖励。").misconceptions).toEqual([]);
  });
  it("leaves a negator inside the condition alone", () => {
    expect(graded("Q090.f3", "如果是查不到资料导致参数填不出来，那就上 RL 多训几轮。").misconceptions.map((m) => m.id)).toEqual(["m3"]);
  });
});

describe("what a lack prevents", () => {
  it("is not denied: 没有环境就没法解释得分 makes the environment needed, and denies no score", () => {
    for (const answer of ["没有环境就没法解释得分。", "缺了环境的话无法解释为什么得分。"]) {
      const result = graded("Q092.f1", answer);
      expect(result.keyPoints.filter((p) => p.verdict === "contradicted").map((p) => p.id), answer).toEqual([]);
      expect(result.keyPoints.find((p) => p.id === "k3")?.verdict, answer).toBe("hit");
    }
  });
  it("leaves the score denied when what comes first is no lack", () => {
    // "有了环境就没法解释得分" says the environment stands in the way: no lack makes it needed.
    expect(graded("Q092.f1", "有了环境就没法解释得分。").keyPoints.find((p) => p.id === "k2")?.verdict).toBe("contradicted");
  });
});

describe("a belief asked about or done by habit, then rejected", () => {
  it("asserts nothing: 常被问……是不是就等于训练了——不是", () => {
    const result = graded("Q090", "常被问“让模型反思一下是不是就等于训练了”——不是，反思只是把经验写进下次的提示里。");
    expect(result.misconceptions.map((m) => m.id)).toEqual([]);
  });
  it("asserts nothing when the harm is named: 有人喜欢把……这会泄漏", () => {
    const result = graded("Q090", "还有人喜欢把同一条轨迹切成片随机分训练测试，这会泄漏。");
    expect(result.misconceptions.map((m) => m.id)).toEqual([]);
  });
  it("asserts nothing when a trap is named before it: 还有个坑是……这样测试集会泄漏", () => {
    const result = graded("Q090.f2", "还有个坑是把同一条对话切成几段再随机分训练集测试集，这样测试集会泄漏。");
    expect(result.misconceptions.map((m) => m.id)).toEqual([]);
  });
  it("asserts nothing when quoted and called wrong right after: “……”是个常见误判", () => {
    expect(graded("Q091.f2", "“全组同分的话梯度就全为零”是个常见误判。").misconceptions.map((m) => m.id)).toEqual([]);
    expect(graded("Q091.f2", "全组同分的话梯度就全为零。").misconceptions.map((m) => m.id)).toEqual(["m2"]);
    // Quoted and left standing: still asserted.
    expect(graded("Q091.f2", "我的看法是“全组同分的话梯度就全为零”。").misconceptions.map((m) => m.id)).toEqual(["m2"]);
  });
  it("asserts nothing a trap announcement goes on to describe: 三个坑要注意：一是……", () => {
    const answer = "三个坑要注意：一是以为读完反思模型权重就变了；二是按同一条轨迹切段后随机划分训练测试。";
    expect(graded("Q090", answer).misconceptions.map((m) => m.id)).toEqual([]);
    // Announced at the end of a sentence, the traps are described in the next one.
    expect(graded("Q090", "面试里常踩几个坑。一是觉得反思之后模型权重就更新了。").misconceptions.map((m) => m.id)).toEqual([]);
    expect(graded("Q091", "有个误解是算出组内优势就等于 GRPO 训练完了，其实还差策略更新。").misconceptions.map((m) => m.id)).toEqual([]);
  });
  it("still asserts a belief after a sentence that only judges what came before it: ……，这是个坑。", () => {
    const answer = "别急着训更强的模型，这是个坑。读完反思模型权重就变了。";
    expect(graded("Q090", answer).misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });
  it("asserts nothing the answer refuses to do after reporting it: 有人觉得……，我不这么干", () => {
    const answer = "有人觉得按同一条轨迹切段随机划分训练测试就够了，我不这么干。";
    expect(graded("Q090", answer).misconceptions.map((m) => m.id)).toEqual([]);
  });
  it("asserts nothing a trap named before a colon describes, or a quotation crossed out: 误区：……, “……” ✗", () => {
    expect(graded("Q090.f2", "常见坑：把同一条轨迹切成片段再随机分训练集和测试集。").misconceptions.map((m) => m.id)).toEqual([]);
    expect(graded("Q091.f2", "- “全组同分 → 梯度全为零” ✗").misconceptions.map((m) => m.id)).toEqual([]);
    // Named without a colon or a count, the trap judges nothing after it.
    expect(graded("Q090.f2", "这个坑，把同一条轨迹切成片段再随机分训练集和测试集就行。").misconceptions.map((m) => m.id)).toEqual(["m4"]);
  });
  it("asserts nothing quoted and answered no right after: “……”——不是", () => {
    expect(graded("Q091", "面试官爱问的：“标准化就是完整 GRPO”——不是，这只是相对分。").misconceptions.map((m) => m.id)).toEqual([]);
  });
  it("still asserts the belief when nobody rejects it", () => {
    expect(graded("Q090", "我们喜欢把同一条轨迹切成片随机分训练测试。").misconceptions.map((m) => m.id)).toEqual(["m4"]);
  });
});

describe("a point stated with its limit", () => {
  it("corrects the misconception that the limited thing does more, in its sentence", () => {
    const answer = "代理只负责抓请求和响应，真正的策略更新在 Trainer，环境负责提供初始状态和奖励。";
    expect(graded("Q092.f1", answer).misconceptions.map((m) => m.id)).toEqual([]);
    expect(graded("Q092.f1", "接上代理，它本身就是完整的训练器。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });
  it("reports a belief a colleague holds and the answer rejects", () => {
    const answer = "有同事觉得算完 z-score 就等于 GRPO 训练完成了，其实不是：那只是优势。";
    expect(graded("Q091", answer).misconceptions.map((m) => m.id)).toEqual([]);
  });
});

describe("a belief asked as an A-not-A question, or rejected with a bare 不行", () => {
  it("asserts nothing", () => {
    expect(graded("Q091.f2", "问题是全组奖励一样是不是一定不更新。").misconceptions).toEqual([]);
    expect(graded("Q092.f3", "还有人以为只留最终文本、之后重新分词就能还原原来的过程，不行，前缀可能对不上。").misconceptions).toEqual([]);
  });
  it("still asserts the belief stated plainly", () => {
    expect(graded("Q091.f2", "全组奖励一样的话一定不更新。").misconceptions.map((m) => m.id)).toEqual(["m2"]);
  });
});

describe("a belief judged wrong right after it", () => {
  it("asserts nothing: ……是大坑, ……，这个说法不对", () => {
    expect(graded("Q092", "重分词之后不查前缀是大坑，最好直接保存 token ids。").misconceptions).toEqual([]);
    expect(graded("Q091.f2", "全组同分就说梯度全为零，这个说法不对。").misconceptions).toEqual([]);
  });
  it("says no opposite either", () => {
    const k4 = graded("Q092", "重分词之后不查前缀是大坑，最好直接保存 token ids。").keyPoints.find((p) => p.id === "k4");
    expect(k4?.verdict).not.toBe("contradicted");
  });
  it("still asserts the belief judged right", () => {
    expect(graded("Q092", "只保存最终文本就行，训练时重新分词就能还原，不用查前缀。").misconceptions.map((m) => m.id)).toEqual(["m3"]);
  });
});
