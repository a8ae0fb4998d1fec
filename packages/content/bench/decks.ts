// Imports generated decks of 10,000 and 50,000 notes: an Anki package (zstd layout, schema 18)
// and an Anki-header CSV. Baseline in the same run: reading the same rows without building
// anything (the package's notes through sql.js, the CSV split into lines). Prints wall and CPU
// time, the 50k/10k growth (5 is linear) and the ≤ 5 s target for 10,000 notes.
import { parseDeck } from "../src/index.ts";
import type { FixtureCollection } from "../test/deck-fixtures.ts";
import { BASIC, CLOZE, ankiPackage } from "../test/deck-fixtures.ts";

const TARGET_MS = 5_000;
const RUNS = 2;
const SIZES = [10_000, 50_000] as const;

/** A realistic mix: mostly term answers, some sentences (derived key points), some cloze notes. */
function note(i: number): { prompt: string; answer: string; cloze: boolean } {
  if (i % 10 === 0) return { prompt: `{{c1::DPO ${i}::方法}} 不需要 {{c2::奖励模型 ${i}}}`, answer: "", cloze: true };
  if (i % 10 === 1) return { prompt: `第 ${i} 题：为什么 DPO 不需要奖励模型？`, answer: `因为它直接用偏好对优化策略 ${i}。隐式奖励来自策略与参考模型之比。`, cloze: false };
  return { prompt: `<b>词 ${i}</b> 是什么意思？`, answer: `意思 ${i}; meaning ${i}`, cloze: false };
}

function collection(size: number): FixtureCollection {
  return {
    notetypes: [BASIC, CLOZE],
    decks: [{ id: 1, name: "Bench" }],
    notes: Array.from({ length: size }, (_, i) => {
      const n = note(i);
      return { id: i + 1, guid: `g${i}`, notetypeId: n.cloze ? CLOZE.id : BASIC.id, fields: n.cloze ? [n.prompt, ""] : [n.prompt, n.answer], ords: n.cloze ? [0, 1] : [0] };
    }),
  };
}

function csv(size: number): string {
  const rows = Array.from({ length: size }, (_, i) => {
    const n = note(i);
    return `r${i}\t${n.prompt}\t${n.answer}\t`;
  });
  return `#separator:tab\n#html:true\n#guid column:1\n#tags column:4\n${rows.join("\n")}\n`;
}

interface Measurement {
  wallMs: number;
  cpuMs: number;
  items: number;
}

async function measure(run: () => Promise<number> | number): Promise<Measurement> {
  let wallMs = Number.POSITIVE_INFINITY;
  let cpuMs = Number.POSITIVE_INFINITY;
  let items = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    items = await run();
    const used = process.cpuUsage(cpu);
    wallMs = Math.min(wallMs, performance.now() - started);
    cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000);
  }
  return { wallMs, cpuMs, items };
}

function line(label: string, m: Measurement, baseline: Measurement): string {
  return `${label.padEnd(28)} ${m.wallMs.toFixed(0).padStart(7)} ms wall ${m.cpuMs.toFixed(0).padStart(7)} ms cpu  ${(m.cpuMs / baseline.cpuMs).toFixed(1).padStart(6)}× baseline  ${m.items} items`;
}

// Warm-up: sql.js, html-to-text and jieba load once per process.
await parseDeck(await ankiPackage("v3", collection(200)), "warm.apkg");
await parseDeck(csv(200), "warm.csv");

const results = new Map<string, Measurement>();
for (const size of SIZES) {
  const pkg = await ankiPackage("v3", collection(size));
  const text = csv(size);
  const splitBaseline = await measure(() => text.split("\n").filter((row) => row.includes("\t")).length);
  const csvImport = await measure(async () => (await parseDeck(text, "bench.csv")).items.length);
  const pkgImport = await measure(async () => (await parseDeck(pkg, "bench.apkg")).items.length);
  results.set(`csv ${size}`, csvImport);
  results.set(`apkg ${size}`, pkgImport);
  console.log(`${size.toLocaleString("en")} notes (package ${(pkg.length / 2 ** 20).toFixed(1)} MB, CSV ${(Buffer.byteLength(text) / 2 ** 20).toFixed(1)} MB)`);
  console.log(line("  baseline: split CSV lines", splitBaseline, splitBaseline));
  console.log(line("  import CSV", csvImport, splitBaseline));
  console.log(line("  import Anki package (v3)", pkgImport, splitBaseline));
}
console.log(`(best of ${RUNS} runs)`);
for (const kind of ["csv", "apkg"]) {
  const small = results.get(`${kind} 10000`);
  const large = results.get(`${kind} 50000`);
  if (!small || !large) continue;
  console.log(
    `${kind}: 10,000 notes in ${small.wallMs.toFixed(0)} ms (target ≤ ${TARGET_MS} ms: ${small.wallMs <= TARGET_MS ? "met" : "NOT met"}); ` +
      `50k/10k time ratio ${(large.cpuMs / small.cpuMs).toFixed(2)} (5 is linear)`,
  );
}
