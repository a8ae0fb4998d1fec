// Prints the content page as a batch's writers read it: without the nested alias and opposite lines
// under key points and misconceptions, so that answers are worded from the page's prose, not echoed
// from the answer key. Usage: pnpm --filter @recall/grader eval:page [PAGE.md] > page-for-writers.md
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const DEFAULT_PAGE = fileURLToPath(new URL("../../../content/agent-interview/12-agent-optimization.md", import.meta.url));
const page = process.argv.slice(2).find((arg) => arg !== "--") ?? DEFAULT_PAGE;

/** The page without its nested list lines (the answer key): key points, their weights and the misconceptions stay. */
export function pageForWriters(markdown: string): string {
  return markdown
    .split("\n")
    .filter((line) => !/^\s+[-*+]\s/u.test(line))
    .join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(pageForWriters(readFileSync(page, "utf8")));
