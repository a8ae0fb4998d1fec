// The leaderboard formula, shared by the query and by the rollup recordAnswer keeps.

/**
 * Points reward quality and consistency, not volume. For each local day in the period on which a
 * member gave at least one graded answer:
 *
 *   quizPerScore × (sum of daily-quiz scores, each 0–1)
 * + min(reviewPerScore × (sum of review and drill scores), reviewCapPerDay)
 * + streakPerDay × min(streak length on that day, streakMaxDays)
 *
 * summed over the days and rounded to an integer. Ties: more daily-quiz points, then more active
 * days, then the member who joined first (lower member id).
 */
export const LEADERBOARD_POINTS = {
  quizPerScore: 100,
  reviewPerScore: 10,
  reviewCapPerDay: 30,
  streakPerDay: 5,
  streakMaxDays: 7,
} as const;
