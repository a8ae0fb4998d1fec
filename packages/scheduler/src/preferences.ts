// What a member can tune about their schedule, validated once and frozen.

import { InvalidPreferencesError, describeValue } from "./errors.ts";
import { canonicalTimeZone, checkDayStartHour } from "./local-day.ts";
import { checkParameters } from "./parameters.ts";

export interface MemberPreferences {
  /** IANA time zone name, e.g. "Asia/Shanghai". */
  readonly timezone: string;
  /** Local hour (0–23) at which a new study day begins; Anki's default is 4. */
  readonly dayStartHour: number;
  /** Target probability of recall when a card falls due (0.70–0.97). */
  readonly desiredRetention: number;
  /** Longest interval FSRS may schedule, in days. */
  readonly maximumInterval: number;
  /** Spread intervals a little so cards learned together do not all fall due together. */
  readonly fuzz: boolean;
  /** The member's own 21 FSRS-6 weights (from the optimizer), or null for FSRS-6's defaults. */
  readonly parameters: readonly number[] | null;
}

export const DEFAULT_PREFERENCES: MemberPreferences = Object.freeze({
  timezone: "UTC",
  dayStartHour: 4,
  desiredRetention: 0.9,
  maximumInterval: 36500,
  fuzz: false,
  parameters: null,
});

export const MIN_DESIRED_RETENTION = 0.7;
export const MAX_DESIRED_RETENTION = 0.97;
/** ts-fsrs caps stability, and so intervals, at 36500 days. */
export const MAX_MAXIMUM_INTERVAL = 36500;

const PREFERENCE_KEYS: ReadonlySet<string> = new Set(Object.keys(DEFAULT_PREFERENCES));
/** Objects returned by resolvePreferences: frozen and known to be valid, so reused as they are. */
const resolvedPreferences = new WeakSet<object>();

/**
 * Fills defaults into partial preferences and validates every field. Unknown fields are
 * rejected so that a misspelt "dayStart" does not silently fall back to the default.
 */
export function resolvePreferences(partial: Partial<MemberPreferences> = {}): MemberPreferences {
  if (resolvedPreferences.has(partial)) return partial as MemberPreferences;
  if (typeof partial !== "object" || partial === null || Array.isArray(partial)) {
    throw new InvalidPreferencesError("preferences", `preferences must be an object, got ${describeValue(partial)}`);
  }
  for (const key of Object.keys(partial)) {
    if (!PREFERENCE_KEYS.has(key)) {
      throw new InvalidPreferencesError(key, `unknown preference ${JSON.stringify(key)}`);
    }
  }
  const timezone = canonicalTimeZone(given(partial, "timezone"));
  const dayStartHour = checkDayStartHour(given(partial, "dayStartHour"));

  const desiredRetention: unknown = given(partial, "desiredRetention");
  if (
    typeof desiredRetention !== "number" ||
    !(desiredRetention >= MIN_DESIRED_RETENTION && desiredRetention <= MAX_DESIRED_RETENTION)
  ) {
    throw new InvalidPreferencesError(
      "desiredRetention",
      `desiredRetention must be a number from ${MIN_DESIRED_RETENTION} to ${MAX_DESIRED_RETENTION}, got ${describeValue(desiredRetention)}`,
    );
  }

  const maximumInterval: unknown = given(partial, "maximumInterval");
  if (
    typeof maximumInterval !== "number" ||
    !Number.isInteger(maximumInterval) ||
    maximumInterval < 1 ||
    maximumInterval > MAX_MAXIMUM_INTERVAL
  ) {
    throw new InvalidPreferencesError(
      "maximumInterval",
      `maximumInterval must be a whole number of days from 1 to ${MAX_MAXIMUM_INTERVAL}, got ${describeValue(maximumInterval)}`,
    );
  }

  const fuzz: unknown = given(partial, "fuzz");
  if (typeof fuzz !== "boolean") {
    throw new InvalidPreferencesError("fuzz", `fuzz must be true or false, got ${describeValue(fuzz)}`);
  }

  const parameters = checkParameters(given(partial, "parameters"));

  const resolved: MemberPreferences = Object.freeze({
    timezone,
    dayStartHour,
    desiredRetention,
    maximumInterval,
    fuzz,
    parameters,
  });
  resolvedPreferences.add(resolved);
  return resolved;
}

/** A field as given, or its default when absent (null is kept, and rejected as a bad value). */
function given<K extends keyof MemberPreferences>(partial: Partial<MemberPreferences>, key: K): unknown {
  const value: unknown = partial[key];
  return value === undefined ? DEFAULT_PREFERENCES[key] : value;
}
