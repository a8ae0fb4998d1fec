// Spoken forms the grammar allows for any alias: a quantity named by a demonstrative ("这组" for
// "一组") and a comparative said as a degree ("那么复杂" for "更复杂").
import { describe, expect, it } from "vitest";
import { aliasVariants } from "../src/alias-variants.ts";
import { grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";

describe("spoken forms of aliases", () => {
  it("names a counted quantity by its demonstrative", () => {
    expect(aliasVariants(["采样一组输出"])).toEqual(expect.arrayContaining(["采样这组输出", "采样每组输出", "采样整组输出"]));
  });

  it("says a comparative as a degree, but leaves verbs spelt with 更 alone", () => {
    expect(aliasVariants(["更复杂"])).toEqual(expect.arrayContaining(["那么复杂", "这么复杂"]));
    expect(aliasVariants(["更新参数"]).some((variant) => variant.includes("那么"))).toBe(false);
    expect(aliasVariants(["奖励模型"])).toEqual(["奖励模型"]);
  });

  const item = makeItem({
    id: "P001",
    prompt: "奖励设计要注意什么？",
    keyPoints: [{ id: "k1", polarity: "deny", concepts: [["越复杂越好", "更复杂"]] }],
  });

  it("reads a spoken denial of the degree as the denial the point makes", () => {
    expect(grade(item, "没必要搞那么复杂，能验证最要紧。").keyPoints[0]?.verdict).toBe("hit");
  });

  it("does not take the bare adjective for the comparative", () => {
    expect(grade(item, "没必要搞复杂，能验证最要紧。").keyPoints[0]?.verdict).toBe("missed");
  });
});
