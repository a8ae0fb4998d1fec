// Appeals as Discord payloads: the member's appeal form and confirmation, the admin's review of
// one pending appeal (answer, verdicts with evidence, note; a select of points, Accept, Reject),
// the accept and reject forms, a decision's summary, and the decisions told to the member.
// Everything the member wrote (answer, note) is escaped; the reason an admin wrote is too.
import {
  ComponentType,
  TextInputStyle,
  type APIEmbed,
  type APIModalInteractionResponseCallbackData,
  type APIStringSelectComponent,
} from "discord.js";
import type {
  AliasGuess,
  AppealDecisionView,
  AppealFiledView,
  AppealNoticeView,
  AppealOutcomeView,
  AppealReviewView,
} from "@recall/study";
import {
  aliasInputId,
  APPEAL_NOTE_INPUT_ID,
  encodeCustomId,
  MAX_POINTS_IN_ID,
  REJECT_REASON_INPUT_ID,
} from "../custom-ids.ts";
import { t, translate, type UiLocale } from "../i18n/index.ts";
import { VERDICT_MARKS, scorePercent } from "./answer-result.ts";
import { button, paragraphModal, ratingLabel, rows } from "./components.ts";
import { DISCORD_LIMITS } from "./discord-limits.ts";
import { fitEmbeds } from "./fit-embeds.ts";
import { COLORS } from "./item-embed.ts";
import { noMentions, textPayload, type MessagePayload, type MessageRow } from "./payload.ts";
import { contentText, discordTime, memberCode, memberText, truncate } from "./safe-text.ts";

/** What the note and the reason may hold (the study layer refuses more). */
export const APPEAL_TEXT_MAX = 500;
/** The answer as shown to the admin: enough to judge, within one embed description. */
const ANSWER_SHOWN = 1500;
/** Discord modals hold at most five inputs: the first five concepts to alias get one each. */
const MAX_ALIAS_INPUTS = 5;
const MAX_ALIAS_LENGTH = 40;
const SELECT_TEXT = 100;

const mention = (userId: string): string => (userId === "" ? "?" : `<@${userId}>`);

export function renderAppealModal(answerId: string, locale: UiLocale): APIModalInteractionResponseCallbackData {
  return paragraphModal({
    customId: encodeCustomId({ kind: "appeal-modal", answerId }),
    title: t(locale, "appeal.modal.title"),
    label: t(locale, "appeal.modal.label"),
    description: t(locale, "appeal.modal.description"),
    inputId: APPEAL_NOTE_INPUT_ID,
    maxLength: APPEAL_TEXT_MAX,
    required: false,
  });
}

export function renderAppealFiled(view: AppealFiledView, locale: UiLocale): MessagePayload {
  return textPayload(
    view.alreadyFiled
      ? t(locale, "appeal.already-filed", { status: t(locale, `appeal.status.${view.status}`) })
      : t(locale, "appeal.filed", { itemId: view.itemId }),
  );
}

function pointLines(view: AppealReviewView, locale: UiLocale): string {
  return view.keyPoints
    .map((point) => {
      const evidence = point.evidence.filter((word) => word.trim().length > 0).slice(0, 5).map((word) => memberCode(word, 40)).join(" ");
      const label = `${VERDICT_MARKS[point.verdict]} **${point.id}** ${t(locale, `result.verdict.${point.verdict}`)} · ${contentText(point.text)}`;
      return evidence.length > 0 ? `${label}\n\u3000${evidence}` : label;
    })
    .join("\n");
}

function reviewEmbed(view: AppealReviewView, locale: UiLocale): APIEmbed {
  const fields = [{ name: t(locale, "appeals.key-points"), value: truncate(pointLines(view, locale), DISCORD_LIMITS.fieldValue) }];
  if (view.misconceptions.length > 0) {
    const lines = view.misconceptions.map((mc) => {
      const evidence = mc.evidence.slice(0, 3).map((word) => memberCode(word, 40)).join(" ");
      return `❌ ${contentText(mc.statement)}${evidence.length > 0 ? ` ${evidence}` : ""}`;
    });
    fields.push({ name: t(locale, "appeals.misconceptions"), value: truncate(lines.join("\n"), DISCORD_LIMITS.fieldValue) });
  }
  if (view.note.trim().length > 0) {
    fields.push({ name: t(locale, "appeals.note"), value: memberText(view.note, APPEAL_TEXT_MAX) });
  }
  const description = [
    `> ${contentText(view.item.prompt).replace(/\n+/g, " ")}`,
    "",
    t(locale, "appeals.from", {
      member: mention(view.memberUserId),
      when: discordTime(view.filedAt, "relative"),
      score: scorePercent(view.score),
      rating: ratingLabel(locale, view.rating),
    }),
    "",
    `**${t(locale, "appeals.answer")}**`,
    memberText(view.answerText, ANSWER_SHOWN),
  ].join("\n");
  return {
    title: truncate(t(locale, "appeals.title", { itemId: view.item.itemId, pending: view.pending }), DISCORD_LIMITS.embedTitle),
    description: truncate(description, DISCORD_LIMITS.embedDescription),
    color: COLORS.fair,
    fields,
  };
}

function pointSelect(view: AppealReviewView, chosen: readonly string[], locale: UiLocale): APIStringSelectComponent {
  const points = view.appealablePoints.slice(0, MAX_POINTS_IN_ID);
  return {
    type: ComponentType.StringSelect,
    custom_id: encodeCustomId({ kind: "appeal-points", appealId: view.appealId }),
    placeholder: truncate(t(locale, "appeals.select-placeholder"), SELECT_TEXT),
    min_values: 1,
    max_values: points.length,
    options: points.map((point) => ({
      label: truncate(`${point.id} · ${point.text.replace(/\s+/g, " ")}`, SELECT_TEXT),
      value: point.id,
      default: chosen.includes(point.id),
    })),
  };
}

/**
 * One pending appeal for an admin, or "none waiting". `chosen`: the points picked in the select
 * so far; Accept is enabled (and carries them) once there is at least one.
 */
export function renderAppealReview(
  view: AppealReviewView | null,
  locale: UiLocale,
  chosen: readonly string[] = [],
  lead: readonly string[] = [],
): MessagePayload {
  if (!view) return textPayload(truncate([...lead, t(locale, "appeals.none")].join("\n"), DISCORD_LIMITS.content));
  const picked = view.appealablePoints.map((point) => point.id).filter((id) => chosen.includes(id)).slice(0, MAX_POINTS_IN_ID);
  const components: MessageRow[] = [];
  if (view.appealablePoints.length > 0) {
    components.push({ type: ComponentType.ActionRow, components: [pointSelect(view, picked, locale)] });
  }
  const buttons = [];
  const first = view.appealablePoints[0];
  if (picked.length > 0) {
    buttons.push(button({ kind: "appeal-accept", appealId: view.appealId, pointIds: picked }, t(locale, "appeals.accept"), "success"));
  } else if (first) {
    // Disabled until a point is chosen (custom ids must differ within a message, hence a point).
    buttons.push(button({ kind: "appeal-accept", appealId: view.appealId, pointIds: [first.id] }, t(locale, "appeals.accept"), "success", true));
  }
  buttons.push(button({ kind: "appeal-reject", appealId: view.appealId }, t(locale, "appeals.reject"), "danger"));
  components.push(...rows(buttons));
  const hint = picked.length > 0 ? t(locale, "appeals.chosen", { points: picked.join(", ") }) : t(locale, "appeals.choose");
  return {
    content: truncate([...lead, hint].join("\n"), DISCORD_LIMITS.content),
    embeds: fitEmbeds([reviewEmbed(view, locale)]),
    components,
    allowedMentions: noMentions(),
  };
}

/** The accept form: one input per concept to alias (at most five), prefilled with the answer's words. */
export function renderAcceptModal(
  appealId: string,
  pointIds: readonly string[],
  guesses: readonly AliasGuess[],
  locale: UiLocale,
): APIModalInteractionResponseCallbackData {
  const shown = guesses.slice(0, MAX_ALIAS_INPUTS);
  return {
    custom_id: encodeCustomId({ kind: "appeal-accept-modal", appealId, pointIds: [...pointIds] }),
    title: truncate(t(locale, "appeals.accept-modal.title"), DISCORD_LIMITS.modalTitle),
    components: shown.map((guess) => ({
      type: ComponentType.Label,
      label: truncate(t(locale, "appeals.accept-modal.label", { point: guess.pointId, label: guess.label }), DISCORD_LIMITS.labelText),
      description: truncate(t(locale, "appeals.accept-modal.description", { label: guess.label }), DISCORD_LIMITS.labelDescription),
      component: {
        type: ComponentType.TextInput,
        custom_id: aliasInputId(guess.pointId, guess.concept),
        style: TextInputStyle.Short,
        max_length: MAX_ALIAS_LENGTH,
        required: false,
        ...(guess.guess.length > 0 ? { value: [...guess.guess].slice(0, MAX_ALIAS_LENGTH).join("") } : {}),
      },
    })),
  };
}

export function renderRejectModal(appealId: string, locale: UiLocale): APIModalInteractionResponseCallbackData {
  return paragraphModal({
    customId: encodeCustomId({ kind: "appeal-reject-modal", appealId }),
    title: t(locale, "appeals.reject-modal.title"),
    label: t(locale, "appeals.reject-modal.label"),
    inputId: REJECT_REASON_INPUT_ID,
    maxLength: APPEAL_TEXT_MAX,
    required: true,
  });
}

function aliasLines(outcome: AppealOutcomeView, labels: ReadonlyMap<string, string>, locale: UiLocale): string[] {
  return outcome.aliases.map((alias) => {
    const point = alias.pointId;
    const shown = memberCode(alias.alias, 40);
    if (alias.refusal === null) {
      return t(locale, "appeals.alias-stored", { point, alias: shown, label: labels.get(`${point}.${alias.concept}`) ?? point });
    }
    return t(locale, "appeals.alias-refused", { point, alias: shown, reason: translate(locale, `appeals.refusal.${alias.refusal.reason}`) });
  });
}

/**
 * What a decision did, above the next pending appeal (or "none waiting"). `conceptLabels`: the
 * labels the accept form showed, keyed `<point>.<concept>`, to name what each alias stands for.
 */
export function renderAppealDecision(
  view: AppealDecisionView,
  locale: UiLocale,
  conceptLabels: ReadonlyMap<string, string> = new Map(),
): MessagePayload {
  const member = mention(view.memberUserId);
  const lines: string[] = [];
  if (view.status === "accepted" && view.outcome) {
    const outcome = view.outcome;
    lines.push(t(locale, "appeals.accepted", { member, itemId: view.item.itemId, before: scorePercent(outcome.scoreBefore), after: scorePercent(outcome.scoreAfter) }));
    lines.push(outcome.scheduleChanged ? t(locale, "appeals.schedule-redone", { rating: ratingLabel(locale, outcome.ratingAfter) }) : t(locale, "appeals.schedule-kept"));
    lines.push(...aliasLines(outcome, conceptLabels, locale));
  } else {
    lines.push(t(locale, "appeals.rejected", { member, itemId: view.item.itemId }));
  }
  return renderAppealReview(view.next, locale, [], [...lines, ""]);
}

/** Decisions on the member's appeals, told once (a private follow-up). */
export function renderAppealNotices(notices: readonly AppealNoticeView[], locale: UiLocale): MessagePayload {
  const lines = notices.map((notice) => {
    if (notice.status === "rejected") {
      return t(locale, "notice.appeal-rejected", { itemId: notice.item.itemId, reason: memberText(notice.reason ?? "", APPEAL_TEXT_MAX) });
    }
    const outcome = notice.outcome;
    if (!outcome) return t(locale, "notice.appeal-accepted", { itemId: notice.item.itemId, before: "?", after: "?" });
    const head = t(locale, "notice.appeal-accepted", { itemId: notice.item.itemId, before: scorePercent(outcome.scoreBefore), after: scorePercent(outcome.scoreAfter) });
    const schedule = outcome.scheduleChanged
      ? t(locale, "notice.appeal-schedule-redone", { rating: ratingLabel(locale, outcome.ratingAfter) })
      : t(locale, "notice.appeal-schedule-kept");
    return `${head} ${schedule}`;
  });
  return textPayload(truncate(lines.join("\n\n"), DISCORD_LIMITS.content));
}
