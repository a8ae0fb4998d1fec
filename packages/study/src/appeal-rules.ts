// The rules of appeals as pure functions: when a member may appeal, and which words of an answer
// most likely stood for a key point the grader missed (the admin's starting point for an alias).
import type { QuizItem } from "@recall/content";
import { normalizeTerm } from "@recall/grader";

/** A member may appeal an answer this long after it was graded. */
export const APPEAL_WINDOW_MS = 24 * 60 * 60_000;
/** Per member and server: appeals waiting for a decision at once. */
export const MAX_PENDING_APPEALS = 3;
/** Per member and server: appeals filed in any rolling 24 hours. */
export const MAX_APPEALS_PER_DAY = 10;
export const MAX_APPEAL_NOTE_LENGTH = 500;
export const MAX_REJECT_REASON_LENGTH = 500;
/** An alias guess is cut to what the grader accepts as an alias. */
export const MAX_ALIAS_GUESS_LENGTH = 40;

export type AppealLimit =
  | { ok: true }
  | { ok: false; reason: "too-many-pending"; max: number }
  | { ok: false; reason: "too-many-today"; max: number; until: string };

/** Whether one more appeal fits the member's limits, given their pending count and recent filing times (oldest first). */
export function appealLimit(load: { pending: number; recent: readonly string[] }, now: Date): AppealLimit {
  if (load.pending >= MAX_PENDING_APPEALS) return { ok: false, reason: "too-many-pending", max: MAX_PENDING_APPEALS };
  const since = now.getTime() - APPEAL_WINDOW_MS;
  const recent = load.recent.filter((at) => Date.parse(at) > since);
  if (recent.length >= MAX_APPEALS_PER_DAY) {
    // The oldest appeal that keeps the member at the limit leaves the rolling day first.
    const oldest = recent[recent.length - MAX_APPEALS_PER_DAY] ?? recent[0] ?? now.toISOString();
    return { ok: false, reason: "too-many-today", max: MAX_APPEALS_PER_DAY, until: new Date(Date.parse(oldest) + APPEAL_WINDOW_MS).toISOString() };
  }
  return { ok: true };
}

export interface AliasGuess {
  pointId: string;
  /** 0-based concept of the point. */
  concept: number;
  /** The concept's label (first alias), to tell the admin what the words stand for. */
  label: string;
  /** The answer's words most like the point: a clause, cut to an alias's length. */
  guess: string;
}

// Splits on punctuation and line breaks: one character class, linear in the text.
const CLAUSE_BREAK = /[，。；;,.!?！？、\n\r：:（）()]+/u;

function bigrams(text: string): Set<string> {
  const chars = [...normalizeTerm(text).replaceAll(" ", "")];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(`${chars[i]}${chars[i + 1]}`);
  if (chars.length === 1 && chars[0] !== undefined) out.add(chars[0]);
  return out;
}

function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return (2 * shared) / (a.size + b.size);
}

/**
 * For each concept of the credited points that none of its aliases matches in the answer, the
 * clause most like the point (its text and that concept's aliases), preferring clauses that name
 * no concept at all. Concepts the answer already names need no alias and are left out. Linear in
 * the answer for each concept (substring checks and bigram sets, no backtracking).
 */
export function guessAliases(item: QuizItem, answer: string, pointIds: readonly string[]): AliasGuess[] {
  const clauses = answer.split(CLAUSE_BREAK).map((clause) => clause.trim()).filter((clause) => clause.length > 0);
  const normalizedAnswer = normalizeTerm(answer);
  const terms = item.keyPoints.flatMap((point) => point.concepts.flatMap((concept) => concept.aliases.map(normalizeTerm))).filter((term) => term.length > 0);
  // Words the grader already read as some concept are not the ones it missed: clauses naming no
  // concept of the item come first, and only when there are none does any clause compete.
  const unnamed = clauses.filter((clause) => {
    const normalized = normalizeTerm(clause);
    return !terms.some((term) => normalized.includes(term));
  });
  const candidates = unnamed.length > 0 ? unnamed : clauses;
  const guesses: AliasGuess[] = [];
  for (const point of item.keyPoints) {
    if (!pointIds.includes(point.id)) continue;
    point.concepts.forEach((concept, index) => {
      const named = concept.aliases.some((alias) => {
        const term = normalizeTerm(alias);
        return term.length > 0 && normalizedAnswer.includes(term);
      });
      if (named) return;
      const target = bigrams(`${point.text}${concept.aliases.join("")}`);
      // The clause most like the point; when none shares anything with it, the one clause that
      // names no concept at all (the member's own wording), else nothing: the admin types it.
      let best = unnamed.length === 1 ? (unnamed[0] ?? "") : "";
      let bestScore = 0;
      for (const clause of candidates) {
        const score = dice(bigrams(clause), target);
        if (score > bestScore) {
          best = clause;
          bestScore = score;
        }
      }
      guesses.push({ pointId: point.id, concept: index, label: concept.aliases[0] ?? "", guess: [...best].slice(0, MAX_ALIAS_GUESS_LENGTH).join("") });
    });
  }
  return guesses;
}
