// Constructions, not answers: each misconception of the bank and each claim a denial point denies,
// stated in a few plain frames and rejected in a few others. Stating one must be caught in every
// frame; rejecting it must never be read as stating it.
import { describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { CONTENT_DIR } from "../eval/evaluation.ts";
import { grade } from "../src/index.ts";

const bank = await loadBank(CONTENT_DIR);
const itemById = (id: string) => {
  const item = bank.itemsById.get(id);
  if (!item) throw new Error(`no item ${id}`);
  return item;
};

/** Misconception id, the items it applies to (main and a follow-up), and two ways of stating it. */
const MISCONCEPTIONS: ReadonlyArray<readonly [id: string, items: readonly string[], claims: readonly string[]]> = [
  ["Q090.m1", ["Q090", "Q090.f3"], ["反思之后模型的权重就更新了", "让模型反思一下就等于训练了"]],
  ["Q090.m2", ["Q090", "Q090.f1"], ["SFT 和 DPO 也都需要奖励模型", "不管哪种训练都得先有奖励"]],
  ["Q090.m3", ["Q090", "Q090.f3"], ["资料缺失的话直接上更强的训练就行", "缺数据就多训几轮 RL"]],
  ["Q090.m4", ["Q090", "Q090.f2"], ["把轨迹切成片随机分训练集和测试集就行", "随机打乱切片再划分训练测试"]],
  ["Q091.m1", ["Q091", "Q091.f2"], ["组内标准化做完就是完整的 GRPO 了", "算出优势值训练就完成了"]],
  ["Q091.m2", ["Q091", "Q091.f2"], ["全组同分的话梯度就全为零", "奖励都一样时模型肯定不会更新"]],
  ["Q091.m4", ["Q091", "Q091.f3"], ["只要训练奖励在涨就说明模型变好了", "训练奖励上升就够了，不用查奖励漏洞"]],
  ["Q092.m1", ["Q092", "Q092.f1"], ["接上采集代理就是完整的训练器了", "代理本身就能完成训练"]],
  ["Q092.m2", ["Q092", "Q092.f2"], ["原论文和 v1.0 是同一套接口", "旧论文的示例直接套到 v1.0 上用就行"]],
  ["Q092.m3", ["Q092", "Q092.f3"], ["重分词之后不用检查前缀", "存文本重新分词就能还原，不用查前缀"]],
];

/** A denial point and two claims of what it denies. */
const DENIED_CLAIMS: ReadonlyArray<readonly [item: string, point: string, claims: readonly string[]]> = [
  ["Q090", "k2", ["改提示和记忆就等于训练了模型", "写进记忆也算是一种训练"]],
  ["Q090.f1", "k1", ["SFT 和 DPO 都需要标量奖励", "没有标量奖励 DPO 就训不了"]],
  ["Q090.f2", "k1", ["成功对话直接全部拼起来训练就行", "把成功的对话全拼在一起拿去训"]],
  ["Q090.f3", "k2", ["失败都归给模型，继续训练就好", "工具错误都是模型的锅，接着训就行"]],
  ["Q090.f3", "k3", ["训练模型绕过权限检查就行", "让模型学会绕开权限"]],
  ["Q091", "k5", ["全组同分时所有梯度都为零", "奖励都一样，梯度肯定全是零"]],
  ["Q091.f1", "k1", ["两种标准差数值是一样的", "换成样本标准差结果相同"]],
  ["Q091.f3", "k1", ["奖励越复杂越好", "奖励越复杂越管用"]],
  ["Q092", "k5", ["接上代理训练就已经闭环了", "代理一接上训练闭环就完成了"]],
  ["Q092.f2", "k3", ["用旧 API 解释新组件就行", "拿旧接口去理解新版组件完全没问题"]],
];

const STATING = ["{Y}。", "其实{Y}。", "我觉得{Y}。", "说白了，{Y}。", "{Y}，这个没问题。", "很简单，{Y}。"];
const REJECTING = ["不能说{Y}。", "有人说{Y}，其实不对。", "并不是{Y}。", "别以为{Y}。", "很多人以为{Y}，这是误区。"];

const flags = (id: string, itemId: string, text: string): boolean => {
  const item = itemById(itemId);
  return grade(item, text).misconceptions.some((m) => `${item.questionId}.${m.id}` === id);
};
const verdictOf = (itemId: string, pointId: string, text: string): string | undefined =>
  grade(itemById(itemId), text).keyPoints.find((p) => p.id === pointId)?.verdict;

const cases = <T extends readonly [string, ...unknown[]]>(rows: readonly T[], frames: readonly string[], expand: (row: T) => Array<[string, string]>) =>
  frames.flatMap((frame) => rows.flatMap((row) => expand(row).map(([where, claim]) => ({ frame, where, row, text: frame.replace("{Y}", claim) }))));

describe("misconceptions stated in plain frames", () => {
  const all = cases(MISCONCEPTIONS, STATING, ([, items, claims]) => items.flatMap((item) => claims.map((claim): [string, string] => [item, claim])));
  it("are flagged on the main item and the follow-up alike", () => {
    expect(all.filter(({ row, where, text }) => !flags(row[0], where, text)).map(({ text, where }) => `${where}: ${text}`)).toEqual([]);
  });
});

describe("misconceptions stated in nothing but their terms", () => {
  it("are flagged when 就 links the terms, and not when they are only listed", () => {
    for (const text of ["标准化就是GRPO", "算出优势值训练就完成", "标准化就是 GRPO。"]) expect(flags("Q091.m1", "Q091", text), text).toBe(true);
    for (const text of ["标准化、GRPO", "标准化，GRPO，优势值"]) expect(flags("Q091.m1", "Q091", text), text).toBe(false);
  });
  it("are not flagged when quoted and called rash: “……”，这个说法太武断", () => {
    expect(flags("Q091.m2", "Q091.f2", "“全组同分梯度就全为零”，这个说法太武断。")).toBe(false);
  });
});

describe("misconceptions rejected", () => {
  const all = cases(MISCONCEPTIONS, REJECTING, ([, items, claims]) => items.flatMap((item) => claims.map((claim): [string, string] => [item, claim])));
  it("are not flagged, whatever the frame, in nineteen cases of twenty or more", () => {
    // 236 of 240 when written: "不用查……是错的" closing a sentence of two clauses is still read as stating it.
    const wrong = all.filter(({ row, where, text }) => flags(row[0], where, text));
    expect(wrong.length / all.length).toBeLessThanOrEqual(0.05);
  });
  it("are never flagged when a condition sits inside the denied claim (不能说只要……就……)", () => {
    for (const frame of ["不能说{Y}。", "并不是{Y}。", "别以为{Y}。"]) {
      expect(flags("Q091.m4", "Q091", frame.replace("{Y}", "只要训练奖励在涨就说明模型变好了")), frame).toBe(false);
    }
  });
});

describe("what a denial point denies, stated", () => {
  const all = cases(DENIED_CLAIMS, STATING, ([item, , claims]) => claims.map((claim): [string, string] => [item, claim]));
  it("contradicts the point in every frame", () => {
    expect(all.filter(({ row, where, text }) => verdictOf(where, row[1], text) !== "contradicted").map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });
});

describe("what a denial point denies, rejected", () => {
  const all = cases(DENIED_CLAIMS, REJECTING, ([item, , claims]) => claims.map((claim): [string, string] => [item, claim]));
  it("almost never contradicts the point", () => {
    // 3 of 100 when written, all "……不能说没有标量奖励 DPO 就训不了": a denied claim holding a double negation.
    const contradicted = all.filter(({ row, where, text }) => verdictOf(where, row[1], text) === "contradicted");
    expect(contradicted.length).toBeLessThanOrEqual(3);
  });
});

describe("beliefs named by what people take a thing for, and lists denied whole", () => {
  it("reads 'many take X for Y, but in fact…' as a belief rejected", () => {
    expect(flags("Q092.m1", "Q092.f1", "很多人把采集代理当成完整的训练器，其实它只在调用边界记录请求和响应。")).toBe(false);
    expect(flags("Q092.m1", "Q092.f1", "采集代理就是完整的训练器。")).toBe(true);
  });
  it("denies every item of a list a claim negator opens, even after 但", () => {
    expect(flags("Q092.m3", "Q092.f3", "可以做示范，但别以为只存最终文本、之后重新分词就能还原生成过程。")).toBe(false);
    expect(flags("Q092.m3", "Q092.f3", "可以做示范，只存最终文本、之后重新分词就能还原生成过程。")).toBe(true);
  });
  it("takes a leading yes with two particles as the answer to a yes/no question", () => {
    expect(verdictOf("Q090.f1", "k1", "可以的呀。SFT 用示范答案当目标。")).toBe("hit");
    expect(verdictOf("Q090.f1", "k1", "不行的吧。SFT 也得先有奖励。")).toBe("contradicted");
  });
});

describe("questions that affirm, comparisons and evidence", () => {
  it("reads 'don't both of them need X?' as saying they do, and 'without X, train what?' as requiring X", () => {
    expect(verdictOf("Q090.f1", "k1", "SFT 和 DPO 不都得靠奖励模型告诉它好坏吗")).not.toBe("hit");
    expect(verdictOf("Q090.f1", "k1", "没有奖励模型训啥？")).toBe("contradicted");
    // A plain question with a negation still denies: no affirming word.
    expect(verdictOf("Q090.f1", "k1", "SFT 和 DPO 不需要奖励吗")).toBe("hit");
  });
  it("does not take the standard of a comparison as claimed by a denial point", () => {
    expect(verdictOf("Q090.f3", "k2", "先区分是格式还是执行器的问题，再改工具描述，效果跟重训一样还便宜。")).not.toBe("contradicted");
    expect(verdictOf("Q090.f3", "k2", "失败都归给模型，继续训练就好。")).toBe("contradicted");
  });
  it("matches a term with 跟着 inside it", () => {
    expect(flags("Q090.m1", "Q090.f3", "让它反思一下，把错误写进记忆，这样权重就跟着更新了。")).toBe(true);
  });
  it("lets only the words that make a point protect a misconception's terms, not every mention of its concepts", () => {
    expect(flags("Q090.m3", "Q090", "先看日志定位是检索没召回还是模型推理不行。如果是知识库缺资料，那就直接上 SFT 把知识训进模型里。")).toBe(true);
  });
});

describe("a leading yes", () => {
  it("may repeat the question's verb (可以拼), and is taken back by a need said after it", () => {
    expect(verdictOf("Q090.f2", "k1", "可以拼，不过要标一下角色和工具输出。")).toBe("contradicted");
    expect(verdictOf("Q090.f1", "k1", "能做。SFT 用示范，DPO 用偏好对。")).toBe("hit");
    expect(verdictOf("Q090.f1", "k1", "能做，但得先把奖励模型训出来才行。")).toBe("contradicted");
  });
  it("may be English: Not quite.", () => {
    expect(verdictOf("Q090.f2", "k1", "Not quite. Tag the roles and the tool outputs first.")).toBe("hit");
  });
  it("may be English spoken: Sure you can. / Nah, …", () => {
    expect(verdictOf("Q090.f1", "k1", "Sure you can. SFT copies the demos, DPO compares two replies.")).toBe("hit");
    expect(verdictOf("Q091.f1", "k1", "Nah, pop std is 0.5 here, sample std would be ~0.58.")).toBe("hit");
  });
  it("may close with a particle of Taiwan's or the south's speech (可以喔, 不行耶)", () => {
    expect(verdictOf("Q090.f1", "k1", "可以喔。SFT 照着标准答案学，DPO 看两个答案哪个好。")).toBe("hit");
    expect(verdictOf("Q090.f2", "k1", "不行耶，要先标角色和工具输出。")).toBe("hit");
  });
});

describe("sameness said of what a point says differs, in spoken words", () => {
  it("contradicts 职责不同 with 干的事差不多, and leaves 干的事不一样 alone", () => {
    expect(verdictOf("Q092", "k3", "Trainer、Gateway、Rollout Controller 其实是一个东西，干的事差不多。")).toBe("contradicted");
    expect(verdictOf("Q092", "k3", "Trainer、Gateway、Rollout Controller 干的事不一样。")).not.toBe("contradicted");
  });
});

describe("a hedged necessity negator", () => {
  it("says a thing is not needed as the plain one does (其实不太需要环境)", () => {
    expect(verdictOf("Q092.f1", "k2", "其实不太需要环境。")).toBe("contradicted");
    expect(verdictOf("Q092.f1", "k2", "其实不需要环境。")).toBe("contradicted");
  });
});

describe("however much more, still no use", () => {
  it("denies what the term would do (资料缺了训练再强也补不上), while more of it said to help asserts the belief", () => {
    expect(flags("Q090.m3", "Q090.f3", "资料缺了训练再强也补不上。")).toBe(false);
    expect(flags("Q090.m3", "Q090.f3", "资料缺了就上更强的训练。")).toBe(true);
  });
});

describe("misconceptions in Chinese and English mixed", () => {
  it("are flagged with an English verb on a Chinese noun (权重其实已经 update)", () => {
    expect(flags("Q090.m1", "Q090", "它 reflect 完之后权重其实已经 update 咯。")).toBe(true);
    expect(flags("Q091.m2", "Q091.f2", "全部 same reward 的话 gradient 全部 0。")).toBe(true);
  });
});

describe("arrows in notes", () => {
  it("link clauses into a claim (全组同分 → 优势全是 0 → 梯度全是 0), typed as -> too", () => {
    expect(flags("Q091.m2", "Q091.f2", "- 全组同分 → 优势全是 0 → 梯度全是 0")).toBe(true);
    expect(flags("Q091.m2", "Q091.f2", "- 全组同分 -> 优势全是 0 -> 梯度全是 0")).toBe(true);
  });
});

describe("English negations", () => {
  it("tell to stop doing a thing (stop blaming the model for everything), not the noun 'stop conditions'", () => {
    expect(verdictOf("Q090.f3", "k2", "Stop blaming the model for everything.")).toBe("hit");
    expect(verdictOf("Q092.f1", "k2", "The initial state, tool behavior, stop conditions and reward all come from the environment.")).toBe("hit");
  });
  it("govern the words right after them: 'without it you've got logs' does not wave the logs away", () => {
    expect(verdictOf("Q092.f1", "k1", "Without it you've got logs but no clue why a run scored.")).not.toBe("contradicted");
    expect(verdictOf("Q092.f1", "k1", "The proxy isn't needed, without the proxy it all still works.")).toBe("contradicted");
  });
  it("read ≠ as 'is not' (proxy ≠ trainer)", () => {
    expect(flags("Q092.m1", "Q092", "Connecting the proxy ≠ having a trainer.")).toBe(false);
  });
});

describe("names typed side by side", () => {
  it("say nothing of each other (trainer gateway controller各干各的), while one said to be the other still does", () => {
    expect(flags("Q092.m1", "Q092", "trainer gateway controller各干各的")).toBe(false);
    expect(flags("Q092.m1", "Q092", "gateway就是trainer")).toBe(true);
  });
});

describe("beliefs reported with 会说", () => {
  it("are rejected with the reporting frame: 很多人会说……，这是错的", () => {
    expect(flags("Q091.m2", "Q091.f2", "很多人会说全组同分梯度就一定全为零，这是错的。")).toBe(false);
    expect(flags("Q091.m2", "Q091.f2", "全组同分梯度就一定全为零。")).toBe(true);
  });
});

describe("a list whose last item goes on to say something of it", () => {
  it("asserts what it says, while a plain list of names stays a list", () => {
    expect(flags("Q092.m4", "Q092", "奖励的话工具调用成功、格式校验通过就直接算任务成功给满分。")).toBe(true);
    expect(flags("Q092.m1", "Q092.f2", "拿旧接口去理解 Gateway、Trainer 完全可以。")).toBe(false);
  });
});
