// `/settings`: a member's preferences, shown after saving or when asked with no options.
import type { MemberSettingsView } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { COLORS } from "./item-embed.ts";
import { noMentions, type MessagePayload } from "./payload.ts";
import { truncate } from "./safe-text.ts";

export interface MemberSettingsOptions {
  /** True after an update; false when only showing the current settings. */
  saved: boolean;
}

export function renderMemberSettings(view: MemberSettingsView, locale: UiLocale, options: MemberSettingsOptions): MessagePayload {
  return {
    content: t(locale, options.saved ? "settings.saved" : "settings.current"),
    embeds: [
      {
        title: t(locale, "settings.title"),
        color: COLORS.brand,
        fields: [
          // The timezone came from the member; it was validated as an IANA name, but stays code.
          { name: t(locale, "settings.timezone"), value: `\`${truncate(view.timezone.replaceAll("`", ""), 64)}\``, inline: true },
          { name: t(locale, "settings.day-start"), value: t(locale, "settings.day-start-value", { hour: String(view.dayStartHour).padStart(2, "0") }), inline: true },
          { name: t(locale, "settings.retention"), value: view.desiredRetention.toFixed(2), inline: true },
        ],
      },
    ],
    components: [],
    allowedMentions: noMentions(),
  };
}
