// Accepted aliases as a patch to the content: the right concept line of a main question, a
// follow-up and a misconception, nearby lines sharing a hunk, duplicates and unplaceable aliases
// reported, and a patch that `git apply` takes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { aliasSuggestionPatch, parsePage } from "../src/index.ts";

const PAGE_PATH = fileURLToPath(new URL("../../../content/agent-interview/12-agent-optimization.md", import.meta.url));
const FILE = "content/agent-interview/12-agent-optimization.md";
const text = readFileSync(PAGE_PATH, "utf8");
const { items } = parsePage(text, FILE);
const files = new Map([[FILE, text]]);
const lines = text.split("\n");
const lineOf = (start: string): number => lines.findIndex((line) => line.startsWith(start)) + 1;

describe("alias suggestions", () => {
  it("appends each alias to its concept's line, with context, naming item, point and server", () => {
    const { patch, unplaced, alreadyPresent } = aliasSuggestionPatch(files, items, [
      { itemId: "Q090", pointId: "k4", concept: 0, alias: "回测", serverId: "123" },
      { itemId: "Q090", pointId: "k4", concept: 1, alias: "踩坑案例", serverId: "123" },
    ]);
    expect(unplaced).toEqual([]);
    expect(alreadyPresent).toEqual([]);
    const first = lineOf("  - 验收 | 评估");
    const second = lineOf("  - 独立任务 | 留出");
    expect(second).toBe(first + 1);
    const hunk = patch.split("\n");
    expect(hunk[0]).toBe(`--- a/${FILE}`);
    expect(hunk[1]).toBe(`+++ b/${FILE}`);
    expect(hunk[2]).toBe(`@@ -${first - 3},8 +${first - 3},8 @@ Q090 k4.0 + 回测 (server 123); Q090 k4.1 + 踩坑案例 (server 123)`);
    expect(patch).toContain(`-${lines[first - 1]}\n+${lines[first - 1]} | 回测\n`);
    expect(patch).toContain(`-${lines[second - 1]}\n+${lines[second - 1]} | 踩坑案例\n`);
  });

  it("finds follow-up and misconception concepts, and reports what it cannot place or is already there", () => {
    const { patch, unplaced, alreadyPresent } = aliasSuggestionPatch(files, items, [
      { itemId: "Q090.f1", pointId: "k1", concept: 0, alias: "打分信号" },
      { itemId: "Q090.m1", pointId: "k1", concept: 1, alias: "改模型" },
      { itemId: "Q090", pointId: "k1", concept: 0, alias: "Diagnose" },
      { itemId: "Q090", pointId: "k9", concept: 0, alias: "别的" },
      { itemId: "D12.abc", pointId: "k1", concept: 0, alias: "卡片" },
    ]);
    const followUpLine = lines.findIndex((line, index) => index > lineOf("#### 没有标量奖励") && line.startsWith("  - 标量奖励")) + 1;
    expect(patch).toContain(`+${lines[followUpLine - 1]} | 打分信号\n`);
    expect(patch).toContain(`+${lines[lineOf("  - 权重更新 | 更新权重") - 1]} | 改模型\n`);
    expect(alreadyPresent.map((alias) => alias.alias)).toEqual(["Diagnose"]);
    expect(unplaced.map(({ alias, reason }) => [alias.itemId, reason])).toEqual([
      ["Q090", `Q090: no concept 0 of k9 in ${FILE}`],
      ["D12.abc", "D12.abc is not in the content (an imported deck's card, or retired)"],
    ]);
  });

  it("writes a patch git apply takes", () => {
    const dir = mkdtempSync(join(tmpdir(), "recall-suggestions-"));
    mkdirSync(join(dir, "content/agent-interview"), { recursive: true });
    writeFileSync(join(dir, FILE), text);
    const { patch } = aliasSuggestionPatch(files, items, [
      { itemId: "Q090", pointId: "k4", concept: 0, alias: "回测" },
      { itemId: "Q090.m1", pointId: "k1", concept: 0, alias: "复盘笔记" },
    ]);
    writeFileSync(join(dir, "aliases.patch"), patch);
    execFileSync("git", ["init", "-q"], { cwd: dir });
    execFileSync("git", ["apply", "aliases.patch"], { cwd: dir });
    const patched = readFileSync(join(dir, FILE), "utf8");
    expect(patched).toContain("| 回测\n");
    expect(patched).toContain(`${lines[lineOf("  - 反思 | 自我反思") - 1]} | 复盘笔记\n`);
    // The patched page still parses, with the aliases in place.
    const reparsed = parsePage(patched, FILE).items.find((item) => item.id === "Q090");
    expect(reparsed?.keyPoints[3]?.concepts[0]?.aliases.at(-1)).toBe("回测");
  });

  it("prints nothing when there is nothing to add", () => {
    expect(aliasSuggestionPatch(files, items, []).patch).toBe("");
  });
});
