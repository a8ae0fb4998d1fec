import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentPathError, loadBank, parseBank } from "../src/index.ts";
import { MARKDOWN_SEED, PACKAGE_ROOT, REPO_ROOT, markdownPage, markdownQuestion, readFixture } from "./helpers.ts";

const TSX_CLI = createRequire(import.meta.url).resolve("tsx/cli");
const CLI = join(PACKAGE_ROOT, "src", "cli.ts");

function runCli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [TSX_CLI, CLI, ...args], { cwd: REPO_ROOT, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

let bank: string;

beforeAll(() => {
  bank = mkdtempSync(join(tmpdir(), "recall-bank-"));
  mkdirSync(join(bank, "book", "nested"), { recursive: true });
  writeFileSync(join(bank, "book", "12.md"), readFixture(MARKDOWN_SEED));
  writeFileSync(join(bank, "book", "nested", "01.txt"), markdownPage(markdownQuestion("Q001", { priority: "P9" }) + markdownQuestion("Q002")));
  writeFileSync(join(bank, "book", "nested", "dupe.md"), markdownPage(markdownQuestion("Q002"), "Q002–Q002"));
  writeFileSync(join(bank, "README.md"), "# About this bank\n");
  writeFileSync(join(bank, "book", "image.png"), new Uint8Array([137, 80, 78, 71, 0, 0]));
});

afterAll(() => {
  rmSync(bank, { recursive: true, force: true });
});

describe("a bank directory", () => {
  it("reads .md and .txt pages recursively, skipping the README and other files", async () => {
    const result = await parseBank(bank);
    expect(result.pages.map((page) => page.file.slice(bank.length + 1))).toEqual(["book/12.md", "book/nested/01.txt", "book/nested/dupe.md"]);
  });

  it("rejects an id that another page already used", async () => {
    const result = await parseBank(bank);
    const duplicate = result.problems.filter((problem) => problem.kind === "duplicate-id");
    expect(duplicate).toHaveLength(1);
    expect(duplicate[0]?.file).toBe(join(bank, "book", "nested", "dupe.md"));
    expect(result.items.filter((item) => item.id === "Q002")).toHaveLength(1);
  });

  it("loads items by id with errors set apart", async () => {
    const loaded = await loadBank(bank);
    expect(loaded.itemsById.get("Q090.f2")?.prompt).toBe("把成功对话全部拼起来训练行吗？");
    expect(loaded.itemsById.has("Q001")).toBe(false);
    expect(loaded.errors.map((problem) => problem.kind).sort()).toEqual(["duplicate-id", "unknown-priority"]);
  });

  it("throws ContentPathError for a path that does not exist", async () => {
    await expect(loadBank(join(bank, "missing"))).rejects.toThrow(ContentPathError);
    await expect(parseBank(join(bank, "missing"))).rejects.toThrow(`cannot read ${join(bank, "missing")}`);
  });
});

describe("the shipped bank", () => {
  it("has no errors", async () => {
    const result = await parseBank(join(REPO_ROOT, "content"));
    expect(result.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(result.items.length).toBeGreaterThanOrEqual(24);
  });
});

// Each run starts tsx in a fresh process: seconds, not milliseconds, on a busy machine.
describe("the content CLI", { timeout: 60_000 }, () => {
  it("check prints every problem as file:line:column severity kind message, a summary, and exits 1 on errors", () => {
    const run = runCli(["check", join(bank, "book", "nested")]);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toEqual([
      `${join(bank, "book", "nested", "01.txt")}:3:7 warning missing-question the page states Q001–Q002 but has no valid Q001 (cut off, or dropped for errors above)`,
      `${join(bank, "book", "nested", "01.txt")}:9:5 error unknown-priority Q001: unknown priority "P9"; use P0, P1, P2`,
      `${join(bank, "book", "nested", "dupe.md")}:7:1 error duplicate-id duplicate id Q002 (first at ${join(bank, "book", "nested", "01.txt")}:53); this one is ignored`,
      "2 pages, 1 question, 3 items: 2 errors, 1 warning",
    ]);
    expect(run.status).toBe(1);
  });

  it("check on the shipped bank (the default path) exits 0", () => {
    const run = runCli(["check"]);
    expect(run.stdout).toBe("1 page, 3 questions, 24 items: 0 errors, 0 warnings\n");
    expect(run.status).toBe(0);
  });

  it("parse --json prints one JSON object with pages, items and problems, and exits 0 despite problems", () => {
    const run = runCli(["parse", bank, "--json"]);
    expect(run.status).toBe(0);
    const parsed = JSON.parse(run.stdout) as { pages: unknown[]; items: { id: string }[]; problems: { file: string; line: number; column: number; severity: string; kind: string; message: string }[] };
    expect(Object.keys(parsed)).toEqual(["pages", "items", "problems"]);
    expect(parsed.pages).toHaveLength(3);
    expect(parsed.items.map((item) => item.id)).toContain("Q090.m4");
    expect(parsed.problems.length).toBeGreaterThan(0);
    for (const problem of parsed.problems) expect(Object.keys(problem)).toEqual(["file", "line", "column", "severity", "kind", "message"]);
  });

  it("exits 2 with a message on stderr for an unreadable path or bad usage", () => {
    const missing = runCli(["parse", "no/such/dir", "--json"]);
    expect(missing).toMatchObject({ status: 2, stdout: "", stderr: "content: cannot read no/such/dir\n" });
    const usage = runCli(["parse"]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^content: parse needs a file or directory\nusage:/u);
    expect(runCli(["frobnicate"]).status).toBe(2);
  });
});
