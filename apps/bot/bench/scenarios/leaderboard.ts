// Issue 7: `/leaderboard` in a 10,000-member group on PostgreSQL, same targets as the answer path.
//
// TODO(leaderboard): the command is not in src/commands yet. When it is, make this scenario run:
//  1. context.freshDatabase("recall_bot_bench_leaderboard"), then seed 10,000 members in one
//     group with some weeks of activity (server-side INSERT … SELECT generate_series, as
//     packages/db/bench/run.ts does, so seeding takes seconds, not minutes);
//  2. startRecallOnDiscord(...) and dispatch `fake.slashCommand({ name: "leaderboard",
//     options: { scope: "group", period: "week" }, … })` for, say, 200 distinct members in one
//     burst (and a page button click), measured with measureBurst(() => handles);
//  3. baseline: startTrivialBot answering the same slash commands, as answer-burst.ts does;
//  4. checks: each reply ranks the seeded members (first page, deterministic order), no rejections.
// Then list it in SCENARIOS in run.ts; `pnpm bench leaderboard` runs it alone.
import type { Scenario } from "../scenario.ts";

export const LEADERBOARD_MEMBERS = 10_000;

/** Null until /leaderboard exists: run.ts prints that it was skipped. */
export const leaderboardScenario: Scenario | null = null;
