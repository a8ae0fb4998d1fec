// bot.stop() (what SIGTERM calls) lets an answer in flight finish, its write and its reply, before
// closing; and it is bounded: an answer stuck behind a stalled database does not hold shutdown
// past shutdownGraceMs. Real PostgreSQL behind a proxy that holds its bytes, in real time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { decodeCustomId } from "../src/custom-ids.ts";
import { ALICE, BOB, TestClock, buttonIds, embedText, livePosts, type Harness } from "./harness.ts";
import { startFaultWorld, type FaultWorld } from "./support/fault-world.ts";
import type { PgCluster } from "./support/pg-cluster.ts";
import type { TcpProxy } from "./support/tcp-proxy.ts";

const GRACE_MS = 4_000;
const clock = new TestClock(Date.parse("2026-03-02T00:00:00Z"));
let world: FaultWorld;
let cluster: PgCluster;
let proxy: TcpProxy;
let h: Harness;

async function answersOf(userId: string): Promise<number> {
  const sql = postgres(cluster.url, { max: 1 });
  try {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from answers a join members m on m.id = a.member_id where m.discord_user_id = ${userId}`;
    return row?.n ?? 0;
  } finally {
    await sql.end();
  }
}

/** Opens the answer form on today's post and submits it while the database is stalled. */
async function answerWhileStalled(member: typeof ALICE | typeof BOB, text: string) {
  const post = livePosts(h.fake)[0]!;
  const click = h.fake.clickButton({ ...member, messageId: post.id, customId: buttonIds(post).find((id) => decodeCustomId(id)?.kind === "answer")! });
  await click.firstResponse();
  proxy.stall();
  const submit = h.fake.submitModal({ modalOf: click, fields: { answer: text } });
  await submit.firstResponse({ timeoutMs: 5_000 });
  return submit;
}

beforeAll(async () => {
  world = await startFaultWorld({ clock, behindProxy: true, shutdownGraceMs: GRACE_MS });
  ({ cluster, h } = world);
  proxy = world.proxy!;
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

describe("bot.stop()", () => {
  it("waits for an answer in flight to be written and answered before closing", async () => {
    const submit = await answerWhileStalled(ALICE, "SFT 用示范数据，DPO 用偏好对。");
    const resume = setTimeout(() => proxy.resume(), 1_000);
    const started = performance.now();
    try {
      await h.bot.stop();
    } finally {
      clearTimeout(resume);
      proxy.resume();
    }
    const tookMs = performance.now() - started;
    // It waited for the database to come back rather than closing at once.
    expect(tookMs).toBeGreaterThan(900);
    const reply = submit.replies.find((r) => r.kind === "edit-original");
    expect(reply, "the reply was sent before stop() returned").toBeDefined();
    expect(embedText(reply!)).toMatch(/分数|Score/);
    expect(await answersOf(ALICE.user.id)).toBe(1);
    expect(submit.rejections()).toEqual([]);
  }, 60_000);

  it("closes after shutdownGraceMs when an answer is stuck, without waiting for it", async () => {
    await h.restart();
    const submit = await answerWhileStalled(BOB, "不知道");
    const started = performance.now();
    try {
      await h.bot.stop();
      const tookMs = performance.now() - started;
      expect(tookMs).toBeGreaterThan(GRACE_MS - 100);
      expect(tookMs).toBeLessThan(GRACE_MS + 4_000);
      expect(submit.replies.filter((r) => r.kind === "edit-original")).toEqual([]);
    } finally {
      proxy.resume();
    }
  }, 60_000);
});
