// `/interview` sessions: one open per member, every change written once from the step it was
// computed from, and a forgotten member's sessions gone with them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  advanceInterview,
  endInterview,
  findOpenInterview,
  forgetMember,
  memberExport,
  getInterview,
  listInterviews,
  openInterview,
  upsertMember,
  type Database,
  type OpenDatabase,
} from "../src/index.ts";
import { T0, at } from "./fixtures.ts";
import { targets } from "./targets.ts";

describe.each(targets())("interview sessions on $name", (target) => {
  let open: OpenDatabase;
  let db: Database;
  let sequence = 0;
  const newMember = () => upsertMember(db, `interviewee-${++sequence}`, {}, T0);

  beforeAll(async () => {
    open = await target.open();
    db = open.db;
  }, 120_000);

  afterAll(async () => {
    if (open) await target.dispose(open);
  });

  it("opens one session per member: a second start, even concurrent, finds the open one", async () => {
    const member = await newMember();
    expect(await findOpenInterview(db, member.id)).toBeNull();
    const [a, b] = await Promise.all([
      openInterview(db, member.id, { plan: ["Q090"] }, T0),
      openInterview(db, member.id, { plan: ["Q091"] }, T0),
    ]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.session.id).toBe(b.session.id);
    const session = (await findOpenInterview(db, member.id))!;
    expect(session).toMatchObject({ id: a.session.id, status: "open", step: 0, lastActivityAt: T0.toISOString(), endedAt: null });
    expect(session.state).toEqual(a.created ? { plan: ["Q090"] } : { plan: ["Q091"] });
    // Another member has a session of their own.
    const other = await newMember();
    expect((await openInterview(db, other.id, {}, T0)).created).toBe(true);
  });

  it("writes a step once from the step it was computed from, and ends once", async () => {
    const member = await newMember();
    const { session } = await openInterview(db, member.id, { turns: [] }, T0);
    const change = { fromStep: 0, toStep: 1, state: { turns: ["first"] } };
    const [first, second] = await Promise.all([
      advanceInterview(db, session.id, change, at(0.001)),
      advanceInterview(db, session.id, { ...change, state: { turns: ["second"] } }, at(0.001)),
    ]);
    expect([first, second].filter((written) => written !== null)).toHaveLength(1);
    const stored = (await getInterview(db, session.id))!;
    expect(stored).toMatchObject({ step: 1, status: "open", lastActivityAt: at(0.001).toISOString() });
    expect(await advanceInterview(db, session.id, change, at(0.002))).toBeNull();

    const finished = await advanceInterview(db, session.id, { fromStep: 1, toStep: 2, state: { turns: ["first", "last"] }, status: "finished" }, at(0.003));
    expect(finished).toMatchObject({ status: "finished", step: 2, endedAt: at(0.003).toISOString(), state: { turns: ["first", "last"] } });
    expect(await endInterview(db, session.id, "expired", at(1))).toBeNull();
    expect(await findOpenInterview(db, member.id)).toBeNull();

    // Ended, the next start opens a new session.
    const next = await openInterview(db, member.id, {}, at(1));
    expect(next.created).toBe(true);
    const expired = await endInterview(db, next.session.id, "expired", at(2));
    expect(expired).toMatchObject({ status: "expired", endedAt: at(2).toISOString() });
    expect((await listInterviews(db, member.id, 10)).map((s) => s.status)).toEqual(["expired", "finished"]);
    expect(await getInterview(db, Number.NaN)).toBeNull();
  });

  it("exports a member's sessions with their data, and forgets them with the member", async () => {
    const member = await newMember();
    const { session } = await openInterview(db, member.id, { plan: ["Q090"] }, T0);
    expect((await memberExport(db, member.id))?.interviews).toEqual([session]);
    expect(await forgetMember(db, member.id)).toBe(true);
    expect(await getInterview(db, session.id)).toBeNull();
  });
});
