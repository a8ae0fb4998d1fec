// Machine-readable grading for scripts and benchmarks (run from the repo root: `pnpm --silent grade …`).
//   grade --item Q090 --text "<answer>" [--content <dir>]   → one JSON object (the full result)
//   grade --jsonl <file> [--content <dir>]                  → one JSON line per input line
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { loadBank, type QuizItem } from "@recall/content";
import { grade, type GradeResult } from "./grade-answer.ts";

const USAGE = 'usage: grade --item <id> --text "<answer>" | --jsonl <file>  [--content <dir>]';

/** The compact line printed for each answer of a JSONL file. */
export function summaryLine(itemId: string, result: GradeResult): Record<string, unknown> {
  return {
    item: itemId,
    score: result.score,
    rating: result.suggestedRating,
    keyPoints: result.keyPoints.map((point) => ({ id: point.id, verdict: point.verdict, evidence: point.evidence })),
    misconceptions: result.misconceptions.map((m) => ({ id: m.id, evidence: m.evidence })),
  };
}

/** Grades every line of a JSONL text; a bad line yields an error line and the rest go on. */
export function gradeJsonLines(items: ReadonlyMap<string, QuizItem>, text: string): string[] {
  const out: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim().length === 0) return;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== "object" || parsed === null) throw new Error("expected an object with item and answer");
      const { item: itemId, answer } = parsed as { item?: unknown; answer?: unknown };
      if (typeof itemId !== "string") throw new Error('"item" must be a string');
      if (typeof answer !== "string") throw new Error('"answer" must be a string');
      const item = items.get(itemId);
      if (!item) throw new Error(`unknown item ${itemId}`);
      out.push(JSON.stringify(summaryLine(itemId, grade(item, answer))));
    } catch (error) {
      out.push(JSON.stringify({ line, error: error instanceof Error ? error.message : String(error) }));
    }
  });
  return out;
}

async function main(argv: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        item: { type: "string" },
        text: { type: "string" },
        jsonl: { type: "string" },
        content: { type: "string", default: "content" },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  const bank = await loadBank(values.content);
  if (values.jsonl !== undefined) {
    const text = await readFile(values.jsonl, "utf8");
    for (const line of gradeJsonLines(bank.itemsById, text)) process.stdout.write(`${line}\n`);
    return 0;
  }
  if (values.item === undefined || values.text === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const item = bank.itemsById.get(values.item);
  if (!item) {
    process.stdout.write(`${JSON.stringify({ item: values.item, error: `unknown item ${values.item}` })}\n`);
    return 1;
  }
  try {
    process.stdout.write(`${JSON.stringify({ item: item.id, ...grade(item, values.text) })}\n`);
    return 0;
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ item: item.id, error: error instanceof Error ? error.message : String(error) })}\n`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ""}` || process.argv[1]?.endsWith("cli.ts")) {
  process.exitCode = await main(process.argv.slice(2));
}
