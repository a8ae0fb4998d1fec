// Answers and overrides: a member's own words graded against the key points, recorded as a
// review once however often the form is sent, and a suggested rating the member may override
// for a while. Daily posts, `/review` and drills all answer through here.
import type { QuizItem } from "@recall/content";
import * as db from "@recall/db";
import type { Member, QuizPost } from "@recall/db";
import { AnswerTooLongError, grade, MAX_ANSWER_LENGTH } from "@recall/grader";
import { localDay, newCard, review, type CardState, type Rating } from "@recall/scheduler";
import { createAnswerStatements } from "./answer-statements.ts";
import { APPEAL_WINDOW_MS } from "./appeal-rules.ts";
import { itemView, withoutConflicts, type StudyContext } from "./context.ts";
import type { PostedQuizzes } from "./daily-quizzes.ts";
import { StudyError } from "./errors.ts";
import type { MemberRef, OverrideInput, RevealInput, SubmitAnswerInput } from "./ports.ts";
import type { AnswerResultView, HintView } from "./views.ts";

/**
 * Grading and recording one answer, shared by the features that take answers (daily posts,
 * `/review`, drills, interviews); the key makes every delivery of one answer write once.
 */
export function createAnswerRecorder(ctx: StudyContext, postedQuizzes: PostedQuizzes) {
  const { database, items, clock, overrideWindowMs } = ctx;
  // One per study service (one per process and database), so concurrent answers share statements.
  const statements = createAnswerStatements(database);

  /** Builds a member's result from what is stored, so a repeat shows exactly the first result. */
  async function resultView(
    answer: db.AnswerRecord,
    m: Member,
    options: { alreadyAnswered: boolean; justRecorded?: { card: CardState; reviewedAt: string } },
  ): Promise<AnswerResultView> {
    const item = ctx.requireItem(answer.itemId);
    // Just written: the card and review time are known, so the hot path reads nothing back.
    const card = options.justRecorded?.card ?? (await db.getCard(database, m.id, item.id)) ?? newCard(clock());
    const { keyPointTexts, misconceptions } = lookupsOf(item);
    const open = answer.source !== "review" || answer.text !== "";
    const [reviewedMs, appeal, firstReviewedAt] = options.justRecorded
      ? [Date.parse(options.justRecorded.reviewedAt), null, options.justRecorded.reviewedAt]
      : await Promise.all([latestReviewTime(answer), db.appealOfAnswer(database, answer.id), db.answerReviewedAt(database, answer.id)]);
    const appealUntil = appealableUntil(answer, appeal, firstReviewedAt);
    const overrideUntil = reviewedMs === null ? null : reviewedMs + overrideWindowMs;
    return {
      answerId: String(answer.id),
      item: itemView(item),
      score: answer.score,
      keyPoints: answer.verdicts.map((v) => ({
        id: v.id,
        text: keyPointTexts.get(v.id) ?? v.id,
        verdict: v.verdict,
        evidence: stringList(v.evidence),
      })),
      misconceptions: answer.misconceptions.flatMap((asserted) => {
        const mc = misconceptions.get(asserted.id);
        return mc ? [{ id: mc.id, statement: mc.statement, feedback: mc.feedback, evidence: stringList(asserted.evidence) }] : [];
      }),
      modelAnswer: item.answer,
      suggestedRating: answer.suggestedRating,
      rating: answer.rating,
      feedback: answer.feedback ?? "",
      nextDue: card.due,
      overrideUntil:
        open && overrideUntil !== null && clock().getTime() <= overrideUntil ? new Date(overrideUntil).toISOString() : null,
      alreadyAnswered: options.alreadyAnswered,
      empty: answer.text.trim() === "",
      appealUntil,
      appealStatus: appeal?.status ?? null,
    };
  }

  /** Until when the answer may be appealed: graded text, some point not hit, not appealed, within the window. */
  function appealableUntil(answer: db.AnswerRecord, appeal: db.AppealRecord | null, reviewedAt: string | null): string | null {
    if (appeal || reviewedAt === null || answer.text.trim() === "") return null;
    if (!answer.verdicts.some((verdict) => verdict.verdict !== "hit")) return null;
    const until = Date.parse(reviewedAt) + APPEAL_WINDOW_MS;
    return clock().getTime() <= until ? new Date(until).toISOString() : null;
  }

  /**
   * When the answer was reviewed, on the domain's clock (the answer row's `createdAt` is the
   * database's own clock), or null once a later review of the item has replaced it.
   */
  async function latestReviewTime(answer: db.AnswerRecord): Promise<number | null> {
    const last = await db.lastReview(database, answer.memberId, answer.itemId);
    return last && last.answerId === answer.id ? Date.parse(last.reviewedAt) : null;
  }

  async function gradeAndRecord(
    m: Member,
    item: QuizItem,
    post: QuizPost | null,
    key: string,
    text: string,
    forcedRating: Rating | null,
    /** The server the member answers in: its accepted aliases join the grading (null: none). */
    serverId: string | null,
    /** The card as read with the member (null: none yet); read here when not given. */
    storedCard?: CardState | null,
  ): Promise<AnswerResultView> {
    // No read first: recordAnswer is idempotent on the key and hands back the first answer of a
    // repeat without writing, so the common case (a first answer) saves a round trip. The write
    // goes with the other answers arriving meanwhile, in one statement (answer-statements.ts).
    const now = clock();
    const prefs = ctx.preferencesOf(m);
    const aliasOverlay = forcedRating ? undefined : await ctx.aliasOverlays.of(serverId, item.id);
    const graded = grade(item, text, aliasOverlay ? { aliasOverlay } : {});
    const rating = forcedRating ?? graded.suggestedRating;
    const before = (storedCard === undefined ? await db.getCard(database, m.id, item.id) : storedCard) ?? newCard(now);
    const reviewed = review(before, rating, now, prefs, item.id);
    // A member who just missed a main question meets its follow-ups in `/review` right away; their
    // cards are written with the answer, and only if the answer is (not for a repeat).
    const followUps = item.kind === "main" && (rating === "again" || rating === "hard") ? followUpsOf(item) : [];
    const stored = await postedQuizzes.unlessClosed(post, () => withoutConflicts(() => statements.recordAnswer({
      idempotencyKey: key,
      memberId: m.id,
      itemId: item.id,
      quizPostId: post?.id ?? null,
      text,
      score: forcedRating ? 0 : graded.score,
      verdicts: graded.keyPoints.map((kp) => ({
        id: kp.id,
        verdict: forcedRating ? "missed" : kp.verdict,
        evidence: forcedRating ? [] : kp.evidence,
      })),
      misconceptions: forcedRating ? [] : graded.misconceptions.map((mc) => ({ id: mc.id, evidence: mc.evidence })),
      suggestedRating: rating,
      rating,
      feedback: forcedRating ? "" : graded.feedback,
      reviewLog: reviewed.log,
      card: reviewed.card,
      localDate: localDay(now, prefs.timezone, prefs.dayStartHour),
      source: post ? "daily" : "review",
      ...(followUps.length > 0 ? { introduce: { itemIds: followUps, card: newCard(now) } } : {}),
    })));
    return resultView(
      stored.answer,
      m,
      stored.duplicate
        ? { alreadyAnswered: true }
        : { alreadyAnswered: false, justRecorded: { card: stored.card, reviewedAt: reviewed.log.reviewedAt } },
    );
  }

  function followUpsOf(item: QuizItem): string[] {
    return [...items.values()].filter((i) => i.kind === "followup" && i.parentId === item.id).map((i) => i.id);
  }

  return { resultView, gradeAndRecord, memberAndCard: statements.memberAndCard };
}

export type AnswerRecorder = ReturnType<typeof createAnswerRecorder>;

/** Refuses what no Discord form could send; the member is told the limit. */
export function checkAnswerLength(text: string): void {
  const length = [...text].length;
  if (length > MAX_ANSWER_LENGTH) {
    throw new StudyError("answer-too-long", `answer longer than ${MAX_ANSWER_LENGTH} characters`, {
      max: MAX_ANSWER_LENGTH,
    }, { cause: new AnswerTooLongError(length, MAX_ANSWER_LENGTH) });
  }
}

export function createAnswerFeatures(ctx: StudyContext, postedQuizzes: PostedQuizzes, recorder: AnswerRecorder) {
  const { database, clock, overrideWindowMs } = ctx;
  const { resultView, gradeAndRecord, memberAndCard } = recorder;

  function answerKey(post: QuizPost | null, m: Member, itemId: string, deliveryKey: string, shownReps?: number): string {
    // One answer per member, post and item: every delivery of every click maps to one key.
    if (post) return `daily:${post.id}:${m.id}:${itemId}`;
    // Outside a post, one answer per prompt shown: the card's review count names the prompt.
    return shownReps === undefined ? `delivery:${deliveryKey}` : `prompt:${m.id}:${itemId}:${shownReps}`;
  }

  return {
    hint(itemId: string): HintView {
      const item = ctx.requireItem(itemId);
      return {
        item: itemView(item),
        concepts: item.keyPoints.flatMap((kp) => kp.concepts.slice(0, 1).map((c) => c.aliases[0] ?? "")).filter(Boolean),
        keyPointCount: item.keyPoints.length,
      };
    },

    async existingAnswer(ref: MemberRef, postId: string, itemId: string): Promise<AnswerResultView | null> {
      // Asked before the answer form opens, which cannot be deferred: one read in the common case.
      const earlier = Number.isSafeInteger(Number(postId)) ? await db.findDailyAnswer(database, ref.userId, Number(postId), itemId) : null;
      if (!earlier) return null;
      return resultView(earlier, await ctx.member(ref), { alreadyAnswered: true });
    },

    async submitAnswer(input: SubmitAnswerInput): Promise<AnswerResultView> {
      checkAnswerLength(input.text);
      const item = ctx.requireItem(input.itemId);
      // Every submission runs this. The post is kept once read, so in a burst the member and their
      // card are one statement, which also creates a member never seen before (most of a group's
      // first quiz), shared with the other answers arriving meanwhile; only a renamed member costs
      // a second write.
      const post = await postedQuizzes.openPost(input.postId, item.id);
      const known = await memberAndCard({
        discordUserId: input.member.userId,
        itemId: item.id,
        displayName: input.member.displayName,
        locale: input.member.locale,
        timezone: await ctx.firstSeenTimezone(post),
        now: clock(),
      });
      const m = await ctx.member(input.member, post, known.member);
      const key = answerKey(post, m, item.id, input.deliveryKey, input.shownReps);
      return gradeAndRecord(m, item, post, key, input.text, null, input.member.serverId, known.card);
    },

    async revealAnswer(input: RevealInput): Promise<AnswerResultView> {
      const item = ctx.requireItem(input.itemId);
      const post = await postedQuizzes.openPost(input.postId, item.id);
      const m = await ctx.member(input.member, post);
      // Giving up is an honest "again": the member saw the answer without recalling it.
      return gradeAndRecord(m, item, post, answerKey(post, m, item.id, input.deliveryKey), "", "again", input.member.serverId);
    },

    async overrideRating(input: OverrideInput): Promise<AnswerResultView> {
      const m = await ctx.member(input.member);
      const answer = await db.getAnswer(database, Number(input.answerId));
      if (!answer) throw new StudyError("unknown-answer", `no answer ${input.answerId}`);
      if (answer.memberId !== m.id) throw new StudyError("override-not-yours", `answer ${input.answerId} is not yours`);
      const last = await db.lastReview(database, m.id, answer.itemId);
      if (!last || last.answerId !== answer.id) {
        // A later review of the same item has happened since: this answer's review is history.
        throw new StudyError("override-expired", `answer ${input.answerId} is no longer the latest review`);
      }
      // Measured on the domain's clock from the review (an override keeps its time), not from
      // the row's database-clock `createdAt`.
      if (clock().getTime() > Date.parse(last.reviewedAt) + overrideWindowMs) {
        throw new StudyError("override-expired", `the override window of answer ${input.answerId} has passed`);
      }
      if (answer.rating === input.rating) return resultView(answer, m, { alreadyAnswered: false });
      const redone = review(last.before, input.rating, last.reviewedAt, ctx.preferencesOf(m), answer.itemId);
      await db.overrideLastReview(
        database,
        {
          idempotencyKey: `override:${answer.id}:${last.id}:${input.rating}`,
          memberId: m.id,
          itemId: answer.itemId,
          reviewLog: redone.log,
          card: redone.card,
          source: last.source,
        },
        clock(),
      );
      const updated = await db.getAnswer(database, answer.id);
      return resultView(updated ?? answer, m, { alreadyAnswered: false });
    },
  };
}

interface ItemLookups {
  keyPointTexts: ReadonlyMap<string, string>;
  misconceptions: ReadonlyMap<string, QuizItem["misconceptions"][number]>;
}

/** An item's key-point texts and misconceptions by id: built once per item, not once per answer. */
const itemLookups = new WeakMap<QuizItem, ItemLookups>();
function lookupsOf(item: QuizItem): ItemLookups {
  let lookups = itemLookups.get(item);
  if (lookups === undefined) {
    lookups = {
      keyPointTexts: new Map(item.keyPoints.map((kp) => [kp.id, kp.text])),
      misconceptions: new Map(item.misconceptions.map((mc) => [mc.id, mc])),
    };
    itemLookups.set(item, lookups);
  }
  return lookups;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
