import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBank, parseDeck, parsePage } from "../src/index.ts";
import { ankiPackage } from "./deck-fixtures.ts";
import { PACKAGE_ROOT, REPO_ROOT } from "./helpers.ts";

const TSX_CLI = createRequire(import.meta.url).resolve("tsx/cli");
const CLI = join(PACKAGE_ROOT, "src", "cli.ts");

function runCli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [TSX_CLI, CLI, ...args], { cwd: REPO_ROOT, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "recall-import-"));
  writeFileSync(join(dir, "deck.apkg"), await ankiPackage("v3"));
  writeFileSync(join(dir, "kotoba.csv"), 'Question,Answers,Comment,Instructions,Render as\n犬,"いぬ,イヌ",dog,,Text\n- list-like,"# heading-like",,,\n');
  writeFileSync(join(dir, "broken.apkg"), new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("pnpm content import", () => {
  it("writes an Anki package as Markdown that parses back to the same ids, prompts and answers", async () => {
    const out = join(dir, "book", "deck.md");
    const run = runCli(["import", join(dir, "deck.apkg"), "--out", out]);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`${out}: 1 page, 3 questions, 4 items`);
    const deck = await parseDeck(readFileSync(join(dir, "deck.apkg")), "deck.apkg");
    const back = parsePage(readFileSync(out, "utf8"), out);
    expect(back.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(back.items.map((item) => [item.id, item.prompt, item.answer])).toEqual(deck.items.map((item) => [item.id, item.prompt, item.answer]));
    expect(back.items.find((item) => item.id === "A-gB2")?.keyPoints[0]?.concepts[0]?.aliases).toEqual(["Paris", "Paree"]);
  });

  it("prints Markdown to stdout when no --out is given, keeping text that looks like Markdown as text", async () => {
    const run = runCli(["import", join(dir, "kotoba.csv")]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^# 0 · kotoba面试题\n/);
    const file = join(dir, "kotoba.md");
    writeFileSync(file, run.stdout);
    const back = await parseBank(file);
    expect(back.items.map((item) => [item.prompt, item.answer])).toEqual([
      ["犬", "いぬ, イヌ"],
      ["- list-like", "\\# heading-like"],
    ]);
  });

  it("exits 1 with the reason when the deck is refused, and 2 on bad usage", () => {
    const refused = runCli(["import", join(dir, "broken.apkg")]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/broken\.apkg:1:1 error deck-refused deck refused: not a readable zip archive/);
    expect(runCli(["import"]).status).toBe(2);
    expect(runCli(["import", "x", "--out"]).status).toBe(2);
  });
});
