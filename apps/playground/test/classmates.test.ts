import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadBank, type QuizItem } from "@recall/content";
import { classmateAnswer } from "../src/classmates.ts";
import { msToNextDayAt } from "../src/clock-actions.ts";
import { repoRoot } from "../src/playground.ts";

async function itemWithMisconception(): Promise<QuizItem> {
  const bank = await loadBank(join(repoRoot, "content"));
  const item = bank.items.find((candidate) => candidate.kind === "main" && candidate.keyPoints.length >= 3 && candidate.misconceptions.length > 0);
  if (!item) throw new Error("the content bank has no main item with 3 key points and a misconception");
  return item;
}

describe("classmates' answers", () => {
  it("say less at each lower level, and one asserts a listed misconception", async () => {
    const item = await itemWithMisconception();
    const points = item.keyPoints.map((point) => point.text);
    const full = classmateAnswer(item, "full");
    const partial = classmateAnswer(item, "partial");
    const weak = classmateAnswer(item, "weak");
    for (const point of points) expect(full).toContain(point);
    expect(partial).toContain(points[0]);
    expect(partial).not.toContain(points.at(-1));
    expect(weak.length).toBeLessThan(partial.length);
    expect(classmateAnswer(item, "misconception")).toContain(item.misconceptions[0]!.statement);
  });
});

describe("the next day at the group's time", () => {
  it("is tomorrow's daily time in the group's timezone, late at night and early in the morning", () => {
    const group = { time: "09:00", timezone: "Asia/Shanghai" };
    const lateNight = Date.parse("2026-11-30T15:20:00Z"); // 23:20 in Shanghai
    expect(new Date(lateNight + msToNextDayAt(lateNight, group)).toISOString()).toBe("2026-12-01T01:00:00.000Z");
    const earlyMorning = Date.parse("2026-11-30T22:00:00Z"); // 06:00 on 1 December in Shanghai
    expect(new Date(earlyMorning + msToNextDayAt(earlyMorning, group)).toISOString()).toBe("2026-12-02T01:00:00.000Z");
  });
});
