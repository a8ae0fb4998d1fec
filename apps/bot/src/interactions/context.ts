// What every handler receives: the domain service, a logger, the clock, and the bits of
// runtime shared across interactions. Handlers are plain functions of (interaction, context).
import type { Logger } from "pino";
import type { Client } from "discord.js";
import type { StudyService } from "@recall/study";
import type { AnswerCountUpdater } from "../jobs/answer-count.ts";
import type { WorkLimiter } from "./work-limiter.ts";

export interface BotContext {
  study: StudyService;
  logger: Logger;
  clock: () => Date;
  client: Client;
  answerCounts: AnswerCountUpdater;
  /** Database work after an acknowledgement goes through here (see work-limiter.ts). */
  work: WorkLimiter;
}
