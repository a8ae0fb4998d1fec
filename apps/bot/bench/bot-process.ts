// The bot's own process in the benchmark: started by bot-process-client.ts with
// `node --import tsx bench/bot-process.ts` and an IPC channel, it runs either the real bot
// (database, study and createBot exactly as production wires them, the clock injected) or the
// trivial discord.js client of the baseline, against the local Discord of the parent process.
// Discord is remote in production, so its CPU must not share a thread with the bot here either.
// The messages are in bot-protocol.ts. The bot's modules are imported only in its mode, so the
// trivial client starts in a second rather than several.
import { Client, Events, GatewayIntentBits, MessageFlags } from "discord.js";
import type { TestClock } from "../test/harness.ts";
import { describeError, isParentMessage, type BotCommand, type BotProcessConfig, type ChildMessage, type ProcessUsage } from "./bot-protocol.ts";
import { countGlobalLimitWaits } from "./global-limit-waits.ts";
import { restSettings } from "../src/rest-settings.ts";

interface Running {
  clock: TestClock | null;
  usage(): ProcessUsage;
  runDailyCycle(): Promise<void>;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

function usageOf(globalLimitWaits: () => number): () => ProcessUsage {
  return () => {
    const cpu = process.cpuUsage();
    return { cpuMs: (cpu.user + cpu.system) / 1000, globalLimitWaits: globalLimitWaits() };
  };
}

async function startRecall(config: Extract<BotProcessConfig, { kind: "recall" }>): Promise<Running> {
  const [{ pino }, { createDatabase }, { createStudy }, { createBot }, { TestClock, contentItems }] = await Promise.all([
    import("pino"),
    import("@recall/db"),
    import("@recall/study"),
    import("../src/bot.ts"),
    import("../test/harness.ts"),
  ]);
  const clock = new TestClock(config.clockMs);
  const items = await contentItems();
  const database = await createDatabase({ url: config.databaseUrl });
  try {
    const study = createStudy({ db: database.db, items, clock: clock.now });
    const bot = createBot({
      token: config.token,
      study,
      logger: pino({ level: config.logLevel }),
      clock: clock.now,
      apiBase: config.apiBase,
      tickMs: 0,
      ...(config.shards ? { shards: config.shards } : {}),
    });
    const globalLimitWaits = countGlobalLimitWaits(bot.client);
    await bot.start();
    return {
      clock,
      usage: usageOf(globalLimitWaits),
      runDailyCycle: () => bot.runDailyCycle(),
      idle: () => bot.idle(),
      async stop() {
        try {
          await bot.stop();
        } finally {
          await database.close();
        }
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** Defers privately and edits the reply, the same two calls the bot makes for an answer. */
async function startTrivial(config: Extract<BotProcessConfig, { kind: "trivial" }>): Promise<Running> {
  // The bot's own REST settings (raised client-side global limit, bounded keep-alive pool), so the
  // baseline differs from the bot only by what the bot does.
  const rest = restSettings(config.apiBase);
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: rest.rest });
  const globalLimitWaits = countGlobalLimitWaits(client);
  const inFlight = new Set<Promise<void>>();
  client.on(Events.InteractionCreate, (interaction) => {
    if (!interaction.isRepliable()) return;
    const work = (async () => {
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      await interaction.editReply({ content: "ok" });
    })().catch((error: unknown) => {
      console.error("the trivial bot failed to answer:", error);
    });
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  });
  try {
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(config.token);
    await ready;
  } catch (error) {
    await client.destroy();
    throw error;
  }
  return {
    clock: null,
    usage: usageOf(globalLimitWaits),
    runDailyCycle: () => Promise.reject(new Error("the trivial client has no daily cycle")),
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    async stop() {
      await client.destroy();
      await rest.close();
    },
  };
}

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) {
      reject(new Error("bot-process.ts needs an IPC channel (start it with child_process.fork)"));
      return;
    }
    process.send(message, undefined, {}, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}

let exiting = false;
/** Reports a failure outside any request to the parent, then exits. */
function fail(error: unknown): void {
  if (exiting) return;
  exiting = true;
  const message = describeError(error);
  setTimeout(() => process.exit(1), 2_000);
  send({ type: "fatal", message })
    .catch(() => process.stderr.write(`bot process: ${message}\n`))
    .finally(() => process.exit(1));
}

process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);
// The parent is gone (it exited or crashed): nothing is left to answer.
process.on("disconnect", () => process.exit(exiting ? 1 : 0));

let running: Running | null = null;

async function handle(id: number, command: BotCommand, clockMs: number): Promise<void> {
  if (!running) {
    await send({ type: "reply", id, ok: false, message: `${command} before the bot was started` });
    return;
  }
  if (running.clock) running.clock.ms = clockMs;
  try {
    if (command === "runDailyCycle") await running.runDailyCycle();
    else if (command === "idle") await running.idle();
    else if (command === "stop") await running.stop();
  } catch (error) {
    await send({ type: "reply", id, ok: false, message: describeError(error) });
    return;
  }
  await send({ type: "reply", id, ok: true, usage: running.usage() });
  if (command === "stop") {
    exiting = true;
    process.exit(0);
  }
}

process.on("message", (message: unknown) => {
  if (!isParentMessage(message)) return;
  if (message.type === "start") {
    if (running) return fail(new Error("started twice"));
    const { config } = message;
    void (config.kind === "recall" ? startRecall(config) : startTrivial(config))
      .then(async (started) => {
        running = started;
        await send({ type: "ready", usage: started.usage() });
      })
      .catch(fail);
    return;
  }
  handle(message.id, message.command, message.clockMs).catch(fail);
});
