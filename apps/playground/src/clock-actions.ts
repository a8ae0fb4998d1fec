// The page's clock buttons. "Next day at the group's time" needs the group's daily time: the
// playground reads it from the last /quiz setup a member sent through the local Discord (and
// keeps it, with the clock, across runs in playground.json).
import { addDays, instantAt, isValidTimezone, localParts, normaliseDailyTime } from "@recall/study";
import type { FakeDiscord } from "@recall/discord-fake";

export interface GroupTime {
  time: string;
  timezone: string;
}

export const DEFAULT_GROUP_TIME: GroupTime = { time: "09:00", timezone: "Asia/Shanghai" };

/** The time and timezone of the latest /quiz setup sent to the local Discord, if any was valid. */
export function latestGroupTime(fake: FakeDiscord): GroupTime | null {
  let found: GroupTime | null = null;
  for (const handle of fake.allInteractions()) {
    const data = handle.payload.data as { name?: string; options?: { name: string; options?: { name: string; value: unknown }[] }[] } | undefined;
    const setup = data?.name === "quiz" ? data.options?.find((option) => option.name === "setup") : undefined;
    if (!setup) continue;
    const value = (name: string): string | undefined => {
      const option = setup.options?.find((candidate) => candidate.name === name);
      return typeof option?.value === "string" ? option.value : undefined;
    };
    const time = normaliseDailyTime(value("time") ?? "");
    const timezone = value("timezone") ?? "";
    if (time && isValidTimezone(timezone)) found = { time, timezone };
  }
  return found;
}

/** Milliseconds from now to the next calendar day's daily time in the group's timezone. */
export function msToNextDayAt(nowMs: number, group: GroupTime): number {
  const today = localParts(new Date(nowMs), group.timezone).date;
  const target = instantAt(addDays(today, 1), group.time, group.timezone).getTime();
  return Math.max(0, target - nowMs);
}

export const WEEK_MS = 7 * 86_400_000;
