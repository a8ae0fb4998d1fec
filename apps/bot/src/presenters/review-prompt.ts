// `/review`, one private step at a time: the prompt (answer in a modal or show the answer),
// the shown answer with self-rating buttons, and the outcome with a button to the next item.
// A misconception item asks instead whether its statement is right (it never is).
import type { APIEmbed } from "discord.js";
import type { AnswerResultView, ItemView, ReviewPromptView } from "@recall/study";
import type { JudgeVerdict } from "../custom-ids.ts";
import { t, type UiLocale } from "../i18n/index.ts";
import { button, ratingButtons, ratingLabel, rows } from "./components.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { fitEmbeds } from "./fit-embeds.ts";
import { COLORS, itemEmbed } from "./item-embed.ts";
import { noMentions, textPayload, type MessagePayload } from "./payload.ts";
import { contentText, discordDue, truncate } from "./safe-text.ts";
import { splitText } from "./split-text.ts";

/** What a self-rating or judgement produced: the study domain's SelfRateResult has this shape. */
export type ReviewOutcome = Pick<AnswerResultView, "item" | "rating" | "nextDue" | "modelAnswer">;

export function renderReviewPrompt(view: ReviewPromptView, locale: UiLocale): MessagePayload {
  const { item } = view;
  const embed: APIEmbed = {
    ...itemEmbed(locale, item, t(locale, "review.title", { itemId: item.itemId })),
    footer: { text: t(locale, "review.due-count", { count: view.dueCount }) },
  };
  if (item.kind === "misconception") {
    return {
      content: t(locale, "review.judge.question"),
      embeds: fitEmbeds([embed]),
      components: rows([
        button({ kind: "judge", itemId: item.itemId, verdict: "right", reps: view.reps }, t(locale, "review.judge.right"), "success"),
        button({ kind: "judge", itemId: item.itemId, verdict: "wrong", reps: view.reps }, t(locale, "review.judge.wrong"), "danger"),
      ]),
      allowedMentions: noMentions(),
    };
  }
  return {
    // `update` replaces the previous step in place; an empty content clears that step's text.
    content: "",
    embeds: fitEmbeds([embed]),
    components: rows([
      button({ kind: "review-answer", itemId: item.itemId, reps: view.reps }, t(locale, "review.button.answer"), "primary"),
      button({ kind: "review-show", itemId: item.itemId, reps: view.reps }, t(locale, "review.button.show"), "secondary"),
    ]),
    allowedMentions: noMentions(),
  };
}

export function renderNothingDue(locale: UiLocale): MessagePayload {
  return textPayload(t(locale, "review.nothing-due"));
}

export function renderReviewDone(locale: UiLocale): MessagePayload {
  return textPayload(t(locale, "review.done"));
}

function modelAnswerEmbeds(locale: UiLocale, modelAnswer: string, titleKey: "result.model-answer" | "review.judge.incorrect"): APIEmbed[] {
  return splitText(contentText(modelAnswer), DISCORD_LIMITS.embedDescription).map((description, index) => ({
    title: t(locale, index === 0 ? titleKey : "result.model-answer-continued"),
    description,
    color: COLORS.brand,
  }));
}

/** After "show answer": the model answer (one message, cut if it must be) and Again/Hard/Good/Easy. */
/** `reps`: the card's review count when the prompt was shown (carried by the rating buttons). */
export function renderShownAnswer(
  item: Pick<ItemView, "itemId" | "prompt">,
  modelAnswer: string,
  reps: number,
  locale: UiLocale,
): MessagePayload {
  const prompt: APIEmbed = {
    title: t(locale, "review.title", { itemId: item.itemId }),
    description: truncate(contentText(item.prompt), DISCORD_LIMITS.embedDescription),
    color: COLORS.neutral,
  };
  return {
    content: t(locale, "review.self-rate"),
    embeds: fitEmbeds([prompt, ...modelAnswerEmbeds(locale, modelAnswer, "result.model-answer")]),
    components: rows(ratingButtons(locale, (rating) => ({ kind: "self-rate", itemId: item.itemId, rating, reps }), null)),
    allowedMentions: noMentions(),
  };
}

const nextRow = (locale: UiLocale) => rows([button({ kind: "review-next" }, t(locale, "review.button.next"), "success")]);

/** After a self-rating: what was recorded and when the item comes back. */
export function renderReviewRated(view: ReviewOutcome, locale: UiLocale): MessagePayload {
  return {
    content: t(locale, "review.rated", { rating: ratingLabel(locale, view.rating), next: discordDue(view.nextDue) }),
    embeds: [],
    components: nextRow(locale),
    allowedMentions: noMentions(),
  };
}

/**
 * After judging a misconception statement: right or not, why it is wrong, and the rating.
 * A misconception is wrong by definition, so "wrong" is the correct verdict unless the domain says otherwise.
 */
export function renderJudgeResult(
  view: ReviewOutcome & { correct?: boolean },
  verdict: JudgeVerdict,
  locale: UiLocale,
): MessagePayload {
  const correct = view.correct ?? verdict === "wrong";
  const why = modelAnswerEmbeds(locale, view.modelAnswer, "review.judge.incorrect").map((embed, index) =>
    index === 0
      ? { ...embed, title: t(locale, correct ? "review.judge.correct" : "review.judge.incorrect"), color: correct ? COLORS.good : COLORS.poor }
      : embed,
  );
  const statement: APIEmbed = {
    title: t(locale, "review.title", { itemId: view.item.itemId }),
    description: truncate(`> ${contentText(view.item.prompt).replace(/\n+/g, " ")}`, DISCORD_LIMITS.embedDescription),
    color: COLORS.neutral,
  };
  return {
    content: t(locale, "review.rated", { rating: ratingLabel(locale, view.rating), next: discordDue(view.nextDue) }),
    embeds: fitEmbeds([statement, ...why]),
    components: nextRow(locale),
    allowedMentions: noMentions(),
  };
}
