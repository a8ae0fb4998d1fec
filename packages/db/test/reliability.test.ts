// The states that keep interactions, daily posts and reveals to once each: interaction claims,
// reveal claims, and a group the bot paused itself with its reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  claimInteraction,
  claimInteractions,
  claimQuizPost,
  claimQuizPostReveal,
  closeQuizPost,
  listUnrevealedQuizPosts,
  markQuizPostPosted,
  markQuizPostRevealed,
  pruneInteractionClaims,
  setGroupPaused,
  syncItems,
  upsertStudyGroup,
  type OpenDatabase,
} from "../src/index.ts";
import { T0, item } from "./fixtures.ts";
import { targets } from "./targets.ts";

const MINUTE = 60_000;
const later = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

describe.each(targets())("reliability states on $name", (target) => {
  let open: OpenDatabase;
  let sequence = 0;
  const unique = (prefix: string) => `${prefix}-${++sequence}`;
  const newGroup = () =>
    upsertStudyGroup(
      open.db,
      { serverId: unique("guild"), channelId: unique("channel"), dailyTime: "09:00", timezone: "Asia/Shanghai", questionsPerDay: 1, chapters: [12], paused: false },
      T0,
    );

  beforeAll(async () => {
    open = await target.open();
    await syncItems(open.db, [item("Q090")], T0);
  });
  afterAll(async () => {
    if (open) await target.dispose(open);
  });

  it("claims an interaction id for exactly one of many concurrent callers", async () => {
    const id = unique("300000000000000");
    const results = await Promise.all(Array.from({ length: 8 }, () => claimInteraction(open.db, id, T0)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await claimInteraction(open.db, id, later(1))).toBe(false);
  });

  it("claims a batch of interaction ids, each for exactly one of several concurrent batches", async () => {
    const ids = [0, 1, 2, 3, 4].map((n) => unique(`5000000000000${n}`));
    const single = unique("6000000000000");
    expect(await claimInteraction(open.db, single, T0)).toBe(true);
    const batches = await Promise.all([
      claimInteractions(open.db, [...ids, single], T0),
      claimInteractions(open.db, ids.slice(2), T0),
      claimInteractions(open.db, [ids[4] ?? "", ids[0] ?? ""], T0),
    ]);
    for (const id of ids) expect(batches.filter((claimed) => claimed.has(id))).toHaveLength(1);
    expect(batches.some((claimed) => claimed.has(single))).toBe(false);
    expect(await claimInteractions(open.db, [], T0)).toEqual(new Set());
    expect(await claimInteraction(open.db, ids[3] ?? "", later(1))).toBe(false);
  });

  it("prunes interaction claims older than a cut-off, keeping the recent ones", async () => {
    const old = unique("old");
    const recent = unique("recent");
    await claimInteraction(open.db, old, T0);
    await claimInteraction(open.db, recent, later(30));
    expect(await pruneInteractionClaims(open.db, later(20))).toBeGreaterThanOrEqual(1);
    expect(await claimInteraction(open.db, old, later(31))).toBe(true);
    expect(await claimInteraction(open.db, recent, later(31))).toBe(false);
  });

  it("owes a reveal from close until it is marked revealed, claimed by one caller at a time", async () => {
    const group = await newGroup();
    const { post } = await claimQuizPost(open.db, group.id, "2026-03-02", ["Q090"], T0);
    await markQuizPostPosted(open.db, post.id, "400000000000000001", T0);
    expect(await claimQuizPostReveal(open.db, post.id, T0, T0)).toBe(false); // not closed yet
    const closed = await closeQuizPost(open.db, post.id, later(60));
    expect(closed?.revealedAt).toBeNull();
    expect((await listUnrevealedQuizPosts(open.db)).map((p) => p.id)).toContain(post.id);

    const claims = await Promise.all([0, 1, 2].map(() => claimQuizPostReveal(open.db, post.id, later(58), later(60))));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // The claimer failed to send: a minute later the claim is not stale yet, two minutes later it is.
    expect(await claimQuizPostReveal(open.db, post.id, later(59), later(61))).toBe(false);
    expect(await claimQuizPostReveal(open.db, post.id, later(61), later(63))).toBe(true);

    await markQuizPostRevealed(open.db, post.id, later(63));
    expect((await listUnrevealedQuizPosts(open.db)).map((p) => p.id)).not.toContain(post.id);
    expect(await claimQuizPostReveal(open.db, post.id, later(100), later(100))).toBe(false);
  });

  it("keeps why the bot paused a group until an admin resumes or sets it up again", async () => {
    const group = await newGroup();
    const paused = await setGroupPaused(open.db, group.id, true, later(1), "missing-access");
    expect(paused).toMatchObject({ paused: true, pausedReason: "missing-access" });
    expect((await setGroupPaused(open.db, group.id, false, later(2))).pausedReason).toBeNull();
    await setGroupPaused(open.db, group.id, true, later(3), "unknown-channel");
    const again = await upsertStudyGroup(
      open.db,
      { serverId: group.serverId, channelId: group.channelId, dailyTime: "10:00", timezone: "Asia/Shanghai", questionsPerDay: 1, chapters: [12], paused: false },
      later(4),
    );
    expect(again).toMatchObject({ paused: false, pausedReason: null });
  });
});
