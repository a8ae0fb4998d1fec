// Extra aliases for an item's key points that are not in the content: a server's accepted appeals
// ("the words I used mean the same"), passed to `grade` as plain data. An alias is checked before
// it is accepted, so that no overlay can make an off-topic answer or a bare list of terms pass.
import { createHash } from "node:crypto";
import type { QuizItem } from "@recall/content";
import { containsNegator } from "./negation.ts";
import { normalizeTerm } from "./normalize-text.ts";

/** One accepted alias: `alias` also names concept `concept` (0-based) of key point `pointId`. */
export interface AliasOverlayEntry {
  pointId: string;
  concept: number;
  alias: string;
}

export type AliasOverlay = readonly AliasOverlayEntry[];

/** Why an alias is refused; stable strings that callers may show or match on. */
export const ALIAS_REFUSALS = [
  "unknown-point",
  "too-short",
  "too-long",
  "negates",
  "off-topic-passes",
  "keyword-list-passes",
] as const;
export type AliasRefusal = (typeof ALIAS_REFUSALS)[number];

export type AliasCheck = { ok: true } | { ok: false; reason: AliasRefusal; message: string };

const MIN_ALIAS_LENGTH = 2;
const MAX_ALIAS_LENGTH = 40;

/** Answers on another subject: with the alias in them they must still be rated again. */
const OFF_TOPIC_PROBES = [
  "这种情况先重启服务，再看看日志，必要时加机器。",
  "我觉得关键看预算和人手，其他都好说。",
  "I would restart the service and check the logs first.",
];

/** The item with the overlay's aliases added to their concepts; the same item when there are none. */
export function withAliasOverlay(item: QuizItem, overlay: AliasOverlay): QuizItem {
  const entries = overlay.filter((entry) => item.keyPoints.some((point) => point.id === entry.pointId));
  if (entries.length === 0) return item;
  const keyPoints = item.keyPoints.map((point) => {
    const mine = entries.filter((entry) => entry.pointId === point.id);
    if (mine.length === 0) return point;
    return {
      ...point,
      concepts: point.concepts.map((concept, index) => {
        const added = mine.filter((entry) => entry.concept === index).map((entry) => entry.alias);
        return added.length === 0 ? concept : { ...concept, aliases: [...concept.aliases, ...added] };
      }),
    };
  });
  // The compiled-item cache keys on the content hash: an overlay is another version of the item.
  const signature = entries.map((entry) => `${entry.pointId}\u0000${entry.concept}\u0000${entry.alias}`).sort().join("\u0001");
  const overlayHash = createHash("sha256").update(signature).digest("hex").slice(0, 16);
  return { ...item, keyPoints, contentHash: `${item.contentHash}+${overlayHash}` };
}

/**
 * Whether `entry` may join the item's overlay (`existing` being the aliases already accepted for
 * it). `grade` is passed in so that this module does not depend on the grader's entry point.
 */
export function checkAlias(
  item: QuizItem,
  entry: AliasOverlayEntry,
  existing: AliasOverlay,
  gradeWith: (item: QuizItem, answer: string) => { suggestedRating: string },
): AliasCheck {
  const point = item.keyPoints.find((candidate) => candidate.id === entry.pointId);
  if (!point || !Number.isInteger(entry.concept) || entry.concept < 0 || entry.concept >= point.concepts.length) {
    return { ok: false, reason: "unknown-point", message: `${item.id} has no concept ${entry.concept} in key point ${entry.pointId}` };
  }
  const normalized = normalizeTerm(entry.alias);
  if (normalized.replaceAll(" ", "").length < MIN_ALIAS_LENGTH) {
    return { ok: false, reason: "too-short", message: `an alias needs at least ${MIN_ALIAS_LENGTH} characters` };
  }
  if ([...normalized].length > MAX_ALIAS_LENGTH) {
    return { ok: false, reason: "too-long", message: `an alias has at most ${MAX_ALIAS_LENGTH} characters` };
  }
  if (containsNegator(normalized)) {
    return { ok: false, reason: "negates", message: "an alias that negates would turn the point around" };
  }
  const overlaid = withAliasOverlay(item, [...existing, entry]);
  for (const probe of OFF_TOPIC_PROBES) {
    if (gradeWith(overlaid, `${probe}${entry.alias}。`).suggestedRating !== "again") {
      return { ok: false, reason: "off-topic-passes", message: "with this alias an off-topic answer would no longer be rated Again" };
    }
  }
  const labels = overlaid.keyPoints.flatMap((candidate) => candidate.concepts.map((concept) => concept.aliases[0] ?? ""));
  const list = [...labels, entry.alias].filter((term) => term.length > 0);
  for (const separator of [" ", "，"]) {
    const rating = gradeWith(overlaid, list.join(separator)).suggestedRating;
    if (rating === "good" || rating === "easy") {
      return { ok: false, reason: "keyword-list-passes", message: "with this alias a bare list of terms would be rated above Hard" };
    }
  }
  return { ok: true };
}
