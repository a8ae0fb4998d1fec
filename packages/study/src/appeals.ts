// Appeals that teach the answer key: a member appeals a graded answer (once, within a day, within
// their limits); a server admin accepts (chosen points count as hit, the review is redone at the
// corrected rating, the answer's words become the server's aliases once the grader's checks pass)
// or rejects with a reason; the member is told the decision once.
import * as db from "@recall/db";
import { checkOverlayAlias, grade, RATINGS, type AliasOverlayEntry } from "@recall/grader";
import { review, type Rating } from "@recall/scheduler";
import {
  APPEAL_WINDOW_MS,
  appealLimit,
  guessAliases,
  MAX_APPEAL_NOTE_LENGTH,
  MAX_REJECT_REASON_LENGTH,
  type AliasGuess,
} from "./appeal-rules.ts";
import { itemView, withoutConflicts, type StudyContext } from "./context.ts";
import { StudyError } from "./errors.ts";
import type { AcceptAppealInput, Actor, AppealInput, MemberRef, RejectAppealInput } from "./ports.ts";
import type {
  AppealDecisionView,
  AppealFiledView,
  AppealNoticeView,
  AppealOutcomeView,
  AppealReviewView,
} from "./views.ts";

const ratingRank = (rating: Rating): number => RATINGS.indexOf(rating);

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function createAppealFeatures(ctx: StudyContext) {
  const { database, clock } = ctx;

  function appealIdOf(raw: string): number {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0) throw new StudyError("unknown-appeal", `no appeal ${raw}`);
    return id;
  }

  /** The server of an admin's command, checked: Manage Server there, and in a server at all. */
  function adminServer(actor: Actor): string {
    ctx.requireAdmin(actor);
    if (actor.serverId === null) throw new StudyError("appeal-needs-server", "appeals are decided in a server");
    return actor.serverId;
  }

  async function pendingAppealOf(actor: Actor, appealId: string): Promise<{ appeal: db.AppealRecord; answer: db.AnswerRecord }> {
    const serverId = adminServer(actor);
    const appeal = await db.getAppeal(database, appealIdOf(appealId));
    // Another server's appeal is as unknown here as one that does not exist.
    if (!appeal || appeal.serverId !== serverId) throw new StudyError("unknown-appeal", `no appeal ${appealId} in this server`);
    if (appeal.status !== "pending") throw new StudyError("appeal-decided", `appeal ${appealId} was already decided`);
    const answer = await db.getAnswer(database, appeal.answerId);
    if (!answer) throw new StudyError("unknown-appeal", `appeal ${appealId} has no answer`);
    return { appeal, answer };
  }

  async function nextAppeal(actor: Actor): Promise<AppealReviewView | null> {
    const next = await db.nextPendingAppeal(database, adminServer(actor));
    return next ? reviewView(next) : null;
  }

  /** One appeal as an admin sees it while deciding it; refused once decided (or not this server's). */
  async function pendingAppeal(actor: Actor, appealId: string): Promise<AppealReviewView> {
    const pending = await db.nextPendingAppeal(database, adminServer(actor), appealIdOf(appealId));
    if (!pending) {
      const appeal = await db.getAppeal(database, appealIdOf(appealId));
      const decided = appeal !== null && appeal.serverId === actor.serverId;
      throw new StudyError(decided ? "appeal-decided" : "unknown-appeal", `appeal ${appealId} is not pending here`);
    }
    return reviewView(pending);
  }

  function reviewView(next: db.PendingAppeal): AppealReviewView {
    const { appeal, answer, discordUserId, pending } = next;
    const item = ctx.requireItem(answer.itemId);
    const pointTexts = new Map(item.keyPoints.map((point) => [point.id, point.text]));
    const misconceptions = new Map(item.misconceptions.map((mc) => [mc.id, mc]));
    const keyPoints = answer.verdicts.map((verdict) => ({
      id: verdict.id,
      text: pointTexts.get(verdict.id) ?? verdict.id,
      verdict: verdict.verdict,
      evidence: stringList(verdict.evidence),
    }));
    return {
      appealId: String(appeal.id),
      pending,
      memberUserId: discordUserId,
      item: itemView(item),
      answerText: answer.text,
      score: answer.score,
      rating: answer.rating,
      keyPoints,
      misconceptions: answer.misconceptions.flatMap((asserted) => {
        const mc = misconceptions.get(asserted.id);
        return mc ? [{ id: mc.id, statement: mc.statement, feedback: mc.feedback, evidence: stringList(asserted.evidence) }] : [];
      }),
      note: appeal.note,
      filedAt: appeal.createdAt,
      // Only points the item still has: a point removed from the content cannot be credited.
      appealablePoints: keyPoints.filter((point) => point.verdict !== "hit" && pointTexts.has(point.id)).map(({ id, text }) => ({ id, text })),
    };
  }

  function outcomeView(outcome: db.AppealOutcome | null): AppealOutcomeView | null {
    return outcome ? { ...outcome, aliases: outcome.aliases.map((alias) => ({ ...alias })) } : null;
  }

  return {
    async appealAnswer(input: AppealInput): Promise<AppealFiledView> {
      const note = input.note.trim();
      if ([...note].length > MAX_APPEAL_NOTE_LENGTH) {
        throw new StudyError("appeal-note-too-long", "appeal note too long", { max: MAX_APPEAL_NOTE_LENGTH });
      }
      const serverId = input.member.serverId;
      if (serverId === null) throw new StudyError("appeal-needs-server", "appeals are filed in a server");
      const answerId = Number(input.answerId);
      const answer = Number.isSafeInteger(answerId) ? await db.getAnswer(database, answerId) : null;
      if (!answer) throw new StudyError("unknown-answer", `no answer ${input.answerId}`);
      const m = await ctx.member(input.member);
      if (answer.memberId !== m.id) throw new StudyError("appeal-not-yours", `answer ${input.answerId} is not yours`);
      // A second click or a re-sent form finds the first appeal, before any limit is counted.
      const existing = await db.appealOfAnswer(database, answer.id);
      if (existing) return { appealId: String(existing.id), itemId: answer.itemId, status: existing.status, alreadyFiled: true };
      if (answer.text.trim() === "") throw new StudyError("appeal-not-graded", `answer ${input.answerId} has no text to grade`);
      if (!answer.verdicts.some((verdict) => verdict.verdict !== "hit")) {
        throw new StudyError("appeal-nothing-missed", `answer ${input.answerId} hit every point`);
      }
      const now = clock();
      const reviewedAt = await db.answerReviewedAt(database, answer.id);
      if (reviewedAt === null || now.getTime() > Date.parse(reviewedAt) + APPEAL_WINDOW_MS) {
        throw new StudyError("appeal-window-passed", `answer ${input.answerId} is over a day old`, { hours: APPEAL_WINDOW_MS / 3_600_000 });
      }
      // The limit is checked as the appeal is filed, with the member's appeals counted under a lock.
      const filed = await db.createAppeal(database, { answerId: answer.id, memberId: m.id, serverId, itemId: answer.itemId, note }, now, {
        since: new Date(now.getTime() - APPEAL_WINDOW_MS),
        admit(load) {
          const limit = appealLimit(load, now);
          if (limit.ok) return;
          if (limit.reason === "too-many-pending") {
            throw new StudyError("appeal-too-many-pending", "too many appeals pending", { max: limit.max });
          }
          throw new StudyError("appeal-rate-limited", "too many appeals today", { max: limit.max, until: limit.until });
        },
      });
      return { appealId: String(filed.appeal.id), itemId: answer.itemId, status: filed.appeal.status, alreadyFiled: !filed.created };
    },

    /** `/appeals`: the server's oldest pending appeal, with the count; null when none wait. */
    nextAppeal,
    pendingAppeal,

    /** The words of the answer most like each concept of the chosen points: the accept form's starting text. */
    async appealAliasGuesses(actor: Actor, appealId: string, pointIds: readonly string[]): Promise<AliasGuess[]> {
      const { answer } = await pendingAppealOf(actor, appealId);
      return guessAliases(ctx.requireItem(answer.itemId), answer.text, pointIds);
    },

    async acceptAppeal(input: AcceptAppealInput): Promise<AppealDecisionView> {
      const { appeal, answer } = await pendingAppealOf(input.actor, input.appealId);
      const item = ctx.requireItem(answer.itemId);
      const appealable = new Set(answer.verdicts.filter((v) => v.verdict !== "hit").map((v) => v.id));
      const pointIds = [...new Set(input.pointIds)].filter((id) => appealable.has(id) && item.keyPoints.some((point) => point.id === id));
      if (pointIds.length === 0) throw new StudyError("appeal-no-points", `appeal ${input.appealId}: no point chosen`);

      // The answer regraded with the chosen points ruled hit, under the server's aliases as they are.
      const overlay = (await ctx.aliasOverlays.of(appeal.serverId, item.id)) ?? [];
      const regraded = grade(item, answer.text, { aliasOverlay: overlay, creditedPoints: pointIds });

      // Each alias is checked against the overlay it would join (those accepted before it included).
      const accepted: AliasOverlayEntry[] = [];
      const aliases: db.AppealAlias[] = [];
      for (const proposed of input.aliases) {
        const alias = proposed.alias.trim();
        if (alias.length === 0 || !pointIds.includes(proposed.pointId)) continue;
        const entry = { pointId: proposed.pointId, concept: proposed.concept, alias };
        const check = checkOverlayAlias(item, entry, [...overlay, ...accepted]);
        if (check.ok) accepted.push(entry);
        aliases.push({ ...entry, refusal: check.ok ? null : { reason: check.reason, message: check.message } });
      }

      // The review is redone only while it is the item's latest and only upwards: an accepted
      // appeal never lowers a rating, and a later review of the item has already moved on.
      const ratingAfter = ratingRank(regraded.suggestedRating) > ratingRank(answer.rating) ? regraded.suggestedRating : answer.rating;
      const last = await db.lastReview(database, answer.memberId, answer.itemId);
      const member = await db.getMember(database, answer.memberId);
      let redo: Omit<db.ReviewInput, "answerId"> | undefined;
      if (member && last && last.answerId === answer.id && ratingAfter !== answer.rating) {
        const redone = review(last.before, ratingAfter, last.reviewedAt, ctx.preferencesOf(member), answer.itemId);
        redo = {
          idempotencyKey: `appeal:${appeal.id}:${last.id}`,
          memberId: answer.memberId,
          itemId: answer.itemId,
          reviewLog: redone.log,
          card: redone.card,
          source: last.source,
        };
      }
      const outcome: db.AppealOutcome = {
        acceptedPoints: pointIds,
        scoreBefore: answer.score,
        scoreAfter: regraded.score,
        ratingBefore: answer.rating,
        ratingAfter: redo ? ratingAfter : answer.rating,
        scheduleChanged: redo !== undefined,
        aliases,
      };
      const decided = await withoutConflicts(() =>
        db.decideAppeal(
          database,
          {
            appealId: appeal.id,
            status: "accepted",
            decidedBy: input.actor.userId,
            outcome,
            regrade: {
              score: regraded.score,
              verdicts: regraded.keyPoints.map((kp) => ({ id: kp.id, verdict: kp.verdict, evidence: kp.evidence })),
              suggestedRating: regraded.suggestedRating,
              feedback: regraded.feedback,
            },
            ...(redo ? { redo } : {}),
            aliases: accepted.map((entry) => ({ itemId: item.id, ...entry })),
          },
          clock(),
        ),
      );
      if (!decided) throw new StudyError("appeal-decided", `appeal ${input.appealId} was decided meanwhile`);
      ctx.aliasOverlays.forget(appeal.serverId);
      return {
        appealId: String(appeal.id),
        status: "accepted",
        item: itemView(item),
        memberUserId: member?.discordUserId ?? "",
        outcome: outcomeView(outcome),
        reason: null,
        next: await nextAppeal(input.actor),
      };
    },

    async rejectAppeal(input: RejectAppealInput): Promise<AppealDecisionView> {
      const reason = input.reason.trim();
      if (reason.length === 0) throw new StudyError("appeal-reason-needed", "a rejection needs a reason");
      if ([...reason].length > MAX_REJECT_REASON_LENGTH) {
        throw new StudyError("appeal-reason-needed", "the reason is too long", { max: MAX_REJECT_REASON_LENGTH });
      }
      const { appeal, answer } = await pendingAppealOf(input.actor, input.appealId);
      const decided = await db.decideAppeal(database, { appealId: appeal.id, status: "rejected", decidedBy: input.actor.userId, reason }, clock());
      if (!decided) throw new StudyError("appeal-decided", `appeal ${input.appealId} was decided meanwhile`);
      const member = await db.getMember(database, appeal.memberId);
      return {
        appealId: String(appeal.id),
        status: "rejected",
        item: itemView(ctx.requireItem(answer.itemId)),
        memberUserId: member?.discordUserId ?? "",
        outcome: null,
        reason,
        next: await nextAppeal(input.actor),
      };
    },

    /** Decisions on the member's appeals not yet shown to them; each is returned once. */
    async takeAppealNotices(member: MemberRef): Promise<AppealNoticeView[]> {
      const notices = await db.takeAppealNotices(database, member.userId, clock());
      return notices.flatMap((notice) => {
        const item = ctx.items.get(notice.itemId);
        if (!item || notice.status === "pending") return [];
        return [{
          appealId: String(notice.id),
          item: itemView(item),
          status: notice.status,
          reason: notice.reason,
          outcome: outcomeView(notice.outcome),
        }];
      });
    },
  };
}

export type AppealFeatures = ReturnType<typeof createAppealFeatures>;
