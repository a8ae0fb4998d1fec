// Properties the whole bank must keep, whatever the tuning: misconceptions reach every follow-up,
// a keyword list is never above hard, empty and off-topic answers are again, one exact point is never 0.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { CONTENT_DIR } from "../eval/evaluation.ts";
import { grade } from "../src/index.ts";

const bank = await loadBank(CONTENT_DIR);
const gradable = bank.items.filter((item) => item.kind !== "misconception" && item.keyPoints.length > 0);
const itemById = (id: string) => {
  const item = bank.itemsById.get(id);
  if (!item) throw new Error(`no item ${id}`);
  return item;
};

/** The page's own prose (answers and details, not its lists), one sentence each: correct statements all. */
const pageSentences = readFileSync(`${CONTENT_DIR}/agent-interview/12-agent-optimization.md`, "utf8")
  .split("\n")
  .filter((line) => line.trim().length > 0 && !line.startsWith("#") && !/^\s*[-*+]\s/u.test(line))
  .flatMap((line) => line.split(/(?<=[。；])/u))
  .map((sentence) => sentence.trim())
  .filter((sentence) => sentence.length >= 8);

describe("the bank's gradable items", () => {
  it("find few misconceptions in the page's own correct prose, and none where a verb undoes the belief's term", () => {
    // Every sentence graded against every gradable item: 7 false flags remain (DPO beside "不需要……另训一个
    // 奖励模型" on Q090's follow-ups, "Trainer 负责……，Gateway 代理……" against "代理当作完整训练器", and
    // Q092.f2's "没有，仍能理解……" read as the "no" to Q090.f1's question that states its belief; the
    // learned layer drops the rest); a floor, not a target.
    let flags = 0;
    for (const item of gradable) for (const sentence of pageSentences) flags += grade(item, sentence).misconceptions.length;
    expect(pageSentences.length).toBeGreaterThan(100);
    expect(flags).toBeLessThanOrEqual(7);
    expect(grade(itemById("Q092.f3"), "重新分词可能破坏前缀一致性，不能只保存最终文本就假设恢复了原生成过程。").misconceptions).toEqual([]);
  });

  it("read an answer typed in spaced clauses as clauses: the methods listed one a clause assert no misconception", () => {
    expect(grade(itemById("Q090"), "sft要示范 dpo要偏好对 rl要环境跟奖励 三种要的数据根本不是一套").misconceptions).toEqual([]);
    expect(grade(itemById("Q090"), "sft dpo都要奖励").misconceptions.map((m) => m.id)).toEqual(["m2"]);
  });

  it("flag a main question's misconception in a follow-up answer, with its feedback", () => {
    const result = grade(itemById("Q090.f1"), "不行，DPO 得先训练一个奖励模型给候选打分，然后才能优化。");
    const flagged = result.misconceptions.find((m) => m.id === "m2");
    expect(flagged?.feedback.length).toBeGreaterThan(0);
    expect(result.suggestedRating).toBe("again");
    expect(grade(itemById("Q091.f2"), "对，全组同分的话梯度就全为零，这一步肯定不会更新。").misconceptions.map((m) => m.id)).toContain("m2");
  });

  it("read the paper-versus-v1 belief only where an old and a new version are both named, and a belief called too sweeping as rejected", () => {
    const ids = (id: string, answer: string): string[] => grade(itemById(id), answer).misconceptions.map((m) => m.id);
    expect(ids("Q092", "在 v1 里 Trainer、Gateway 和 Rollout Controller 其实是同一个进程的三个模块。")).not.toContain("m2");
    expect(ids("Q092.f2", "没失去价值，老论文的示例跟 v1.0 是同一套接口，照着跑就行。")).toContain("m2");
    expect(ids("Q091.f2", "有一种流行说法，谓全组同分则梯度全部为零，此乃以偏概全。")).toEqual([]);
    expect(ids("Q091.f2", "很多人说全组同分梯度就全是 0，这个说法太绝对了。")).toEqual([]);
    expect(ids("Q091.f2", "全组同分梯度就全是 0。")).toContain("m2");
  });

  it.each(gradable.map((item) => [item.id, item] as const))("%s: a keyword list of its terms is never above hard", (_id, item) => {
    const terms = item.keyPoints.flatMap((point) => point.concepts.map((concept) => concept.aliases[0] ?? "")).filter((term) => term.length > 0);
    for (const separator of [" ", "，", "、"]) {
      expect(["again", "hard"]).toContain(grade(item, terms.join(separator)).suggestedRating);
    }
  });

  it.each(gradable.map((item) => [item.id, item] as const))("%s: a keyword list of any of its aliases is never above hard", (_id, item) => {
    // Not only the labels: the spoken and English aliases must not make a bare list pass either.
    for (const pick of [1, 2, 3, -1, -2, -3]) {
      const terms = item.keyPoints.flatMap((point) => point.concepts.map((concept) => concept.aliases.at(pick % concept.aliases.length) ?? ""));
      for (const separator of [" ", "，", "、"]) {
        expect(["again", "hard"], terms.join(separator)).toContain(grade(item, terms.join(separator)).suggestedRating);
      }
    }
  });

  it.each(gradable.map((item) => [item.id, item] as const))("%s: empty and off-topic answers are again", (_id, item) => {
    for (const answer of [
      "", "   ", "？？？ 😅", "这个要问老板，预算够就都做。", "I usually deploy on Kubernetes and add more nodes.", "Lightning 是很好的数据线接口，充电很快。",
      // Everyday words that some aliases share with the subject.
      "我们公司的用户数据都放在云上，系统部署在生产环境，调用接口很稳定。",
      "周末去爬山了，路径规划用的地图 App，步骤很简单。",
      "配置文件改一下，版本升级到最新就行，文档写得很清楚。",
      "考试分数提高了，说明复习有效。",
    ]) {
      const result = grade(item, answer);
      expect(result.suggestedRating).toBe("again");
    }
  });

  it("gives a short answer stating one point exactly more than 0", () => {
    const cases: Array<[string, string, string]> = [
      ["Q090.f1", "可以，两者都无需标量奖励。", "k1"],
      ["Q090.f2", "要检查近重复和数据泄漏。", "k4"],
      ["Q091", "[0,0,1,1] 的均值 0.5、总体标准差 0.5，标准化后是 [-1,-1,1,1]。", "k2"],
      ["Q091.f1", "两者数值不相同。", "k1"],
      ["Q092.f1", "环境提供初始状态和奖励。", "k2"],
      ["Q092.f3", "这样会失去恢复过程。", "k2"],
    ];
    for (const [id, answer, point] of cases) {
      const result = grade(itemById(id), answer);
      expect(result.keyPoints.find((k) => k.id === point)?.verdict, `${id}: ${answer}`).toBe("hit");
      expect(result.score, `${id}: ${answer}`).toBeGreaterThan(0);
    }
  });
});
