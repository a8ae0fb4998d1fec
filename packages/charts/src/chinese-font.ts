import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { GlobalFonts } from "@napi-rs/canvas";
import { ChartFontMissingError } from "./errors.ts";

/**
 * The name the bundled Noto Sans SC is registered under. A name of our own means no font of the
 * host (which may have none, or a different "Noto Sans SC") can stand in for it.
 */
export const CHART_FONT_FAMILY = "Recall Noto Sans SC";

/**
 * @fontsource-variable/noto-sans-sc splits the font into ~100 WOFF2 files by unicode range.
 * Only the files that hold the characters a chart needs are registered, once per process:
 * registering all of them costs half a second and makes the first layout slower still.
 */
interface FontSubsets {
  directory: string;
  subsetOf: Map<number, string>;
}

let subsets: FontSubsets | undefined;
const registered = new Set<string>();

function loadSubsets(): FontSubsets {
  if (subsets !== undefined) return subsets;
  const require = createRequire(import.meta.url);
  const unicodeFile = require.resolve("@fontsource-variable/noto-sans-sc/unicode.json");
  // unicode.json maps "[12]" or "latin" to a CSS unicode-range list.
  const ranges = JSON.parse(readFileSync(unicodeFile, "utf8")) as Record<string, string>;
  const subsetOf = new Map<number, string>();
  for (const [key, rangeList] of Object.entries(ranges)) {
    const name = key.replace(/^\[(\d+)\]$/, "$1");
    for (const range of rangeList.split(",")) {
      const match = /U\+([0-9a-f]+)(?:-([0-9a-f]+))?/i.exec(range);
      if (!match?.[1]) continue;
      const first = parseInt(match[1], 16);
      const last = parseInt(match[2] ?? match[1], 16);
      for (let code = first; code <= last; code++) if (!subsetOf.has(code)) subsetOf.set(code, name);
    }
  }
  subsets = { directory: join(dirname(unicodeFile), "files"), subsetOf };
  return subsets;
}

/** Path of the WOFF2 file that holds one subset, e.g. "latin" or "57". */
export function fontSubsetFile(subset: string): string {
  return join(loadSubsets().directory, `noto-sans-sc-${subset}-wght-normal.woff2`);
}

/**
 * Registers the font files that cover every character of `texts` (characters the font lacks
 * are left to the renderer's fallback). Throws ChartFontMissingError when a file is absent.
 */
export function ensureChartFont(texts: readonly string[]): void {
  const { subsetOf } = loadSubsets();
  for (const text of texts) {
    for (const char of text) {
      const subset = subsetOf.get(char.codePointAt(0) ?? 0);
      if (subset === undefined || registered.has(subset)) continue;
      const file = fontSubsetFile(subset);
      if (!existsSync(file)) throw new ChartFontMissingError(file);
      if (GlobalFonts.registerFromPath(file, CHART_FONT_FAMILY) === null) throw new ChartFontMissingError(file);
      registered.add(subset);
    }
  }
}
