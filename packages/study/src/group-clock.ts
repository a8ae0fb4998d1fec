// Wall-clock arithmetic in a study group's timezone: which local date it is, and when the
// group's daily time falls. Only Intl is used, so every IANA zone and DST change is handled
// by the runtime's time-zone database.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

export function isValidTimezone(timezone: string): boolean {
  try {
    formatterFor(timezone);
    return true;
  } catch {
    return false;
  }
}

export interface LocalParts {
  /** YYYY-MM-DD */
  date: string;
  hour: number;
  minute: number;
  second: number;
}

export function localParts(instant: Date, timezone: string): LocalParts {
  const parts = Object.fromEntries(formatterFor(timezone).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The local wall-clock reading as if it were UTC: differences of these are wall-time differences. */
function wallClockAsUtc(p: LocalParts): number {
  const [y, m, d] = p.date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, p.hour, p.minute, p.second);
}

/** Offset of the zone from UTC at `instant`, in minutes. */
function offsetMinutes(instant: Date, timezone: string): number {
  const asUtc = wallClockAsUtc(localParts(instant, timezone));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which a local date and time happens in a zone. A wall time skipped by a DST
 * jump (02:30 on a spring-forward night) lands just after the jump (03:30), so the day's post
 * still goes out that day; a repeated wall time (autumn) takes one of its two instants.
 */
export function instantAt(localDate: string, time: string, timezone: string): Date {
  const [y, m, d] = localDate.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const naive = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes converge for every real zone: offsets change at most once near a given instant.
  const first = naive - offsetMinutes(new Date(naive), timezone) * 60_000;
  const instant = naive - offsetMinutes(new Date(first), timezone) * 60_000;
  const landed = localParts(new Date(instant), timezone);
  const landedNaive = wallClockAsUtc(landed);
  // Inside a gap the estimate can land before the jump: move it past the jump instead.
  return new Date(landedNaive < naive ? instant + (naive - landedNaive) : instant);
}

export function addDays(localDate: string, days: number): string {
  const [y, m, d] = localDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export const DAILY_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Accepts "9:00", "09:00" and "0900"; returns "09:00", or null when it is not a time of day. */
export function normaliseDailyTime(input: string): string | null {
  const match = /^\s*(\d{1,2})[:：]?(\d{2})\s*$/.exec(input);
  if (!match) return null;
  const time = `${match[1]!.padStart(2, "0")}:${match[2]}`;
  return DAILY_TIME_PATTERN.test(time) ? time : null;
}
