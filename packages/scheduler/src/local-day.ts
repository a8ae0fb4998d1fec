// A member's study day: the calendar date in their time zone, where the day starts at their
// day-start hour instead of midnight. FSRS only knows UTC calendar dates, so the scheduler moves
// every instant onto a "study clock" — local wall time minus the day-start hour, read as if it
// were UTC — and the UTC date of that clock is the study day.

import { InvalidPreferencesError, describeValue } from "./errors.ts";
import { formatInstant, parseInstant } from "./instants.ts";

const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 86_400_000;

/**
 * Offsets are looked up once per zone and UTC day: Intl formatting costs about 10 µs a call.
 * A day whose offset changes stores the exact instant of the change (found by bisection), so
 * no lookup after the first ever formats a date. Assumes at most one change per zone per day.
 */
const MAX_CACHED_DAYS = 50_000;

interface OffsetChange {
  at: number;
  before: number;
  after: number;
}

export class TimeZoneClock {
  readonly timeZone: string;
  private readonly format: Intl.DateTimeFormat | null;
  private readonly offsetByDay = new Map<number, number | OffsetChange>();

  constructor(timeZone: string) {
    this.timeZone = timeZone;
    this.format =
      timeZone === "UTC"
        ? null
        : new Intl.DateTimeFormat("en-US", {
            timeZone,
            hourCycle: "h23",
            era: "short",
            year: "numeric",
            month: "numeric",
            day: "numeric",
            hour: "numeric",
            minute: "numeric",
            second: "numeric",
          });
  }

  /** The zone's offset from UTC at an instant, in ms (Shanghai: +8 h). */
  offsetAt(instantMs: number): number {
    if (this.format === null) return 0;
    const day = Math.floor(instantMs / MS_PER_DAY);
    let entry = this.offsetByDay.get(day);
    if (entry === undefined) {
      entry = this.describeDay(day);
      if (this.offsetByDay.size >= MAX_CACHED_DAYS) this.offsetByDay.clear();
      this.offsetByDay.set(day, entry);
    }
    if (typeof entry === "number") return entry;
    return instantMs < entry.at ? entry.before : entry.after;
  }

  /** Local wall time at an instant, as ms since the epoch read as if it were UTC. */
  wallTime(instantMs: number): number {
    return instantMs + this.offsetAt(instantMs);
  }

  /**
   * The instant at which local clocks show a wall time. A time skipped by a daylight-saving
   * change is moved forward by the size of the gap (02:30 on a spring-forward night becomes
   * 03:30); a time that occurs twice resolves to the first occurrence.
   */
  instantOfWallTime(wallMs: number): number {
    const offsetBefore = this.offsetAt(wallMs - MS_PER_DAY);
    const offsetAfter = this.offsetAt(wallMs + MS_PER_DAY);
    if (offsetBefore === offsetAfter) return wallMs - offsetBefore;
    const withBefore = wallMs - offsetBefore;
    const withAfter = wallMs - offsetAfter;
    const beforeFits = this.offsetAt(withBefore) === offsetBefore;
    const afterFits = this.offsetAt(withAfter) === offsetAfter;
    if (beforeFits && afterFits) return Math.min(withBefore, withAfter);
    if (afterFits) return withAfter;
    // Either only the earlier offset fits, or the wall time falls in a gap: both resolve to the
    // instant that keeps the earlier offset, which lands after the gap.
    return withBefore;
  }

  private describeDay(day: number): number | OffsetChange {
    const start = day * MS_PER_DAY;
    const end = start + MS_PER_DAY - 1;
    const before = this.computeOffset(start);
    const after = this.computeOffset(end);
    if (before === after) return before;
    // Offsets change on whole seconds: bisect to the first second with the new offset.
    let low = Math.floor(start / 1000);
    let high = Math.floor(end / 1000);
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (this.computeOffset(middle * 1000) === before) low = middle + 1;
      else high = middle;
    }
    return { at: low * 1000, before, after };
  }

  private computeOffset(instantMs: number): number {
    const wholeSecond = Math.floor(instantMs / 1000) * 1000;
    // Only called when format is set (non-UTC zones).
    const parts = (this.format as Intl.DateTimeFormat).formatToParts(wholeSecond);
    let year = 0;
    let month = 1;
    let day = 1;
    let hour = 0;
    let minute = 0;
    let second = 0;
    let beforeCommonEra = false;
    for (const part of parts) {
      switch (part.type) {
        case "year":
          year = Number(part.value);
          break;
        case "month":
          month = Number(part.value);
          break;
        case "day":
          day = Number(part.value);
          break;
        case "hour":
          hour = Number(part.value);
          break;
        case "minute":
          minute = Number(part.value);
          break;
        case "second":
          second = Number(part.value);
          break;
        case "era":
          beforeCommonEra = part.value === "BC";
          break;
        default:
          break;
      }
    }
    const fullYear = beforeCommonEra ? 1 - year : year;
    const wall = new Date(0);
    wall.setUTCFullYear(fullYear, month - 1, day);
    wall.setUTCHours(hour, minute, second, 0);
    return wall.getTime() - wholeSecond;
  }
}

const clocks = new Map<string, TimeZoneClock>();

/**
 * The canonical IANA name of a time zone ("asia/shanghai" → "Asia/Shanghai", "Etc/UTC" → "UTC"),
 * or an InvalidPreferencesError.
 */
export function canonicalTimeZone(timeZone: unknown): string {
  if (typeof timeZone !== "string" || timeZone.trim() === "") {
    throw new InvalidPreferencesError(
      "timezone",
      `timezone must be an IANA time zone name such as "Asia/Shanghai", got ${describeValue(timeZone)}`,
    );
  }
  const known = clocks.get(timeZone);
  if (known) return known.timeZone;
  // Intl also accepts raw offsets ("+08:00") in newer engines; those ignore daylight saving.
  const looksLikeOffset = /^[+-]\d/.test(timeZone);
  let canonical: string | undefined;
  if (!looksLikeOffset) {
    try {
      canonical = new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
    } catch (error) {
      throw new InvalidPreferencesError(
        "timezone",
        `timezone ${describeValue(timeZone)} is not an IANA time zone name`,
        { cause: error },
      );
    }
  }
  if (canonical === undefined) {
    throw new InvalidPreferencesError("timezone", `timezone ${describeValue(timeZone)} is not an IANA time zone name`);
  }
  const clock = clocks.get(canonical) ?? new TimeZoneClock(canonical);
  clocks.set(canonical, clock);
  clocks.set(timeZone, clock);
  return canonical;
}

/** The shared clock of a zone (validated, cached). */
export function clockFor(timeZone: string): TimeZoneClock {
  const clock = clocks.get(timeZone);
  if (clock) return clock;
  canonicalTimeZone(timeZone);
  return clocks.get(timeZone) as TimeZoneClock;
}

export function checkDayStartHour(dayStartHour: unknown): number {
  if (typeof dayStartHour !== "number" || !Number.isInteger(dayStartHour) || dayStartHour < 0 || dayStartHour > 23) {
    throw new InvalidPreferencesError(
      "dayStartHour",
      `dayStartHour must be an integer from 0 to 23, got ${describeValue(dayStartHour)}`,
    );
  }
  return dayStartHour;
}

/** The study clock of an instant: local wall time minus the day-start hour, read as UTC. */
export function toStudyClock(clock: TimeZoneClock, dayStartHour: number, instantMs: number): number {
  return clock.wallTime(instantMs) - dayStartHour * MS_PER_HOUR;
}

/** The real instant at which the study clock shows a time (see TimeZoneClock.instantOfWallTime). */
export function fromStudyClock(clock: TimeZoneClock, dayStartHour: number, studyClockMs: number): number {
  return clock.instantOfWallTime(studyClockMs + dayStartHour * MS_PER_HOUR);
}

/** Whole study days from one instant to a later one (0 on the same study day). */
export function studyDaysBetween(clock: TimeZoneClock, dayStartHour: number, fromMs: number, toMs: number): number {
  const from = Math.floor(toStudyClock(clock, dayStartHour, fromMs) / MS_PER_DAY);
  const to = Math.floor(toStudyClock(clock, dayStartHour, toMs) / MS_PER_DAY);
  return to - from;
}

/**
 * The member's study day of an instant, as `YYYY-MM-DD`. With day start 4, 03:59 local still
 * belongs to the previous date. This is the key for streaks and daily leaderboards.
 */
export function localDay(instant: Date | string, timezone: string, dayStartHour: number): string {
  const ms = parseInstant(instant, "instant");
  const clock = clockFor(timezone);
  const studyClock = toStudyClock(clock, checkDayStartHour(dayStartHour), ms);
  return formatStudyDate(Math.floor(studyClock / MS_PER_DAY));
}

/** The instant the member's study day containing `instant` began. */
export function startOfLocalDay(instant: Date | string, timezone: string, dayStartHour: number): Date {
  const ms = parseInstant(instant, "instant");
  const clock = clockFor(timezone);
  const hour = checkDayStartHour(dayStartHour);
  const day = Math.floor(toStudyClock(clock, hour, ms) / MS_PER_DAY);
  return new Date(fromStudyClock(clock, hour, day * MS_PER_DAY));
}

/** The instant the member's next study day begins (the exclusive end of the current one). */
export function endOfLocalDay(instant: Date | string, timezone: string, dayStartHour: number): Date {
  const ms = parseInstant(instant, "instant");
  const clock = clockFor(timezone);
  const hour = checkDayStartHour(dayStartHour);
  const day = Math.floor(toStudyClock(clock, hour, ms) / MS_PER_DAY);
  return new Date(fromStudyClock(clock, hour, (day + 1) * MS_PER_DAY));
}

function formatStudyDate(dayNumber: number): string {
  return formatInstant(dayNumber * MS_PER_DAY).slice(0, 10);
}


/**
 * The study day of an instant as a whole number (days since 1970-01-01 on the study clock), for
 * counting days between reviews exactly as a review does.
 */
export function studyDayNumber(instant: Date | string | number, timezone: string, dayStartHour: number): number {
  const ms = typeof instant === "number" ? instant : parseInstant(instant, "instant");
  return Math.floor(toStudyClock(clockFor(timezone), checkDayStartHour(dayStartHour), ms) / MS_PER_DAY);
}
