// The study domain, wired to the database, the grader and the scheduler. Every decision a
// member or admin sees is made here; apps only translate their platform's events into calls.
// Each feature keeps its rules in a file of its own; this is where they are put together.
import type { QuizItem } from "@recall/content";
import * as db from "@recall/db";
import { grade, MAX_ANSWER_LENGTH } from "@recall/grader";
import { createAnswerFeatures, createAnswerRecorder } from "./answers.ts";
import { createAppealFeatures } from "./appeals.ts";
import { createStudyContext, type StudyOptions } from "./context.ts";
import { createDailyQuizFeatures, createPostedQuizzes } from "./daily-quizzes.ts";
import { createFsrsFitFeatures } from "./fsrs-fits.ts";
import { createDeckFeatures } from "./decks.ts";
import { createInteractionClaims } from "./interaction-claims.ts";
import { createInterviewFeatures } from "./interviews.ts";
import { createProgressFeatures } from "./progress.ts";
import { createReviewFeatures } from "./reviews.ts";
import { createSettingsFeatures } from "./settings.ts";
import type { ContentSyncReport, StudyService } from "./study-service.ts";

export { DEFAULT_OVERRIDE_WINDOW_MS, DEFAULT_STALE_CLAIM_MS, type StudyOptions } from "./context.ts";
export { MAX_QUESTIONS_PER_DAY } from "./settings.ts";

export function createStudy(options: StudyOptions): StudyService {
  const ctx = createStudyContext(options);
  const postedQuizzes = createPostedQuizzes(ctx);
  const recorder = createAnswerRecorder(ctx, postedQuizzes);
  return {
    items: ctx.items,
    async syncContent(): Promise<ContentSyncReport> {
      return db.syncItems(ctx.database, [...ctx.items.values()], ctx.clock());
    },
    prepareGrading(): number {
      // An item's first grading compiles its answer key (and the very first lets V8 optimise the
      // grader): up to half a second for a large item on a quiet machine, several on a busy one,
      // all of it blocking. Spent at start-up, it cannot push a member's first answer past
      // Discord's 3 s to acknowledge.
      for (const item of ctx.items.values()) grade(item, [...item.answer].slice(0, MAX_ANSWER_LENGTH).join(""));
      return ctx.items.size;
    },
    ...createSettingsFeatures(ctx),
    ...createDailyQuizFeatures(ctx, postedQuizzes),
    ...createAnswerFeatures(ctx, postedQuizzes, recorder),
    ...createReviewFeatures(ctx),
    ...createProgressFeatures(ctx),
    ...createFsrsFitFeatures(ctx),
    // The context's item map is a Map: imported decks join the bank in it.
    ...createDeckFeatures(ctx, ctx.items as Map<string, QuizItem>),
    ...createInteractionClaims(ctx),
    ...createInterviewFeatures(ctx, recorder),
    ...createAppealFeatures(ctx),
  };
}
