// `/me forget` asks before deleting anything; `/me export` sends a file the handler attaches.
import { t, type UiLocale } from "../i18n/index.ts";
import { button, rows } from "./components.ts";
import { noMentions, textPayload, type MessagePayload } from "./payload.ts";

export function renderForgetConfirm(locale: UiLocale): MessagePayload {
  return {
    content: t(locale, "me.forget.confirm"),
    embeds: [],
    components: rows([
      button({ kind: "forget-confirm" }, t(locale, "me.forget.button.confirm"), "danger"),
      button({ kind: "forget-cancel" }, t(locale, "me.forget.button.cancel"), "secondary"),
    ]),
    allowedMentions: noMentions(),
  };
}

/** After the confirmation: the buttons go away with the question. */
export function renderForgetOutcome(deleted: boolean, locale: UiLocale): MessagePayload {
  return textPayload(t(locale, deleted ? "me.forget.done" : "me.forget.cancelled"));
}

export function renderExportNote(hasData: boolean, locale: UiLocale): MessagePayload {
  return textPayload(t(locale, hasData ? "me.export.done" : "me.export.empty"));
}
