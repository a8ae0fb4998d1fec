// Claims that deny a point without its words (a misconception the point's own sentence speaks
// about, a first step skipped, a limit crossed, a term called worthless, a rhetorical question),
// each pinned with sentences of its own (none of them is a labelled answer).
import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";
import { negated, verdicts } from "./grading-helpers.ts";
import { tooSlow } from "./linear-time.ts";
import { aliasVariants } from "../src/alias-variants.ts";

describe("a misconception whose every concept the point's own sentence names", () => {
  // The point limits 打分 and says what full training still takes; the misconception calls 打分 full training.
  const scoringItem = makeItem({
    id: "C001",
    keyPoints: [
      {
        id: "k1",
        text: "打分只是一个信号，完整训练还需要反向传播和优化器",
        weight: 2,
        concepts: [["打分", "评分"], ["反向传播", "优化器", "梯度"]],
      },
      { id: "k2", text: "要留独立测试集", concepts: [["测试集", "留出"]] },
    ],
    misconceptions: [{ id: "m1", statement: "把打分当成完整训练", concepts: [["打分", "评分"], ["完整训练", "训练完成", "就训好了"]] }],
  });

  it("contradicts the point when asserted", () => {
    const result = grade(scoringItem, "评分这步一做完，整个模型就训好了。");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(verdicts(result).k1).toBe("contradicted");
    expect(result.suggestedRating).toBe("again");
  });

  it("leaves the point alone when the misconception is denied", () => {
    const result = grade(scoringItem, "打分算完不等于训练完成，后面还得反向传播、跑优化器。");
    expect(result.misconceptions).toEqual([]);
    expect(verdicts(result).k1).toBe("hit");
  });

  it("leaves the point hit when the answer makes it elsewhere", () => {
    const result = grade(scoringItem, "打分只是信号，真要更新还得走反向传播和优化器。有人说打分完就训好了，那不对。");
    expect(verdicts(result).k1).toBe("hit");
  });

  it("does not link a misconception the point's sentence names only in part", () => {
    const item = makeItem({
      id: "C002",
      keyPoints: [{ id: "k1", text: "打分只是一个信号", concepts: [["打分", "评分"], ["信号"]] }],
      misconceptions: [{ id: "m1", statement: "把打分当成完整训练", concepts: [["打分", "评分"], ["完整训练", "就训好了"]] }],
    });
    const result = grade(item, "评分一做完，模型就训好了。");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(verdicts(result).k1).not.toBe("contradicted");
  });
});

describe("a term said to be worthless", () => {
  it("is denied by a closing that calls it noise or superfluous", () => {
    expect(negated("那些中间日志全是噪声", "日志")).toBe(true);
    expect(negated("再加一层校验是多余的", "校验")).toBe(true);
    expect(negated("说明文档是摆设", "说明文档")).toBe(true);
  });

  it("is denied by a closing that says it is not good enough even for that", () => {
    expect(negated("这些日志连当样例都不够格", "样例")).toBe(true);
    expect(negated("这种样例派不上用场", "样例")).toBe(true);
    expect(negated("样例不合格的要剔除", "样例")).toBe(false);
  });

  it("is not denied by noise it carries or a word that goes on", () => {
    expect(negated("日志里的噪声很大", "日志")).toBe(false);
    expect(negated("校验多余的字段", "校验")).toBe(false);
    expect(negated("这些日志都很有用", "日志")).toBe(false);
  });

  it("denies a point whose every concept the sentence rejects", () => {
    const keepItem = makeItem({
      id: "C003",
      keyPoints: [{ id: "k1", text: "要保留中间日志", concepts: [["日志", "中间记录"], ["保留", "存下"]] }],
    });
    expect(verdicts(grade(keepItem, "能跑通就行，中间记录不用存下，那些日志都是噪声。")).k1).toBe("contradicted");
    expect(verdicts(grade(keepItem, "中间日志要存下，别当成噪声。")).k1).toBe("hit");
  });
});

describe("a point that limits a thing, crossed by a misconception about that thing", () => {
  // The point limits 缓存; the misconception says the cache is the whole database.
  const cacheItem = makeItem({
    id: "C004",
    keyPoints: [
      { id: "k1", text: "缓存只能加速读取", concepts: [["缓存", "cache"], ["读取", "读", "查询"]] },
      { id: "k2", text: "写入要落到数据库", concepts: [["写入"], ["数据库"]] },
    ],
    misconceptions: [{ id: "m1", statement: "把缓存当成数据库", concepts: [["缓存", "cache"], ["就是数据库", "当数据库", "持久存储"]] }],
  });

  it("is contradicted when the answer says what the thing does and that it does more", () => {
    const result = grade(cacheItem, "缓存能把查询都加速，缓存本身就是数据库了。");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(verdicts(result).k1).toBe("contradicted");
  });

  it("stays hit when the answer states the limit itself", () => {
    const result = grade(cacheItem, "缓存只负责加速读取，有人把缓存当数据库用，那就错了。");
    expect(verdicts(result).k1).toBe("hit");
    expect(verdicts(grade(cacheItem, "缓存加速读取而已，仅此而已。")).k1).toBe("hit");
  });

  it("is not contradicted when the answer never makes the point's words stand", () => {
    const result = grade(cacheItem, "缓存本身就是数据库了，存进去就丢不了。");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(verdicts(result).k1).not.toBe("contradicted");
  });

  it("is left alone without the misconception", () => {
    expect(verdicts(grade(cacheItem, "缓存能加速读取，写入还是要落到数据库。"))).toEqual({ k1: "hit", k2: "hit" });
  });
});

describe("a belief reported in order to reject it", () => {
  const cacheItem = makeItem({
    id: "C005",
    keyPoints: [{ id: "k1", text: "缓存只能加速读取", concepts: [["缓存"], ["读取", "查询"]] }],
    misconceptions: [{ id: "m1", statement: "把缓存当成数据库", concepts: [["缓存"], ["就是数据库", "当数据库", "持久存储"]] }],
  });

  it("asserts nothing when the answer then says it is wrong", () => {
    expect(grade(cacheItem, "有人觉得缓存就是数据库了，这不对，缓存只管加速查询。").misconceptions).toEqual([]);
    expect(grade(cacheItem, "常听人说缓存可以当数据库用。其实断电就没了。").misconceptions).toEqual([]);
    expect(grade(cacheItem, "Some people say the 缓存 can serve as 持久存储, which is wrong.").misconceptions).toEqual([]);
  });

  it("is still asserted when the frame is not rejected", () => {
    expect(grade(cacheItem, "有人说缓存就是数据库了，我也这么看。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(grade(cacheItem, "有人说缓存就是数据库了，没错，确实如此。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });

  it("contradicts no point with the words it quotes", () => {
    const denyItem = makeItem({
      id: "C008",
      keyPoints: [{ id: "k1", text: "备忘录不等于改权重", polarity: "deny", concepts: [["备忘录", "笔记"], ["改权重", "更新权重"]] }],
    });
    expect(verdicts(grade(denyItem, "有人说写了笔记就等于更新权重了，这是误区。")).k1).not.toBe("contradicted");
    expect(verdicts(grade(denyItem, "写了笔记就等于更新权重了。")).k1).toBe("contradicted");
  });

  it("is still asserted when the answer states it without a reporting frame", () => {
    expect(grade(cacheItem, "缓存就是数据库了，这点错不了。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });
});

describe("a rhetorical question that denies", () => {
  it("negates like a negator", () => {
    expect(negated("还用得着看日志吗", "日志")).toBe(true);
    expect(negated("哪用得着再写测试", "测试")).toBe(true);
    expect(negated("何必单独部署缓存", "缓存")).toBe(true);
    expect(negated("谁说缓存只能加速读取", "缓存")).toBe(true);
    expect(negated("结果怎么可能是零", "零")).toBe(true);
    expect(negated("还得看日志吗", "日志")).toBe(false);
    expect(negated("谁来写测试", "测试")).toBe(false);
  });

  it("says a point's step is not needed", () => {
    const diagnoseItem = makeItem({
      id: "C006",
      keyPoints: [{ id: "k1", text: "先排查是网络还是磁盘的问题", weight: 2, concepts: [["排查", "区分", "分"], ["网络", "磁盘"]] }],
    });
    expect(verdicts(grade(diagnoseItem, "服务挂了还用得着分是网络还是磁盘吗？重启就完了。")).k1).toBe("contradicted");
    expect(verdicts(grade(diagnoseItem, "何必排查网络和磁盘，直接重启。")).k1).toBe("contradicted");
    expect(verdicts(grade(diagnoseItem, "先排查是网络还是磁盘出的问题，再决定要不要重启。")).k1).toBe("hit");
  });
});

describe("离不开 says a thing is needed", () => {
  it("negates nothing", () => {
    expect(negated("训练离不开奖励模型", "奖励模型")).toBe(false);
    expect(negated("训练用不着奖励模型", "奖励模型")).toBe(true);
  });

  it("asserts a misconception of need and contradicts a point that denies the need", () => {
    const item = makeItem({
      id: "C007",
      keyPoints: [{ id: "k1", text: "离线蒸馏不需要教师在线打分", polarity: "deny", concepts: [["在线打分", "打分模型"]] }],
      misconceptions: [{ id: "m1", statement: "所有蒸馏都要在线打分", concepts: [["蒸馏"], ["在线打分", "打分模型"]] }],
    });
    const result = grade(item, "蒸馏也离不开打分模型，没它学不了。");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(verdicts(result).k1).toBe("contradicted");
  });
});

describe("a removed thing said to be still needed in spoken words", () => {
  const cacheItem = makeItem({
    id: "C009",
    keyPoints: [{ id: "k1", text: "用本地索引，减少对远程搜索服务的依赖", weight: 2, concepts: [["本地索引"], ["远程搜索", "搜索服务"]] }],
  });

  it("contradicts the point that reduces it", () => {
    expect(verdicts(grade(cacheItem, "有了本地索引，照样要单独部署远程搜索。")).k1).toBe("contradicted");
    expect(verdicts(grade(cacheItem, "本地索引建好了，搜索服务一点没省。")).k1).toBe("contradicted");
    expect(verdicts(grade(cacheItem, "本地索引也好，远程搜索省不掉。")).k1).toBe("contradicted");
  });

  it("leaves the point made when the thing is said to be saved", () => {
    expect(verdicts(grade(cacheItem, "有了本地索引，远程搜索服务就省掉了。")).k1).not.toBe("contradicted");
    expect(negated("远程搜索省不掉", "远程搜索")).toBe(false);
  });
});

describe("a clause of nothing but a negation after a topic", () => {
  const logItem = makeItem({
    id: "C010",
    keyPoints: [
      { id: "k1", text: "要区分重试日志和新请求", weight: 2, concepts: [["重试日志", "重试"], ["新请求"]] },
      { id: "k2", text: "按请求 ID 关联", concepts: [["请求 ID"], ["关联"]] },
    ],
  });

  it("denies the topic before it", () => {
    expect(verdicts(grade(logItem, "重试日志那些，用不着。")).k1).toBe("contradicted");
    expect(verdicts(grade(logItem, "按请求 ID 关联就好。重试那些，完全没必要。")).k1).toBe("contradicted");
  });

  it("does not reach past a clause that says more", () => {
    expect(verdicts(grade(logItem, "重试日志和新请求要分开记，没必要的话别合并。")).k1).not.toBe("contradicted");
    expect(verdicts(grade(logItem, "重试日志那些，用不着担心，和新请求分开存就行。")).k1).not.toBe("contradicted");
  });

  it("is no self-correction (\"……，不是，我是说……\")", () => {
    expect(verdicts(grade(logItem, "重试日志，不是，新请求和重试日志要分开。")).k1).not.toBe("contradicted");
  });

  it("does not cancel a negation the topic already has", () => {
    expect(verdicts(grade(logItem, "不用区分重试日志，没必要。")).k1).toBe("contradicted");
  });
});

describe("a misconception's terms only listed side by side", () => {
  const item = makeItem({
    id: "C011",
    keyPoints: [{ id: "k1", text: "旧文档仍有参考价值", concepts: [["旧文档"], ["参考"]] }],
    misconceptions: [{ id: "m1", statement: "把网关当成调度器", concepts: [["网关", "gateway"], ["调度器", "scheduler"]] }],
  });

  it("asserts nothing", () => {
    expect(grade(item, "旧文档可以拿来参考，理解网关、调度器都有用。").misconceptions).toEqual([]);
    expect(grade(item, "先读旧文档里的 gateway、scheduler 两节做参考。").misconceptions).toEqual([]);
  });

  it("is still asserted when a claim links them", () => {
    expect(grade(item, "网关本身就是调度器，一回事。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(grade(item, "接上网关，它就能当调度器用了。").misconceptions.map((m) => m.id)).toEqual(["m1"]);
  });
});

describe("a misconception that skips the first step a point prescribes for its condition", () => {
  // The point says: when the disk is full, clean it up first; the misconception: when the disk is full, just buy hardware.
  const diskItem = makeItem({
    id: "C012",
    keyPoints: [
      { id: "k1", text: "先判断是磁盘满了还是内存不够，磁盘满了先清理日志", weight: 2, concepts: [["判断", "排查"], ["磁盘", "内存"]] },
      { id: "k2", text: "扩容后要压测", concepts: [["压测"]] },
    ],
    misconceptions: [{ id: "m1", statement: "磁盘满了直接加机器", concepts: [["磁盘满了", "磁盘不够"], ["加机器", "扩容", "买硬件"]] }],
  });

  it("contradicts the point when asserted", () => {
    const result = grade(diskItem, "我不多想，磁盘满了就直接加机器，内存也一起加。");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(verdicts(result).k1).toBe("contradicted");
  });

  it("leaves the point made when the answer takes the step", () => {
    const result = grade(diskItem, "先判断是磁盘还是内存的问题，磁盘满了先清日志，实在不够再加机器。");
    expect(verdicts(result).k1).toBe("hit");
  });

  it("links no misconception whose condition the point does not name", () => {
    const item = makeItem({
      id: "C013",
      keyPoints: [{ id: "k1", text: "先判断是哪台机器出的问题", concepts: [["判断", "排查"], ["机器"]] }],
      misconceptions: [{ id: "m1", statement: "磁盘满了直接加机器", concepts: [["磁盘满了", "磁盘不够"], ["加机器", "买硬件"]] }],
    });
    const result = grade(item, "磁盘满了就直接加机器。");
    expect(result.misconceptions.map((m) => m.id)).toEqual(["m1"]);
    expect(verdicts(result).k1).not.toBe("contradicted");
  });
});

describe("what a point says differs, said to be the same", () => {
  const storeItem = makeItem({
    id: "C014",
    keyPoints: [
      { id: "k1", text: "缓存放热点、数据库放全量、归档放冷数据：三者的存储介质不同", weight: 2, concepts: [["缓存"], ["数据库"], ["归档"]] },
      { id: "k2", text: "要监控命中率", concepts: [["命中率"]] },
    ],
  });

  it("contradicts the point", () => {
    expect(verdicts(grade(storeItem, "缓存、数据库、归档用的介质都一样，买一种盘就行。")).k1).toBe("contradicted");
    expect(verdicts(grade(storeItem, "缓存和数据库的介质其实没什么区别。")).k1).toBe("contradicted");
  });

  it("leaves the point alone when sameness is denied or said of something else", () => {
    expect(verdicts(grade(storeItem, "缓存放热点，数据库放全量，归档放冷数据，介质不一样。")).k1).toBe("hit");
    expect(verdicts(grade(storeItem, "缓存和数据库一样要监控命中率。")).k1).not.toBe("contradicted");
    expect(verdicts(grade(storeItem, "缓存和数据库的接口都一样。")).k1).not.toBe("contradicted");
  });

  it("needs two of the point's concepts in the sentence", () => {
    expect(verdicts(grade(storeItem, "缓存的介质一样，命中率要盯着。")).k1).not.toBe("contradicted");
  });
});

describe("the new readers on long repetitive answers", () => {
  const storeItem = makeItem({
    id: "C015",
    keyPoints: [
      { id: "k1", text: "缓存、数据库、归档三者的介质不同", weight: 2, concepts: [["缓存"], ["数据库"], ["归档"]] },
      { id: "k2", text: "缓存只能加速读取", concepts: [["缓存"], ["读取"]] },
    ],
    misconceptions: [{ id: "m1", statement: "把缓存当数据库", concepts: [["缓存"], ["就是数据库"]] }],
  });

  it.each([
    ["介质", "缓存数据库介质".repeat(570)],
    ["clauses", "缓存介质都一样，".repeat(440)],
    ["reported", "有人说缓存就是数据库，".repeat(360)],
    ["rhetorical", "还用得着缓存吗？".repeat(490)],
    ["bare negation", "缓存那些，用不着，".repeat(440)],
  ])("%s: graded within the bound", (_name, answer) => {
    grade(storeItem, "预热");
    expect(tooSlow(storeItem, answer.slice(0, 4000))).toBeNull();
  });
});

describe("what a point says is not enough, said to be all it takes", () => {
  const releaseItem = makeItem({
    id: "C016",
    keyPoints: [{ id: "k1", text: "要用灰度验证线上效果，不能只看离线指标", concepts: [["灰度", "验证"], ["线上效果", "离线指标"]] }],
  });

  it("contradicts the point when the thing is said to be enough to ship", () => {
    expect(verdicts(grade(releaseItem, "离线指标涨了就能上线。")).k1).toBe("contradicted");
    expect(verdicts(grade(releaseItem, "只要离线指标上去了，直接发布。")).k1).toBe("contradicted");
  });

  it("reads a near form of the negated term as that term", () => {
    expect(verdicts(grade(releaseItem, "离线的指标涨了就够了。")).k1).toBe("contradicted");
  });

  it("leaves the point made", () => {
    expect(verdicts(grade(releaseItem, "不能只看离线指标，要上灰度验证线上效果。")).k1).toBe("hit");
    expect(verdicts(grade(releaseItem, "离线指标涨了也不能上线，先灰度验证。")).k1).not.toBe("contradicted");
  });
});

describe("a point asking which of a thing counts, answered that all of it does", () => {
  const gradeItem = makeItem({
    id: "C018",
    keyPoints: [
      { id: "k1", text: "明确哪些字段参与打分", weight: 2, concepts: [["字段", "列"], ["参与打分", "计分", "只算"]] },
      { id: "k2", text: "先清洗数据", concepts: [["清洗"]] },
    ],
  });

  it("contradicts the point", () => {
    expect(verdicts(grade(gradeItem, "表里所有字段都算进分数里，越全越好。")).k1).toBe("contradicted");
    expect(verdicts(grade(gradeItem, "全部列统统参与打分就行。")).k1).toBe("contradicted");
  });

  it("leaves the point alone when all of it is only handled, or a choice is made", () => {
    expect(verdicts(grade(gradeItem, "所有字段都要先清洗。")).k1).not.toBe("contradicted");
    expect(verdicts(grade(gradeItem, "只算金额那一列，其他字段不参与打分。")).k1).not.toBe("contradicted");
    expect(verdicts(grade(gradeItem, "不是所有字段都算分，要挑。")).k1).not.toBe("contradicted");
  });
});

describe("a term opening with a negator right after the answer's own words", () => {
  const valueItem = makeItem({
    id: "C019",
    keyPoints: [
      { id: "k1", text: "两种算法的结果不一样", polarity: "deny", concepts: [["一样", "相同", "不一样", "不同"]] },
      { id: "k2", text: "本题用的是快速排序", concepts: [["快速排序", "快排"]] },
    ],
  });

  it("makes a claim, not a keyword list", () => {
    const result = grade(valueItem, "结果不同，快排。");
    expect(result.keywordSalad).toBe(false);
    expect(verdicts(result).k1).toBe("hit");
  });

  it("leaves a bare list of terms a list", () => {
    expect(grade(valueItem, "不同 快排 相同").keywordSalad).toBe(true);
  });
});

describe("采集 clipped in speech", () => {
  const captureItem = makeItem({
    id: "C020",
    keyPoints: [{ id: "k1", text: "探针只能采集指标", concepts: [["探针", "agent"], ["采集", "收集"]] }],
  });

  it("is the verb", () => {
    expect(aliasVariants(["采集"])).toEqual(expect.arrayContaining(["采数据", "采到", "采下来"]));
    expect(verdicts(grade(captureItem, "探针负责采数据。")).k1).toBe("hit");
    expect(verdicts(grade(captureItem, "指标都是探针采下来的。")).k1).toBe("hit");
  });

  it("is denied like the verb", () => {
    expect(verdicts(grade(captureItem, "谁说探针只能采数据？")).k1).toBe("contradicted");
  });
});

describe("the source a point names, said to be unneeded", () => {
  const sourceItem = makeItem({
    id: "C021",
    keyPoints: [{ id: "k1", text: "评分规则和停止条件都来自沙箱", weight: 2, concepts: [["评分规则", "停止条件"], ["沙箱"]] }],
  });
  const pairItem = makeItem({
    id: "C022",
    keyPoints: [{ id: "k1", text: "评分规则和沙箱都要有", weight: 2, concepts: [["评分规则", "停止条件"], ["沙箱"]] }],
  });

  it("contradicts the point though the rest is named in another clause", () => {
    expect(verdicts(grade(sourceItem, "评分规则看日志就能推出来，沙箱可有可无。")).k1).toBe("contradicted");
  });

  it("leaves a point naming no source to the usual rule", () => {
    expect(verdicts(grade(pairItem, "评分规则看日志就能推出来，沙箱可有可无。")).k1).not.toBe("contradicted");
  });

  it("does not when the source is affirmed", () => {
    expect(verdicts(grade(sourceItem, "停止条件由沙箱给，评分规则也来自沙箱。")).k1).toBe("hit");
  });
});
