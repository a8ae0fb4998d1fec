import { describe, expect, it } from "vitest";
import type { PickCandidate } from "@recall/db";
import { chooseDailyItems } from "../src/daily-pick.ts";

const TODAY = "2026-03-10";

function candidate(itemId: string, fields: Partial<PickCandidate> = {}): PickCandidate {
  const questionId = itemId.split(".")[0]!;
  return {
    itemId,
    kind: itemId.includes(".f") ? "followup" : itemId.includes(".m") ? "misconception" : "main",
    parentId: itemId === questionId ? null : questionId,
    questionId,
    chapter: 12,
    priority: "P1",
    dueMembers: 0,
    seenMembers: 0,
    lastPostedOn: null,
    ...fields,
  };
}

describe("chooseDailyItems", () => {
  it("puts questions the group has due before fresh ones, and fresh ones before the oldest posted", () => {
    const candidates = [
      candidate("Q001", { lastPostedOn: "2026-02-01", seenMembers: 2 }),
      candidate("Q002"),
      candidate("Q003", { dueMembers: 1, seenMembers: 3, lastPostedOn: "2026-03-01" }),
    ];
    expect(chooseDailyItems(candidates, 3, TODAY)).toEqual(["Q003", "Q002", "Q001"]);
    expect(chooseDailyItems(candidates, 1, TODAY)).toEqual(["Q003"]);
  });

  it("orders due questions by how many members have them due", () => {
    const candidates = [
      candidate("Q001", { dueMembers: 1, lastPostedOn: "2026-03-01", priority: "P0" }),
      candidate("Q002", { dueMembers: 4, lastPostedOn: "2026-03-01" }),
    ];
    expect(chooseDailyItems(candidates, 2, TODAY)).toEqual(["Q002", "Q001"]);
  });

  it("introduces P0 questions before P1 and P2, then by id", () => {
    const candidates = [candidate("Q005", { priority: "P2" }), candidate("Q004"), candidate("Q009", { priority: "P0" }), candidate("Q003")];
    expect(chooseDailyItems(candidates, 4, TODAY)).toEqual(["Q009", "Q003", "Q004", "Q005"]);
  });

  it("does not re-post a due question posted within the last three days ahead of fresh ones", () => {
    const candidates = [
      candidate("Q001", { dueMembers: 5, lastPostedOn: "2026-03-08" }), // two days ago
      candidate("Q002", { dueMembers: 5, lastPostedOn: "2026-03-07" }), // three days ago
      candidate("Q003"),
    ];
    expect(chooseDailyItems(candidates, 2, TODAY)).toEqual(["Q002", "Q003"]);
    expect(chooseDailyItems(candidates, 3, TODAY)).toEqual(["Q002", "Q003", "Q001"]);
  });

  it("never picks a question already posted today", () => {
    const candidates = [candidate("Q001", { dueMembers: 3, lastPostedOn: TODAY }), candidate("Q002", { lastPostedOn: "2026-03-09" })];
    expect(chooseDailyItems(candidates, 5, TODAY)).toEqual(["Q002"]);
  });

  it("cycles the longest-unposted question first once the bank has no fresh ones", () => {
    const candidates = [
      candidate("Q001", { lastPostedOn: "2026-03-09" }),
      candidate("Q002", { lastPostedOn: "2026-03-05" }),
      candidate("Q003", { lastPostedOn: "2026-03-07" }),
    ];
    expect(chooseDailyItems(candidates, 2, TODAY)).toEqual(["Q002", "Q003"]);
  });

  it("returns at most the requested count, each question once", () => {
    const candidates = Array.from({ length: 8 }, (_, i) => candidate(`Q00${i}`, { dueMembers: i % 2, lastPostedOn: i % 2 ? "2026-01-01" : null }));
    const chosen = chooseDailyItems(candidates, 5, TODAY);
    expect(chosen).toHaveLength(5);
    expect(new Set(chosen).size).toBe(5);
    expect(chooseDailyItems(candidates, 0, TODAY)).toEqual([]);
  });

  it("chooses only main questions, never follow-ups or misconceptions", () => {
    const candidates = [
      candidate("Q001.f1", { dueMembers: 9, lastPostedOn: null }),
      candidate("Q001.m1", { priority: "P0" }),
      candidate("Q001"),
    ];
    expect(chooseDailyItems(candidates, 3, TODAY)).toEqual(["Q001"]);
    expect(chooseDailyItems([candidate("Q001.f1"), candidate("Q001.m2")], 2, TODAY)).toEqual([]);
  });
});
