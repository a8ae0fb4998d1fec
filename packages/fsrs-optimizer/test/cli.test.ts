// `scheduler optimize` as scripts use it: review lines in, one JSON object out, bad lines listed.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { LEARNER_WEIGHTS, simulateReviews } from "./simulate.ts";

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));
const CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), "optimize-cli-"));

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function runCli(args: string[], lines?: string[]): { status: number | null; stdout: string; stderr: string } {
  const file = join(workDir, `reviews-${Math.random().toString(36).slice(2)}.jsonl`);
  if (lines !== undefined) writeFileSync(file, `${lines.join("\n")}\n`);
  const result = spawnSync(process.execPath, ["--import", "tsx", CLI, ...args.map((a) => (a === "FILE" ? file : a))], {
    cwd: PACKAGE_DIR,
    encoding: "utf8",
    timeout: 280_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("scheduler optimize", () => {
  it("prints one JSON object with the fit, its adoption and held-out metrics; bad lines are listed", () => {
    const lines = simulateReviews({ cards: 1_000, seed: 1, truth: LEARNER_WEIGHTS }).map((r) =>
      JSON.stringify({ card: r.card, rating: r.rating, at: new Date(r.atMs).toISOString() }),
    );
    lines.splice(3, 0, "{oops", '{"card": "q", "rating": "good"}', "", '{"card": "q", "rating": "good", "at": "2025-01-01T00:00:00Z", "timezone": "Mars/Base"}');
    const { status, stdout } = runCli(["optimize", "FILE"], lines);
    expect(status).toBe(0);
    expect(stdout.trim().split("\n")).toHaveLength(1);
    const report = JSON.parse(stdout) as Record<string, unknown>;
    expect(Object.keys(report).slice(0, 7)).toEqual(["parameters", "adopted", "reason", "fitted", "reviews", "items", "heldOutItems"]);
    expect(report.parameters).toHaveLength(21);
    expect(report.adopted).toBe(true);
    expect(report.reviews).toBe(lines.length - 4);
    expect(report.items).toBeGreaterThan(5_000);
    const logLoss = report.logLoss as { current: number; fitted: number };
    const rmse = report.rmseBins as { current: number; fitted: number };
    expect(logLoss.fitted).toBeLessThan(logLoss.current);
    expect(rmse.fitted).toBeLessThanOrEqual(rmse.current);
    expect(report.problemCount).toBe(3);
    expect(report.problems).toEqual([
      { line: 4, error: expect.stringMatching(/^not valid JSON/) as unknown },
      { line: 5, error: '"at" is missing' },
      { line: 7, error: expect.stringMatching(/Mars\/Base/) as unknown },
    ]);
  });

  it("survives input that would abort the optimizer: same-day-only cards and single reviews", () => {
    const lines = [
      '{"card": "once", "rating": "good", "at": "2025-01-01T09:00:00Z"}',
      '{"card": "today", "rating": "again", "at": "2025-01-01T09:00:00Z"}',
      '{"card": "today", "rating": "good", "at": "2025-01-01T09:10:00Z"}',
    ];
    const { status, stdout } = runCli(["optimize", "FILE"], lines);
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      adopted: false,
      reason: "not enough reviews on later days to fit (0 items)",
      reviews: 3,
      items: 0,
      problems: [],
    });
  });

  it("prints usage and exits 2 without a file, and still replays", () => {
    const usage = runCli(["optimize"]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("scheduler optimize <file.jsonl>");
    const replay = runCli(["replay", "FILE"], ['{"card": "a", "rating": "good", "at": "2024-03-01T09:00:00Z"}']);
    expect(replay.status).toBe(0);
    expect(JSON.parse(replay.stdout)).toMatchObject({ line: 1, card: "a", state: "learning" });
  });
});
