// The replay CLI as scripts use it: a JSONL file in, one JSON line per review out.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { newCard, review } from "../src/index.ts";

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));
const CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), "scheduler-cli-"));

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function runCli(args: string[], stdin?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ["--import", "tsx", CLI, ...args], {
    cwd: PACKAGE_DIR,
    encoding: "utf8",
    input: stdin,
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function replayFile(lines: string[]): { status: number | null; output: Record<string, unknown>[]; stderr: string } {
  const file = join(workDir, `replay-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  const { status, stdout, stderr } = runCli(["replay", file]);
  return { status, output: stdout.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>), stderr };
}

describe("scheduler replay", () => {
  it("chains reviews per card and prints the card after each line", () => {
    const { status, output } = replayFile([
      '{"card": "a", "rating": "good", "at": "2024-03-01T09:00:00Z"}',
      '{"card": "b", "rating": "again", "at": "2024-03-01T15:50:00Z", "timezone": "Asia/Shanghai", "dayStartHour": 4, "desiredRetention": 0.85}',
      '{"card": "a", "rating": "good", "at": "2024-03-01T09:10:00Z"}',
      '{"card": "b", "rating": "good", "at": "2024-03-01T16:10:00Z", "timezone": "Asia/Shanghai", "dayStartHour": 4, "desiredRetention": 0.85}',
    ]);
    expect(status).toBe(0);
    const utc = { timezone: "UTC", dayStartHour: 0 };
    const shanghai = { timezone: "Asia/Shanghai", dayStartHour: 4, desiredRetention: 0.85 };
    const a1 = review(newCard("2024-03-01T09:00:00Z"), "good", "2024-03-01T09:00:00Z", utc, "a").card;
    const a2 = review(a1, "good", "2024-03-01T09:10:00Z", utc, "a").card;
    const b1 = review(newCard("2024-03-01T15:50:00Z"), "again", "2024-03-01T15:50:00Z", shanghai, "b").card;
    const b2 = review(b1, "good", "2024-03-01T16:10:00Z", shanghai, "b").card;
    const shown = (line: number, card: string, c: typeof a1) => ({
      line,
      card,
      due: c.due,
      stability: c.stability,
      difficulty: c.difficulty,
      state: c.state,
      reps: c.reps,
      lapses: c.lapses,
      scheduledDays: c.scheduledDays,
      lastReview: c.lastReview,
    });
    expect(output).toEqual([shown(1, "a", a1), shown(2, "b", b1), shown(3, "a", a2), shown(4, "b", b2)]);
    expect(a2.state).toBe("review");
  });

  it("reports a bad line by number and goes on", () => {
    const { status, output } = replayFile([
      '{"card": "a", "rating": "good", "at": "2024-03-01T09:00:00Z"}',
      "not json",
      '{"card": "a", "rating": "meh", "at": "2024-03-01T09:05:00Z"}',
      '{"card": "a", "rating": "good", "at": "2024-02-01T09:05:00Z"}',
      '{"card": "a", "rating": "good", "at": "2024-03-01T09:10:00Z", "dayStart": 4}',
      '{"card": "a", "rating": "good", "at": "2024-03-01T09:10:00Z", "timezone": "Moon/Base"}',
      '{"rating": "good", "at": "2024-03-01T09:10:00Z"}',
      '{"card": "a", "rating": "good"}',
      "",
      '{"card": "a", "rating": "good", "at": "2024-03-01T09:10:00Z"}',
    ]);
    expect(status).toBe(0);
    expect(output.slice(1, 8)).toEqual([
      { line: 2, error: expect.stringMatching(/^not valid JSON \(.+\)$/) as unknown },
      { line: 3, error: 'Invalid rating: "meh" (expected "again", "hard", "good" or "easy")' },
      { line: 4, error: "Invalid date: review time 2024-02-01T09:05:00.000Z is before the card's last review 2024-03-01T09:00:00.000Z" },
      { line: 5, error: 'unknown field "dayStart"' },
      { line: 6, error: 'Invalid preferences: timezone "Moon/Base" is not an IANA time zone name' },
      { line: 7, error: '"card" must be a non-empty string or a number, got undefined' },
      { line: 8, error: '"at" is missing' },
    ]);
    // The blank line 9 is skipped; line 10 continues card "a" from line 1 as if nothing failed.
    expect(output).toHaveLength(9);
    expect(output[8]).toMatchObject({ line: 10, card: "a", reps: 2, state: "review" });
  });

  it("replays the example file", () => {
    const { status, stdout } = runCli(["replay", "examples/replay.jsonl"]);
    expect(status).toBe(0);
    const lines = stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(9);
    expect(lines.filter((l) => "error" in l)).toEqual([
      { line: 8, error: 'Invalid rating: "great" (expected "again", "hard", "good" or "easy")' },
    ]);
  });

  it("reads standard input with -", () => {
    const { status, stdout } = runCli(["replay", "-"], '{"card": 7, "rating": "easy", "at": "2024-03-01T09:00:00Z"}\n');
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ line: 1, card: "7", state: "review", reps: 1 });
  });

  it("exits 2 with usage or a missing file", () => {
    const usage = runCli([]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("usage: scheduler replay <file.jsonl>");
    const missing = runCli(["replay", "no-such-file.jsonl"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("scheduler replay: cannot read no-such-file.jsonl: ENOENT");
  });
});
