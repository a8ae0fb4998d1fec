// Anki cloze deletions: `{{c1::hidden text::hint}}`, nested up to ten levels. Read by a
// tokenizer (one pass, indexOf), as Anki does, never by a pattern: cloze text is deck text.

const MAX_NESTING = 10;

type ClozeNode = string | Cloze;

interface Cloze {
  number: number;
  children: ClozeNode[];
  hint: string | null;
}

/** Parses `{{cN::` openings and their `}}`; anything unmatched stays text. */
function parseCloze(text: string): ClozeNode[] {
  const root: ClozeNode[] = [];
  const stack: Cloze[] = [];
  const hintParts = new Map<Cloze, string[]>();
  const current = (): ClozeNode[] => {
    const top = stack[stack.length - 1];
    if (top === undefined) return root;
    return hintParts.has(top) ? [] : top.children;
  };
  const pushText = (part: string): void => {
    if (part === "") return;
    const top = stack[stack.length - 1];
    if (top !== undefined) {
      const hint = hintParts.get(top);
      if (hint !== undefined) {
        hint.push(part);
        return;
      }
      // The first `::` at this cloze's own level starts its hint.
      const split = part.indexOf("::");
      if (split >= 0) {
        top.children.push(part.slice(0, split));
        hintParts.set(top, [part.slice(split + 2)]);
        return;
      }
    }
    current().push(part);
  };
  let at = 0;
  // Next positions are remembered and searched again only once passed, so no stretch of text is
  // scanned more than a couple of times whatever the mix of openings and closings.
  let nextOpen = -2;
  let nextClose = -2;
  while (at < text.length) {
    if (nextOpen !== -1 && nextOpen < at) nextOpen = text.indexOf("{{c", at);
    if (nextClose !== -1 && nextClose < at) nextClose = text.indexOf("}}", at);
    const open = nextOpen;
    const close = stack.length > 0 ? nextClose : -1;
    if (close >= 0 && (open < 0 || close < open)) {
      pushText(text.slice(at, close));
      const done = stack.pop() as Cloze;
      const hint = hintParts.get(done);
      if (hint !== undefined) {
        done.hint = hint.join("");
        hintParts.delete(done);
      }
      at = close + 2;
      continue;
    }
    if (open < 0) break;
    let digitsEnd = open + 3;
    while (digitsEnd < text.length && digitsEnd - open - 3 < 4 && text.charCodeAt(digitsEnd) >= 48 && text.charCodeAt(digitsEnd) <= 57) digitsEnd++;
    const isOpening = digitsEnd > open + 3 && text.startsWith("::", digitsEnd) && stack.length < MAX_NESTING;
    if (!isOpening) {
      pushText(text.slice(at, open + 3));
      at = open + 3;
      continue;
    }
    pushText(text.slice(at, open));
    const cloze: Cloze = { number: Number(text.slice(open + 3, digitsEnd)), children: [], hint: null };
    const top = stack[stack.length - 1];
    if (top !== undefined && hintParts.has(top)) {
      // A cloze inside a hint is only text to Anki's reader too: keep it as text of the hint.
      hintParts.get(top)?.push(text.slice(open, digitsEnd + 2));
      at = digitsEnd + 2;
      continue;
    }
    current().push(cloze);
    stack.push(cloze);
    at = digitsEnd + 2;
  }
  pushText(text.slice(at));
  // Unclosed openings stay as the text they were.
  while (stack.length > 0) {
    const open = stack.pop() as Cloze;
    const parent = stack[stack.length - 1]?.children ?? root;
    const index = parent.indexOf(open);
    const hint = hintParts.get(open);
    const restored: ClozeNode[] = [`{{c${open.number}::`, ...open.children, ...(hint === undefined ? [] : ["::", ...hint])];
    parent.splice(index, 1, ...restored);
  }
  return root;
}

function plain(nodes: readonly ClozeNode[]): string {
  return nodes.map((node) => (typeof node === "string" ? node : plain(node.children))).join("");
}

function promptFor(nodes: readonly ClozeNode[], number: number): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return node;
      if (node.number === number) return node.hint !== null && node.hint.trim() !== "" ? `[${node.hint}]` : "[...]";
      return promptFor(node.children, number);
    })
    .join("");
}

function collectAnswers(nodes: readonly ClozeNode[], number: number, into: string[]): void {
  for (const node of nodes) {
    if (typeof node === "string") continue;
    if (node.number === number) into.push(plain(node.children));
    else collectAnswers(node.children, number, into);
  }
}

function collectNumbers(nodes: readonly ClozeNode[], into: Set<number>): void {
  for (const node of nodes) {
    if (typeof node === "string") continue;
    // c0 is not a card in Anki.
    if (node.number > 0) into.add(node.number);
    collectNumbers(node.children, into);
  }
}

export interface ClozeCard {
  number: number;
  /** The text with this card's gaps shown as `[hint]` or `[...]` and every other cloze as its text. */
  prompt: string;
  /** This card's hidden texts, in order; repeats of the same number are separate entries. */
  answers: string[];
}

/** One card per distinct cloze number, in number order; none when the text has no cloze. */
export function clozeCards(text: string): ClozeCard[] {
  if (!text.includes("{{c")) return [];
  const nodes = parseCloze(text);
  const numbers = new Set<number>();
  collectNumbers(nodes, numbers);
  return [...numbers]
    .sort((a, b) => a - b)
    .map((number) => {
      const answers: string[] = [];
      collectAnswers(nodes, number, answers);
      return { number, prompt: promptFor(nodes, number), answers };
    });
}

/** The text with every cloze opened (what Anki shows on the back). */
export function clozeText(text: string): string {
  return text.includes("{{c") ? plain(parseCloze(text)) : text;
}

export function hasCloze(text: string): boolean {
  return clozeCards(text).length > 0;
}

/** The text with every cloze hidden: what stays when any hidden answer is edited (ids hash this). */
export function clozeSkeleton(text: string): string {
  const hide = (nodes: readonly ClozeNode[]): string => nodes.map((node) => (typeof node === "string" ? node : "[...]")).join("");
  return text.includes("{{c") ? hide(parseCloze(text)) : text;
}
