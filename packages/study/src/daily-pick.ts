// Which main questions a study group gets today. Review comes before novelty: questions most of
// the group has due, then questions new to the group at a steady pace (P0 first), then the ones
// posted longest ago, so a small bank keeps cycling instead of running dry.
import type { PickCandidate } from "@recall/db";

const PRIORITY_RANK = { P0: 0, P1: 1, P2: 2 } as const;
/** A question posted to the group this recently is not re-posted as a "due" pick. */
const REPOST_GAP_DAYS = 3;

export function chooseDailyItems(candidates: readonly PickCandidate[], count: number, localDate: string): string[] {
  // A cloze gap of an imported deck stands on its own, like a main question.
  const mains = candidates.filter((c) => c.kind === "main" || c.kind === "cloze");
  const byPriority = (a: PickCandidate, b: PickCandidate) =>
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || a.itemId.localeCompare(b.itemId);

  const due = mains
    .filter((c) => c.dueMembers > 0 && daysBetween(c.lastPostedOn, localDate) >= REPOST_GAP_DAYS)
    .sort((a, b) => b.dueMembers - a.dueMembers || byPriority(a, b));
  const fresh = mains.filter((c) => c.lastPostedOn === null && c.dueMembers === 0).sort(byPriority);
  const oldest = mains
    .filter((c) => c.lastPostedOn !== null && c.lastPostedOn < localDate)
    .sort((a, b) => (a.lastPostedOn ?? "").localeCompare(b.lastPostedOn ?? "") || byPriority(a, b));

  const chosen: string[] = [];
  for (const candidate of [...due, ...fresh, ...oldest]) {
    if (chosen.length >= count) break;
    if (!chosen.includes(candidate.itemId)) chosen.push(candidate.itemId);
  }
  return chosen;
}

function daysBetween(from: string | null, to: string): number {
  if (from === null) return Number.POSITIVE_INFINITY;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
