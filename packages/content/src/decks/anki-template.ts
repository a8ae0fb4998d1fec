// Renders an Anki card template (`{{Field}}`, `{{#Field}}…{{/Field}}`, `{{^Field}}…{{/Field}}`,
// `{{FrontSide}}`, filters such as `{{text:Field}}`) the way "Cards in Plain Text" does, in one pass.

const MAX_SECTION_DEPTH = 32;
/** Anki's answer side repeats the question up to this marker; the answer is what follows it. */
const ANSWER_MARKERS = ["<hr id=answer>", "<hr id=\"answer\">", "<hr id='answer'>"];

export interface TemplateContext {
  fields: ReadonlyMap<string, string>;
  /** The rendered question, for `{{FrontSide}}`. */
  frontSide?: string;
  tags?: string;
  deck?: string;
  /** How `{{cloze:Field}}` renders (question side: gaps; answer side: opened). */
  cloze?: (fieldText: string) => string;
}

function isEmptyField(value: string | undefined): boolean {
  return value === undefined || value.replace(/<br\s*\/?>|&nbsp;/giu, "").trim() === "";
}

function replacement(tag: string, context: TemplateContext): string {
  const parts = tag.split(":");
  const name = (parts[parts.length - 1] ?? "").trim();
  const filters = parts.slice(0, -1).map((filter) => filter.trim().toLowerCase());
  if (filters.includes("type") || filters.includes("tts")) return "";
  if (name === "FrontSide") return context.frontSide ?? "";
  if (name === "Tags") return context.tags ?? "";
  if (name === "Deck") return context.deck ?? "";
  if (name === "Subdeck") return (context.deck ?? "").split("::").pop() ?? "";
  const value = context.fields.get(name) ?? "";
  if (filters.includes("cloze")) return context.cloze ? context.cloze(value) : value;
  return value;
}

export function renderTemplate(template: string, context: TemplateContext): string {
  let out = "";
  // Each open section: its field and whether its content shows; content shows when all do.
  const sections: { name: string; shows: boolean }[] = [];
  let hidden = 0;
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf("{{", at);
    if (open < 0) break;
    const close = template.indexOf("}}", open + 2);
    if (close < 0) break;
    if (hidden === 0) out += template.slice(at, open);
    const tag = template.slice(open + 2, close).trim();
    at = close + 2;
    const sigil = tag[0];
    if (sigil === "#" || sigil === "^") {
      if (sections.length >= MAX_SECTION_DEPTH) continue;
      const name = tag.slice(1).trim();
      const empty = isEmptyField(context.fields.get(name));
      const shows = sigil === "#" ? !empty : empty;
      sections.push({ name, shows });
      if (!shows) hidden++;
    } else if (sigil === "/") {
      const name = tag.slice(1).trim();
      const last = sections[sections.length - 1];
      if (last !== undefined && last.name === name) {
        sections.pop();
        if (!last.shows) hidden--;
      }
    } else if (hidden === 0) {
      out += replacement(tag, context);
    }
  }
  if (hidden === 0) out += template.slice(at);
  return out;
}

/** The answer side without the repeated question: everything after `<hr id=answer>`, if present. */
export function answerPart(renderedAnswer: string): string {
  for (const marker of ANSWER_MARKERS) {
    const at = renderedAnswer.indexOf(marker);
    if (at >= 0) return renderedAnswer.slice(at + marker.length);
  }
  return renderedAnswer;
}

/** Removes `<style>…</style>` blocks that card templates carry. */
export function removeStyle(html: string): string {
  let out = "";
  let from = 0;
  let at = html.indexOf("<style");
  while (at >= 0) {
    const end = html.indexOf("</style>", at);
    if (end < 0) break;
    out += html.slice(from, at);
    from = end + "</style>".length;
    at = html.indexOf("<style", from);
  }
  return out + html.slice(from);
}
