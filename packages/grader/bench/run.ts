// Answers graded per second and p50/p99 latency at 200 and 4,000 characters, for the grader and
// the character-bigram baseline in the same run. Targets: p99 ≤ 2 ms (200) and ≤ 10 ms (4,000).
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { loadBank, type QuizItem } from "@recall/content";
import { bigramDiceBaseline } from "../src/bigram-baseline.ts";
import { grade } from "../src/grade-answer.ts";

const CONTENT_DIR = fileURLToPath(new URL("../../../content", import.meta.url));
const bank = await loadBank(CONTENT_DIR);
const items = bank.items.filter((item) => item.kind !== "misconception");
if (items.length === 0) throw new Error(`no items under ${CONTENT_DIR}`);

// Deterministic pseudo-random answers built from the items' own text, so terms do match.
let seed = 42;
const random = (): number => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const corpus = items.map((item) => `${item.answer}${item.prompt}`).join("，不是，");
function answerOf(length: number): string {
  let text = "";
  while (text.length < length) {
    const start = Math.floor(random() * (corpus.length - 40));
    text += `${corpus.slice(start, start + 10 + Math.floor(random() * 30))}${random() < 0.2 ? "。" : "，"}`;
  }
  return text.slice(0, length);
}

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
}

function measure(run: (item: QuizItem, answer: string) => unknown, length: number, count: number): Figures {
  const cases = Array.from({ length: count }, (_, i) => ({ item: items[i % items.length] as QuizItem, answer: answerOf(length) }));
  for (const c of cases.slice(0, 50)) run(c.item, c.answer); // warm-up: JIT and the per-item cache
  const times: number[] = [];
  const started = performance.now();
  for (const c of cases) {
    const t0 = performance.now();
    run(c.item, c.answer);
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { perSecond: (count / total) * 1000, p50: at(0.5), p99: at(0.99) };
}

const graderRun = (item: QuizItem, answer: string): unknown => grade(item, answer);
const baselineRun = (item: QuizItem, answer: string): unknown => bigramDiceBaseline(item, answer);

console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log("answer length   engine        answers/s    p50 ms   p99 ms   target p99");
let failed = false;
for (const [length, count, target] of [[200, 4000, 2], [4000, 600, 10]] as const) {
  const g = measure(graderRun, length, count);
  const b = measure(baselineRun, length, count);
  const line = (name: string, f: Figures, t: string): string =>
    `${String(length).padStart(13)}   ${name.padEnd(12)}${f.perSecond.toFixed(0).padStart(11)}   ${f.p50.toFixed(3).padStart(6)}   ${f.p99.toFixed(3).padStart(6)}   ${t}`;
  console.log(line("grader", g, `≤ ${target} ms ${g.p99 <= target ? "met" : "NOT met"}`));
  console.log(line("bigram Dice", b, ""));
  console.log(`${" ".repeat(16)}ratio grader / baseline: throughput ×${(g.perSecond / b.perSecond).toFixed(2)}, p99 ×${(g.p99 / b.p99).toFixed(2)}`);
  if (g.p99 > target) failed = true;
}
if (failed) console.log("note: a latency target was not met on this machine");
