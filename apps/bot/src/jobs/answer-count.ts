// Keeps each daily post's answer count current without an edit per answer: bursts of answers
// collapse into one edit per post per debounce window, well inside Discord's rate limits.
import type { Logger } from "pino";
import type { StudyService } from "@recall/study";
import { localeFor } from "../i18n/index.ts";
import { renderDailyQuizPost } from "../presenters/index.ts";
import { editChannelMessage } from "./channel-messages.ts";
import type { Client } from "discord.js";

export interface AnswerCountUpdater {
  /** A member answered the post: refresh its count soon. */
  bump(postId: string): void;
  /** Apply pending edits now (shutdown, tests). */
  flush(): Promise<void>;
  stop(): void;
}

export function createAnswerCountUpdater(options: {
  client: Client;
  study: StudyService;
  logger: Logger;
  debounceMs: number;
}): AnswerCountUpdater {
  const pending = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  async function refresh(postId: string): Promise<void> {
    const quiz = await options.study.dailyQuiz(postId);
    if (!quiz?.messageId) return;
    const post = renderDailyQuizPost(quiz, localeFor(quiz.locale), { closed: quiz.closed });
    await editChannelMessage(options.client, quiz.channelId, quiz.messageId, post);
  }

  function run(postId: string): void {
    pending.delete(postId);
    const work = refresh(postId)
      .catch((error: unknown) => options.logger.warn({ err: error, postId }, "could not update the answer count"))
      .finally(() => running.delete(work));
    running.add(work);
  }

  return {
    bump(postId) {
      if (pending.has(postId)) return;
      pending.set(postId, setTimeout(() => run(postId), options.debounceMs));
    },
    async flush() {
      for (const [postId, timer] of pending) {
        clearTimeout(timer);
        run(postId);
      }
      await Promise.all(running);
    },
    stop() {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
