// A belief's condition granted by a concession ("资料缺了也没关系，……") is stated, though the closing
// would negate the term for a point. Sentences of their own, none of them a labelled answer.
import { describe, expect, it } from "vitest";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";

const missingDataBelief = makeItem({
  id: "C001",
  keyPoints: [{ id: "k1", concepts: [["缺资料", "资料缺失"], ["先修系统", "修索引"]] }],
  misconceptions: [{ id: "m1", statement: "数据缺失时直接上更强训练", concepts: [["缺资料", "资料缺失", "数据缺"], ["更强的训练", "上 RL"]] }],
});
const ids = (answer: string): string[] => grade(missingDataBelief, answer).misconceptions.map((m) => m.id);

describe("a conceded condition", () => {
  it("states the belief: 'X 也没关系', 'X 也不管'", () => {
    expect(ids("就算数据缺了也没关系，换更强的训练，模型自己会学会。")).toEqual(["m1"]);
    expect(ids("资料缺失也不管 直接上 RL")).toEqual(["m1"]);
  });

  it("is not read into a denial or a plain negation of the condition", () => {
    expect(ids("资料缺失不能靠更强的训练补，要先修索引。")).toEqual([]);
    expect(ids("不是缺资料，那就上 RL 试试。")).toEqual([]);
  });
});
