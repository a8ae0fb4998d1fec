// Members submit answers while PostgreSQL is down for about 2 s of real time (the cluster is
// stopped with pg_ctl, every connection dropped, then started again). Every acknowledged answer is
// kept, graded and shown once the database is back: none lost, none doubled, nothing Discord
// refuses, and the same pool reconnects without restarting the bot.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { FakePermissions, type InteractionHandle } from "@recall/discord-fake";
import { decodeCustomId } from "../src/custom-ids.ts";
import { CHANNEL_ID, GUILD_ID, TestClock, buttonIds, embedText, livePosts, type Harness } from "./harness.ts";
import { startFaultWorld, type FaultWorld } from "./support/fault-world.ts";
import type { PgCluster } from "./support/pg-cluster.ts";

const DOWN_MS = 2_000;
const ACK_WINDOW_MS = 3_000;
const MEMBERS = Array.from({ length: 8 }, (_, i) => ({
  user: { id: `30000000000000000${i}`, username: `member${i}`, globalName: `Member ${i}` },
  permissions: FakePermissions.member,
  locale: "en-US",
}));

const clock = new TestClock(Date.parse("2026-03-02T00:00:00Z"));
let world: FaultWorld;
let cluster: PgCluster;
let h: Harness;

beforeAll(async () => {
  world = await startFaultWorld({ clock });
  ({ cluster, h } = world);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

describe("PostgreSQL restarting while members answer", () => {
  it("keeps, grades and shows every acknowledged answer once, and reconnects the same pool", async () => {
    const post = livePosts(h.fake)[0]!;
    const answerId = buttonIds(post).find((id) => decodeCustomId(id)?.kind === "answer")!;
    // The forms are opened while the database answers; they are submitted while it is down.
    const clicks: InteractionHandle[] = [];
    for (const member of MEMBERS) {
      const click = h.fake.clickButton({ ...member, messageId: post.id, customId: answerId });
      await click.firstResponse();
      clicks.push(click);
    }

    // A fast stop drops every connection (admin_shutdown), as a restart does. Not "immediate": the
    // throwaway cluster runs with synchronous_commit off, so a crash would lose its own last commits.
    await cluster.stop("fast");
    const downAt = performance.now();
    const submits = clicks.map((click, i) => h.fake.submitModal({ modalOf: click, fields: { answer: `SFT 用示范数据，DPO 用偏好对。${i}` } }));
    for (const submit of submits) {
      const first = await submit.firstResponse({ timeoutMs: ACK_WINDOW_MS + 2_000 });
      expect(first.latencyMs).toBeLessThan(ACK_WINDOW_MS);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, DOWN_MS - (performance.now() - downAt))));
    // Nothing could have been saved yet: every reply still waits for the database.
    for (const submit of submits) expect(submit.replies.filter((r) => r.kind === "edit-original")).toEqual([]);
    await cluster.start();

    for (const [i, submit] of submits.entries()) {
      const reply = await submit.waitForReply((r) => r.kind === "edit-original", { timeoutMs: 30_000 });
      const text = embedText(reply);
      expect(text, `member ${i}`).toMatch(/Score \d+\/100/);
      expect(text, `member ${i}`).not.toContain("could not be saved");
      expect(submit.rejections(), `member ${i}`).toEqual([]);
    }
    await h.bot.idle();

    const sql = postgres(cluster.url, { max: 1 });
    try {
      const rows = await sql<{ discord_id: string; n: number }[]>`
        select m.discord_user_id as discord_id, count(*)::int as n
        from answers a join members m on m.id = a.member_id group by m.discord_user_id`;
      const counts = new Map(rows.map((r) => [r.discord_id, r.n]));
      for (const member of MEMBERS) expect(counts.get(member.user.id), member.user.username).toBe(1);
    } finally {
      await sql.end();
    }

    // The same bot, the same pool: a command after the restart is answered from the database.
    const stats = h.fake.slashCommand({ ...MEMBERS[0]!, guildId: GUILD_ID, channelId: CHANNEL_ID, name: "stats" });
    const statsReply = await stats.waitForReply((r) => r.kind === "edit-original", { timeoutMs: 30_000 });
    expect(embedText(statsReply)).not.toContain("Sorry, something went wrong");
    expect(h.fake.rejections).toEqual([]);
  }, 120_000);
});
