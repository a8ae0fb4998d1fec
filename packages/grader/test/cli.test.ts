import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
const tsx = fileURLToPath(new URL("../../../node_modules/.bin/tsx", import.meta.url));

async function grade(args: string[]): Promise<{ stdout: string; code: number }> {
  try {
    const { stdout } = await run(tsx, [cli, ...args], { cwd: repoRoot });
    return { stdout, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; code: number };
    return { stdout: failed.stdout, code: failed.code };
  }
}

describe("grade CLI", () => {
  it("prints one JSON object for --item and --text, reading content/ from the repo root", async () => {
    const { stdout, code } = await grade(["--item", "Q090.f1", "--text", "可以。SFT 用示范，DPO 用偏好对，都不需要奖励。"]);
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const result = JSON.parse(lines[0] ?? "") as { item: string; score: number; suggestedRating: string; keyPoints: Array<{ id: string; verdict: string }> };
    expect(result.item).toBe("Q090.f1");
    expect(result.keyPoints.map((p) => p.id)).toEqual(["k1", "k2", "k3", "k4"]);
    expect(result.score).toBeGreaterThan(0.5);
  }, 120_000);

  it("grades a JSONL file line by line and reports bad lines without stopping", async () => {
    const dir = mkdtempSync(join(tmpdir(), "grade-cli-"));
    const file = join(dir, "answers.jsonl");
    writeFileSync(
      file,
      [
        JSON.stringify({ item: "Q090.f2", answer: "不行，要标注角色和工具观察。" }),
        "not json",
        JSON.stringify({ item: "Q999", answer: "x" }),
        JSON.stringify({ item: "Q091.f1", answer: 3 }),
        JSON.stringify({ item: "Q091.f1", answer: "不一样，题里用的是总体标准差。" }),
      ].join("\n"),
    );
    const { stdout, code } = await grade(["--jsonl", file]);
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(5);
    expect(Object.keys(lines[0] ?? {})).toEqual(["item", "score", "rating", "keyPoints", "misconceptions"]);
    expect(lines[0]).toMatchObject({ item: "Q090.f2", keyPoints: expect.arrayContaining([{ id: "k2", verdict: "hit", evidence: ["标注", "角色"] }]) as unknown });
    expect(lines[1]).toMatchObject({ line: 2 });
    expect(lines[2]).toEqual({ line: 3, error: "unknown item Q999" });
    expect(lines[3]).toEqual({ line: 4, error: '"answer" must be a string' });
    expect(lines[4]).toMatchObject({ item: "Q091.f1", rating: expect.any(String) as unknown });
  }, 120_000);

  it("reports a contradicted point as the verdict contradicted, with the words, in --jsonl and --text", async () => {
    const dir = mkdtempSync(join(tmpdir(), "grade-cli-"));
    const file = join(dir, "answers.jsonl");
    const answer = "先看是数据还是工具的问题，缺资料先修系统。独立任务和坏例没必要再看。";
    writeFileSync(file, `${JSON.stringify({ item: "Q090", answer })}\n`);
    const jsonl = JSON.parse((await grade(["--jsonl", file])).stdout.trim()) as { rating: string; keyPoints: Array<{ id: string; verdict: string; evidence: string[] }> };
    expect(jsonl.keyPoints.find((point) => point.id === "k4")).toEqual({ id: "k4", verdict: "contradicted", evidence: ["独立任务和坏例没必要再看"] });
    const text = JSON.parse((await grade(["--item", "Q090", "--text", answer])).stdout.trim()) as { keyPoints: Array<{ id: string; verdict: string }> };
    expect(text.keyPoints.find((point) => point.id === "k4")?.verdict).toBe("contradicted");
  }, 120_000);

  it("reads items from --content", async () => {
    const dir = mkdtempSync(join(tmpdir(), "grade-cli-empty-"));
    const { stdout, code } = await grade(["--content", dir, "--item", "Q090", "--text", "x"]);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({ item: "Q090", error: "unknown item Q090" });
  }, 120_000);
});
