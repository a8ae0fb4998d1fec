// A member's private result: score, every key point with the words that matched, the
// misconceptions their answer asserted and why they are wrong, the model answer, and the rating
// with buttons to override it. A long Chinese model answer does not fit one message with all the
// rest, so whatever does not fit the reply goes into follow-up messages, never cut off.
import type { APIEmbed, APIEmbedField } from "discord.js";
import type { AnswerResultView, KeyPointResult, MisconceptionResult, Verdict } from "@recall/study";
import { t, type UiLocale } from "../i18n/index.ts";
import { button, ratingButtons, ratingLabel, rows } from "./components.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { embedsLength, fitEmbeds, packEmbeds } from "./fit-embeds.ts";
import { COLORS } from "./item-embed.ts";
import { noMentions, type MessagePayload, type MessageRow } from "./payload.ts";
import { contentText, discordDue, discordTime, memberCode, truncate } from "./safe-text.ts";
import { splitText } from "./split-text.ts";

export const VERDICT_MARKS = { hit: "✅", partial: "🟡", missed: "❌", contradicted: "⛔" } as const satisfies Record<Verdict, string>;

/** At most this many matched words are shown per key point: enough to recognise, short enough to fit. */
const MAX_EVIDENCE_WORDS = 5;
// Room kept for the model-answer embed's title when sizing the part that goes in the reply.
const TITLE_ROOM = 40;
// Below this, starting the model answer in the reply is not worth a split: it all follows.
const MIN_MODEL_ANSWER_IN_REPLY = 300;

export interface AnswerResultOptions {
  /** The member pressed Reveal: the result counts as Again. */
  revealed?: boolean;
  /** Inside `/review`: add a button to the next due item. */
  withNextReview?: boolean;
}

export interface AnswerResultMessages {
  /** The reply itself (editReply after a deferred ephemeral reply, or update). */
  reply: MessagePayload;
  /** The rest of a long model answer: send each with followUp(ephemeral(payload)). */
  followUps: MessagePayload[];
}

export function scorePercent(score: number): number {
  return Math.round(Math.min(Math.max(score, 0), 1) * 100);
}

function scoreColor(score: number): number {
  if (score >= 0.8) return COLORS.good;
  if (score >= 0.5) return COLORS.fair;
  return COLORS.poor;
}

function evidenceLine(
  locale: UiLocale,
  evidence: readonly string[],
  key: "result.evidence" | "result.contradicted-by" = "result.evidence",
): string | null {
  const words = evidence.filter((word) => word.trim().length > 0).slice(0, MAX_EVIDENCE_WORDS);
  if (words.length === 0) return null;
  return t(locale, key, { words: words.map((word) => memberCode(word)).join(" ") });
}

function keyPointLine(locale: UiLocale, point: KeyPointResult): string {
  const head = `${VERDICT_MARKS[point.verdict]} **${t(locale, `result.verdict.${point.verdict}`)}** ${contentText(point.text)}`;
  // A contradicted point shows the member's words that say the opposite, labelled as such.
  const evidence = evidenceLine(locale, point.evidence, point.verdict === "contradicted" ? "result.contradicted-by" : "result.evidence");
  return evidence === null ? head : `${head}\n\u3000${evidence}`;
}

/** Lines packed into texts of at most `max` characters; a single overlong line is cut. */
function packLines(lines: readonly string[], max: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const raw of lines) {
    const line = truncate(raw, max);
    const joined = current.length === 0 ? line : `${current}\n${line}`;
    if (joined.length > max) {
      out.push(current);
      current = line;
    } else {
      current = joined;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

function summaryEmbed(view: AnswerResultView, locale: UiLocale): APIEmbed {
  const fields: APIEmbedField[] = [
    { name: t(locale, "result.suggested-rating"), value: ratingLabel(locale, view.suggestedRating), inline: true },
  ];
  if (view.rating !== view.suggestedRating) {
    fields.push({ name: t(locale, "result.rating"), value: ratingLabel(locale, view.rating), inline: true });
  }
  fields.push({ name: t(locale, "result.next-due"), value: discordDue(view.nextDue), inline: true });

  const description = [`> ${contentText(view.item.prompt).replace(/\n+/g, " ")}`];
  if (view.feedback.trim().length > 0) description.push("", contentText(view.feedback));
  if (view.overrideUntil !== null) {
    description.push("", t(locale, "result.override-until", { until: discordTime(view.overrideUntil, "relative") }));
  }
  if (view.appealStatus !== null) {
    description.push("", t(locale, `result.appeal-status.${view.appealStatus}`));
  } else if (view.appealUntil !== null) {
    description.push("", t(locale, "result.appeal-until", { until: discordTime(view.appealUntil, "relative") }));
  }
  return {
    title: truncate(t(locale, "result.title", { itemId: view.item.itemId, score: scorePercent(view.score) }), DISCORD_LIMITS.embedTitle),
    description: truncate(description.join("\n"), DISCORD_LIMITS.embedDescription),
    color: scoreColor(view.score),
    fields,
  };
}

function keyPointEmbeds(view: AnswerResultView, locale: UiLocale): APIEmbed[] {
  if (view.keyPoints.length === 0) {
    return [{ title: t(locale, "result.key-points"), description: t(locale, "result.no-key-points"), color: COLORS.neutral }];
  }
  const texts = packLines(
    view.keyPoints.map((point) => keyPointLine(locale, point)),
    DISCORD_LIMITS.embedDescription,
  );
  return texts.map((description, index) => ({
    title: t(locale, index === 0 ? "result.key-points" : "result.key-points-continued"),
    description,
    color: COLORS.neutral,
  }));
}

function misconceptionFields(locale: UiLocale, misconception: MisconceptionResult): APIEmbedField[] {
  const body = [t(locale, "result.misconception-why", { why: contentText(misconception.feedback) })];
  const evidence = evidenceLine(locale, misconception.evidence);
  if (evidence !== null) body.push(evidence);
  const values = splitText(body.join("\n"), DISCORD_LIMITS.fieldValue);
  return values.map((value, index) => ({
    // Later parts of one long explanation carry an invisible name: Discord requires a name.
    name: index === 0 ? truncate(`❌ ${contentText(misconception.statement)}`, DISCORD_LIMITS.fieldName) : "\u200b",
    value,
  }));
}

function misconceptionEmbeds(view: AnswerResultView, locale: UiLocale): APIEmbed[] {
  const fields = view.misconceptions.flatMap((misconception) => misconceptionFields(locale, misconception));
  const embeds: APIEmbed[] = [];
  for (let start = 0; start < fields.length; start += DISCORD_LIMITS.embedFields) {
    embeds.push({
      ...(start === 0 ? { title: t(locale, "result.misconceptions") } : {}),
      color: COLORS.poor,
      fields: fields.slice(start, start + DISCORD_LIMITS.embedFields),
    });
  }
  return embeds;
}

/** Model answers kept escaped and split: a burst of answers to one question shows the same one. */
const modelAnswerSplits = new Map<string, Map<number | null, readonly string[]>>();
const MODEL_ANSWERS_KEPT = 200;

/**
 * The model answer escaped and cut into embed descriptions, the first at most `firstMax` long
 * (null: as long as any). Pure in its arguments, so kept per model answer and first size.
 */
function modelAnswerChunks(modelAnswer: string, firstMax: number | null): readonly string[] {
  let splits = modelAnswerSplits.get(modelAnswer);
  if (splits === undefined) {
    if (modelAnswerSplits.size >= MODEL_ANSWERS_KEPT) modelAnswerSplits.clear();
    splits = new Map();
    modelAnswerSplits.set(modelAnswer, splits);
  }
  let chunks = splits.get(firstMax);
  if (chunks === undefined) {
    const answer = contentText(modelAnswer);
    chunks = firstMax === null
      ? splitText(answer, DISCORD_LIMITS.embedDescription)
      : splitText(answer, DISCORD_LIMITS.embedDescription, { firstMax });
    splits.set(firstMax, chunks);
  }
  return chunks;
}

function modelAnswerEmbeds(locale: UiLocale, chunks: readonly string[]): APIEmbed[] {
  return chunks.map((description, index) => ({
    title: t(locale, index === 0 ? "result.model-answer" : "result.model-answer-continued"),
    description,
    color: COLORS.brand,
  }));
}

function notes(view: AnswerResultView, locale: UiLocale, options: AnswerResultOptions): string[] {
  const out: string[] = [];
  if (view.alreadyAnswered) out.push(t(locale, "result.already-answered"));
  if (options.revealed === true) out.push(t(locale, "result.revealed"));
  else if (view.empty) out.push(t(locale, "result.empty"));
  return out;
}

function components(view: AnswerResultView, locale: UiLocale, options: AnswerResultOptions): MessageRow[] {
  const out: MessageRow[] = [];
  if (view.overrideUntil !== null) {
    out.push(...rows(ratingButtons(locale, (rating) => ({ kind: "override", answerId: view.answerId, rating }), view.rating)));
  }
  const more = [];
  // Once appealed (or too late), the button is gone: the summary says where the appeal stands.
  if (view.appealUntil !== null && view.appealStatus === null) {
    more.push(button({ kind: "appeal", answerId: view.answerId }, t(locale, "result.appeal-button")));
  }
  if (options.withNextReview === true) more.push(button({ kind: "review-next" }, t(locale, "review.button.next"), "success"));
  out.push(...rows(more));
  return out;
}

export function renderAnswerResult(
  view: AnswerResultView,
  locale: UiLocale,
  options: AnswerResultOptions = {},
): AnswerResultMessages {
  const head = fitEmbeds([summaryEmbed(view, locale), ...keyPointEmbeds(view, locale), ...misconceptionEmbeds(view, locale)]);
  const headEmbeds = head.slice(0, DISCORD_LIMITS.embedsPerMessage - 1);
  const headLength = embedsLength(headEmbeds);
  const room = Math.min(
    DISCORD_LIMITS.embedTotal - headLength - TITLE_ROOM,
    DISCORD_LIMITS.embedDescription,
  );
  const startsInReply = room >= MIN_MODEL_ANSWER_IN_REPLY && headEmbeds.length < DISCORD_LIMITS.embedsPerMessage;
  const chunks = modelAnswerChunks(view.modelAnswer, startsInReply ? room : null);
  const answerEmbeds = modelAnswerEmbeds(locale, chunks);

  const [firstAnswer, ...restAnswer] = answerEmbeds;
  // The head is fitted already, and fitting gives back what it fitted unchanged: only the model
  // answer's first part is fitted again, in what the head leaves of the total.
  const replyEmbeds =
    startsInReply && firstAnswer !== undefined
      ? [...headEmbeds, ...fitEmbeds([firstAnswer], DISCORD_LIMITS.embedTotal - headLength)]
      : headEmbeds;
  const overflow = startsInReply ? restAnswer : answerEmbeds;
  // Continuations with no room left are packed into as few follow-ups as Discord allows.
  const followUps = packEmbeds(overflow).map(
    (embeds): MessagePayload => ({ embeds, components: [], allowedMentions: noMentions() }),
  );

  const contentLines = notes(view, locale, options);
  if (followUps.length > 0) contentLines.push(t(locale, "result.model-answer-more"));
  const reply: MessagePayload = {
    // Always a string: an edit that omits content would keep whatever the message said before.
    content: truncate(contentLines.join("\n"), DISCORD_LIMITS.content),
    embeds: replyEmbeds,
    components: components(view, locale, options),
    allowedMentions: noMentions(),
  };
  return { reply, followUps };
}
