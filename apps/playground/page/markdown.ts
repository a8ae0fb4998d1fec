// The part of Discord's markdown bots use in messages and embeds: **bold**, *italic*, __underline__,
// `code`, ```blocks```, > quotes, backslash escapes, <t:…> timestamps and <@…> mentions. One pass
// over the text, so any input renders in linear time.
import { h } from "./dom.ts";
import { relativeTime } from "./relative-time.ts";

type Style = "b" | "i" | "u" | "code" | "s";

const MARKERS: [string, Style][] = [
  ["**", "b"],
  ["__", "u"],
  ["~~", "s"],
  ["*", "i"],
  ["`", "code"],
];

/** The clock and language timestamps are shown in: the playground's clock, which may run ahead of the browser's. */
export interface TimestampContext {
  nowMs: () => number;
  locale: () => string;
}

let timestampContext: TimestampContext = { nowMs: () => Date.now(), locale: () => navigator.language };

export function setTimestampContext(context: TimestampContext): void {
  timestampContext = context;
}

// Discord's styles: t 16:20, T 16:20:30, d 20/04/2021, D 20 April 2021, f (default) 20 April 2021
// 16:20, F Tuesday, 20 April 2021 16:20, R relative.
const STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  t: { timeStyle: "short" },
  T: { timeStyle: "medium" },
  d: { dateStyle: "short" },
  D: { dateStyle: "long" },
  f: { dateStyle: "long", timeStyle: "short" },
  F: { dateStyle: "full", timeStyle: "short" },
};

function timestamp(seconds: number, style: string): string {
  const locale = timestampContext.locale();
  if (style === "R") return relativeTime(seconds * 1000, timestampContext.nowMs(), locale);
  return new Intl.DateTimeFormat(locale, STYLES[style] ?? STYLES.f).format(new Date(seconds * 1000));
}

/** Renders one line of inline markdown into nodes. */
function inline(text: string, names: (id: string) => string): Node[] {
  const root: Node[] = [];
  const stack: { style: Style; marker: string; children: Node[] }[] = [];
  let buffer = "";
  const current = (): Node[] => stack.at(-1)?.children ?? root;
  const flush = (): void => {
    if (buffer) current().push(document.createTextNode(buffer));
    buffer = "";
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "\\" && i + 1 < text.length && /[^\w\s]/.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (char === "<") {
      // Only a short window is searched, so a text full of "<" still renders in linear time.
      const window = text.slice(i, i + 40).indexOf(">");
      const close = window > 0 ? i + window : -1;
      const inner = close > i ? text.slice(i + 1, close) : "";
      const time = /^t:(\d{1,12})(?::([tTdDfFR]))?$/.exec(inner);
      const mention = /^@!?(\d{5,20})$/.exec(inner);
      if (time || mention) {
        flush();
        current().push(time ? h("span", { class: "timestamp", "data-style": time[2] ?? "f" }, timestamp(Number(time[1]), time[2] ?? "f")) : h("span", { class: "mention" }, `@${names(mention![1]!)}`));
        i = close + 1;
        continue;
      }
    }
    const top = stack.at(-1);
    if (top?.style === "code") {
      if (char === "`") {
        flush();
        stack.pop();
        current().push(h("code", {}, ...top.children));
        i += 1;
      } else {
        buffer += char;
        i += 1;
      }
      continue;
    }
    const marker = MARKERS.find(([candidate]) => text.startsWith(candidate, i));
    if (marker) {
      const [symbol, style] = marker;
      flush();
      if (top && top.marker === symbol) {
        stack.pop();
        current().push(h(style, {}, ...top.children));
      } else {
        stack.push({ style, marker: symbol, children: [] });
      }
      i += symbol.length;
      continue;
    }
    buffer += char;
    i += 1;
  }
  flush();
  // Unclosed markers were literal text.
  while (stack.length > 0) {
    const open = stack.pop()!;
    current().push(document.createTextNode(open.marker), ...open.children);
  }
  return root;
}

export function markdown(text: string, names: (id: string) => string = (id) => id): HTMLElement {
  const container = h("div", { class: "markdown" });
  const lines = text.split("\n");
  let inBlock: string[] | null = null;
  for (const line of lines) {
    if (line.trimStart().startsWith("```")) {
      if (inBlock) {
        container.append(h("pre", {}, inBlock.join("\n")));
        inBlock = null;
      } else {
        inBlock = [];
      }
      continue;
    }
    if (inBlock) {
      inBlock.push(line);
      continue;
    }
    if (line.startsWith("> ")) container.append(h("blockquote", {}, ...inline(line.slice(2), names)));
    else if (/^#{1,3} /.test(line)) container.append(h("div", { class: "heading" }, ...inline(line.replace(/^#{1,3} /, ""), names)));
    else container.append(h("div", { class: "line" }, ...inline(line, names)));
  }
  if (inBlock) container.append(h("pre", {}, inBlock.join("\n")));
  return container;
}
