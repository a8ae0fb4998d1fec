// `/settings`: a member's preferences, shown after saving or when asked with no options, and the
// FSRS weights that schedule them: the defaults, or their own since a date, with the held-out
// log loss before and after (lower predicts their recall better).
import type { FsrsSettingsView, MemberSettingsView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { button, rows } from "./components.ts";
import { COLORS } from "./item-embed.ts";
import { noMentions, type MessagePayload } from "./payload.ts";
import { discordTime, truncate } from "./safe-text.ts";

export interface MemberSettingsOptions {
  /** True after an update; false when only showing the current settings. */
  saved: boolean;
  /** The member's FSRS weights; left out, the field is not shown. */
  fsrs?: FsrsSettingsView;
}

export function renderMemberSettings(view: MemberSettingsView, locale: UiLocale, options: MemberSettingsOptions): MessagePayload {
  const fields = [
    // The timezone came from the member; it was validated as an IANA name, but stays code.
    { name: t(locale, "settings.timezone"), value: `\`${truncate(view.timezone.replaceAll("`", ""), 64)}\``, inline: true },
    { name: t(locale, "settings.day-start"), value: t(locale, "settings.day-start-value", { hour: String(view.dayStartHour).padStart(2, "0") }), inline: true },
    { name: t(locale, "settings.retention"), value: view.desiredRetention.toFixed(2), inline: true },
  ];
  if (options.fsrs) fields.push({ name: t(locale, "settings.fsrs"), value: fsrsText(options.fsrs, locale), inline: false });
  // Personal weights: a way back to the defaults. Defaults by choice: a way back to fitting.
  const personal = options.fsrs?.kind === "personal";
  const optedOut = options.fsrs?.kind === "default" && options.fsrs.optedOut;
  return {
    content: t(locale, options.saved ? "settings.saved" : "settings.current"),
    embeds: [{ title: t(locale, "settings.title"), color: COLORS.brand, fields }],
    components: personal
      ? rows([button({ kind: "fsrs-defaults" }, t(locale, "settings.fsrs.use-defaults"), "secondary")])
      : optedOut
        ? rows([button({ kind: "fsrs-personal" }, t(locale, "settings.fsrs.allow-personal"), "secondary")])
        : [],
    allowedMentions: noMentions(),
  };
}

function fsrsText(fsrs: FsrsSettingsView, locale: UiLocale): string {
  const since = fsrs.since === null ? "" : ` · ${t(locale, "settings.fsrs.since", { date: discordTime(fsrs.since, "date") })}`;
  if (fsrs.kind === "default") return `${t(locale, "settings.fsrs.default")}${since}${fsrs.optedOut ? `\n${t(locale, "settings.fsrs.opted-out")}` : ""}`;
  const loss =
    fsrs.logLossBefore !== null && fsrs.logLossAfter !== null
      ? `\n${t(locale, "settings.fsrs.log-loss", { before: fsrs.logLossBefore.toFixed(4), after: fsrs.logLossAfter.toFixed(4) })}`
      : "";
  return `${t(locale, "settings.fsrs.personal")}${since}${loss}`;
}
