// A whole Recall bot against the local Discord: the real discord.js client, the real study
// domain and database (in-memory PGlite unless a database is passed), and a clock the test moves.
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import { loadBank, type QuizItem } from "@recall/content";
import { createDatabase, type OpenDatabase } from "@recall/db";
import { createStudy, type StudyService } from "@recall/study";
import { FakePermissions, startFakeDiscord, type FakeDiscord, type FakeGuildInput, type StoredMessage } from "@recall/discord-fake";
import { createBot, type Bot } from "../src/bot.ts";

export const TOKEN = "test-token.recall";
export const GUILD_ID = "100000000000000001";
export const CHANNEL_ID = "100000000000000002";
/** A second text channel of the study server (the `channel:` option of /quiz setup). */
export const OTHER_CHANNEL_ID = "100000000000000003";
export const ADMIN = { user: { id: "200000000000000001", username: "admin", globalName: "Admin" }, permissions: FakePermissions.manager };
export const ALICE = { user: { id: "200000000000000002", username: "alice", globalName: "Alice" }, permissions: FakePermissions.member, locale: "zh-CN" };
export const BOB = { user: { id: "200000000000000003", username: "bob", globalName: "Bob" }, permissions: FakePermissions.member, locale: "en-US" };

const contentDir = fileURLToPath(new URL("../../../content", import.meta.url));
let bankItems: Promise<QuizItem[]> | null = null;
export function contentItems(): Promise<QuizItem[]> {
  bankItems ??= loadBank(contentDir).then((bank) => bank.items);
  return bankItems;
}

export class TestClock {
  constructor(public ms: number) {}
  readonly now = (): Date => new Date(this.ms);
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface Harness {
  fake: FakeDiscord;
  bot: Bot;
  study: StudyService;
  database: OpenDatabase;
  clock: TestClock;
  /** Replace the bot process with a new one on the same database and Discord (a restart). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startHarness(options: {
  clock: TestClock;
  database?: OpenDatabase;
  startBot?: boolean;
  tickMs?: number;
  /** Passed to every bot the harness starts (shutdown tests). */
  shutdownGraceMs?: number;
  /** Servers besides the study server (e.g. to check that something stays in one server). */
  extraGuilds?: FakeGuildInput[];
  /** Whether the local Discord sends the bot's permissions with a channel option (as Discord does); true by default. */
  resolvedChannelAppPermissions?: boolean;
}): Promise<Harness> {
  const { clock } = options;
  const database = options.database ?? (await createDatabase({ inMemory: true }));
  const fake = await startFakeDiscord({
    guilds: [
      {
        id: GUILD_ID,
        name: "Study Server",
        channels: [
          { id: CHANNEL_ID, name: "daily-quiz" },
          { id: OTHER_CHANNEL_ID, name: "general" },
        ],
        preferredLocale: "zh-CN",
      },
      ...(options.extraGuilds ?? []),
    ],
    validToken: TOKEN,
    heartbeatIntervalMs: 500,
    now: () => clock.ms,
    resolvedChannelAppPermissions: options.resolvedChannelAppPermissions ?? true,
  });
  const items = await contentItems();

  function newBot(): { bot: Bot; study: StudyService } {
    const study = createStudy({ db: database.db, items, clock: clock.now });
    const bot = createBot({
      token: TOKEN,
      study,
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" }),
      clock: clock.now,
      apiBase: fake.apiBase,
      tickMs: options.tickMs ?? 0,
      answerCountDebounceMs: 5,
      ...(options.shutdownGraceMs === undefined ? {} : { shutdownGraceMs: options.shutdownGraceMs }),
    });
    return { bot, study };
  }

  let current = newBot();
  await current.study.syncContent();
  if (options.startBot ?? true) await current.bot.start();

  const harness: Harness = {
    fake,
    database,
    clock,
    get bot() {
      return current.bot;
    },
    get study() {
      return current.study;
    },
    async restart() {
      await current.bot.stop();
      current = newBot();
      await current.bot.start();
    },
    async stop() {
      await current.bot.stop();
      await fake.close();
      if (!options.database) await database.close();
    },
  };
  return harness;
}

/** The custom_ids of every enabled button on a message, in order. */
export function buttonIds(message: { components: unknown[] }): string[] {
  const ids: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === "object") {
      const record = node as Record<string, unknown>;
      if (record.type === 2 && typeof record.custom_id === "string" && record.disabled !== true) ids.push(record.custom_id);
      if (record.components) walk(record.components);
    }
  };
  walk(message.components);
  return ids;
}

export function embedText(message: {
  content: string;
  embeds: { title?: string; description?: string; fields?: { name: string; value: string }[]; footer?: { text: string } }[];
}): string {
  return [
    message.content,
    ...message.embeds.flatMap((embed) => [
      embed.title ?? "",
      embed.description ?? "",
      ...(embed.fields ?? []).flatMap((f) => [f.name, f.value]),
      embed.footer?.text ?? "",
    ]),
  ].join("\n");
}

export function livePosts(fake: FakeDiscord): StoredMessage[] {
  return fake.channelMessages(CHANNEL_ID).filter((message) => !message.deleted && message.interactionId === null);
}
