// What a benchmark scenario is: something the bot answers, measured from each INTERACTION_CREATE
// to its first callback and to its final reply, next to a trivial client answering the same
// interactions in the same run. run.ts prints every scenario the same way.
import type { QuizItem } from "@recall/content";
import type { InteractionHandle, ReplyRecord } from "@recall/discord-fake";
import type { BotMeter } from "./bot-process-client.ts";
import type { ProcessUsage } from "./bot-protocol.ts";
import { WAIT_TIMEOUT_MS } from "./recall-on-discord.ts";

/**
 * Issue targets, for every interaction path, as ratios to the trivial client measured in the same
 * run: absolute milliseconds depend on the machine and its load more than on the bot (on a shared
 * two-core machine discord.js alone is above 100 ms for a burst), the ratio shows what the bot adds.
 * Discord itself allows 3,000 ms to acknowledge, checked in real time by the scenarios.
 */
export const TARGETS = { firstCallbackP99Ratio: 1.2, finalReplyP99Ratio: 2.5, cpuPerInteractionRatio: 2.0 } as const;
export const DISCORD_ACK_WINDOW_MS = 3_000;

/**
 * A scenario whose work is the database's, not discord.js's, is judged in milliseconds instead: the
 * trivial client runs no query, so a ratio to it says nothing (the ratios are still printed).
 */
export interface AbsoluteTargets {
  firstCallbackP99Ms: number;
  finalReplyP99Ms: number;
  /** Where the targets come from, printed beside them. */
  source: string;
}

export interface LatencySeries {
  /** INTERACTION_CREATE → first callback (defer, modal or message), ms. */
  firstCallbackMs: number[];
  /** INTERACTION_CREATE → the reply the member reads (callback message or edit of @original), ms. */
  finalReplyMs: number[];
  /** CPU time of the bot's own process (or the baseline client's) from the dispatch to the last reply. */
  botCpuMs: number;
  /** CPU time of this process (the local Discord and the measurement) meanwhile. */
  localCpuMs: number;
  /** Requests the bot's discord.js client held for its client-side global limit meanwhile. */
  globalLimitWaits: number;
}

export interface Check {
  description: string;
  ok: boolean;
  detail?: string;
}

export interface ScenarioResult {
  /** One line: what was measured. */
  title: string;
  measured: LatencySeries;
  baseline: LatencySeries;
  /** Extra figures worth a line each (e.g. the click that opens the modal). */
  notes: string[];
  checks: Check[];
}

export interface BenchContext {
  items: readonly QuizItem[];
  logLevel: string;
  /** Drops and creates the named database; returns its URL. */
  freshDatabase(name: string): Promise<string>;
  /** Progress lines while a scenario runs. */
  progress(line: string): void;
}

export interface Scenario {
  name: string;
  /** Absent: the ratio TARGETS. */
  absoluteTargets?: AbsoluteTargets;
  run(context: BenchContext): Promise<ScenarioResult>;
}

/** The first visible reply: the edit of a deferred reply, or a message sent as the callback. */
export function isFinalReply(reply: ReplyRecord): boolean {
  return reply.kind === "edit-original" || reply.kind === "callback";
}

/** Where a measurement starts: the bot process's counters and this process's CPU. */
async function startMeter(bot: BotMeter): Promise<{ bot: ProcessUsage; local: NodeJS.CpuUsage }> {
  const botBefore = await bot.usage();
  return { bot: botBefore, local: process.cpuUsage() };
}

async function stopMeter(bot: BotMeter, before: { bot: ProcessUsage; local: NodeJS.CpuUsage }): Promise<Pick<LatencySeries, "botCpuMs" | "localCpuMs" | "globalLimitWaits">> {
  const local = process.cpuUsage(before.local);
  const botAfter = await bot.usage();
  return {
    botCpuMs: botAfter.cpuMs - before.bot.cpuMs,
    localCpuMs: (local.user + local.system) / 1000,
    globalLimitWaits: botAfter.globalLimitWaits - before.bot.globalLimitWaits,
  };
}

/** Dispatches a burst and waits for every first callback and final reply. */
export async function measureBurst(
  dispatch: () => InteractionHandle[],
  bot: BotMeter,
): Promise<{ series: LatencySeries; replies: ReplyRecord[] }> {
  const before = await startMeter(bot);
  const handles = dispatch();
  const firsts = await bot.whileRunning(Promise.all(handles.map((handle) => handle.firstResponse({ timeoutMs: WAIT_TIMEOUT_MS }))));
  const replies = await bot.whileRunning(Promise.all(handles.map((handle) => handle.waitForReply(isFinalReply, { timeoutMs: WAIT_TIMEOUT_MS }))));
  return {
    series: {
      firstCallbackMs: firsts.map((first) => first.latencyMs),
      finalReplyMs: replies.map((reply) => reply.latencyMs),
      ...(await stopMeter(bot, before)),
    },
    replies,
  };
}

/** Counts REST calls by what they are, e.g. "200 callback, 200 PATCH @original, 4 PATCH /channels/:id/messages/:id". */
export function restCallsByKind(requests: readonly { method: string; path: string }[]): string {
  const kinds = new Map<string, number>();
  for (const request of requests) {
    const path = request.path.replace(/^\/api\/v\d+/, "");
    const kind = path.includes("/callback")
      ? "callback"
      : path.includes("/messages/@original")
        ? `${request.method} @original`
        : path.startsWith("/webhooks/")
          ? `${request.method} followup`
          : `${request.method} ${path.replace(/\d{17,19}/g, ":id")}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].map(([kind, count]) => `${count} ${kind}`).join(", ");
}

/** Dispatches interactions one at a time, each after the previous one's final reply. */
export async function measureOneByOne(
  dispatchers: readonly (() => InteractionHandle)[],
  bot: BotMeter,
): Promise<{ series: LatencySeries; replies: ReplyRecord[] }> {
  const before = await startMeter(bot);
  const firstCallbackMs: number[] = [];
  const finalReplyMs: number[] = [];
  const replies: ReplyRecord[] = [];
  for (const dispatch of dispatchers) {
    const handle = dispatch();
    firstCallbackMs.push((await bot.whileRunning(handle.firstResponse({ timeoutMs: WAIT_TIMEOUT_MS }))).latencyMs);
    const reply = await bot.whileRunning(handle.waitForReply(isFinalReply, { timeoutMs: WAIT_TIMEOUT_MS }));
    finalReplyMs.push(reply.latencyMs);
    replies.push(reply);
  }
  return {
    series: { firstCallbackMs, finalReplyMs, ...(await stopMeter(bot, before)) },
    replies,
  };
}
