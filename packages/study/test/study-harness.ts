// One study service (and a second "process" on the same database) per test file and target,
// with the helpers the feature suites share: a group whose first daily post is out, a fresh
// member, and a member's stored card. Every test uses its own group and members, so tests do
// not see each other's cards.
import { afterAll, beforeAll } from "vitest";
import { getCard, getMemberByDiscordId, type OpenDatabase } from "@recall/db";
import type { QuizItem } from "@recall/content";
import type { CardState } from "@recall/scheduler";
import { createStudy, type DailyQuizView, type GroupSetupInput, type MemberRef, type StudyOptions, type StudyService } from "../src/index.ts";
import { adminOf, contentItems, memberRef, TestClock } from "./fixtures.ts";
import type { Target } from "./targets.ts";

/** 09:00 on Monday 2 March 2026 in Shanghai, when every test group's first post goes out. */
export const POST_TIME = "2026-03-02T01:00:00.000Z";

export interface StudyHarness {
  clock: TestClock;
  open: OpenDatabase;
  study: StudyService;
  /** A second bot process on the same database. */
  otherProcess: StudyService;
  itemsById: Map<string, QuizItem>;
  unique: (prefix: string) => string;
  /** A new group with its first daily post sent at POST_TIME (Q090 unless told otherwise). */
  postedQuiz: (settings?: Partial<GroupSetupInput>) => Promise<DailyQuizView & { serverId: string }>;
  newMember: (serverId?: string | null, fields?: Partial<MemberRef>) => MemberRef;
  cardOf: (member: MemberRef, itemId: string) => Promise<CardState | null>;
}

/** Registers the file's setup and teardown; the harness's fields are ready inside tests. */
export function useStudy(target: Target, options: Partial<Omit<StudyOptions, "db" | "items" | "clock">> = {}): StudyHarness {
  let sequence = 0;
  const harness = {
    clock: new TestClock(POST_TIME),
    unique: (prefix: string) => `${prefix}-${++sequence}`,
  } as StudyHarness;

  harness.postedQuiz = async (settings = {}) => {
    const { clock, study, unique } = harness;
    clock.set(POST_TIME);
    const ref = { serverId: unique("server"), channelId: unique("channel") };
    await study.setupGroup(adminOf(ref.serverId), { ...ref, dailyTime: "09:00", timezone: "Asia/Shanghai", ...settings });
    const due = (await study.duePosts()).find((candidate) => candidate.channelId === ref.channelId);
    const quiz = due ? await study.claimDailyQuiz(due) : null;
    if (!quiz) throw new Error("the test group's post was not claimed");
    await study.markPosted(quiz.postId, unique("message"));
    return { ...quiz, serverId: ref.serverId };
  };
  harness.newMember = (serverId = null, fields = {}) => memberRef(harness.unique("user"), { serverId, ...fields });
  harness.cardOf = async (member, itemId) => {
    const stored = await getMemberByDiscordId(harness.open.db, member.userId);
    return stored ? getCard(harness.open.db, stored.id, itemId) : null;
  };

  beforeAll(async () => {
    harness.open = await target.open();
    const items = await contentItems();
    harness.itemsById = new Map(items.map((item) => [item.id, item]));
    harness.study = createStudy({ ...options, db: harness.open.db, items, clock: harness.clock.now });
    harness.otherProcess = createStudy({ ...options, db: harness.open.db, items, clock: harness.clock.now });
    await harness.study.syncContent();
  }, 120_000);

  afterAll(async () => {
    if (harness.open) await target.dispose(harness.open);
  });

  return harness;
}
