// Parses generated banks of 1,000 and 10,000 questions and compares with a plain line split of
// the same text (the least any parser must do). Prints ms, peak memory and the ratios.
import type { ParseResult } from "../src/index.ts";
import { parsePage } from "../src/index.ts";

const QUESTIONS_PER_PAGE = 10;
const TARGET_MS_PER_1K = 200;
const RUNS = 3;

function pad(n: number, width = 4): string {
  return String(n).padStart(width, "0");
}

function markdownQuestion(id: string, n: number): string {
  const followUps = [1, 2, 3]
    .map(
      (f) => `#### 追问 ${f}：第 ${n} 题为什么要区分示范、偏好和奖励？

因为三种方法需要的数据不同；示范用于 SFT，偏好对用于 DPO，奖励用于 RL。

要点：

- 三种方法需要的数据不同 {weight: 2}
  - 示范 | demonstration | SFT
  - 偏好 | preference | DPO
- 奖励只是 RL 的需求 {deny}
  - 所有训练 | all training
`,
    )
    .join("\n");
  const misconceptions = [1, 2, 3, 4]
    .map(
      (m) => `- 第 ${m} 个误区：把反思称为权重更新
  - 为什么错：反思只改变下一次的输入，参数没有变化。
  - 反思 | reflection
  - 权重更新 | weight update`,
    )
    .join("\n");
  return `## ${id} 第 ${n} 题：Agent 出错时，怎样选择改运行时、SFT、DPO 或 Agent RL？

优先级：P${n % 3}

### 30–60 秒回答

先定位错误属于数据、工具、上下文还是模型行为。缺资料和错权限先修系统；提示、Skills 和记忆改变推理输入，不等于训练。SFT 用高质量示范拟合行为，DPO 用同任务候选偏好优化参数。

要点：

- 先定位错误属于数据、工具、上下文还是模型行为 {weight: 2}
  - 定位 | 归因 | diagnose
  - 数据 | 工具 | 上下文 | data
- 提示和记忆只改变推理输入，不等于训练 {deny}
  - 提示 | prompt | 记忆
  - 训练 | training
- SFT 用示范、DPO 用偏好对
  - 示范 | demonstration
  - 偏好 | preference

### 详细答案

先用失败证据确定改哪一层。助手引用旧政策，可能是索引未更新、日期未进入上下文、工具描述含糊。

当有覆盖真实场景的正确示范，可用 SFT 学习工具选择、参数组织和输出行为。

同一请求有可比较候选时，可用偏好对表达哪一个更符合标准。

### 常见追问

${followUps}
### 实战案例

教学案例报告反复选旧政策。检查发现一半任务根本没检索到新版，另一半有充分证据却漏人员条件。

### 常见误区

${misconceptions}

### 微练习

写四条任务轨迹：正确引用、旧版引用、缺条件却确定回答、正确澄清。

### 学习章与参考

- 学习章 ${n}
- DPO 原论文
`;
}

function generateBank(questionCount: number): { file: string; text: string }[] {
  const pages: { file: string; text: string }[] = [];
  for (let first = 1; first <= questionCount; first += QUESTIONS_PER_PAGE) {
    const last = Math.min(questionCount, first + QUESTIONS_PER_PAGE - 1);
    const chapter = Math.ceil(first / QUESTIONS_PER_PAGE);
    const questions: string[] = [];
    for (let n = first; n <= last; n++) questions.push(markdownQuestion(`Q${pad(n, 5)}`, n));
    pages.push({
      file: `bench/${pad(chapter)}.md`,
      text: `# ${chapter} · 生成章 ${chapter}面试题

对应学习章：${chapter} · 生成章。本页收录 Q${pad(first, 5)}–Q${pad(last, 5)}，用于基准测试。

生成的介绍段落。

${questions.join("\n")}`,
    });
  }
  return pages;
}

interface Measurement {
  /** CPU time of this process (user + system): steadier than wall time on a shared machine. */
  ms: number;
  wallMs: number;
  peakRssMb: number;
  peakHeapMb: number;
  items: number;
  problems: number;
}

/** Best of several runs for time (least disturbed by the machine); peak memory over all runs. */
function measure(run: () => { items: number; problems: number }): Measurement {
  const before = process.memoryUsage();
  let peakRss = 0;
  let peakHeap = 0;
  let best = Number.POSITIVE_INFINITY;
  let bestWall = Number.POSITIVE_INFINITY;
  let counts = { items: 0, problems: 0 };
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    counts = run();
    const used = process.cpuUsage(cpu);
    best = Math.min(best, (used.user + used.system) / 1000);
    bestWall = Math.min(bestWall, performance.now() - started);
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss - before.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed - before.heapUsed);
  }
  return { ms: best, wallMs: bestWall, peakRssMb: Math.max(0, peakRss) / 2 ** 20, peakHeapMb: Math.max(0, peakHeap) / 2 ** 20, ...counts };
}

function parseAll(pages: readonly { file: string; text: string }[]): { items: number; problems: number } {
  let items = 0;
  let problems = 0;
  for (const page of pages) {
    const result: ParseResult = parsePage(page.text, page.file);
    items += result.items.length;
    problems += result.problems.length;
  }
  return { items, problems };
}

/** The floor: split every page into lines and look at each one once. */
function splitLines(pages: readonly { file: string; text: string }[]): { items: number; problems: number } {
  let headings = 0;
  for (const page of pages) for (const line of page.text.split("\n")) if (line.startsWith("## ")) headings++;
  return { items: headings, problems: 0 };
}

function row(label: string, m: Measurement, baseline: Measurement): string {
  return `${label.padEnd(22)} ${m.ms.toFixed(1).padStart(8)} ms cpu ${m.wallMs.toFixed(1).padStart(8)} ms wall  ${(m.ms / baseline.ms).toFixed(1).padStart(6)}× split  rss +${m.peakRssMb.toFixed(1)} MB  heap +${m.peakHeapMb.toFixed(1)} MB  ${m.items} items  ${m.problems} problems`;
}

// Warm up the JIT on a small bank so the 1k figure measures parsing, not compilation.
parseAll(generateBank(100));

const results = new Map<number, { parse: Measurement; split: Measurement; megabytes: number }>();
for (const size of [1_000, 10_000]) {
  const bank = generateBank(size);
  const megabytes = bank.reduce((sum, page) => sum + Buffer.byteLength(page.text), 0) / 2 ** 20;
  const split = measure(() => splitLines(bank));
  const parse = measure(() => parseAll(bank));
  results.set(size, { parse, split, megabytes });
  console.log(`${size.toLocaleString("en")} questions (${bank.length} pages, ${megabytes.toFixed(1)} MB of Markdown)`);
  console.log(row("  baseline: split lines", split, split));
  console.log(row("  parsePage", parse, split));
}

const small = results.get(1_000);
const large = results.get(10_000);
if (small && large) {
  const growth = large.parse.ms / small.parse.ms;
  const baselineGrowth = large.split.ms / small.split.ms;
  console.log("(times are the best of 3 runs, in CPU time of this process)");
  console.log(`10k/1k time ratio: ${growth.toFixed(2)} (baseline ${baselineGrowth.toFixed(2)}; 10 is linear)`);
  console.log(
    `1k questions: ${small.parse.ms.toFixed(1)} ms (target < ${TARGET_MS_PER_1K} ms: ${small.parse.ms < TARGET_MS_PER_1K ? "met" : "NOT met"}); ` +
      `throughput ${(large.megabytes / (large.parse.ms / 1000)).toFixed(1)} MB/s`,
  );
}
