import { describe, expect, it } from "vitest";
import { checkAlias } from "../src/alias-overlay.ts";
import { checkOverlayAlias, grade } from "../src/index.ts";
import { makeItem } from "./item-fixtures.ts";

const item = makeItem({
  id: "T200",
  prompt: "训练后工具错误还存在怎么办？",
  keyPoints: [
    { id: "k1", weight: 2, concepts: [["区分", "排查"], ["格式", "参数"]] },
    { id: "k2", concepts: [["去重"]] },
  ],
});

const verdict = (result: ReturnType<typeof grade>, id: string): string | undefined => result.keyPoints.find((k) => k.id === id)?.verdict;

describe("a server's alias overlay", () => {
  it("counts an accepted alias as the concept, for that grading only", () => {
    const answer = "先甄别是格式还是参数的问题。";
    expect(verdict(grade(item, answer), "k1")).not.toBe("hit");
    const overlay = [{ pointId: "k1", concept: 0, alias: "甄别" }];
    expect(verdict(grade(item, answer, { aliasOverlay: overlay }), "k1")).toBe("hit");
    // The content's own item is unchanged: the overlay is an input, not a mutation.
    expect(verdict(grade(item, answer), "k1")).not.toBe("hit");
    expect(item.keyPoints[0]?.concepts[0]?.aliases).toEqual(["区分", "排查"]);
  });

  it("accepts a plain synonym", () => {
    expect(checkOverlayAlias(item, { pointId: "k1", concept: 0, alias: "甄别" })).toEqual({ ok: true });
  });

  it.each([
    [{ pointId: "k9", concept: 0, alias: "甄别" }, "unknown-point"],
    [{ pointId: "k1", concept: 5, alias: "甄别" }, "unknown-point"],
    [{ pointId: "k1", concept: 0, alias: "查" }, "too-short"],
    [{ pointId: "k1", concept: 0, alias: "查".repeat(41) }, "too-long"],
    [{ pointId: "k1", concept: 0, alias: "不用区分" }, "negates"],
  ] as const)("refuses %j with %s", (entry, reason) => {
    const check = checkOverlayAlias(item, entry);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.reason).toBe(reason);
      expect(check.message.length).toBeGreaterThan(0);
    }
  });

  it("refuses an alias that, with those already accepted, makes an off-topic answer pass", () => {
    const existing = [{ pointId: "k1", concept: 0, alias: "重启" }];
    expect(checkOverlayAlias(item, existing[0]!)).toEqual({ ok: true });
    const check = checkOverlayAlias(item, { pointId: "k1", concept: 1, alias: "服务" }, existing);
    expect(check).toMatchObject({ ok: false, reason: "off-topic-passes" });
  });

  // The grader itself keeps bare term lists at Hard at most, so no alias found in the bank gets a
  // list past it; the check is the second line of defence should a grader change ever let one
  // through. A grader that rates term lists Good stands in for such a change.
  it("refuses an alias with which a bare list of the item's terms would be rated above Hard", () => {
    const lenientOnLists = (_item: unknown, answer: string) => ({ suggestedRating: answer.endsWith("。") ? "again" : "good" });
    const entry = { pointId: "k1", concept: 0, alias: "甄别" };
    const check = checkAlias(item, entry, [], lenientOnLists);
    expect(check).toMatchObject({ ok: false, reason: "keyword-list-passes" });
    // With the real grader the same alias is fine: its list stays at Hard or below.
    expect(checkAlias(item, entry, [], grade)).toEqual({ ok: true });
  });
});

describe("points credited on appeal", () => {
  it("counts the credited points as hit and rates the answer from there", () => {
    const answer = "先甄别是格式还是参数的问题。";
    const plain = grade(item, answer);
    const credited = grade(item, answer, { creditedPoints: ["k1"] });
    expect(verdict(credited, "k1")).toBe("hit");
    expect(verdict(credited, "k2")).toBe(verdict(plain, "k2"));
    expect(credited.score).toBeGreaterThan(plain.score);
    // k1 has weight 2 of 3: credited alone, the answer earns two thirds.
    expect(credited.score).toBeCloseTo(2 / 3, 2);
    expect(grade(item, answer, { creditedPoints: ["k1", "k2"] })).toMatchObject({ score: 1, suggestedRating: "easy" });
  });

  it("ignores ids that are not the item's points", () => {
    const answer = "先甄别是格式还是参数的问题。";
    expect(grade(item, answer, { creditedPoints: ["k9"] })).toEqual(grade(item, answer));
  });
});
