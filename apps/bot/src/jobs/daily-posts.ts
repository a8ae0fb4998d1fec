// The daily cycle of every study group: reveal the quizzes whose time is up, post the ones that
// are due, and on the first day of a group's week its weekly summary. All state lives in the database (claims with a unique group + local date), so a
// restart, a second bot process or a missed tick can neither skip nor double a post: a post
// missed while the bot was down goes out on the first tick after it comes back that local day.
import type { Client } from "discord.js";
import type { Logger } from "pino";
import type { DuePost, PostedQuiz, StudyService } from "@recall/study";
import { localeFor } from "../i18n/index.ts";
import { renderDailyQuizPost, renderRevealPost, renderWeeklySummary } from "../presenters/index.ts";
import type { AnswerCountUpdater } from "./answer-count.ts";
import { editChannelMessage, sendChannelMessage } from "./channel-messages.ts";

export interface DailyPostsDeps {
  client: Client;
  study: StudyService;
  logger: Logger;
  answerCounts: AnswerCountUpdater;
  /** Whether this process posts for a guild: the guilds of its own shards (default: every guild). */
  ownsGuild?: (guildId: string) => boolean;
}

/** Groups posted at once: enough to keep the paced channel requests busy while claims round-trip. */
const FAN_OUT_WIDTH = 8;

/** Claims and sends one group's post; null when another process (or an earlier run) has it. */
export async function publishDailyQuiz(deps: DailyPostsDeps, due: DuePost): Promise<PostedQuiz | null> {
  const quiz = await deps.study.claimDailyQuiz(due);
  if (!quiz) return null;
  const messageId = await sendChannelMessage(deps.client, due.channelId, renderDailyQuizPost(quiz, localeFor(due.locale)));
  await deps.study.markPosted(quiz.postId, messageId);
  deps.logger.info({ groupId: due.groupId, postId: quiz.postId, localDate: due.localDate }, "daily quiz posted");
  return { postId: quiz.postId, channelId: due.channelId, messageId, locale: due.locale };
}

async function revealDailyQuiz(deps: DailyPostsDeps, closing: PostedQuiz): Promise<void> {
  const reveal = await deps.study.closeDailyQuiz(closing.postId);
  if (!reveal) return;
  // A pending answer-count edit must not land after the closing edit and re-open the buttons.
  await deps.answerCounts.flush();
  const quiz = await deps.study.dailyQuiz(closing.postId);
  const locale = localeFor(closing.locale);
  for (const payload of renderRevealPost(reveal, locale)) {
    await sendChannelMessage(deps.client, closing.channelId, payload);
  }
  if (quiz && closing.messageId) {
    await editChannelMessage(deps.client, closing.channelId, closing.messageId, renderDailyQuizPost(quiz, locale, { closed: true }));
  }
  deps.logger.info({ postId: closing.postId }, "daily quiz revealed");
}

/** One pass of the daily cycle. Each group is handled on its own: one failure does not stop the rest. */
export async function runDailyCycle(deps: DailyPostsDeps): Promise<void> {
  for (const closing of await deps.study.postsToClose()) {
    await revealDailyQuiz(deps, closing).catch((error: unknown) =>
      deps.logger.error({ err: error, postId: closing.postId }, "reveal failed; retried next tick"),
    );
  }
  const owned = deps.ownsGuild ?? (() => true);
  const due = (await deps.study.duePosts()).filter((post) => owned(post.serverId));
  await forEachConcurrently(due, FAN_OUT_WIDTH, (post) =>
    publishDailyQuiz(deps, post).then(
      () => undefined,
      (error: unknown) => deps.logger.error({ err: error, groupId: post.groupId }, "daily post failed; retried once its claim is stale"),
    ),
  );
  for (const summary of await deps.study.claimWeeklySummaries()) {
    await sendChannelMessage(deps.client, summary.channelId, renderWeeklySummary(summary, localeFor(summary.locale)))
      .then((messageId) => deps.study.markWeeklySummaryPosted(summary.summaryId, messageId))
      .catch((error: unknown) =>
        deps.logger.error({ err: error, groupId: summary.groupId }, "weekly summary failed; retried once its claim is stale"),
      );
  }
}

/** Runs `task` over `items`, at most `width` at a time, in order of start. */
async function forEachConcurrently<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
