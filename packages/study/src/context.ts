// What every study feature shares: the database, the question bank, the clock, and the few
// lookups each feature needs (the member acting, their scheduling preferences, a group, an item).
import type { QuizItem } from "@recall/content";
import * as db from "@recall/db";
import type { Database, Member, QuizPost, StudyGroup } from "@recall/db";
import { parameterProblem, resolvePreferences, type MemberPreferences } from "@recall/scheduler";
import { createAliasOverlays, type AliasOverlays } from "./alias-overlays.ts";
import { StudyError } from "./errors.ts";
import type { Actor, GroupRef, MemberRef } from "./ports.ts";
import type { ItemView } from "./views.ts";

export interface StudyOptions {
  db: Database;
  items: readonly QuizItem[];
  /** Injected so tests and benchmarks control time. */
  clock?: () => Date;
  /** How long a member may override a suggested rating. */
  overrideWindowMs?: number;
  /** A claimed daily post not sent after this long is taken over (its claimer died). */
  staleClaimMs?: number;
}

export const DEFAULT_OVERRIDE_WINDOW_MS = 10 * 60_000;
export const DEFAULT_STALE_CLAIM_MS = 2 * 60_000;
export const DEFAULT_GROUP_LOCALE = "zh-CN";

export interface StudyContext {
  database: Database;
  items: ReadonlyMap<string, QuizItem>;
  /** Chapter numbers present in the bank. */
  chapters: ReadonlySet<number>;
  clock: () => Date;
  overrideWindowMs: number;
  staleClaimMs: number;
  defaultGroupLocale: string;
  /** Each server's accepted aliases, passed to the grader wherever that server's members answer. */
  aliasOverlays: AliasOverlays;
  requireItem(itemId: string): QuizItem;
  requireAdmin(actor: Actor): void;
  /**
   * The member an interaction comes from, created or renamed as needed. `known` is the member as
   * already read with something else (null: not found); it is used as is when nothing changed.
   */
  member(ref: MemberRef, firstSeenIn?: QuizPost | null, known?: Member | null): Promise<Member>;
  /** The timezone a member first seen through `post` starts on (its group's); null outside a post. */
  firstSeenTimezone(post: QuizPost | null | undefined): Promise<string | null>;
  preferencesOf(member: Member): MemberPreferences;
  requireGroup(ref: GroupRef): Promise<StudyGroup>;
}

export function createStudyContext(options: StudyOptions): StudyContext {
  const database = options.db;
  const clock = options.clock ?? (() => new Date());
  const items = new Map(options.items.map((item) => [item.id, item]));

  // Only a new member's default timezone comes from here, so a group's later change of timezone
  // seen late by this process does no harm; it saves a read on every answer.
  const groupTimezones = new Map<number, string>();
  async function groupTimezone(groupId: number): Promise<string | null> {
    let timezone = groupTimezones.get(groupId) ?? null;
    if (timezone === null) {
      timezone = (await db.getStudyGroup(database, groupId))?.timezone ?? null;
      if (timezone !== null) groupTimezones.set(groupId, timezone);
    }
    return timezone;
  }

  return {
    database,
    items,
    chapters: new Set(options.items.map((item) => item.chapterNumber)),
    clock,
    overrideWindowMs: options.overrideWindowMs ?? DEFAULT_OVERRIDE_WINDOW_MS,
    staleClaimMs: options.staleClaimMs ?? DEFAULT_STALE_CLAIM_MS,
    defaultGroupLocale: DEFAULT_GROUP_LOCALE,
    aliasOverlays: createAliasOverlays(database, () => clock().getTime()),

    requireItem(itemId: string): QuizItem {
      const item = items.get(itemId);
      if (!item) throw new StudyError("unknown-item", `unknown quiz item ${itemId}`, { itemId });
      return item;
    },

    requireAdmin(actor: Actor): void {
      // Discord hides admin commands from members by default permissions, but those can be
      // changed by a server owner: the check that counts is this one.
      if (!actor.canManageServer) {
        throw new StudyError("not-allowed", `${actor.userId} may not change study groups`);
      }
    },

    async member(ref: MemberRef, firstSeenIn?: QuizPost | null, known?: Member | null): Promise<Member> {
      const preferences = { locale: ref.locale, displayName: ref.displayName };
      if (known && db.hasPreferences(known, preferences)) return known;
      // A member met through a group's post starts on the group's clock until they set their own.
      const timezone = firstSeenIn ? await groupTimezone(firstSeenIn.groupId) : null;
      // What the caller read is passed on: a member it did not find is created without a second read.
      return db.upsertMember(database, ref.userId, preferences, clock(), timezone ? { timezone } : {}, known);
    },

    async firstSeenTimezone(post: QuizPost | null | undefined): Promise<string | null> {
      return post ? groupTimezone(post.groupId) : null;
    },

    preferencesOf(m: Member): MemberPreferences {
      return resolvePreferences({
        timezone: m.timezone,
        dayStartHour: m.dayStartHour,
        desiredRetention: m.desiredRetention,
        // Stored weights that no longer pass (a newer ts-fsrs with tighter bounds) fall back to
        // the defaults rather than lock the member out of reviewing.
        parameters: m.fsrsParameters !== null && parameterProblem(m.fsrsParameters) === null ? m.fsrsParameters : null,
      });
    },

    async requireGroup(ref: GroupRef): Promise<StudyGroup> {
      const group = await db.findStudyGroupByChannel(database, ref.serverId, ref.channelId);
      if (!group) throw new StudyError("group-not-set-up", `no study group in channel ${ref.channelId}`);
      return group;
    },
  };
}

export function itemView(item: QuizItem): ItemView {
  return {
    itemId: item.id,
    kind: item.kind,
    questionId: item.questionId,
    chapterNumber: item.chapterNumber,
    chapterName: item.chapterName,
    priority: item.priority,
    prompt: item.prompt,
  };
}

/**
 * Two different submissions for one card at the same moment: the database keeps the first and
 * refuses the second rather than overwrite it. The member is told to look again, not apologised to.
 */
export async function withoutConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof db.StaleCardError) {
      throw new StudyError("review-conflict", "the card changed while this answer was graded", {}, { cause: error });
    }
    throw error;
  }
}
