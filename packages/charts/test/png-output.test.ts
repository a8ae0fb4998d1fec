import { describe, expect, it } from "vitest";
import { renderStatsChart } from "../src/index.ts";
import { PNG_SIGNATURE, decodePng, distinctColours, inkedPixels, pngHeader } from "./png-pixels.ts";
import { sampleChart } from "./support.ts";

describe("renderStatsChart output", () => {
  it("is a PNG of 800×500 by default", () => {
    const png = renderStatsChart(sampleChart());
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngHeader(png)).toEqual({ width: 800, height: 500 });
  });

  it("takes the width and height it is given", async () => {
    const png = renderStatsChart(sampleChart(), { width: 640, height: 360 });
    expect(pngHeader(png)).toEqual({ width: 640, height: 360 });
    const pixels = await decodePng(png);
    expect([pixels.width, pixels.height]).toEqual([640, 360]);
  });

  it("has a file size fit for a Discord attachment", () => {
    const size = renderStatsChart(sampleChart()).length;
    expect(size).toBeGreaterThan(10_000);
    expect(size).toBeLessThan(400_000);
  });

  it("is not blank: many colours and a good share of drawn pixels", async () => {
    const pixels = await decodePng(renderStatsChart(sampleChart()));
    expect(distinctColours(pixels)).toBeGreaterThan(100);
    const inked = inkedPixels(pixels, { left: 0, top: 0, width: 800, height: 500 });
    expect(inked / (800 * 500)).toBeGreaterThan(0.05);
  });

  it("draws both panels: bars in the upper half, line and review bars in the lower", async () => {
    const pixels = await decodePng(renderStatsChart(sampleChart()));
    const blue = countColour(pixels, [0x3b, 0x82, 0xf6], 0, 260);
    const green = countColour(pixels, [0x16, 0xa3, 0x4a], 260, 500);
    expect(blue).toBeGreaterThan(5_000);
    expect(green).toBeGreaterThan(500);
    expect(countColour(pixels, [0x3b, 0x82, 0xf6], 260, 500)).toBe(0);
  });

  it("gives the same bytes for the same input, even after other charts", () => {
    const first = renderStatsChart(sampleChart());
    renderStatsChart(sampleChart({ title: "另一位成员 · 王芳" }), { width: 500, height: 300 });
    const second = renderStatsChart(sampleChart());
    expect(second.equals(first)).toBe(true);
  });

  it("changes when the data changes", () => {
    const base = renderStatsChart(sampleChart());
    const moreDue = sampleChart();
    moreDue.dueForecast[0] = { date: "2026-06-01", count: 40 };
    expect(renderStatsChart(moreDue).equals(base)).toBe(false);
  });
});

function countColour(
  pixels: { width: number; data: Uint8ClampedArray },
  [red, green, blue]: [number, number, number],
  fromRow: number,
  toRow: number,
): number {
  let count = 0;
  for (let y = fromRow; y < toRow; y++) {
    for (let x = 0; x < pixels.width; x++) {
      const at = (y * pixels.width + x) * 4;
      if (pixels.data[at] === red && pixels.data[at + 1] === green && pixels.data[at + 2] === blue) count++;
    }
  }
  return count;
}
