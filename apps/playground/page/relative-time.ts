// Discord's relative timestamps (`<t:…:R>`), without the DOM so that node tests can read it.

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1_000],
];

/** `<t:…:R>` as Discord shows it: "in 3 days", "5 minutes ago", in the reader's language. */
export function relativeTime(targetMs: number, nowMs: number, locale: string): string {
  const difference = targetMs - nowMs;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(difference) >= size || unit === "second") return format.format(Math.round(difference / size), unit);
  }
  return format.format(0, "second");
}
