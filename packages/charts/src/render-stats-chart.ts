import { createCanvas } from "@napi-rs/canvas";
import { ensureChartFont } from "./chinese-font.ts";
import { ChartRenderError } from "./errors.ts";
import { cleanStatsChart } from "./stats-chart-data.ts";
import type { StatsChartData, StatsChartOptions } from "./stats-chart-data.ts";
import { chartTexts, drawStatsChart } from "./stats-chart-drawing.ts";

/**
 * Renders the /stats picture — due items per day and daily retention — as PNG bytes
 * (default 800×500). Odd data is clamped rather than rejected; the same input gives the same bytes.
 */
export function renderStatsChart(data: StatsChartData, options?: StatsChartOptions): Buffer {
  const chart = cleanStatsChart(data, options);
  ensureChartFont(chartTexts(chart));
  try {
    const canvas = createCanvas(chart.width, chart.height);
    drawStatsChart(canvas.getContext("2d"), chart);
    return canvas.toBuffer("image/png");
  } catch (error) {
    throw new ChartRenderError({ cause: error });
  }
}
