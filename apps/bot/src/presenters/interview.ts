// `/interview`, one private message updated in place: the question with its 60-second countdown,
// after each answer a line on how it went and the next question, and at the end the report.
import { type APIEmbed, type APIEmbedField, type APIModalInteractionResponseCallbackData } from "discord.js";
import type { InterviewAnswerView, InterviewReportView, InterviewStepView, InterviewTurnView } from "@recall/study";
import { encodeCustomId } from "../custom-ids.ts";
import { t, type UiLocale } from "../i18n/index.ts";
import { renderAnswerForm } from "./answer-modal.ts";
import { VERDICT_MARKS, scorePercent } from "./answer-result.ts";
import { button, rows } from "./components.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { fitEmbeds } from "./fit-embeds.ts";
import { COLORS, itemFields } from "./item-embed.ts";
import { noMentions, type MessagePayload } from "./payload.ts";
import { contentText, discordTime, truncate } from "./safe-text.ts";

/** The report shows each answer's points on a field; a bank point is one short sentence. */
const POINT_TEXT_SHOWN = 80;

function oneLine(text: string, max: number): string {
  return truncate(contentText(text).replace(/\s+/g, " "), max);
}

function stepEmbed(view: InterviewStepView, locale: UiLocale): APIEmbed {
  const title =
    view.depth === 0
      ? t(locale, "interview.title.main", { number: view.questionNumber, count: view.questionCount, itemId: view.item.itemId })
      : t(locale, "interview.title.follow-up", { depth: view.depth, itemId: view.item.itemId });
  const fields: APIEmbedField[] = [
    ...itemFields(locale, view.item),
    {
      name: t(locale, "interview.target"),
      value: t(locale, "interview.target-value", {
        min: view.targetSeconds.min,
        max: view.targetSeconds.max,
        countdown: discordTime(view.targetEndsAt, "relative"),
      }),
    },
  ];
  if (view.reason !== "main") {
    fields.push({ name: t(locale, "interview.reason"), value: t(locale, `interview.reason.${view.reason}`) });
  }
  return {
    title: truncate(title, DISCORD_LIMITS.embedTitle),
    description: truncate(contentText(view.item.prompt), DISCORD_LIMITS.embedDescription),
    color: view.depth === 0 ? COLORS.brand : COLORS.neutral,
    fields,
    footer: { text: t(locale, view.record ? "interview.recorded" : "interview.not-recorded") },
  };
}

function stepButtons(view: InterviewStepView, locale: UiLocale) {
  return rows([
    button({ kind: "interview-answer", sessionId: view.sessionId, step: view.step, itemId: view.item.itemId }, t(locale, "interview.button.answer"), "primary"),
    button({ kind: "interview-stop", sessionId: view.sessionId }, t(locale, "interview.button.stop"), "danger"),
  ]);
}

export function renderInterviewStep(view: InterviewStepView, locale: UiLocale, note: string | null = null): MessagePayload {
  const notes = [
    note,
    view.previousExpired ? t(locale, "interview.previous-expired") : null,
    view.resumed ? t(locale, "interview.resumed") : null,
  ].filter((line): line is string => line !== null);
  return {
    content: truncate(notes.join("\n"), DISCORD_LIMITS.content),
    embeds: fitEmbeds([stepEmbed(view, locale)]),
    components: stepButtons(view, locale),
    allowedMentions: noMentions(),
  };
}

/** The answer form of the question at `step`; built from the button alone (a modal cannot wait). */
export function renderInterviewModal(
  item: { itemId: string; prompt: string },
  sessionId: string,
  step: number,
  locale: UiLocale,
): APIModalInteractionResponseCallbackData {
  return renderAnswerForm(encodeCustomId({ kind: "interview-modal", sessionId, step }), item.itemId, item.prompt, locale);
}

function pointLines(answer: InterviewAnswerView, locale: UiLocale): string[] {
  return [
    ...answer.keyPoints.map((kp) => `${VERDICT_MARKS[kp.verdict]} ${t(locale, `result.verdict.${kp.verdict}`)} · ${oneLine(kp.text, POINT_TEXT_SHOWN)}`),
    ...answer.misconceptions.map((mc) =>
      t(locale, "interview.report.misconception", { statement: oneLine(mc.statement, POINT_TEXT_SHOWN), feedback: oneLine(mc.feedback, 300) }),
    ),
  ];
}

function lastAnswerLine(answer: InterviewAnswerView, locale: UiLocale): string {
  return t(locale, "interview.last-answer", { itemId: answer.item.itemId, score: scorePercent(answer.score), seconds: answer.seconds });
}

function answerEmbed(answer: InterviewAnswerView, locale: UiLocale): APIEmbed {
  return {
    title: truncate(lastAnswerLine(answer, locale), DISCORD_LIMITS.embedTitle),
    description: truncate(pointLines(answer, locale).join("\n"), DISCORD_LIMITS.embedDescription),
    color: answer.score >= 0.8 ? COLORS.good : answer.score >= 0.5 ? COLORS.fair : COLORS.poor,
  };
}

/** After an answer: how it went, then the next question, or the report when that was the last. */
export function renderInterviewTurn(turn: InterviewTurnView, locale: UiLocale): MessagePayload {
  const note = turn.repeated ? t(locale, "interview.repeated") : null;
  if (turn.next) {
    const step = renderInterviewStep(turn.next, locale, note);
    return { ...step, embeds: fitEmbeds([answerEmbed(turn.answer, locale), ...step.embeds]) };
  }
  if (turn.report) return renderInterviewReport(turn.report, locale, note);
  return { content: note ?? "", embeds: fitEmbeds([answerEmbed(turn.answer, locale)]), components: [], allowedMentions: noMentions() };
}

export function renderInterviewReport(report: InterviewReportView, locale: UiLocale, note: string | null = null): MessagePayload {
  const { overall } = report;
  const summary = t(locale, "interview.report.overall", {
    rating: t(locale, `interview.report.rating.${overall.rating}`),
    score: scorePercent(overall.score),
    within: overall.withinTarget,
    answered: overall.answered,
    target: overall.targetSeconds,
  });
  // One field per answer, as many as Discord allows beside the "practise next" field.
  const answerFields: APIEmbedField[] = report.answers.slice(0, DISCORD_LIMITS.embedFields - 1).map((answer) => ({
    name: truncate(
      t(locale, "interview.report.answer", {
        itemId: answer.item.itemId,
        score: scorePercent(answer.score),
        seconds: answer.seconds,
        target: overall.targetSeconds,
      }),
      DISCORD_LIMITS.fieldName,
    ),
    value: truncate(pointLines(answer, locale).join("\n") || "—", DISCORD_LIMITS.fieldValue),
  }));
  const practise: APIEmbedField = {
    name: t(locale, "interview.report.practise-next"),
    value: truncate(
      report.practiseNext.length === 0
        ? t(locale, "interview.report.nothing-to-practise")
        : report.practiseNext
            .map((item) => t(locale, "interview.report.practise-row", { itemId: item.itemId, prompt: oneLine(item.prompt, 80), score: scorePercent(item.score) }))
            .join("\n"),
      DISCORD_LIMITS.fieldValue,
    ),
  };
  const notes = [
    note,
    report.status === "expired" ? t(locale, "interview.report.expired") : null,
    report.record ? null : t(locale, "interview.report.not-recorded"),
  ].filter((line): line is string => line !== null);
  return {
    content: truncate(notes.join("\n"), DISCORD_LIMITS.content),
    embeds: fitEmbeds([
      {
        title: t(locale, "interview.report.title"),
        description: report.answers.length === 0 ? `${summary}\n${t(locale, "interview.report.no-answers")}` : summary,
        color: overall.rating === "strong" || overall.rating === "good" ? COLORS.good : overall.rating === "fair" ? COLORS.fair : COLORS.poor,
        fields: [...answerFields, practise],
      },
    ]),
    components: rows(
      report.practiseNext.map((item) => button({ kind: "drill", itemId: item.itemId, reps: item.reps }, t(locale, "weak.button.drill", { itemId: item.itemId }), "primary")),
    ),
    allowedMentions: noMentions(),
  };
}
