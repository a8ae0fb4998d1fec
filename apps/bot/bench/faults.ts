// `pnpm --filter @recall/bot faults`: the real bot against the local Discord and a throwaway
// PostgreSQL cluster (initdb, stopped and started with pg_ctl), under one fault at a time. Prints
// one row per fault: answers sent, graded, told to resend, lost, doubled, invalid requests (4xx the
// local Discord gave the bot other than injected ones) and the longest event-loop stall. Exits 1
// when anything was lost, doubled or invalid. Real time throughout; not part of `pnpm test`.
import { monitorEventLoopDelay } from "node:perf_hooks";
import pino from "pino";
import postgres from "postgres";
import { createDatabase } from "@recall/db";
import { createStudy } from "@recall/study";
import { FakePermissions, type InteractionHandle } from "@recall/discord-fake";
import { createBot } from "../src/bot.ts";
import { decodeCustomId } from "../src/custom-ids.ts";
import { ADMIN, CHANNEL_ID, GUILD_ID, TOKEN, TestClock, buttonIds, contentItems, embedText, livePosts, startHarness } from "../test/harness.ts";
import { createPgCluster } from "../test/support/pg-cluster.ts";
import { startTcpProxy } from "../test/support/tcp-proxy.ts";

interface Row {
  fault: string;
  sent: number;
  graded: number;
  resend: number;
  lost: number;
  doubled: number;
  invalid: number;
  /** Failures the run injected that reached the bot (502s, 429s): proof the fault happened. */
  injected: number;
  stallMs: number;
}

const BURST = 20;
const log = (line = ""): void => void process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let nextMember = 0;
const member = () => {
  const n = nextMember++;
  return { user: { id: `4000000000000${String(n).padStart(5, "0")}`, username: `m${n}`, globalName: `M ${n}` }, permissions: FakePermissions.member, locale: "en-US" };
};

const cluster = await createPgCluster();
const proxy = await startTcpProxy({ host: "127.0.0.1", port: cluster.port });
const database = await createDatabase({ url: `postgres://postgres@127.0.0.1:${proxy.port}/postgres`, maxConnections: 4 });
const clock = new TestClock(Date.parse("2026-03-02T00:00:00Z"));
const h = await startHarness({ clock, database });
const sql = postgres(cluster.url, { max: 1 });
const rows: Row[] = [];

async function answersBy(userIds: string[]): Promise<Map<string, number>> {
  const found = await sql<{ id: string; n: number }[]>`
    select m.discord_user_id as id, count(*)::int as n from answers a join members m on m.id = a.member_id
    where m.discord_user_id in ${sql(userIds)} group by m.discord_user_id`;
  return new Map(found.map((r) => [r.id, r.n]));
}

/** Runs one fault, counting what the local Discord refused and the event loop's longest stall. */
async function measure(fault: string, run: () => Promise<Omit<Row, "fault" | "invalid" | "injected" | "stallMs">>, injected429s = 0): Promise<void> {
  const requestsBefore = h.fake.requests.length;
  const injectedBefore = h.fake.injectedFailures.length;
  const rejectionsBefore = h.fake.rejections.length;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const counts = await run();
  await h.bot.idle();
  delay.disable();
  const clientErrors = h.fake.requests.slice(requestsBefore).filter((r) => r.status >= 400 && r.status < 500).length;
  const injected4xx = h.fake.injectedFailures.slice(injectedBefore).filter((f) => f.status >= 400 && f.status < 500).length;
  const invalid = Math.max(clientErrors - injected4xx - injected429s, h.fake.rejections.length - rejectionsBefore);
  const injected = h.fake.injectedFailures.length - injectedBefore + (injected429s > 0 ? h.fake.requests.slice(requestsBefore).filter((r) => r.status === 429).length : 0);
  rows.push({ fault, ...counts, invalid, injected, stallMs: Math.round(delay.max / 1e6) });
}

/** Opens the answer form for each member (database up), runs the fault around the submissions, and tallies. */
async function answerBurst(count: number, fault: (submit: () => InteractionHandle[]) => Promise<InteractionHandle[]>) {
  const post = livePosts(h.fake)[0]!;
  const answerId = buttonIds(post).find((id) => decodeCustomId(id)?.kind === "answer")!;
  const members = Array.from({ length: count }, member);
  const clicks: InteractionHandle[] = [];
  for (const m of members) {
    const click = h.fake.clickButton({ ...m, messageId: post.id, customId: answerId });
    await click.firstResponse({ timeoutMs: 10_000 });
    clicks.push(click);
  }
  const submits = await fault(() => clicks.map((click, i) => h.fake.submitModal({ modalOf: click, fields: { answer: `SFT 用示范数据，DPO 用偏好对。${i}` } })));
  let graded = 0;
  let resend = 0;
  for (const submit of submits) {
    const reply = await submit.waitForReply((r) => r.kind === "edit-original", { timeoutMs: 90_000 }).catch(() => null);
    const text = reply ? embedText(reply) : "";
    if (/Score \d+\/100/.test(text)) graded++;
    else if (text.includes("could not be saved")) resend++;
  }
  await h.bot.idle();
  const stored = await answersBy(members.map((m) => m.user.id));
  const doubled = [...stored.values()].filter((n) => n > 1).length + submits.filter((s) => s.timeline.filter((e) => e.kind === "callback").length > 1).length;
  // Lost: acknowledged but neither graded nor told to resend, or graded and not stored.
  const lost = count - graded - resend + members.filter((m, i) => /Score/.test(embedText(submits[i]!.latestReply() ?? { content: "", embeds: [] })) && !stored.has(m.user.id)).length;
  return { sent: count, graded, resend, lost, doubled };
}

/**
 * A daily-cycle step under injected 502s: its messages go out once, eventually. No answers are
 * sent; lost counts a step that never got its messages out, doubled a message sent twice.
 */
async function postOnce(advance: () => void, path: string) {
  for (let i = 0; i < 3; i++) h.fake.failNext({ method: "POST", path }, { status: 502 });
  const before = h.fake.channelMessages(CHANNEL_ID).length;
  advance();
  await h.bot.runDailyCycle();
  for (let round = 0; round < 8 && h.fake.injectedFailures.length > 0 && h.fake.channelMessages(CHANNEL_ID).length === before; round++) {
    clock.advance(3 * 60_000);
    await h.bot.runDailyCycle();
  }
  for (let round = 0; round < 3; round++) {
    clock.advance(3 * 60_000);
    await h.bot.runDailyCycle();
  }
  const sent = h.fake.channelMessages(CHANNEL_ID).slice(before).filter((m) => m.interactionId === null);
  const texts = sent.map((m) => embedText(m));
  const doubled = texts.length - new Set(texts).size;
  return { sent: 0, graded: 0, resend: 0, lost: sent.length > 0 ? 0 : 1, doubled };
}

try {
  const setup = h.fake.slashCommand({ ...ADMIN, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "quiz", subcommand: "setup", options: { time: "09:00", timezone: "Asia/Shanghai" } });
  await setup.waitForReply((r) => r.kind === "edit-original");
  clock.set("2026-03-02T01:00:00Z");
  await h.bot.runDailyCycle();
  // One answer before measuring: first-use work (loading and compiling the grader) is not a fault.
  await answerBurst(1, (submit) => Promise.resolve(submit()));

  await measure("answer burst, PostgreSQL restart (~2 s)", () =>
    answerBurst(BURST, async (submit) => {
      await cluster.stop("fast");
      const handles = submit();
      await sleep(2_000);
      await cluster.start();
      return handles;
    }),
  );

  await measure("answer burst, database stalled 3.5 s", () =>
    answerBurst(BURST, async (submit) => {
      proxy.stall();
      const handles = submit();
      await sleep(3_500);
      proxy.resume();
      return handles;
    }),
  );

  await measure("re-delivered interaction (same id twice)", () =>
    answerBurst(5, async (submit) => {
      const handles = submit();
      for (const handle of handles) h.fake.redeliver(handle);
      await sleep(300);
      return handles;
    }),
  );

  const second = createBot({
    token: TOKEN,
    study: createStudy({ db: database.db, items: await contentItems(), clock: clock.now }),
    logger: pino({ level: "silent" }),
    clock: clock.now,
    apiBase: h.fake.apiBase,
    tickMs: 0,
  });
  await second.start();
  try {
    await h.fake.waitForConnectedSessions(2);
    await measure("re-delivered to two processes, one database", () =>
      answerBurst(5, async (submit) => {
        const handles = submit();
        for (const handle of handles) h.fake.redeliver(handle);
        await sleep(300);
        await second.idle();
        return handles;
      }),
    );
  } finally {
    await second.stop();
  }

  const editOriginal = /^\/webhooks\/\d+\/[^/]+\/messages\/@original$/;
  await measure(
    "429 burst on answer replies",
    () =>
      answerBurst(BURST, (submit) => {
        for (let i = 0; i < BURST; i++) h.fake.rateLimitNext({ method: "PATCH", path: editOriginal, retryAfterMs: 200 });
        return Promise.resolve(submit());
      }),
    BURST,
  );

  const messages = `/channels/${CHANNEL_ID}/messages`;
  await measure("502 on a reveal", () => postOnce(() => clock.set("2026-03-03T01:00:00Z"), messages));
  await measure("502 on a daily post", () => postOnce(() => clock.set("2026-03-04T01:00:00Z"), messages));
} finally {
  await h.stop();
  await sql.end();
  await database.close();
  await proxy.close();
  await cluster.destroy();
}

const header = ["fault", "sent", "graded", "resend", "lost", "doubled", "invalid", "injected", "max stall ms"];
const table = rows.map((r) => [r.fault, r.sent, r.graded, r.resend, r.lost, r.doubled, r.invalid, r.injected, r.stallMs].map(String));
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
log(line(header));
for (const row of table) log(line(row));
const stalls = rows.filter((r) => r.stallMs > 100).map((r) => r.fault);
log(`target: lost 0, doubled 0, invalid 0, no stall over 100 ms${stalls.length ? ` — stalls over 100 ms: ${stalls.join("; ")}` : ""}`);
const failed = rows.some((r) => r.lost > 0 || r.doubled > 0 || r.invalid > 0);
process.exitCode = failed ? 1 : 0;
