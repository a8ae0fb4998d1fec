// Aliases that servers accepted on appeal, as a patch to the content Markdown for maintainers to
// review: each alias is appended to its concept's line (`a | b | c` → `a | b | c | alias`), found
// from the item's source line (the question, follow-up or misconception it belongs to). Pure:
// file texts and aliases in, unified-diff text out; reading files and databases is the caller's.
import type { QuizItem } from "./model.ts";

export interface AcceptedAlias {
  itemId: string;
  /** `k1`, `k2`, … of the item. */
  pointId: string;
  /** 0-based concept of the point. */
  concept: number;
  alias: string;
  /** Where it was accepted, named in the hunk so a reviewer can ask there. */
  serverId?: string;
}

export interface AliasSuggestions {
  /** Unified diff (`git apply` reads it), one hunk per group of nearby concept lines; "" when nothing to add. */
  patch: string;
  /** Aliases that could not be placed, each with why (a deck item, a concept line not found). */
  unplaced: Array<{ alias: AcceptedAlias; reason: string }>;
  /** Aliases already on their concept line (or repeated): nothing to add. */
  alreadyPresent: AcceptedAlias[];
}

const CONTEXT_LINES = 3;
const ALIAS_SEPARATOR = " | ";
const KEY_POINTS_LINE = /^要点\s*[：:]\s*$/;
const HEADING = /^(#{1,6})\s/;
const TOP_BULLET = /^[-*]\s+/;
const NESTED_BULLET = /^\s+[-*]\s+/;
const FEEDBACK_BULLET = /^\s+[-*]\s+(为什么错|反馈|feedback)\s*[：:]/i;

/** The 0-based index of the concept's line in `lines`, or a reason it was not found. */
function conceptLine(lines: readonly string[], item: QuizItem, pointId: string, concept: number): number | string {
  const start = item.source.line - 1;
  if (start < 0 || start >= lines.length) return `source line ${item.source.line} is outside ${item.source.file}`;
  if (item.kind === "misconception") {
    // The misconception's own bullet: its nested bullets other than the feedback are the concepts.
    if (pointId !== "k1") return `${item.id} has only the generated point k1`;
    let seen = -1;
    for (let index = start + 1; index < lines.length; index++) {
      const line = lines[index] ?? "";
      if (!NESTED_BULLET.test(line)) break;
      if (FEEDBACK_BULLET.test(line)) continue;
      seen += 1;
      if (seen === concept) return index;
    }
    return `${item.id}: no concept ${concept} under its misconception bullet`;
  }
  const pointNumber = Number(pointId.slice(1));
  if (!/^k[1-9][0-9]*$/.test(pointId)) return `${item.id}: "${pointId}" is not a key point id`;
  let index = start + 1;
  // The key-point list of this question or follow-up: before the next heading of its own (the
  // main question may pass its oral-answer heading `### 30–60 秒回答`).
  for (; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (KEY_POINTS_LINE.test(line.trim())) break;
    const heading = HEADING.exec(line);
    if (heading && !(item.kind === "main" && heading[1] === "###" && /^###\s*30/.test(line))) {
      return `${item.id}: no authored key points (要点：) in ${item.source.file}`;
    }
  }
  if (index >= lines.length) return `${item.id}: no authored key points (要点：) in ${item.source.file}`;
  let point = 0;
  let conceptIndex = -1;
  for (index += 1; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (line.trim() === "") continue;
    if (TOP_BULLET.test(line)) {
      point += 1;
      conceptIndex = -1;
      continue;
    }
    if (NESTED_BULLET.test(line)) {
      conceptIndex += 1;
      if (point === pointNumber && conceptIndex === concept) return index;
      continue;
    }
    break;
  }
  return `${item.id}: no concept ${concept} of ${pointId} in ${item.source.file}`;
}

function aliasesOf(line: string): string[] {
  return line.replace(NESTED_BULLET, "").split("|").map((alias) => alias.trim().toLowerCase());
}

/**
 * The patch adding `aliases` to the content. `files`: each source file's path (as in the items'
 * `source.file`) and text; `displayPath` names a file in the patch (default: as given).
 */
export function aliasSuggestionPatch(
  files: ReadonlyMap<string, string>,
  items: readonly QuizItem[],
  aliases: readonly AcceptedAlias[],
  displayPath: (file: string) => string = (file) => file,
): AliasSuggestions {
  const byId = new Map(items.map((item) => [item.id, item]));
  const unplaced: AliasSuggestions["unplaced"] = [];
  const alreadyPresent: AcceptedAlias[] = [];
  // file → line index → the new line and what was added to it
  const edits = new Map<string, Map<number, { text: string; added: AcceptedAlias[] }>>();
  const linesOf = new Map<string, string[]>();

  for (const alias of aliases) {
    const item = byId.get(alias.itemId);
    if (!item) {
      unplaced.push({ alias, reason: `${alias.itemId} is not in the content (an imported deck's card, or retired)` });
      continue;
    }
    const text = files.get(item.source.file);
    if (text === undefined) {
      unplaced.push({ alias, reason: `${item.source.file} could not be read` });
      continue;
    }
    let lines = linesOf.get(item.source.file);
    if (!lines) {
      // A final newline ends the last line; it does not start another.
      lines = (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
      linesOf.set(item.source.file, lines);
    }
    const found = conceptLine(lines, item, alias.pointId, alias.concept);
    if (typeof found === "string") {
      unplaced.push({ alias, reason: found });
      continue;
    }
    const fileEdits = edits.get(item.source.file) ?? new Map<number, { text: string; added: AcceptedAlias[] }>();
    edits.set(item.source.file, fileEdits);
    const current = fileEdits.get(found) ?? { text: lines[found] ?? "", added: [] };
    const clean = alias.alias.replaceAll("|", "/").replace(/\s+/g, " ").trim();
    if (clean.length === 0 || aliasesOf(current.text).includes(clean.toLowerCase())) {
      alreadyPresent.push(alias);
      continue;
    }
    fileEdits.set(found, { text: `${current.text.trimEnd()}${ALIAS_SEPARATOR}${clean}`, added: [...current.added, alias] });
  }

  const out: string[] = [];
  for (const file of [...edits.keys()].sort()) {
    const fileEdits = edits.get(file);
    const lines = linesOf.get(file);
    if (!fileEdits || !lines || fileEdits.size === 0) continue;
    const path = displayPath(file);
    out.push(`--- a/${path}`, `+++ b/${path}`);
    const changed = [...fileEdits.keys()].sort((a, b) => a - b);
    // Changes whose context overlaps share a hunk.
    const groups: number[][] = [];
    for (const line of changed) {
      const last = groups.at(-1);
      if (last && line - (last.at(-1) ?? line) <= 2 * CONTEXT_LINES) last.push(line);
      else groups.push([line]);
    }
    for (const group of groups) {
      const from = Math.max(0, (group[0] ?? 0) - CONTEXT_LINES);
      const to = Math.min(lines.length - 1, (group.at(-1) ?? 0) + CONTEXT_LINES);
      const count = to - from + 1;
      const notes = group.flatMap((line) => (fileEdits.get(line)?.added ?? []).map((alias) => {
        const where = alias.serverId ? ` (server ${alias.serverId})` : "";
        return `${alias.itemId} ${alias.pointId}.${alias.concept} + ${alias.alias.replace(/\s+/g, " ")}${where}`;
      }));
      out.push(`@@ -${from + 1},${count} +${from + 1},${count} @@ ${notes.join("; ")}`);
      for (let index = from; index <= to; index++) {
        const edit = fileEdits.get(index);
        if (edit) out.push(`-${lines[index] ?? ""}`, `+${edit.text}`);
        else out.push(` ${lines[index] ?? ""}`);
      }
    }
  }
  return { patch: out.length > 0 ? `${out.join("\n")}\n` : "", unplaced, alreadyPresent };
}
