export { renderStatsChart } from "./render-stats-chart.ts";
export type {
  DueForecastDay,
  RetentionDay,
  StatsChartData,
  StatsChartLabels,
  StatsChartOptions,
} from "./stats-chart-data.ts";
export { CHART_FONT_FAMILY, ensureChartFont } from "./chinese-font.ts";
export { ChartFontMissingError, ChartRenderError, ChartsError } from "./errors.ts";
