// Time to render one /stats chart, against the floor every PNG pays: a blank canvas of the
// same size encoded as PNG in the same run.
import { createCanvas } from "@napi-rs/canvas";
import { renderStatsChart } from "../src/index.ts";
import type { StatsChartData } from "../src/index.ts";

const RUNS = 40;

const chart: StatsChartData = {
  title: "学习统计 · Alice",
  dueForecast: Array.from({ length: 14 }, (_, day) => ({
    date: `2026-06-${String(day + 1).padStart(2, "0")}`,
    count: (day * 7) % 19,
  })),
  retention: Array.from({ length: 30 }, (_, day) => ({
    date: `2026-05-${String(day + 1).padStart(2, "0")}`,
    retention: 0.6 + ((day * 13) % 40) / 100,
    reviews: day % 6 === 0 ? 0 : 5 + ((day * 11) % 30),
  })),
  labels: { dueForecast: "未来 14 天到期", retention: "记忆保持率", noData: "暂无数据", reviews: "复习次数" },
};

function timeRuns(work: () => void): number[] {
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    work();
    timings.push(performance.now() - started);
  }
  return timings.sort((a, b) => a - b);
}

function median(sorted: number[]): number {
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const coldStart = performance.now();
renderStatsChart(chart);
const cold = performance.now() - coldStart;

const blankPng = (): void => {
  const canvas = createCanvas(800, 500);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, 800, 500);
  canvas.toBuffer("image/png");
};
const baseline = timeRuns(blankPng);
const charts = timeRuns(() => renderStatsChart(chart));

const p95 = (sorted: number[]): number => sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN;
console.log(`first chart in the process (font files registered): ${cold.toFixed(1)} ms`);
console.log(`blank 800×500 PNG (baseline): median ${median(baseline).toFixed(1)} ms, p95 ${p95(baseline).toFixed(1)} ms`);
console.log(`stats chart 800×500:          median ${median(charts).toFixed(1)} ms, p95 ${p95(charts).toFixed(1)} ms`);
console.log(`ratio chart / baseline: ${(median(charts) / median(baseline)).toFixed(2)}x (target: chart under 200 ms)`);
