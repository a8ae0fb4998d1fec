// The daily cycle of every study group: reveal the quizzes whose time is up, post the ones that
// are due, and on the first day of a group's week its weekly summary. All state lives in the database (claims with a unique group + local date), so a
// restart, a second bot process or a missed tick can neither skip nor double a post: a post
// missed while the bot was down goes out on the first tick after it comes back that local day.
// Each send carries a nonce, so a resend returns the message already created; a reveal is owed
// until it is out, and a channel that refuses the bot pauses its group with the reason.
import type { Client } from "discord.js";
import type { Logger } from "pino";
import type { DuePost, PostedQuiz, RevealView, StudyService } from "@recall/study";
import { decodeCustomId } from "../custom-ids.ts";
import { localeFor } from "../i18n/index.ts";
import { renderDailyQuizPost, renderRevealPost, renderWeeklySummary } from "../presenters/index.ts";
import type { AnswerCountUpdater } from "./answer-count.ts";
import { channelProblemOf, editChannelMessage, findRecentBotMessage, sendChannelMessage } from "./channel-messages.ts";

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

/** The post's channel refused it: the group is paused with the reason, and an admin is told how to fix it. */
export class ChannelProblemError extends Error {
  override readonly name = "ChannelProblemError";
  constructor(
    readonly reason: string,
    readonly channelId: string,
    options?: { cause?: unknown },
  ) {
    super(`the bot may not post in channel ${channelId}: ${reason}`, options);
  }
}

/** Nonces (at most 25 characters) that make a resend of the same message return the first one. */
const nonces = {
  dailyPost: (postId: string) => `p${postId}`,
  reveal: (postId: string, part: number) => `r${postId}.${part}`,
  weeklySummary: (summaryId: number) => `w${summaryId}`,
};

/** Claims and sends one group's post; null when another process (or an earlier run) has it. */
export async function publishDailyQuiz(deps: DailyPostsDeps, due: DuePost): Promise<PostedQuiz | null> {
  const quiz = await deps.study.claimDailyQuiz(due);
  if (!quiz) return null;
  try {
    // A claim taken over from a process that died may have been sent already: look before sending.
    const already = quiz.takenOver
      ? await findRecentBotMessage(deps.client, due.channelId, (raw) => {
          const id = decodeCustomId(raw);
          return id?.kind === "answer" && id.postId === quiz.postId;
        })
      : null;
    const messageId =
      already ?? (await sendChannelMessage(deps.client, due.channelId, renderDailyQuizPost(quiz, localeFor(due.locale)), nonces.dailyPost(quiz.postId)));
    await deps.study.markPosted(quiz.postId, messageId);
    deps.logger.info({ groupId: due.groupId, postId: quiz.postId, localDate: due.localDate, found: already !== null }, "daily quiz posted");
    return { postId: quiz.postId, channelId: due.channelId, messageId, locale: due.locale };
  } catch (error) {
    const problem = channelProblemOf(error);
    if (problem === null) throw error;
    // Retrying cannot help until someone fixes the channel: pause, say why in /quiz status.
    await deps.study.pauseForChannelProblem(due.groupId, problem);
    deps.logger.warn({ groupId: due.groupId, channelId: due.channelId, reason: problem }, "group paused: the bot may not post in its channel");
    throw new ChannelProblemError(problem, due.channelId, { cause: error });
  }
}

async function sendReveal(deps: DailyPostsDeps, closing: PostedQuiz, reveal: RevealView): Promise<void> {
  // A pending answer-count edit must not land after the closing edit and re-open the buttons.
  await deps.answerCounts.flush();
  const locale = localeFor(closing.locale);
  let part = 0;
  for (const payload of renderRevealPost(reveal, locale)) {
    await sendChannelMessage(deps.client, closing.channelId, payload, nonces.reveal(closing.postId, part++));
  }
  await deps.study.markRevealed(closing.postId);
  const quiz = await deps.study.dailyQuiz(closing.postId);
  if (quiz && closing.messageId) {
    await editChannelMessage(deps.client, closing.channelId, closing.messageId, renderDailyQuizPost(quiz, locale, { closed: true }));
  }
  deps.logger.info({ postId: closing.postId }, "daily quiz revealed");
}

async function revealDailyQuiz(deps: DailyPostsDeps, closing: PostedQuiz): Promise<void> {
  const reveal = await deps.study.closeDailyQuiz(closing.postId);
  if (reveal) await sendReveal(deps, closing, reveal);
}

/** One pass of the daily cycle. Each group is handled on its own: one failure does not stop the rest. */
export async function runDailyCycle(deps: DailyPostsDeps): Promise<void> {
  for (const closing of await deps.study.postsToClose()) {
    await revealDailyQuiz(deps, closing).catch((error: unknown) =>
      deps.logger.error({ err: error, postId: closing.postId }, "reveal failed; retried next tick"),
    );
  }
  // Reveals owed from an earlier failure (or a process that died while sending), once their claim is stale.
  for (const owed of await deps.study.revealsOwed()) {
    await deps.study
      .claimReveal(owed.postId)
      .then((reveal) => (reveal ? sendReveal(deps, owed, reveal) : undefined))
      .catch((error: unknown) => deps.logger.error({ err: error, postId: owed.postId }, "reveal retry failed; retried next tick"));
  }
  const owned = deps.ownsGuild ?? (() => true);
  const due = (await deps.study.duePosts()).filter((post) => owned(post.serverId));
  await forEachConcurrently(due, FAN_OUT_WIDTH, (post) =>
    publishDailyQuiz(deps, post).then(
      () => undefined,
      (error: unknown) => {
        // A channel the bot may not post in has already paused its group, with the reason.
        if (error instanceof ChannelProblemError) return;
        deps.logger.error({ err: error, groupId: post.groupId }, "daily post failed; retried once its claim is stale");
      },
    ),
  );
  for (const summary of await deps.study.claimWeeklySummaries()) {
    await sendChannelMessage(deps.client, summary.channelId, renderWeeklySummary(summary, localeFor(summary.locale)), nonces.weeklySummary(summary.summaryId))
      .then((messageId) => deps.study.markWeeklySummaryPosted(summary.summaryId, messageId))
      .catch((error: unknown) =>
        deps.logger.error({ err: error, groupId: summary.groupId }, "weekly summary failed; retried once its claim is stale"),
      );
  }
  await deps.study.pruneInteractionClaims().catch((error: unknown) => deps.logger.warn({ err: error }, "could not prune interaction claims"));
}

/** Runs `task` over `items`, at most `width` at a time, in order of start. */
async function forEachConcurrently<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
