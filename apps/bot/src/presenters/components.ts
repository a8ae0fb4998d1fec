// Buttons and rows as plain JSON, with labels cut to Discord's limit.
import { ButtonStyle, ComponentType, TextInputStyle, type APIButtonComponentWithCustomId, type APIModalInteractionResponseCallbackData } from "discord.js";
import type { Rating } from "@recall/scheduler";
import { encodeCustomId, type CustomId } from "../custom-ids.ts";
import { t, type UiLocale } from "../i18n/index.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import type { MessageRow } from "./payload.ts";
import { truncate } from "./safe-text.ts";

// Kept here rather than imported at run time: presenters depend on the scheduler's types only.
export const RATING_ORDER = ["again", "hard", "good", "easy"] as const satisfies readonly Rating[];

export type ButtonTone = "primary" | "secondary" | "success" | "danger";

const STYLES = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
} as const satisfies Record<ButtonTone, ButtonStyle>;

export function button(
  id: CustomId,
  label: string,
  tone: ButtonTone = "secondary",
  disabled = false,
): APIButtonComponentWithCustomId {
  return {
    type: ComponentType.Button,
    custom_id: encodeCustomId(id),
    label: truncate(label, DISCORD_LIMITS.buttonLabel),
    style: STYLES[tone],
    disabled,
  };
}

/** Rows of at most five buttons each. */
export function rows(buttons: readonly APIButtonComponentWithCustomId[]): MessageRow[] {
  const out: MessageRow[] = [];
  for (let start = 0; start < buttons.length; start += DISCORD_LIMITS.buttonsPerRow) {
    out.push({ type: ComponentType.ActionRow, components: buttons.slice(start, start + DISCORD_LIMITS.buttonsPerRow) });
  }
  return out;
}

export function ratingLabel(locale: UiLocale, rating: Rating): string {
  return t(locale, `rating.${rating}`);
}

/** Again / Hard / Good / Easy, the one in force highlighted and not clickable again. */
export function ratingButtons(
  locale: UiLocale,
  idFor: (rating: Rating) => CustomId,
  current: Rating | null,
): APIButtonComponentWithCustomId[] {
  return RATING_ORDER.map((rating) =>
    button(idFor(rating), ratingLabel(locale, rating), rating === current ? "primary" : "secondary", rating === current),
  );
}

/** A form of one paragraph input (an answer, an appeal's note, a rejection's reason), clipped to Discord's limits. */
export function paragraphModal(form: {
  customId: string;
  title: string;
  label: string;
  description?: string;
  inputId: string;
  placeholder?: string;
  maxLength: number;
  required: boolean;
}): APIModalInteractionResponseCallbackData {
  return {
    custom_id: form.customId,
    title: truncate(form.title, DISCORD_LIMITS.modalTitle),
    components: [
      {
        type: ComponentType.Label,
        label: truncate(form.label, DISCORD_LIMITS.labelText),
        ...(form.description === undefined ? {} : { description: truncate(form.description, DISCORD_LIMITS.labelDescription) }),
        component: {
          type: ComponentType.TextInput,
          custom_id: form.inputId,
          style: TextInputStyle.Paragraph,
          ...(form.placeholder === undefined ? {} : { placeholder: truncate(form.placeholder, DISCORD_LIMITS.textInputPlaceholder) }),
          ...(form.required ? { min_length: 1 } : {}),
          max_length: form.maxLength,
          required: form.required,
        },
      },
    ],
  };
}
