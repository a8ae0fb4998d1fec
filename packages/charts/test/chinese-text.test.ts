import { GlobalFonts } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { CHART_FONT_FAMILY, renderStatsChart } from "../src/index.ts";
import { decodePng, differingPixels, inkedPixels } from "./png-pixels.ts";
import { TITLE_REGION, sampleChart, titleOnlyChart } from "./support.ts";

async function titlePixels(title: string) {
  return decodePng(renderStatsChart(titleOnlyChart(title)));
}

describe("text in charts", () => {
  it("draws the title: the title band differs from the same chart without one", async () => {
    const withTitle = await decodePng(renderStatsChart(sampleChart()));
    const withoutTitle = await decodePng(renderStatsChart(sampleChart({ title: "" })));
    expect(differingPixels(withTitle, withoutTitle, TITLE_REGION)).toBeGreaterThan(800);
    expect(inkedPixels(withoutTitle, TITLE_REGION)).toBe(0);
  });

  it("draws the captions: a chart without them differs below the title", async () => {
    const withCaptions = await decodePng(renderStatsChart(sampleChart()));
    const blankLabels = { dueForecast: "", retention: "", noData: "", reviews: "" };
    const without = await decodePng(renderStatsChart(sampleChart({ labels: blankLabels })));
    const captionBand = { left: 0, top: 60, width: 300, height: 30 };
    expect(differingPixels(withCaptions, without, captionBand)).toBeGreaterThan(300);
  });

  it("draws Chinese as glyphs, not as the boxes of characters the font lacks", async () => {
    const chinese = await titlePixels("学习统计");
    const missing = await titlePixels("\uE000\uE000\uE000\uE000");
    expect(inkedPixels(chinese, TITLE_REGION)).toBeGreaterThan(400);
    expect(differingPixels(chinese, missing, TITLE_REGION)).toBeGreaterThan(400);
  });

  it("draws different Chinese characters differently (missing-glyph boxes would all match)", async () => {
    const study = await titlePixels("学习");
    const stats = await titlePixels("统计");
    expect(inkedPixels(study, TITLE_REGION)).toBeGreaterThan(200);
    expect(differingPixels(study, stats, TITLE_REGION)).toBeGreaterThan(300);
  });

  it("covers characters outside the most common few thousand", async () => {
    const rare = await titlePixels("龘靐齉");
    const otherRare = await titlePixels("爨癵驫");
    expect(differingPixels(rare, otherRare, TITLE_REGION)).toBeGreaterThan(300);
  });

  it("uses the bundled font under its own family name", () => {
    renderStatsChart(sampleChart());
    expect(GlobalFonts.has(CHART_FONT_FAMILY)).toBe(true);
  });
});
