import { describe, expect, it } from "vitest";
import { ChartFontMissingError, ChartRenderError, ChartsError } from "../src/index.ts";
import { MAX_FORECAST_DAYS, MAX_RETENTION_DAYS, cleanStatsChart } from "../src/stats-chart-data.ts";
import { countTicks } from "../src/stats-chart-drawing.ts";
import { sampleChart } from "./support.ts";

describe("cleanStatsChart", () => {
  it("labels days MM-DD and keeps a bad date visible", () => {
    const chart = cleanStatsChart(
      sampleChart({
        dueForecast: [
          { date: "2026-06-01", count: 1 },
          { date: "soon-ish", count: 1 },
        ],
      }),
    );
    expect(chart.dueForecast.map((day) => day.dayLabel)).toEqual(["06-01", "soon-"]);
  });

  it("rounds counts and turns NaN and negatives into zero", () => {
    const chart = cleanStatsChart(
      sampleChart({
        dueForecast: [
          { date: "2026-06-01", count: 2.5 },
          { date: "2026-06-02", count: -3 },
          { date: "2026-06-03", count: Number.NaN },
        ],
      }),
    );
    expect(chart.dueForecast.map((day) => day.count)).toEqual([3, 0, 0]);
  });

  it("plots retention only on days with reviews, clamped to 0–1", () => {
    const chart = cleanStatsChart(
      sampleChart({
        retention: [
          { date: "2026-05-01", retention: 1.4, reviews: 2 },
          { date: "2026-05-02", retention: -1, reviews: 2 },
          { date: "2026-05-03", retention: 0.5, reviews: 0 },
          { date: "2026-05-04", retention: Number.NaN, reviews: 2 },
        ],
      }),
    );
    expect(chart.retention.map((day) => day.retention)).toEqual([1, 0, null, null]);
  });

  it("keeps the first forecast days and the latest retention days", () => {
    const chart = cleanStatsChart(
      sampleChart({
        dueForecast: Array.from({ length: 100 }, (_, count) => ({ date: "2026-06-01", count })),
        retention: Array.from({ length: 400 }, (_, reviews) => ({ date: "2026-01-01", retention: 1, reviews })),
      }),
    );
    expect(chart.dueForecast).toHaveLength(MAX_FORECAST_DAYS);
    expect(chart.dueForecast[0]?.count).toBe(0);
    expect(chart.retention).toHaveLength(MAX_RETENTION_DAYS);
    expect(chart.retention.at(-1)?.reviews).toBe(399);
  });

  it("strips control characters and caps text length", () => {
    const chart = cleanStatsChart(sampleChart({ title: `\u0001学习\ttotal\u007f${"长".repeat(500)}` }));
    expect(chart.title.startsWith("学习 total长")).toBe(true);
    expect([...chart.title]).toHaveLength(120);
  });

  it("defaults to 800×500 and a missing reviews legend to none", () => {
    const chart = cleanStatsChart(sampleChart({ labels: { dueForecast: "a", retention: "b", noData: "c" } }));
    expect([chart.width, chart.height]).toEqual([800, 500]);
    expect(chart.labels.reviews).toBe("");
  });
});

describe("countTicks", () => {
  it("spaces ticks by 1, 2 or 5 × 10ⁿ and reaches the maximum", () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(22)).toEqual([0, 10, 20, 30]);
    expect(countTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(countTicks(137)).toEqual([0, 50, 100, 150]);
  });
});

describe("errors", () => {
  it("say which font file is missing and what to run", () => {
    const error = new ChartFontMissingError("/x/noto-sans-sc-latin-wght-normal.woff2");
    expect(error).toBeInstanceOf(ChartsError);
    expect(error.name).toBe("ChartFontMissingError");
    expect(error.message).toBe(
      "Chinese font file missing or unreadable: /x/noto-sans-sc-latin-wght-normal.woff2 (run pnpm install)",
    );
  });

  it("keep the renderer's error as the cause", () => {
    const cause = new Error("boom");
    const error = new ChartRenderError({ cause });
    expect(error.message).toBe("Chart rendering failed");
    expect(error.cause).toBe(cause);
  });
});
