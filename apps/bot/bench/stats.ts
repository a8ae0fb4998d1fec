// Latency figures: percentiles of one series, and how a figure compares with the baseline's.

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

/**
 * `PASS`/`MISS` of a bot figure against the same figure of the baseline, spelled so a MISS stands
 * out in a log. The ratio shows two decimals here: 1.24x must not read as a passing 1.2x.
 */
export function ratioVerdict(what: string, measured: number, baseline: number, targetRatio: number): string {
  if (!(baseline > 0) || !Number.isFinite(measured)) return `n/a   ${what}: no baseline to compare with`;
  const value = measured / baseline;
  return value <= targetRatio
    ? `PASS  ${what} ratio ${value.toFixed(2)}x <= ${targetRatio.toFixed(1)}x`
    : `MISS  ${what} ratio ${value.toFixed(2)}x > target ${targetRatio.toFixed(1)}x`;
}

/** `PASS`/`MISS` of a p99 against a target in milliseconds. */
export function absoluteVerdict(what: string, p99: number, targetMs: number): string {
  return p99 <= targetMs ? `PASS  ${what} ${p99.toFixed(1)} ms <= ${targetMs} ms` : `MISS  ${what} ${p99.toFixed(1)} ms > target ${targetMs} ms`;
}

export function ratio(measured: number, baseline: number): string {
  return baseline > 0 && Number.isFinite(measured) ? `${(measured / baseline).toFixed(1)}x` : "n/a";
}
