// Presenters: view models from @recall/study in, discord.js-ready JSON out. Pure functions.
export * from "./payload.ts";
export * from "./discord-limits.ts";
export * from "./split-text.ts";
export * from "./fit-embeds.ts";
export * from "./safe-text.ts";
export * from "./components.ts";
export * from "./daily-quiz-post.ts";
export * from "./answer-modal.ts";
export * from "./answer-result.ts";
export * from "./hint.ts";
export * from "./reveal-post.ts";
export * from "./review-prompt.ts";
export * from "./settings.ts";
export * from "./group-status.ts";
export * from "./leaderboard.ts";
export * from "./weak-follow-ups.ts";
export * from "./my-data.ts";
