// The running bot: a discord.js client on the gateway, the interaction dispatcher, and the
// timer that wakes the daily posts and reveals at their due times. Everything it needs comes in as arguments, so the
// same code runs in production and against the local Discord in tests and benchmarks.
import { Client, Events, GatewayIntentBits, Routes, Status, type Interaction } from "discord.js";
import type { Logger } from "pino";
import type { StudyService } from "@recall/study";
import { commandDefinitions } from "./commands/definitions.ts";
import type { BotContext } from "./interactions/context.ts";
import { dispatchInteraction } from "./interactions/dispatch.ts";
import { createWorkLimiter, type WorkLimiter } from "./interactions/work-limiter.ts";
import { CLAIM_BUDGET_MS, claimWithin, createRecentIds } from "./interactions/once-per-id.ts";
import { createAnswerCountUpdater } from "./jobs/answer-count.ts";
import { paceChannelRequests } from "./jobs/channel-messages.ts";
import { runDailyCycle } from "./jobs/daily-posts.ts";
import { withSafeErrors } from "./logging.ts";
import { channelRequestsPerSecond, createRequestPacer } from "./jobs/request-pacer.ts";
import { startFsrsFits, type FsrsFitLoop, type FsrsFitSchedule } from "./jobs/fsrs-fits.ts";
import { restSettings } from "./rest-settings.ts";
import { shardOfGuild } from "./sharding.ts";

export interface BotOptions {
  token: string;
  study: StudyService;
  logger: Logger;
  clock?: () => Date;
  /** REST base URL (`…/api`); the gateway URL follows from it. Default: Discord's. */
  apiBase?: string;
  /** Register commands in one server (instant) instead of globally. */
  devGuildId?: string;
  /**
   * The daily cycle wakes at its next due time; this is its longest sleep (default 5 minutes), a
   * safety net for changes it cannot see (another process's setup, a clock jump). 0 turns the
   * timer off (tests drive the cycle by hand).
   */
  tickMs?: number;
  /** Debounce of the daily post's answer-count edits. */
  answerCountDebounceMs?: number;
  /** Acknowledged interactions doing database work at once while others wait for their acknowledgement (default 1: acknowledgements first). */
  workConcurrency?: number;
  /** The same once every interaction received is acknowledged (default WIDE_WORK). */
  wideWorkConcurrency?: number;
  /** The shards this process runs (default: shard 0 of 1, the whole bot). */
  shards?: { ids: number[]; count: number };
  /** Personal FSRS fits in the background; left out, this process runs none. */
  fsrsFits?: FsrsFitSchedule;
  /** Interaction ids remembered to ignore a repeated delivery (default 10,000). */
  recentIdsKept?: number;
  /** How long stop() waits for answers in flight before closing anyway (default 10 s). */
  shutdownGraceMs?: number;
}

export interface Bot {
  client: Client;
  /** Log in, register commands, run one daily cycle (catching up on missed posts), then wake at each due time. */
  start(): Promise<void>;
  /** One pass of the daily cycle now. */
  runDailyCycle(): Promise<void>;
  /** Wait for every interaction in flight and pending edits (tests, shutdown). */
  idle(): Promise<void>;
  /** True while connected to the gateway (health checks). */
  connected(): boolean;
  stop(): Promise<void>;
}

/** How soon the cycle runs again when work is still overdue after a pass (a failed send, nothing left to ask). */
const OVERDUE_RETRY_MS = 30_000;
/**
 * Answers doing their work at once when no acknowledgement is owed: about the size of a group of
 * answers the grouped statements should carry (a burst's answers then cost a few round trips).
 */
export const WIDE_WORK = 32;

export function createBot(options: BotOptions): Bot {
  const clock = options.clock ?? (() => new Date());
  const logger = withSafeErrors(options.logger);
  const rest = restSettings(options.apiBase);
  const shards = options.shards ?? { ids: [0], count: 1 };
  const ownedShards = new Set(shards.ids);
  const client = new Client({
    // Answers arrive through modals, names through interaction data: no privileged intents.
    intents: [GatewayIntentBits.Guilds],
    allowedMentions: { parse: [] },
    rest: rest.rest,
    // Given explicitly, so that discord.js does not read SHARDS / SHARD_COUNT from the environment
    // itself: the env module has validated them (and SHARD_COUNT may be "auto" there).
    shards: shards.ids,
    shardCount: shards.count,
  });
  paceChannelRequests(client, createRequestPacer(channelRequestsPerSecond(shards.ids, shards.count)));
  const answerCounts = createAnswerCountUpdater({
    client,
    study: options.study,
    logger,
    debounceMs: options.answerCountDebounceMs ?? 2_000,
  });
  // Interactions received and not yet acknowledged: while there are any, answers do their work
  // one at a time (acknowledgements first); once none, WIDE_WORK at a time, so the answer path's
  // grouped statements carry many answers each.
  let unacknowledged = 0;
  const work = createWorkLimiter({ narrow: options.workConcurrency ?? 1, wide: options.wideWorkConcurrency ?? WIDE_WORK, acknowledging: () => unacknowledged > 0 });
  const ctx: BotContext = { study: options.study, logger, clock, client, answerCounts, work };
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let scheduling = false;
  let cycle: Promise<void> | null = null;
  let fsrsFits: FsrsFitLoop | null = null;

  function track(work: Promise<void>): void {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  const recentIds = createRecentIds(options.recentIdsKept ?? 10_000);
  let accepting = true;

  /** Once per id: in this process by the recent-ids set, across processes by the database claim. */
  async function handle(interaction: Interaction): Promise<void> {
    if (!interaction.isRepliable() && !interaction.isAutocomplete()) return;
    if (!recentIds.firstTime(interaction.id)) {
      logger.info({ interactionId: interaction.id }, "repeated interaction ignored");
      return;
    }
    // Handlers acknowledge before they ask for a work slot, so asking for one ends the wait.
    unacknowledged += 1;
    let owed = true;
    const acknowledged = (): void => {
      if (!owed) return;
      owed = false;
      unacknowledged -= 1;
      if (unacknowledged === 0) work.admit();
    };
    try {
      const claim = await claimWithin(() => options.study.claimInteraction(interaction.id), CLAIM_BUDGET_MS, (error) =>
        logger.warn({ err: error, interactionId: interaction.id }, "interaction claim failed"),
      );
      if (claim === "taken") {
        logger.info({ interactionId: interaction.id }, "interaction answered by another process");
        return;
      }
      const slots: WorkLimiter = {
        run: (task) => {
          acknowledged();
          return work.run(task);
        },
      };
      await dispatchInteraction(interaction, { ...ctx, work: slots });
    } finally {
      acknowledged();
    }
  }

  client.on(Events.InteractionCreate, (interaction: Interaction) => {
    // Shutting down: another process (or Discord's retry to a restarted one) answers it.
    if (!accepting) return;
    const handled = handle(interaction).catch((error: unknown) =>
      logger.error({ err: error, interactionId: interaction.id }, "interaction dispatch failed"),
    );
    // /quiz may have set up, moved, paused or resumed a group of this process's guilds.
    track(interaction.isChatInputCommand() && interaction.commandName === "quiz" ? handled.then(() => scheduleCycle("change")) : handled);
  });
  client.on(Events.Error, (error) => logger.error({ err: error }, "discord client error"));

  function runCycle(): Promise<void> {
    // Never two cycles at once in one process; across processes the database claims decide.
    cycle ??= runDailyCycle({ ...ctx, ownsGuild: (guildId) => ownedShards.has(shardOfGuild(guildId, shards.count)) })
      .catch((error: unknown) => logger.error({ err: error }, "daily cycle failed"))
      .finally(() => {
        cycle = null;
      });
    return cycle;
  }

  const safetyTickMs = options.tickMs ?? 5 * 60_000;

  /**
   * Sleeps until the cycle's next due time (at most the safety tick), runs it, and again. After a
   * change (a /quiz command) overdue work runs at once; after a pass it means a send failed or
   * cannot be done yet, so it waits OVERDUE_RETRY_MS instead of spinning.
   */
  async function scheduleCycle(after: "pass" | "change"): Promise<void> {
    if (!scheduling) return;
    let delayMs = safetyTickMs;
    try {
      const next = await options.study.nextDailyEventAt();
      if (next !== null) {
        const untilDue = Date.parse(next) - clock().getTime();
        delayMs = Math.min(safetyTickMs, untilDue > 0 ? untilDue : after === "change" ? 0 : OVERDUE_RETRY_MS);
      }
    } catch (error) {
      options.logger.error({ err: error }, "could not read the next daily time; trying again at the safety tick");
    }
    if (!scheduling) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void runCycle().then(() => scheduleCycle("pass"));
    }, delayMs);
  }

  async function registerCommands(): Promise<void> {
    const applicationId = client.application?.id;
    if (!applicationId) throw new Error("the Discord application is unknown after login");
    const route = options.devGuildId
      ? Routes.applicationGuildCommands(applicationId, options.devGuildId)
      : Routes.applicationCommands(applicationId);
    await client.rest.put(route, { body: commandDefinitions });
  }

  return {
    client,
    async start() {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(options.token);
      await ready;
      // One process registers the commands (the one running shard 0): the others would only repeat it.
      if (ownedShards.has(0)) await registerCommands();
      logger.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, "connected to Discord");
      await runCycle();
      scheduling = safetyTickMs > 0;
      await scheduleCycle("pass");
      if (options.fsrsFits) fsrsFits = startFsrsFits(options.study, logger, options.fsrsFits);
    },
    runDailyCycle: runCycle,
    connected: () => client.ws.status === Status.Ready,
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
      await answerCounts.flush();
      if (cycle) await cycle;
    },
    async stop() {
      accepting = false;
      scheduling = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await fsrsFits?.stop();
      // Answers in flight finish (their write and reply), bounded so a stuck one cannot hold shutdown.
      const grace = options.shutdownGraceMs ?? 10_000;
      let graceTimer: NodeJS.Timeout | undefined;
      const deadline = new Promise<"late">((resolve) => {
        graceTimer = setTimeout(() => resolve("late"), grace);
      });
      const drained = (async () => {
        while (inFlight.size > 0) await Promise.all(inFlight);
        if (cycle) await cycle;
      })();
      if ((await Promise.race([drained, deadline])) === "late") {
        logger.warn({ inFlight: inFlight.size, graceMs: grace }, "stopping with interactions still in flight");
      }
      clearTimeout(graceTimer);
      await answerCounts.flush();
      answerCounts.stop();
      await client.destroy();
      await rest.close();
    },
  };
}
