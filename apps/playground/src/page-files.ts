// The page's files, built in memory at start-up: page/app.ts bundled by esbuild, the CSS and the
// HTML as they are. Nothing is written to disk.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build, stop } from "esbuild";
import type { PageFile } from "@recall/discord-fake";

const pageDir = fileURLToPath(new URL("../page/", import.meta.url));

export async function buildPageFiles(): Promise<Record<string, PageFile>> {
  const [bundle, html, css] = await Promise.all([
    build({
      entryPoints: [`${pageDir}app.ts`],
      bundle: true,
      write: false,
      format: "esm",
      target: "es2022",
      minify: false,
      sourcemap: "inline",
      logLevel: "silent",
    }),
    readFile(`${pageDir}index.html`),
    readFile(`${pageDir}style.css`),
  ]);
  await stop(); // no esbuild service process left running beside the playground
  const js = bundle.outputFiles[0];
  if (!js) throw new Error("the page bundle came out empty");
  return {
    "/index.html": { contentType: "text/html; charset=utf-8", body: html },
    "/app.js": { contentType: "text/javascript; charset=utf-8", body: Buffer.from(js.contents) },
    "/style.css": { contentType: "text/css; charset=utf-8", body: css },
  };
}
