// Latency figures: percentiles of one series, and how a series compares with its target.

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles: p99 of 200 samples is the 198th, a real observed latency. */
export function summarise(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
}

const ms = (value: number): string => `${value.toFixed(1).padStart(7)} ms`;

export function formatSummary(summary: LatencySummary): string {
  return `p50 ${ms(summary.p50)}  p95 ${ms(summary.p95)}  p99 ${ms(summary.p99)}  max ${ms(summary.max)}  (n=${summary.count})`;
}

/** `PASS`/`MISS` against a p99 target, spelled so a MISS stands out in a log. */
export function verdict(summary: LatencySummary, targetP99Ms: number): string {
  return summary.p99 <= targetP99Ms
    ? `PASS  p99 ${summary.p99.toFixed(1)} ms <= ${targetP99Ms} ms`
    : `MISS  p99 ${summary.p99.toFixed(1)} ms > target ${targetP99Ms} ms`;
}

export function ratio(measured: number, baseline: number): string {
  return baseline > 0 && Number.isFinite(measured) ? `${(measured / baseline).toFixed(1)}x` : "n/a";
}
