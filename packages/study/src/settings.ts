// Settings: a study group's daily quiz (admins only) and a member's own clock and retention.
// Every bad value is refused with its own code before anything is written.
import * as db from "@recall/db";
import type { Member, StudyGroup } from "@recall/db";
import {
  InvalidPreferencesError,
  MAX_DESIRED_RETENTION,
  MIN_DESIRED_RETENTION,
  resolvePreferences,
} from "@recall/scheduler";
import type { StudyContext } from "./context.ts";
import { nextPostAt } from "./daily-quizzes.ts";
import { StudyError } from "./errors.ts";
import { isValidTimezone, localParts, normaliseDailyTime } from "./group-clock.ts";
import type { Actor, GroupRef, GroupSetupInput, MemberRef, MemberSettingsInput } from "./ports.ts";
import type { GroupSettingsView, MemberSettingsView } from "./views.ts";

export const MAX_QUESTIONS_PER_DAY = 5;

export function createSettingsFeatures(ctx: StudyContext) {
  const { database, clock } = ctx;

  async function groupView(group: StudyGroup): Promise<GroupSettingsView> {
    const now = clock();
    const today = localParts(now, group.timezone).date;
    const posted = await db.findQuizPost(database, group.id, today);
    return {
      channelId: group.channelId,
      dailyTime: group.dailyTime,
      timezone: group.timezone,
      questionsPerDay: group.questionsPerDay,
      chapters: group.chapters,
      paused: group.paused,
      nextPostAt: nextPostAt(group, now, posted !== null)?.toISOString() ?? null,
    };
  }

  return {
    async setupGroup(actor: Actor, input: GroupSetupInput): Promise<GroupSettingsView> {
      ctx.requireAdmin(actor);
      const dailyTime = normaliseDailyTime(input.dailyTime);
      if (!dailyTime) throw new StudyError("invalid-time", `not a time of day: ${input.dailyTime}`, { value: input.dailyTime });
      if (!isValidTimezone(input.timezone)) {
        throw new StudyError("invalid-timezone", `unknown timezone: ${input.timezone}`, { value: input.timezone });
      }
      const questionsPerDay = input.questionsPerDay ?? 1;
      if (!Number.isInteger(questionsPerDay) || questionsPerDay < 1 || questionsPerDay > MAX_QUESTIONS_PER_DAY) {
        throw new StudyError("invalid-questions-per-day", `questions per day must be 1–${MAX_QUESTIONS_PER_DAY}`, {
          max: MAX_QUESTIONS_PER_DAY,
        });
      }
      const chosen = [...new Set(input.chapters ?? [])].sort((a, b) => a - b);
      const unknown = chosen.filter((chapter) => !ctx.chapters.has(chapter));
      if (unknown.length > 0) {
        throw new StudyError("unknown-chapters", `unknown chapters: ${unknown.join(", ")}`, {
          chapters: unknown.join(", "),
          known: [...ctx.chapters].sort((a, b) => a - b).join(", "),
        });
      }
      await db.upsertServer(database, input.serverId);
      const existing = await db.findStudyGroupByChannel(database, input.serverId, input.channelId);
      const group = await db.upsertStudyGroup(
        database,
        {
          serverId: input.serverId,
          channelId: input.channelId,
          dailyTime,
          timezone: input.timezone,
          questionsPerDay,
          chapters: chosen,
          paused: existing?.paused ?? false,
          locale: actor.locale,
        },
        clock(),
      );
      return groupView(group);
    },

    async setGroupPaused(actor: Actor, ref: GroupRef, paused: boolean): Promise<GroupSettingsView> {
      ctx.requireAdmin(actor);
      const group = await ctx.requireGroup(ref);
      return groupView(await db.setGroupPaused(database, group.id, paused, clock()));
    },

    async groupStatus(ref: GroupRef): Promise<GroupSettingsView> {
      return groupView(await ctx.requireGroup(ref));
    },

    async memberSettings(ref: MemberRef): Promise<MemberSettingsView> {
      return settingsView(await ctx.member(ref));
    },

    async updateMemberSettings(ref: MemberRef, input: MemberSettingsInput): Promise<MemberSettingsView> {
      const current = await ctx.member(ref);
      if (input.timezone !== undefined && !isValidTimezone(input.timezone)) {
        throw new StudyError("invalid-timezone", `unknown timezone: ${input.timezone}`, { value: input.timezone });
      }
      try {
        resolvePreferences({
          timezone: input.timezone ?? current.timezone,
          dayStartHour: input.dayStartHour ?? current.dayStartHour,
          desiredRetention: input.desiredRetention ?? current.desiredRetention,
        });
      } catch (error) {
        if (!(error instanceof InvalidPreferencesError)) throw error;
        const code = input.dayStartHour !== undefined && !validHour(input.dayStartHour) ? "invalid-day-start" : "invalid-retention";
        throw new StudyError(code, error.message, { min: MIN_DESIRED_RETENTION, max: MAX_DESIRED_RETENTION }, { cause: error });
      }
      const updated = await db.upsertMember(database, ref.userId, { ...input, locale: ref.locale }, clock());
      return settingsView(updated);
    },
  };
}

function validHour(hour: number): boolean {
  return Number.isInteger(hour) && hour >= 0 && hour <= 23;
}

function settingsView(m: Member): MemberSettingsView {
  return { timezone: m.timezone, dayStartHour: m.dayStartHour, desiredRetention: m.desiredRetention };
}
