// Measures the queries the bot runs on every interaction, at study-group scale, on real PostgreSQL:
// 10,000 members × 300 items (3M cards), 5M review logs, 90 days of daily activity. The data is
// generated server-side (INSERT … SELECT generate_series) into the `recall_bench` database and
// kept between runs. Prints p50/p99, the ratio to a `SELECT 1` round trip measured in the same run,
// the plan of each query (auto_explain, so the plans are those of the real query functions), and
// PGlite's cold and warm start-up.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { CardState } from "@recall/scheduler";
import {
  LEADERBOARD_POINTS,
  createDatabase,
  dueItems,
  getCard,
  leaderboard,
  recordAnswer,
  schema,
  type Database,
} from "../src/index.ts";

const MEMBERS = 10_000;
const ITEMS = 300;
const REVIEW_LOGS = 5_000_000;
const ACTIVITY_DAYS = 90;
const ANSWER_DAYS = 50;
/** Bump when the generated data changes shape, so stale data is regenerated. */
const DATA_VERSION = 2;
const BENCH_DATABASE = "recall_bench";
const TARGETS_MS = { due: 5, leaderboard: 50, recordAnswer: 10 } as const;

const started = performance.now();
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";

function log(line = ""): void {
  process.stdout.write(`${line}\n`);
}

function elapsed(): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

/** Deterministic choices (mulberry32), so runs are comparable. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Stats {
  p50: number;
  p99: number;
  n: number;
}

async function measure(iterations: number, warmup: number, run: (index: number) => Promise<unknown>): Promise<Stats> {
  for (let index = 0; index < warmup; index++) await run(index);
  const times: number[] = [];
  for (let index = 0; index < iterations; index++) {
    const start = performance.now();
    await run(warmup + index);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), n: times.length };
}

function hostPort(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
}

async function pgliteStartup(): Promise<void> {
  log("PGlite start-up (createDatabase, migrations included)");
  const dir = await mkdtemp(join(tmpdir(), "recall-bench-pglite-"));
  try {
    let start = performance.now();
    const cold = await createDatabase({ dataDir: dir });
    const coldMs = performance.now() - start;
    await cold.close();
    start = performance.now();
    const warm = await createDatabase({ dataDir: dir });
    const warmMs = performance.now() - start;
    await warm.close();
    start = performance.now();
    const memory = await createDatabase({ inMemory: true });
    const memoryMs = performance.now() - start;
    await memory.close();
    log(`  cold (new data folder): ${coldMs.toFixed(0)} ms`);
    log(`  warm (existing folder): ${warmMs.toFixed(0)} ms   ratio warm/cold ${(warmMs / coldMs).toFixed(2)}`);
    log(`  in memory:              ${memoryMs.toFixed(0)} ms`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  await pgliteStartup();
  log();

  const admin = postgres(baseUrl, { max: 1, connect_timeout: 5, onnotice: () => undefined });
  try {
    await admin`select 1`;
  } catch {
    log(`No PostgreSQL reachable at ${hostPort(baseUrl)}: skipping the PostgreSQL benchmark.`);
    await admin.end({ timeout: 1 }).catch(() => undefined);
    return;
  }
  const benchUrl = new URL(baseUrl);
  benchUrl.pathname = `/${BENCH_DATABASE}`;
  const reference = await prepareData(admin, benchUrl.toString());
  await admin.end();

  const open = await createDatabase({ url: benchUrl.toString(), maxConnections: 4 });
  try {
    await runQueries(open.db, benchUrl.toString(), reference);
  } finally {
    await open.close();
  }
  log();
  log(`total ${elapsed()}`);
}

interface Reference {
  /** The instant the data was generated around: due dates and local dates are relative to it. */
  now: Date;
  today: string;
  groupId: number;
  firstMemberId: number;
}

async function prepareData(admin: postgres.Sql, benchUrl: string): Promise<Reference> {
  const existing = await admin`select 1 from pg_database where datname = ${BENCH_DATABASE}`;
  if (existing.length > 0) {
    const reused = await readReference(benchUrl);
    if (reused) {
      log(`PostgreSQL ${hostPort(benchUrl)}, database ${BENCH_DATABASE}: reusing generated data (${reused.today})`);
      return reused;
    }
    await admin.unsafe(`drop database ${BENCH_DATABASE}`);
  }
  await admin.unsafe(`create database ${BENCH_DATABASE}`);
  log(`PostgreSQL ${hostPort(benchUrl)}, database ${BENCH_DATABASE}: generating data`);
  const open = await createDatabase({ url: benchUrl });
  await open.close();
  const client = postgres(benchUrl, { max: 1, onnotice: () => undefined });
  const second = postgres(benchUrl, { max: 1, onnotice: () => undefined });
  try {
    await generate(client, second);
  } finally {
    await client.end();
    await second.end();
  }
  const reference = await readReference(benchUrl);
  if (!reference) throw new Error("generated data has no reference row");
  return reference;
}

async function readReference(benchUrl: string): Promise<Reference | null> {
  const client = postgres(benchUrl, { max: 1, onnotice: () => undefined });
  try {
    const rows = await client<{ version: number; generated_at: Date; today: string; group_id: number; first_member_id: number }[]>`
      select version, generated_at, today::text as today, group_id, first_member_id from bench_meta`.catch(() => []);
    const row = rows[0];
    if (!row || row.version !== DATA_VERSION) return null;
    return { now: row.generated_at, today: row.today, groupId: row.group_id, firstMemberId: row.first_member_id };
  } finally {
    await client.end();
  }
}

async function step(client: postgres.Sql, label: string, statement: string): Promise<void> {
  const start = performance.now();
  await client.unsafe(statement);
  log(`  ${label.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(1).padStart(6)} s`);
}

/** The two halves of a bulk insert on two connections at once (the machine has two cores). */
async function halves(clients: postgres.Sql[], label: string, statement: (part: number) => string): Promise<void> {
  const start = performance.now();
  await Promise.all(clients.map((client, part) => client.unsafe(statement(part))));
  log(`  ${label.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(1).padStart(6)} s`);
}

async function generate(client: postgres.Sql, second: postgres.Sql): Promise<void> {
  // Bulk-load settings for these sessions only: no FK triggers (the generator guarantees them),
  // no commit flush per statement, big sort memory for the index builds.
  for (const [index, session] of [client, second].entries()) {
    await session.unsafe(`set session_replication_role = replica; set synchronous_commit = off;
      set maintenance_work_mem = '512MB'; set max_parallel_maintenance_workers = 2; select setseed(0.${index + 4}2)`);
  }
  const bigTables = ["cards", "review_logs", "answers", "member_daily_activity", "member_weekly_activity"];
  const indexes = await client<{ indexname: string; indexdef: string }[]>`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = 'public' and i.tablename in ${client(bigTables)}
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`;
  // Loading then indexing is several times faster than maintaining the indexes row by row.
  for (const index of indexes) await client.unsafe(`drop index ${index.indexname}`);

  await step(client, "servers, group, 10,000 members", `
    insert into servers (id) values ('bench-guild');
    insert into study_groups (server_id, channel_id, daily_time, timezone, questions_per_day, chapters)
      values ('bench-guild', 'bench-channel', '09:00', 'Asia/Shanghai', 1, '{}');
    insert into members (discord_user_id, display_name, timezone)
      select 'bench-' || g, 'Member ' || g, 'Asia/Shanghai' from generate_series(1, ${MEMBERS}) g;
    insert into group_members (group_id, member_id)
      select (select id from study_groups where channel_id = 'bench-channel'), id from members;`);
  await step(client, "300 quiz items", `
    insert into quiz_items (id, kind, parent_id, question_id, chapter, chapter_name, priority, prompt, answer,
      key_points, misconceptions, content_hash, source_file, source_line)
    select q || case when k = 0 then '' else '.f' || k end, case when k = 0 then 'main' else 'followup' end,
      case when k = 0 then null else q end, q, 1 + n / 30, 'Bench', 'P' || (n % 3), 'prompt ' || n, 'answer ' || n,
      '[{"id":"k1","text":"point one"},{"id":"k2","text":"point two"},{"id":"k3","text":"point three"}]'::jsonb,
      '[]'::jsonb, md5(n::text), 'bench.md', n
    from generate_series(0, ${ITEMS - 1}) n, lateral (select 'B' || lpad((n / 3)::text, 3, '0') as q, n % 3 as k) ids;`);
  await halves([client, second], "3,000,000 cards", (part) => `
    insert into cards (member_id, item_id, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses,
      state, last_review, updated_at)
    select m.id, i.id, date_trunc('milliseconds', now() + (random() * 90 - 30) * interval '1 day'), 1 + random() * 100, 1 + random() * 9,
      (random() * 60)::int, 0, 1 + (random() * 10)::int, (random() * 3)::int, 'review',
      date_trunc('milliseconds', now() - random() * 30 * interval '1 day'), now()
    from members m cross join quiz_items i where m.id % 2 = ${part};`);
  await halves([client, second], "5,000,000 review logs", (part) => `
    insert into review_logs (idempotency_key, member_id, item_id, source, rating, reviewed_at,
      before_due, before_stability, before_difficulty, before_scheduled_days, before_learning_steps, before_reps,
      before_lapses, before_state, before_last_review,
      after_due, after_stability, after_difficulty, after_scheduled_days, after_learning_steps, after_reps,
      after_lapses, after_state, after_last_review, created_at)
    select 'bench-log-' || g, ids.first + g % ${MEMBERS}, items.ids[1 + (g / ${MEMBERS}) % ${ITEMS}], 'review',
      (array['again','hard','good','easy'])[1 + g % 4], t.at,
      t.at, 5 + g % 50, 5, g % 30, 0, g % 10, g % 3, 'review', t.at - interval '5 days',
      t.at + interval '7 days', 7 + g % 50, 5.1, 7, 0, 1 + g % 10, g % 3, 'review', t.at, t.at
    from generate_series(1 + ${part} * ${REVIEW_LOGS / 2}, (1 + ${part}) * ${REVIEW_LOGS / 2}) g
    cross join (select min(id) as first from members) ids
    cross join (select array_agg(id order by id) as ids from quiz_items) items
    cross join lateral (select now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second' as at) t;`);
  await step(client, "90 daily posts, 500,000 daily answers", `
    insert into quiz_posts (group_id, local_date, item_ids, channel_message_id, status, claimed_at, posted_at, closed_at)
    select g.id, current_date - d, array[items.ids[1 + d % ${ITEMS}]], 'msg-' || d, 'closed', now() - d * interval '1 day',
      now() - d * interval '1 day', now() - d * interval '1 day' + interval '23 hours'
    from study_groups g, generate_series(0, ${ACTIVITY_DAYS - 1}) d,
      (select array_agg(id order by id) as ids from quiz_items) items;
    insert into answers (idempotency_key, member_id, item_id, quiz_post_id, source, text, score, verdicts, misconceptions,
      suggested_rating, rating, local_date, created_at)
    select 'bench-answer-' || g, ids.first + g % ${MEMBERS}, p.item_ids[1], p.id, 'daily', 'bench answer text', random(),
      '[{"id":"k1","verdict":"hit"},{"id":"k2","verdict":"partial"},{"id":"k3","verdict":"missed"}]'::jsonb, '[]'::jsonb,
      'good', 'good', p.local_date, p.posted_at + (g % 3600) * interval '1 second'
    from generate_series(0, ${MEMBERS * ANSWER_DAYS - 1}) g
    cross join (select min(id) as first from members) ids
    join quiz_posts p on p.local_date = current_date - g / ${MEMBERS};`);
  await step(client, "daily activity (90 days, ~70% active)", `
    insert into member_daily_activity (member_id, local_date, quiz_score, quiz_answers, review_score, review_answers, streak)
    select member_id, local_date, quiz_score, quiz_answers, review_score, review_answers,
      row_number() over (partition by member_id, run order by local_date)
    from (
      select *, local_date - (row_number() over (partition by member_id order by local_date))::int as run
      from (
        select m.id as member_id, (current_date - d) as local_date,
          case when random() < 0.8 then random() else 0 end as quiz_score, 1 as quiz_answers,
          random() * 5 as review_score, (random() * 8)::int as review_answers
        from members m cross join generate_series(0, ${ACTIVITY_DAYS - 1}) d
        where random() < 0.7
      ) days
    ) runs;`);
  const p = LEADERBOARD_POINTS;
  await step(client, "weekly activity (from the days)", `
    insert into member_weekly_activity (member_id, week_start, quiz_points, review_points, streak_points, active_days, answers)
    select member_id, local_date - (extract(isodow from local_date)::int - 1),
      sum(quiz_score) * ${p.quizPerScore}, sum(least(review_score * ${p.reviewPerScore}, ${p.reviewCapPerDay})),
      sum(least(streak, ${p.streakMaxDays})) * ${p.streakPerDay}, count(*), sum(quiz_answers + review_answers)
    from member_daily_activity group by 1, 2;`);
  for (const index of indexes) await step(client, `index ${index.indexname}`, index.indexdef);
  await step(client, "vacuum analyze", "vacuum analyze");
  await client.unsafe(`
    create table bench_meta (version int, generated_at timestamptz, today date, group_id int, first_member_id int);
    insert into bench_meta select ${DATA_VERSION}, now(), current_date,
      (select id from study_groups where channel_id = 'bench-channel'), (select min(id) from members);`);
  log(`  data ready at ${elapsed()}`);
}

function addDays(localDate: string, days: number): string {
  const date = new Date(`${localDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function runQueries(db: Database, benchUrl: string, reference: Reference): Promise<void> {
  const random = seededRandom(7);
  const memberAt = () => reference.firstMemberId + Math.floor(random() * MEMBERS);
  // The last whole ISO week (Monday to Sunday) before the reference date: the weekly leaderboard.
  const weekday = (new Date(`${reference.today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const weekFrom = addDays(reference.today, -weekday - 7);
  const weekTo = addDays(weekFrom, 6);
  // The last seven days, not aligned to weeks: summed from the daily rollup.
  const daysFrom = addDays(reference.today, -6);
  const now = reference.now;

  const baseline = await measure(2000, 200, () => db.execute(sql`select 1`));
  const due = await measure(2000, 200, () => dueItems(db, memberAt(), now, 20));
  const board = await measure(200, 20, () =>
    leaderboard(db, { scope: "group", id: reference.groupId, from: weekFrom, to: weekTo, limit: 20 }),
  );
  const boardDays = await measure(100, 10, () =>
    leaderboard(db, { scope: "group", id: reference.groupId, from: daysFrom, to: reference.today, limit: 20 }),
  );

  // Each answer reviews a card that nobody else touches during the run, read just before.
  const items = await db.select({ id: schema.quizItems.id }).from(schema.quizItems).orderBy(schema.quizItems.id);
  const runTag = Date.now().toString(36);
  const answerAt = async (index: number) => {
    const memberId = reference.firstMemberId + (index % MEMBERS);
    const itemId = items[(index * 7919) % items.length]?.id ?? "B000";
    const before = await getCard(db, memberId, itemId);
    return { memberId, itemId, before: before ?? missingCard(memberId, itemId) };
  };
  const answerInput = (index: number, memberId: number, itemId: string, before: CardState) => {
    const reviewedAt = new Date(Math.max(now.getTime(), Date.parse(before.lastReview ?? before.due)) + 60_000);
    const after: CardState = { ...before, reps: before.reps + 1, lastReview: reviewedAt.toISOString(), due: new Date(reviewedAt.getTime() + 7 * 86_400_000).toISOString() };
    return {
      idempotencyKey: `bench-${runTag}-${index}`,
      memberId,
      itemId,
      text: "bench answer",
      score: 0.75,
      verdicts: [{ id: "k1", verdict: "hit" as const }, { id: "k2", verdict: "missed" as const }],
      misconceptions: [],
      suggestedRating: "good" as const,
      rating: "good" as const,
      reviewLog: { rating: "good" as const, reviewedAt: reviewedAt.toISOString(), before, after },
      card: after,
      localDate: reference.today,
      source: "review" as const,
    };
  };
  const prepared: ReturnType<typeof answerInput>[] = [];
  for (let index = 0; index < 1100; index++) {
    const { memberId, itemId, before } = await answerAt(index);
    prepared.push(answerInput(index, memberId, itemId, before));
  }
  const record = await measure(1000, 100, async (index) => {
    const input = prepared[index];
    if (!input) throw new Error(`no prepared answer ${index}`);
    return recordAnswer(db, input);
  });

  log();
  log(`Queries (${MEMBERS.toLocaleString("en")} members × ${ITEMS} items, ${REVIEW_LOGS.toLocaleString("en")} review logs)`);
  const row = (label: string, stats: Stats, target?: number) => {
    const verdict = target === undefined ? "" : stats.p99 <= target ? `target ≤ ${target} ms: met` : `target ≤ ${target} ms: MISSED`;
    log(
      `  ${label.padEnd(34)} p50 ${stats.p50.toFixed(2).padStart(7)} ms  p99 ${stats.p99.toFixed(2).padStart(7)} ms  ` +
        `p99/baseline ${(stats.p99 / baseline.p99).toFixed(1).padStart(6)}×  n=${stats.n}  ${verdict}`,
    );
  };
  row("baseline: SELECT 1 round trip", baseline);
  row("member's due items (limit 20)", due, TARGETS_MS.due);
  row("group weekly leaderboard (top 20)", board, TARGETS_MS.leaderboard);
  row("group last-7-days leaderboard", boardDays);
  row("record-answer transaction", record, TARGETS_MS.recordAnswer);

  await explainPlans(benchUrl, reference, { from: weekFrom, to: weekTo }, answerInput, answerAt);
}

function missingCard(memberId: number, itemId: string): never {
  throw new Error(`bench data has no card for member ${memberId} and item ${itemId}`);
}

/** Runs each query once more with auto_explain on, so the plans shown are the real statements'. */
async function explainPlans(
  benchUrl: string,
  reference: Reference,
  week: { from: string; to: string },
  answerInput: (index: number, memberId: number, itemId: string, before: CardState) => Parameters<typeof recordAnswer>[1],
  answerAt: (index: number) => Promise<{ memberId: number; itemId: string; before: CardState }>,
): Promise<void> {
  const notices: string[] = [];
  const client = postgres(benchUrl, {
    max: 1,
    onnotice: (notice) => {
      if (typeof notice.message === "string") notices.push(notice.message);
    },
  });
  const db = drizzle({ client, schema });
  try {
    try {
      await client.unsafe(`load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
        set auto_explain.log_buffers = on; set auto_explain.log_timing = on; set auto_explain.log_nested_statements = on;
        set client_min_messages = log`);
    } catch (error) {
      log(`\n(auto_explain unavailable, no plans: ${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    const show = async (title: string, run: () => Promise<unknown>) => {
      notices.length = 0;
      await run();
      log();
      log(`EXPLAIN ANALYZE — ${title}`);
      for (const notice of notices) {
        for (const line of notice.split("\n")) log(`  ${line}`);
      }
    };
    await show("member's due items", () => dueItems(db, reference.firstMemberId + 4242, reference.now, 20));
    await show(`group weekly leaderboard (${week.from} to ${week.to})`, () =>
      leaderboard(db, { scope: "group", id: reference.groupId, from: week.from, to: week.to, limit: 20 }),
    );
    const { memberId, itemId, before } = await answerAt(5000);
    const input = answerInput(9_000_000, memberId, itemId, before);
    await show("record-answer transaction (each statement)", () => recordAnswer(db, { ...input, idempotencyKey: `${input.idempotencyKey}-explain` }));
  } finally {
    await client.end();
  }
}

await main();
