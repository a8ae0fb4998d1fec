// Once per interaction id. Discord may deliver an INTERACTION_CREATE twice (a resumed gateway
// session, two processes on one bot), and a second acknowledgement is a 400 that counts towards
// Discord's invalid-request ban. A bounded set of recent ids stops repeats in this process; a claim
// in the database stops them across processes. The claim has a budget: if the database is slow,
// the interaction is answered anyway (a late 400 is better than a member left without an answer).

export interface RecentIds {
  /** True the first time an id is seen (among the last `capacity`). */
  firstTime(id: string): boolean;
}

export function createRecentIds(capacity: number): RecentIds {
  const seen = new Set<string>();
  return {
    firstTime(id) {
      if (seen.has(id)) return false;
      seen.add(id);
      // Sets iterate in insertion order: the first entry is the oldest.
      if (seen.size > capacity) seen.delete(seen.values().next().value as string);
      return true;
    },
  };
}

/** How long the database claim may take before the interaction is answered without it. */
export const CLAIM_BUDGET_MS = 750;

/** "mine", "taken" (another process has it) or "unknown" (no answer within the budget, or an error). */
export async function claimWithin(
  claim: () => Promise<boolean>,
  budgetMs: number,
  onLateError: (error: unknown) => void,
): Promise<"mine" | "taken" | "unknown"> {
  const attempt = claim().then((owned) => (owned ? ("mine" as const) : ("taken" as const)));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"unknown">((resolve) => {
    timer = setTimeout(() => resolve("unknown"), budgetMs);
  });
  try {
    return await Promise.race([attempt, late]);
  } catch (error) {
    onLateError(error);
    return "unknown";
  } finally {
    clearTimeout(timer);
    attempt.catch(onLateError);
  }
}
