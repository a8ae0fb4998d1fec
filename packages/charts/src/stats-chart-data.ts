// The chart's input and the clamping that turns any input into something drawable.

export interface DueForecastDay {
  /** YYYY-MM-DD */
  date: string;
  count: number;
}

export interface RetentionDay {
  /** YYYY-MM-DD */
  date: string;
  /** Share of reviews recalled that day, 0–1. */
  retention: number;
  reviews: number;
}

export interface StatsChartLabels {
  /** Caption of the due-forecast panel, e.g. "未来 14 天到期". */
  dueForecast: string;
  /** Caption of the retention panel, e.g. "记忆保持率". */
  retention: string;
  /** Shown in a panel whose series has nothing to draw, e.g. "暂无数据". */
  noData: string;
  /** Legend for the review-count bars, e.g. "复习次数"; no legend when absent. */
  reviews?: string;
}

export interface StatsChartData {
  /** e.g. "学习统计 · Alice" */
  title: string;
  /** Due items per day, usually the next 14 days. */
  dueForecast: DueForecastDay[];
  /** Daily retention, e.g. the last 30 days; may be empty. */
  retention: RetentionDay[];
  labels: StatsChartLabels;
}

export interface StatsChartOptions {
  /** Pixels, default 800, clamped to 320–2400. */
  width?: number;
  /** Pixels, default 500, clamped to 240–1600. */
  height?: number;
}

export const DEFAULT_WIDTH = 800;
export const DEFAULT_HEIGHT = 500;
const WIDTH_RANGE = [320, 2400] as const;
const HEIGHT_RANGE = [240, 1600] as const;

/** More days than this would draw bars thinner than a pixel; the first ones are kept. */
export const MAX_FORECAST_DAYS = 60;
/** A year of retention is the most a /stats picture shows; the most recent days are kept. */
export const MAX_RETENTION_DAYS = 366;
/** Longer labels cannot fit a panel; the rest would only be cut off by the renderer. */
const MAX_LABEL_CHARS = 120;

export interface CleanForecastDay {
  dayLabel: string;
  count: number;
}

export interface CleanRetentionDay {
  dayLabel: string;
  /** null when the day had no reviews or no usable retention: no point is drawn. */
  retention: number | null;
  reviews: number;
}

export interface CleanStatsChart {
  width: number;
  height: number;
  title: string;
  dueForecast: CleanForecastDay[];
  retention: CleanRetentionDay[];
  labels: Required<StatsChartLabels>;
}

/** Turns whatever arrived (NaN, negatives, wrong types, control characters) into drawable data. */
export function cleanStatsChart(data: StatsChartData, options: StatsChartOptions = {}): CleanStatsChart {
  const source: Partial<StatsChartData> = isRecord(data) ? data : {};
  const labels: Partial<StatsChartLabels> = isRecord(source.labels) ? source.labels : {};
  const forecast = Array.isArray(source.dueForecast) ? source.dueForecast.slice(0, MAX_FORECAST_DAYS) : [];
  const retention = Array.isArray(source.retention) ? source.retention.slice(-MAX_RETENTION_DAYS) : [];
  const opts: StatsChartOptions = isRecord(options) ? options : {};
  return {
    width: clampSize(opts.width, DEFAULT_WIDTH, WIDTH_RANGE),
    height: clampSize(opts.height, DEFAULT_HEIGHT, HEIGHT_RANGE),
    title: cleanText(source.title),
    dueForecast: forecast.map((day: unknown) => {
      const entry: Partial<DueForecastDay> = isRecord(day) ? day : {};
      return { dayLabel: dayLabel(entry.date), count: cleanCount(entry.count) };
    }),
    retention: retention.map((day: unknown) => {
      const entry: Partial<RetentionDay> = isRecord(day) ? day : {};
      const reviews = cleanCount(entry.reviews);
      const share = entry.retention;
      const usable = reviews > 0 && typeof share === "number" && Number.isFinite(share);
      return { dayLabel: dayLabel(entry.date), retention: usable ? clamp(share, 0, 1) : null, reviews };
    }),
    labels: {
      dueForecast: cleanText(labels.dueForecast),
      retention: cleanText(labels.retention),
      noData: cleanText(labels.noData),
      reviews: cleanText(labels.reviews),
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

function clampSize(value: unknown, fallback: number, [low, high]: readonly [number, number]): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  return Math.round(clamp(value, low, high));
}

function cleanCount(value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return 0;
  return Math.round(Math.min(value, 1e9));
}

/** MM-DD from YYYY-MM-DD; anything else shows its first characters so a bad date is visible. */
function dayLabel(date: unknown): string {
  const text = cleanText(date);
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(text);
  if (match) return `${match[1]}-${match[2]}`;
  return [...text].slice(0, 5).join("");
}

/** Strips what XML 1.0 cannot carry (control characters, lone surrogates) and caps the length. */
function cleanText(value: unknown): string {
  if (typeof value !== "string") return "";
  const chars: string[] = [];
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    const allowed =
      code === 0x20 ||
      (code > 0x20 && code < 0x7f) ||
      (code >= 0xa0 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000;
    if (allowed) chars.push(char);
    else if (code === 0x09 || code === 0x0a || code === 0x0d) chars.push(" ");
    if (chars.length >= MAX_LABEL_CHARS) break;
  }
  return chars.join("").trim();
}
