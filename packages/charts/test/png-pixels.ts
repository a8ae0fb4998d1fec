// Reads the PNGs under test back into pixels with the renderer's own decoder.
import { createCanvas, loadImage } from "@napi-rs/canvas";

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8ClampedArray;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which must be the first chunk after the signature. */
export function pngHeader(png: Buffer): { width: number; height: number } {
  if (png.subarray(12, 16).toString("latin1") !== "IHDR") throw new Error("first chunk is not IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export async function decodePng(png: Buffer): Promise<Pixels> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, data };
}

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

function pixelKey(pixels: Pixels, x: number, y: number): number {
  const at = (y * pixels.width + x) * 4;
  return (
    ((pixels.data[at] ?? 0) << 24) | ((pixels.data[at + 1] ?? 0) << 16) | ((pixels.data[at + 2] ?? 0) << 8) | (pixels.data[at + 3] ?? 0)
  );
}

export function distinctColours(pixels: Pixels): number {
  const colours = new Set<number>();
  for (let y = 0; y < pixels.height; y++) for (let x = 0; x < pixels.width; x++) colours.add(pixelKey(pixels, x, y));
  return colours.size;
}

/** Pixels in the region that are not pure white (the chart's background). */
export function inkedPixels(pixels: Pixels, region: Region): number {
  let inked = 0;
  for (let y = region.top; y < region.top + region.height; y++) {
    for (let x = region.left; x < region.left + region.width; x++) {
      if (pixelKey(pixels, x, y) >>> 0 !== 0xffffffff) inked++;
    }
  }
  return inked;
}

/** Pixels of the region whose colour differs between two images of the same size. */
export function differingPixels(a: Pixels, b: Pixels, region: Region): number {
  let differing = 0;
  for (let y = region.top; y < region.top + region.height; y++) {
    for (let x = region.left; x < region.left + region.width; x++) {
      if (pixelKey(a, x, y) !== pixelKey(b, x, y)) differing++;
    }
  }
  return differing;
}
