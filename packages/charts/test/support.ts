import type { StatsChartData } from "../src/index.ts";

export const CHINESE_LABELS = {
  dueForecast: "未来 14 天到期",
  retention: "记忆保持率",
  noData: "暂无数据",
  reviews: "复习次数",
} as const;

/** A member with a fortnight of due cards and a month of reviews; fixed numbers, no clock. */
export function sampleChart(overrides: Partial<StatsChartData> = {}): StatsChartData {
  const dueCounts = [12, 8, 15, 3, 0, 22, 9, 5, 7, 11, 2, 0, 4, 6];
  return {
    title: "学习统计 · Alice",
    dueForecast: dueCounts.map((count, index) => ({ date: `2026-06-${String(index + 1).padStart(2, "0")}`, count })),
    retention: Array.from({ length: 30 }, (_, index) => ({
      date: `2026-05-${String(index + 1).padStart(2, "0")}`,
      retention: 0.7 + 0.25 * Math.sin(index / 4),
      reviews: index % 7 === 5 ? 0 : 10 + ((index * 7) % 23),
    })),
    labels: { ...CHINESE_LABELS },
    ...overrides,
  };
}

/** A chart that draws only its title: the way to look at how one string renders. */
export function titleOnlyChart(title: string): StatsChartData {
  return { title, dueForecast: [], retention: [], labels: { dueForecast: "", retention: "", noData: "" } };
}

/** The title band of a default 800×500 chart. */
export const TITLE_REGION = { left: 0, top: 0, width: 800, height: 56 } as const;
