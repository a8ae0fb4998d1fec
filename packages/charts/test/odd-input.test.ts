import { describe, expect, it } from "vitest";
import { renderStatsChart } from "../src/index.ts";
import type { StatsChartData } from "../src/index.ts";
import { PNG_SIGNATURE, decodePng, differingPixels, inkedPixels, pngHeader } from "./png-pixels.ts";
import { CHINESE_LABELS, TITLE_REGION, sampleChart } from "./support.ts";

function expectPng(png: Buffer, width = 800, height = 500): void {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(pngHeader(png)).toEqual({ width, height });
}

describe("odd input is clamped, never thrown", () => {
  it("draws NaN, infinite and negative numbers as zero or full", () => {
    const chart = sampleChart({
      dueForecast: [
        { date: "2026-06-01", count: Number.NaN },
        { date: "2026-06-02", count: -5 },
        { date: "2026-06-03", count: Number.POSITIVE_INFINITY },
        { date: "2026-06-04", count: 2.6 },
      ],
      retention: [
        { date: "2026-05-01", retention: Number.NaN, reviews: 3 },
        { date: "2026-05-02", retention: 1.7, reviews: Number.NaN },
        { date: "2026-05-03", retention: -0.4, reviews: 4 },
        { date: "2026-05-04", retention: 2, reviews: 5 },
      ],
    });
    expectPng(renderStatsChart(chart));
  });

  it("shows the no-data caption for empty series", async () => {
    const empty = await decodePng(renderStatsChart(sampleChart({ dueForecast: [], retention: [] })));
    const noCaption = await decodePng(
      renderStatsChart(sampleChart({ dueForecast: [], retention: [], labels: { ...CHINESE_LABELS, noData: "" } })),
    );
    const forecastMiddle = { left: 300, top: 130, width: 200, height: 40 };
    const retentionMiddle = { left: 300, top: 340, width: 200, height: 40 };
    expect(differingPixels(empty, noCaption, forecastMiddle)).toBeGreaterThan(100);
    expect(differingPixels(empty, noCaption, retentionMiddle)).toBeGreaterThan(100);
  });

  it("treats a month in which no day had reviews as no data", async () => {
    const noReviews = sampleChart({
      retention: [{ date: "2026-05-01", retention: 0.9, reviews: 0 }],
    });
    const none = sampleChart({ retention: [] });
    const a = await decodePng(renderStatsChart(noReviews));
    const b = await decodePng(renderStatsChart(none));
    expect(differingPixels(a, b, { left: 0, top: 260, width: 800, height: 240 })).toBe(0);
  });

  it("draws a forecast of only zeros as an empty axis, not as no data", async () => {
    const zeros = sampleChart({ dueForecast: [{ date: "2026-06-01", count: 0 }] });
    const none = sampleChart({ dueForecast: [] });
    const a = await decodePng(renderStatsChart(zeros));
    const b = await decodePng(renderStatsChart(none));
    expect(differingPixels(a, b, { left: 0, top: 60, width: 800, height: 200 })).toBeGreaterThan(100);
  });

  it("clamps sizes that are missing, absurd or not numbers", () => {
    expectPng(renderStatsChart(sampleChart(), { width: Number.NaN, height: -1 }), 800, 240);
    expectPng(renderStatsChart(sampleChart(), { width: 1e9, height: 1e9 }), 2400, 1600);
    expectPng(renderStatsChart(sampleChart(), { width: 10, height: 333.4 }), 320, 333);
  });

  it("survives values of the wrong type from untyped callers", () => {
    // Deliberately malformed, as a JavaScript caller or a bad JSON payload could send.
    const garbage = {
      title: 42,
      dueForecast: [null, "x", { date: 7, count: "9" }],
      retention: "not a list",
      labels: null,
    } as unknown as StatsChartData;
    expectPng(renderStatsChart(garbage));
    expectPng(renderStatsChart(null as unknown as StatsChartData, null as unknown as undefined));
  });

  it("keeps long series and titles inside the picture", async () => {
    const longTitle = "很长的标题".repeat(200);
    const chart = sampleChart({
      title: longTitle,
      dueForecast: Array.from({ length: 500 }, (_, index) => ({ date: "2026-06-01", count: index })),
      retention: Array.from({ length: 5000 }, (_, index) => ({ date: "2026-01-01", retention: (index % 10) / 10, reviews: index })),
    });
    const pixels = await decodePng(renderStatsChart(chart));
    // The cut title ends before the right margin.
    expect(inkedPixels(pixels, { left: 780, top: 0, width: 20, height: 56 })).toBe(0);
    expect(inkedPixels(pixels, TITLE_REGION)).toBeGreaterThan(1000);
  });

  it("drops control characters and lone surrogates from text", () => {
    const chart = sampleChart({ title: "学习\u0000统计\u0007\ud800 · \u202eAlice\n" });
    expectPng(renderStatsChart(chart));
  });
});
