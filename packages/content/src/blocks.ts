// Second pass, inside one section: paragraphs, lists (two levels), `要点：` labels and
// `####` sub-headings, which is all the structure a section body has.
import { KEY_POINTS_LABEL } from "./sections.ts";
import type { SourceLine } from "./source-text.ts";
import { joinWrapped } from "./source-text.ts";

export interface ListItem {
  text: string;
  line: number;
  column: number;
  children: ListItem[];
}

export type Block =
  | { kind: "paragraph"; text: string; line: number }
  | { kind: "list"; items: ListItem[]; line: number }
  | { kind: "key-points-label"; line: number }
  | { kind: "subheading"; text: string; line: number; column: number };

const BULLET = /^[-*+•]\s+/u;
const BULLET_START = new Set(["-", "*", "+", "•"]);
const SUBHEADING = /^#{4,6}\s+(.*?)(?:\s+#+)?$/u;

/**
 * `linePerParagraph`: published pages have no blank lines between paragraphs, each line is one;
 * Markdown paragraphs are separated by blank lines and may wrap.
 */
export function readBlocks(body: readonly SourceLine[], linePerParagraph: boolean): Block[] {
  const blocks: Block[] = [];
  let paragraph: SourceLine[] = [];
  let list: { items: ListItem[]; baseIndent: number; last: ListItem | null } | null = null;

  const flushParagraph = (): void => {
    const first = paragraph[0];
    if (first) blocks.push({ kind: "paragraph", text: joinWrapped(paragraph.map((line) => line.text)), line: first.line });
    paragraph = [];
  };
  const flushList = (): void => {
    const first = list?.items[0];
    if (list && first) blocks.push({ kind: "list", items: list.items, line: first.line });
    list = null;
  };

  for (const line of body) {
    if (line.text === "") {
      flushParagraph();
      continue;
    }
    const first = line.text.charAt(0);
    const subheading = first === "#" ? SUBHEADING.exec(line.text) : null;
    if (subheading) {
      flushParagraph();
      flushList();
      blocks.push({ kind: "subheading", text: subheading[1]?.trim() ?? "", line: line.line, column: line.indent + line.text.indexOf(" ") + 2 });
      continue;
    }
    if (!BULLET_START.has(first) && line.text.length <= 12 && KEY_POINTS_LABEL.test(line.text)) {
      flushParagraph();
      flushList();
      blocks.push({ kind: "key-points-label", line: line.line });
      continue;
    }
    const bullet = BULLET_START.has(first) ? BULLET.exec(line.text) : null;
    if (bullet) {
      flushParagraph();
      const item: ListItem = { text: line.text.slice(bullet[0].length).trim(), line: line.line, column: line.indent + bullet[0].length + 1, children: [] };
      list ??= { items: [], baseIndent: line.indent, last: null };
      const parent = list.items[list.items.length - 1];
      if (line.indent > list.baseIndent + 1 && parent) {
        parent.children.push(item);
      } else {
        list.items.push(item);
      }
      list.last = item;
      continue;
    }
    if (list?.last && line.indent > list.baseIndent) {
      list.last.text = joinWrapped([list.last.text, line.text]);
      continue;
    }
    flushList();
    if (linePerParagraph) blocks.push({ kind: "paragraph", text: line.text, line: line.line });
    else paragraph.push(line);
  }
  flushParagraph();
  flushList();
  return blocks;
}
