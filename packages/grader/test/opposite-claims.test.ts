// A point's opposite said in other words than the point's own (the content's `反面：` list): "旧论文
// 已经没价值了" denies "没有失去价值：仍能帮助理解解耦与轨迹转换" though it names none of its terms.
import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";

const paperItem = makeItem({
  id: "OPP.f2",
  prompt: "旧版论文失去价值了吗？",
  keyPoints: [
    {
      id: "k1",
      text: "没有失去价值：仍能帮助理解解耦与轨迹转换",
      concepts: [["解耦", "执行与训练分开"], ["轨迹转换", "轨迹"]],
      contradictedBy: { aliases: ["没价值", "没啥用", "过时了", "可以不看", "useless"] },
    },
    { id: "k2", text: "实现时按对应分支读取", concepts: [["分支", "branch"], ["读", "看"]] },
  ],
});

const verdict = (answer: string, id = "k1"): string | undefined => grade(paperItem, answer).keyPoints.find((p) => p.id === id)?.verdict;

describe("a point's opposite, said", () => {
  it("contradicts the point, with the words that say it as evidence", () => {
    const result = grade(paperItem, "基本没价值了，架构都重构了，直接看新代码。");
    const point = result.keyPoints.find((p) => p.id === "k1");
    expect(point?.verdict).toBe("contradicted");
    expect(point?.evidence).toEqual(["没价值"]);
    expect(verdict("It's useless now, just read the new code.")).toBe("contradicted");
  });

  it("counts where the answer speaks of the point: its opening sentences, or a sentence with the point's terms", () => {
    expect(verdict("先看主分支。再说分支。旧论文讲解耦的部分已经过时了。")).toBe("contradicted");
    // A third sentence about something else: the phrase is not about the paper.
    expect(verdict("先看主分支。再说分支。老的部署脚本过时了。")).not.toBe("contradicted");
  });

  it("is not said when negated, asked, rejected or matched only nearly", () => {
    expect(verdict("不是没价值，仍能帮助理解解耦和轨迹转换。")).toBe("hit");
    expect(verdict("谁说旧论文没价值？")).not.toBe("contradicted");
    expect(verdict("别以为旧论文可以不看，解耦就是它讲清楚的。")).not.toBe("contradicted");
    expect(verdict("旧论文过时了吗？不会，解耦讲得很清楚。")).not.toBe("contradicted");
  });

  it("leaves a point made elsewhere in the answer standing", () => {
    expect(verdict("旧论文仍能帮助理解解耦和轨迹转换。里面的示例代码可以不看。")).toBe("hit");
  });

  it("overrides a hit read off the very clause that says the opposite", () => {
    expect(verdict("讲解耦和轨迹的那部分没啥用。")).toBe("contradicted");
  });

  it("is not said when a short verdict after it judges it wrong", () => {
    expect(verdict("旧论文可以不看，这不行，解耦就是它讲清楚的。")).not.toBe("contradicted");
    // "不对，我是说……" corrects the speaker, often into another claim: no verdict on what came before.
    expect(verdict("旧论文可以不看，不对，我是说过时了。")).toBe("contradicted");
  });

  it("is said when a closing calls it harmless", () => {
    // "可以不看也没关系" states the phrase; the closing is no negation of it.
    expect(verdict("旧论文可以不看也没关系，架构都重构了。")).toBe("contradicted");
  });

  it("overrides a hit through whichever of its phrases shares the hit's clause", () => {
    // The first phrase ("可以不看") stands apart from the hit; "过时了" shares its clause.
    expect(verdict("可以不看了。讲解耦和轨迹转换的部分也过时了。")).toBe("contradicted");
    expect(verdict("可以不看了。它讲清楚了解耦和轨迹转换。")).toBe("hit");
  });

  it("overrides a hit made only in a clause that sets up what the opposite then answers", () => {
    // "要理解解耦," names a purpose; the next clause answers it with the opposite.
    expect(verdict("架构都重构了。不过要理解解耦和轨迹转换，旧论文可以不看，直接读新代码。")).toBe("contradicted");
    expect(verdict("架构都重构了。至于解耦和轨迹转换那些，旧论文基本没啥用。")).toBe("contradicted");
    // A clause that makes the point itself stands.
    expect(verdict("架构都重构了。旧论文讲清楚了解耦和轨迹转换，示例代码可以不看。")).toBe("hit");
  });

  it("says nothing about points without a list of opposites", () => {
    expect(verdict("基本没价值了，分支随便看。", "k2")).not.toBe("contradicted");
  });
});
