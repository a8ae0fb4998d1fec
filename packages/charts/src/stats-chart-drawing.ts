// Draws the two /stats panels on a canvas. All geometry comes from clamped data (see
// cleanStatsChart), so every coordinate is finite.
import type { SKRSContext2D } from "@napi-rs/canvas";
import { CHART_FONT_FAMILY } from "./chinese-font.ts";
import type { CleanForecastDay, CleanRetentionDay, CleanStatsChart } from "./stats-chart-data.ts";

const COLORS = {
  background: "#ffffff",
  text: "#1f2937",
  mutedText: "#6b7280",
  axis: "#9ca3af",
  grid: "#e5e7eb",
  dueBar: "#3b82f6",
  retentionLine: "#16a34a",
  reviewBar: "#cbd5e1",
} as const;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

type Align = "left" | "center" | "right";

/** Every string the chart may draw, so the font files that cover them can be registered first. */
export function chartTexts(chart: CleanStatsChart): string[] {
  const { labels } = chart;
  return [
    chart.title,
    labels.dueForecast,
    labels.retention,
    labels.noData,
    labels.reviews,
    "0123456789%-…",
    ...chart.dueForecast.map((day) => day.dayLabel),
    ...chart.retention.map((day) => day.dayLabel),
  ];
}

export function drawStatsChart(ctx: SKRSContext2D, chart: CleanStatsChart): void {
  const { width, height } = chart;
  // The design is drawn for 800×500; other sizes scale type and spacing with the smaller side.
  const scale = Math.min(width / 800, height / 500);
  const draw = new Drawing(ctx, scale);
  const pad = 24 * scale;
  const titleSize = 24 * scale;
  const captionSize = 15 * scale;

  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, width, height);
  draw.text(chart.title, pad, pad + titleSize * 0.85, titleSize, COLORS.text, "left", {
    bold: true,
    maxWidth: width - 2 * pad,
  });

  const panelsTop = pad + titleSize + 18 * scale;
  const gap = 22 * scale;
  const panelHeight = (height - pad - panelsTop - gap) / 2;
  const forecastPanel: Box = { left: pad, top: panelsTop, right: width - pad, bottom: panelsTop + panelHeight };
  const retentionPanel: Box = { left: pad, top: forecastPanel.bottom + gap, right: width - pad, bottom: height - pad };
  const captionBaseline = (panel: Box): number => panel.top + captionSize * 0.85;

  draw.text(chart.labels.dueForecast, pad, captionBaseline(forecastPanel), captionSize, COLORS.text, "left", {
    maxWidth: width - 2 * pad,
  });
  forecastBars(draw, chart.dueForecast, plotBox(forecastPanel, captionSize, scale), chart.labels.noData);

  let legendLeft = retentionPanel.right;
  if (chart.labels.reviews !== "") legendLeft = reviewsLegend(draw, retentionPanel, chart.labels.reviews, captionSize);
  draw.text(chart.labels.retention, pad, captionBaseline(retentionPanel), captionSize, COLORS.text, "left", {
    maxWidth: Math.max(0, legendLeft - pad - 12 * scale),
  });
  retentionLine(draw, chart.retention, plotBox(retentionPanel, captionSize, scale), chart.labels.noData);
}

function plotBox(panel: Box, captionSize: number, scale: number): Box {
  return {
    left: panel.left + 48 * scale,
    top: panel.top + captionSize + 14 * scale,
    right: panel.right - 8 * scale,
    bottom: panel.bottom - 20 * scale,
  };
}

function forecastBars(draw: Drawing, days: CleanForecastDay[], plot: Box, noData: string): void {
  if (days.length === 0) return noDataMessage(draw, plot, noData);
  const { scale } = draw;
  const ticks = countTicks(Math.max(...days.map((day) => day.count)));
  const top = ticks[ticks.length - 1] ?? 1;
  const y = (count: number): number => plot.bottom - (count / top) * (plot.bottom - plot.top);
  const labelSize = 11 * scale;

  for (const tick of ticks) {
    draw.hLine(plot.left, plot.right, y(tick), tick === 0 ? COLORS.axis : COLORS.grid);
    draw.text(String(tick), plot.left - 6 * scale, y(tick) + labelSize * 0.35, labelSize, COLORS.mutedText, "right");
  }

  const slot = (plot.right - plot.left) / days.length;
  const barWidth = slot * 0.64;
  const labelEvery = Math.max(1, Math.ceil((40 * scale) / slot));
  days.forEach((day, index) => {
    const center = plot.left + slot * (index + 0.5);
    if (day.count > 0) {
      const barTop = y(day.count);
      draw.ctx.fillStyle = COLORS.dueBar;
      draw.ctx.fillRect(center - barWidth / 2, barTop, barWidth, plot.bottom - barTop);
      if (slot >= 22 * scale) draw.text(String(day.count), center, barTop - 4 * scale, labelSize, COLORS.text, "center");
    }
    if (index % labelEvery === 0) {
      draw.text(day.dayLabel, center, plot.bottom + 15 * scale, labelSize, COLORS.mutedText, "center");
    }
  });
}

function retentionLine(draw: Drawing, days: CleanRetentionDay[], plot: Box, noData: string): void {
  if (!days.some((day) => day.retention !== null)) return noDataMessage(draw, plot, noData);
  const { ctx, scale } = draw;
  const plotHeight = plot.bottom - plot.top;
  const y = (share: number): number => plot.bottom - share * plotHeight;
  const labelSize = 11 * scale;

  for (const percent of [0, 25, 50, 75, 100]) {
    const lineY = y(percent / 100);
    draw.hLine(plot.left, plot.right, lineY, percent === 0 ? COLORS.axis : COLORS.grid);
    draw.text(`${percent}%`, plot.left - 6 * scale, lineY + labelSize * 0.35, labelSize, COLORS.mutedText, "right");
  }

  const slot = (plot.right - plot.left) / days.length;
  const maxReviews = Math.max(...days.map((day) => day.reviews));
  // Review counts sit as low bars under the line: they say how much each point is worth.
  const reviewHeight = plotHeight * 0.28;
  const reviewWidth = Math.max(1, slot * 0.5);
  const labelEvery = Math.max(1, Math.ceil((40 * scale) / slot));
  const points: { x: number; y: number }[] = [];
  days.forEach((day, index) => {
    const center = plot.left + slot * (index + 0.5);
    if (day.reviews > 0 && maxReviews > 0) {
      const barHeight = Math.max(1, (day.reviews / maxReviews) * reviewHeight);
      ctx.fillStyle = COLORS.reviewBar;
      ctx.fillRect(center - reviewWidth / 2, plot.bottom - barHeight, reviewWidth, barHeight);
    }
    if (day.retention !== null) points.push({ x: center, y: y(day.retention) });
    if (index % labelEvery === 0) {
      draw.text(day.dayLabel, center, plot.bottom + 15 * scale, labelSize, COLORS.mutedText, "center");
    }
  });

  // Days without reviews have no retention; the line joins the days around them.
  ctx.strokeStyle = COLORS.retentionLine;
  ctx.lineWidth = 2 * scale;
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  ctx.beginPath();
  points.forEach((point, index) => (index === 0 ? ctx.moveTo(point.x, point.y) : ctx.lineTo(point.x, point.y)));
  ctx.stroke();
  const dotRadius = Math.min(3 * scale, Math.max(1, slot / 3));
  ctx.fillStyle = COLORS.retentionLine;
  for (const point of points) {
    ctx.beginPath();
    ctx.arc(point.x, point.y, dotRadius, 0, 2 * Math.PI);
    ctx.fill();
  }
}

/** Draws the legend at the panel's top right and returns where it starts. */
function reviewsLegend(draw: Drawing, panel: Box, label: string, captionSize: number): number {
  const { scale } = draw;
  const size = 12 * scale;
  const baseline = panel.top + captionSize * 0.85;
  const textRight = panel.right - 8 * scale;
  const textWidth = Math.min(draw.measure(label, size), (panel.right - panel.left) / 3);
  const swatchRight = textRight - textWidth - 6 * scale;
  draw.ctx.fillStyle = COLORS.reviewBar;
  draw.ctx.fillRect(swatchRight - size, baseline - size * 0.8, size, size * 0.8);
  draw.text(label, textRight, baseline, size, COLORS.mutedText, "right", { maxWidth: textWidth });
  return swatchRight - size;
}

function noDataMessage(draw: Drawing, plot: Box, noData: string): void {
  const size = 16 * draw.scale;
  draw.hLine(plot.left, plot.right, plot.bottom, COLORS.axis);
  const middle = (plot.top + plot.bottom) / 2;
  draw.text(noData, (plot.left + plot.right) / 2, middle + size * 0.35, size, COLORS.mutedText, "center", {
    maxWidth: plot.right - plot.left,
  });
}

/** 0 and evenly spaced integer ticks (1, 2 or 5 × 10ⁿ apart, about four) up to at least `max`. */
export function countTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * magnitude).find((s) => s >= rough) ?? rough);
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step; tick += step) ticks.push(tick);
  return ticks;
}

/** Canvas calls with the chart's font and scale. */
class Drawing {
  constructor(
    readonly ctx: SKRSContext2D,
    readonly scale: number,
  ) {}

  private setFont(size: number, bold: boolean): void {
    this.ctx.font = `${bold ? "bold " : ""}${size.toFixed(2)}px "${CHART_FONT_FAMILY}"`;
  }

  measure(content: string, size: number, bold = false): number {
    this.setFont(size, bold);
    return this.ctx.measureText(content).width;
  }

  text(
    content: string,
    x: number,
    y: number,
    size: number,
    color: string,
    align: Align = "left",
    options: { bold?: boolean; maxWidth?: number } = {},
  ): void {
    if (content === "") return;
    const bold = options.bold ?? false;
    const fitted = options.maxWidth === undefined ? content : this.fit(content, size, bold, options.maxWidth);
    if (fitted === "") return;
    this.setFont(size, bold);
    this.ctx.fillStyle = color;
    this.ctx.textAlign = align;
    this.ctx.textBaseline = "alphabetic";
    this.ctx.fillText(fitted, x, y);
  }

  /** Cuts text that would overflow and marks the cut with an ellipsis. */
  private fit(content: string, size: number, bold: boolean, maxWidth: number): string {
    if (this.measure(content, size, bold) <= maxWidth) return content;
    const chars = [...content];
    // Halving first keeps long titles from costing one measurement per character.
    let low = 0;
    let high = chars.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.measure(`${chars.slice(0, mid).join("")}…`, size, bold) <= maxWidth) low = mid;
      else high = mid - 1;
    }
    return low === 0 ? "" : `${chars.slice(0, low).join("")}…`;
  }

  hLine(left: number, right: number, y: number, color: string): void {
    const width = Math.max(1, this.scale);
    this.ctx.fillStyle = color;
    this.ctx.fillRect(left, y - width / 2, right - left, width);
  }
}
