// The answer form: a modal must be the first response to the button, so it is built from what
// the button carried (post and item) and the item's prompt, with no database round trip.
import type { APIModalInteractionResponseCallbackData } from "discord.js";
import type { QuizItem } from "@recall/content";
import type { ItemView } from "@recall/study";
import { ANSWER_INPUT_ID, encodeCustomId } from "../custom-ids.ts";
import { t, type UiLocale } from "../i18n/index.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { paragraphModal } from "./components.ts";

/** A view from the domain or the content item itself: handlers often hold only the latter. */
export type ModalItem = Pick<ItemView, "itemId" | "prompt"> | Pick<QuizItem, "id" | "prompt">;

/**
 * `postId` null: an answer from `/review` or a `/weak` drill rather than a daily post; `reps` is
 * then the card's review count when the prompt was shown, so a second submit counts once.
 */
export function renderAnswerModal(
  item: ModalItem,
  postId: string | null,
  locale: UiLocale,
  reps: number | null = null,
): APIModalInteractionResponseCallbackData {
  const itemId = "itemId" in item ? item.itemId : item.id;
  return renderAnswerForm(encodeCustomId({ kind: "answer-modal", postId, itemId, reps }), itemId, item.prompt, locale);
}

/** The form every answer is typed in (daily posts, reviews, drills, interviews); `customId` says where it goes. */
export function renderAnswerForm(customId: string, itemId: string, prompt: string, locale: UiLocale): APIModalInteractionResponseCallbackData {
  return paragraphModal({
    customId,
    title: t(locale, "modal.title", { itemId }),
    label: t(locale, "modal.label"),
    // The question itself, so the member can read it while typing.
    description: prompt.replace(/\s+/g, " ").trim(),
    inputId: ANSWER_INPUT_ID,
    placeholder: t(locale, "modal.placeholder"),
    maxLength: DISCORD_LIMITS.textInputValue,
    required: true,
  });
}
