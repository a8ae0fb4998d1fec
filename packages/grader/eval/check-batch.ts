// Checks a batch of labelled answers before it is committed: every line parses, names a gradable item
// and its own key points and misconceptions, and carries the score and rating the rubric gives.
// Usage: pnpm --filter @recall/grader eval:check FILE.jsonl — exits 1 with one line a problem.
import { readFileSync } from "node:fs";
import { loadBank } from "@recall/content";
import { CONTENT_DIR, type LabelledAnswer } from "./evaluation.ts";
import { rubricProblems } from "./rubric.ts";

const file = process.argv.slice(2).find((arg) => arg !== "--");
if (!file) {
  console.error("usage: eval:check FILE.jsonl");
  process.exit(2);
}
const bank = await loadBank(CONTENT_DIR);
const problems: string[] = [];
const ids = new Set<string>();
readFileSync(file, "utf8").split("\n").forEach((line, index) => {
  if (line.trim().length === 0) return;
  let label: LabelledAnswer;
  try {
    label = JSON.parse(line) as LabelledAnswer;
  } catch (error) {
    problems.push(`line ${index + 1}: not JSON (${(error as Error).message})`);
    return;
  }
  const item = bank.itemsById.get(label.item);
  if (!item) {
    problems.push(`line ${index + 1}: unknown item ${label.item}`);
    return;
  }
  if (ids.has(label.id)) problems.push(`line ${index + 1}: id ${label.id} repeats`);
  ids.add(label.id);
  for (const problem of rubricProblems(item, label)) problems.push(`line ${index + 1}: ${problem}`);
});
for (const problem of problems) console.log(problem);
console.log(problems.length === 0 ? `${ids.size} labelled answers: OK` : `${problems.length} problems`);
process.exit(problems.length === 0 ? 0 : 1);
