// Instants as the scheduler stores them: ISO-8601 strings with a zone. Reading and writing the
// canonical form (`2024-03-10T09:30:00.000Z`) is done with integer arithmetic: Date.parse and
// toISOString cost several times more than a whole FSRS step in the environments measured.

import { InvalidDateError, describeValue } from "./errors.ts";

const MS_PER_DAY = 86_400_000;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
/** Years the canonical fast paths handle (four digits, and Date.UTC's 0–99 quirk avoided). */
const MIN_FAST_YEAR = 1000;
const MAX_FAST_YEAR = 9999;

/**
 * Milliseconds of an instant given as a Date or as an ISO-8601 string with an explicit zone
 * (a string without one would be read in the server's zone, which differs between machines).
 */
export function parseInstant(value: unknown, what: string): number {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw new InvalidDateError(`${what} is an invalid Date`);
    return ms;
  }
  if (typeof value === "string") {
    const ms = tryParseInstant(value);
    if (ms === null) {
      throw new InvalidDateError(
        `${what} must be an ISO-8601 time with a zone such as "2024-03-10T09:30:00Z", got ${describeValue(value)}`,
      );
    }
    return ms;
  }
  throw new InvalidDateError(`${what} must be a Date or an ISO-8601 string, got ${describeValue(value)}`);
}

/** Same rules as parseInstant, returning null instead of throwing. */
export function tryParseInstant(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const canonical = parseCanonical(value);
  if (canonical !== null) return canonical;
  if (!ISO_WITH_ZONE.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** The canonical ISO form of an instant, identical to `new Date(ms).toISOString()`. */
export function formatInstant(ms: number): string {
  const day = Math.floor(ms / MS_PER_DAY);
  const { year, month, dayOfMonth } = civilFromDays(day);
  if (year < MIN_FAST_YEAR || year > MAX_FAST_YEAR) return new Date(ms).toISOString();
  let rest = ms - day * MS_PER_DAY;
  const hour = Math.floor(rest / 3_600_000);
  rest -= hour * 3_600_000;
  const minute = Math.floor(rest / 60_000);
  rest -= minute * 60_000;
  const second = Math.floor(rest / 1000);
  const millisecond = rest - second * 1000;
  return `${year}-${two(month)}-${two(dayOfMonth)}T${two(hour)}:${two(minute)}:${two(second)}.${three(millisecond)}Z`;
}

/**
 * The form this package writes, which is every stored time. Anything else, including odd but
 * accepted dates such as 24:00 or 30 February, goes the general way (null here).
 */
function parseCanonical(text: string): number | null {
  if (
    text.length !== 24 ||
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 || // T
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58 ||
    text.charCodeAt(19) !== 46 || // .
    text.charCodeAt(23) !== 90 // Z
  ) {
    return null;
  }
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  const millisecond = digitsAt(text, 20, 3);
  if (
    year < MIN_FAST_YEAR ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 28 ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59 ||
    millisecond < 0
  ) {
    return null;
  }
  return daysFromCivil(year, month, day) * MS_PER_DAY + hour * 3_600_000 + minute * 60_000 + second * 1000 + millisecond;
}

/** The decimal number in text[start, start+length), or -1 if any character is not a digit. */
function digitsAt(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

// Proleptic Gregorian calendar conversions (H. Hinnant's days_from_civil / civil_from_days).

function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function civilFromDays(days: number): { year: number; month: number; dayOfMonth: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, dayOfMonth };
}

function two(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

function three(n: number): string {
  return n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`;
}
