// The study domain, wired to the database, the grader and the scheduler. Every decision a
// member or admin sees is made here; apps only translate their platform's events into calls.
import type { QuizItem } from "@recall/content";
import * as db from "@recall/db";
import type { Database, Member, QuizPost, StudyGroup } from "@recall/db";
import { AnswerTooLongError, grade, MAX_ANSWER_LENGTH } from "@recall/grader";
import {
  InvalidPreferencesError,
  localDay,
  MAX_DESIRED_RETENTION,
  MIN_DESIRED_RETENTION,
  newCard,
  resolvePreferences,
  review,
  type CardState,
  type MemberPreferences,
  type Rating,
} from "@recall/scheduler";
import { StudyError } from "./errors.ts";
import { addDays, instantAt, isValidTimezone, localParts, normaliseDailyTime } from "./group-clock.ts";
import { chooseDailyItems } from "./daily-pick.ts";
import { createProgressFeatures } from "./progress.ts";
import type {
  Actor,
  DuePost,
  GroupRef,
  GroupSetupInput,
  MemberRef,
  MemberSettingsInput,
  OverrideInput,
  RevealInput,
  JudgeInput,
  SelfRateInput,
  SubmitAnswerInput,
} from "./ports.ts";
import type { ContentSyncReport, PostedQuiz, SelfRateResult, StudyService } from "./study-service.ts";
import type {
  AnswerResultView,
  DailyQuizView,
  GroupSettingsView,
  HintView,
  ItemView,
  MemberSettingsView,
  RevealView,
  ReviewPromptView,
} from "./views.ts";

export interface StudyOptions {
  db: Database;
  items: readonly QuizItem[];
  /** Injected so tests and benchmarks control time. */
  clock?: () => Date;
  /** How long a member may override a suggested rating. */
  overrideWindowMs?: number;
  /** A claimed daily post not sent after this long is taken over (its claimer died). */
  staleClaimMs?: number;
}

export const DEFAULT_OVERRIDE_WINDOW_MS = 10 * 60_000;
export const DEFAULT_STALE_CLAIM_MS = 2 * 60_000;
export const MAX_QUESTIONS_PER_DAY = 5;
const DEFAULT_GROUP_LOCALE = "zh-CN";

export function createStudy(options: StudyOptions): StudyService {
  const database = options.db;
  const clock = options.clock ?? (() => new Date());
  const overrideWindowMs = options.overrideWindowMs ?? DEFAULT_OVERRIDE_WINDOW_MS;
  const staleClaimMs = options.staleClaimMs ?? DEFAULT_STALE_CLAIM_MS;
  const items = new Map(options.items.map((item) => [item.id, item]));
  const chapters = new Set(options.items.map((item) => item.chapterNumber));

  function requireItem(itemId: string): QuizItem {
    const item = items.get(itemId);
    if (!item) throw new StudyError("unknown-item", `unknown quiz item ${itemId}`, { itemId });
    return item;
  }

  function requireAdmin(actor: Actor): void {
    // Discord hides admin commands from members by default permissions, but those can be
    // changed by a server owner: the check that counts is this one.
    if (!actor.canManageServer) {
      throw new StudyError("not-allowed", `${actor.userId} may not change study groups`);
    }
  }

  // Only a new member's default timezone comes from here, so a group's later change of timezone
  // seen late by this process does no harm; it saves a read on every answer.
  const groupTimezones = new Map<number, string>();
  async function groupTimezone(groupId: number): Promise<string | null> {
    let timezone = groupTimezones.get(groupId) ?? null;
    if (timezone === null) {
      timezone = (await db.getStudyGroup(database, groupId))?.timezone ?? null;
      if (timezone !== null) groupTimezones.set(groupId, timezone);
    }
    return timezone;
  }

  /**
   * The member an interaction comes from, created or renamed as needed. `known` is the member as
   * already read with something else (null: not found); it is used as is when nothing changed.
   */
  async function member(ref: MemberRef, firstSeenIn?: QuizPost | null, known?: Member | null): Promise<Member> {
    const preferences = { locale: ref.locale, displayName: ref.displayName };
    if (known && db.hasPreferences(known, preferences)) return known;
    // A member met through a group's post starts on the group's clock until they set their own.
    const timezone = firstSeenIn ? await groupTimezone(firstSeenIn.groupId) : null;
    return db.upsertMember(database, ref.userId, preferences, clock(), timezone ? { timezone } : {});
  }

  function preferencesOf(m: Member): MemberPreferences {
    return resolvePreferences({ timezone: m.timezone, dayStartHour: m.dayStartHour, desiredRetention: m.desiredRetention });
  }

  async function requireGroup(ref: GroupRef): Promise<StudyGroup> {
    const group = await db.findStudyGroupByChannel(database, ref.serverId, ref.channelId);
    if (!group) throw new StudyError("group-not-set-up", `no study group in channel ${ref.channelId}`);
    return group;
  }

  function closesAt(group: StudyGroup, localDate: string): Date {
    // A daily quiz stays open until the next one is due: one full local day.
    return instantAt(addDays(localDate, 1), group.dailyTime, group.timezone);
  }

  function nextPostAt(group: StudyGroup, now: Date, postedToday: boolean): Date | null {
    if (group.paused) return null;
    const today = localParts(now, group.timezone).date;
    const todays = instantAt(today, group.dailyTime, group.timezone);
    return postedToday || todays <= now ? instantAt(addDays(today, 1), group.dailyTime, group.timezone) : todays;
  }

  async function groupView(group: StudyGroup): Promise<GroupSettingsView> {
    const now = clock();
    const today = localParts(now, group.timezone).date;
    const posted = await db.findQuizPost(database, group.id, today);
    return {
      channelId: group.channelId,
      dailyTime: group.dailyTime,
      timezone: group.timezone,
      questionsPerDay: group.questionsPerDay,
      chapters: group.chapters,
      paused: group.paused,
      nextPostAt: nextPostAt(group, now, posted !== null)?.toISOString() ?? null,
    };
  }

  function itemView(item: QuizItem): ItemView {
    return {
      itemId: item.id,
      kind: item.kind,
      questionId: item.questionId,
      chapterNumber: item.chapterNumber,
      chapterName: item.chapterName,
      priority: item.priority,
      prompt: item.prompt,
    };
  }

  function postedQuiz(post: QuizPost, group: StudyGroup): PostedQuiz {
    return {
      postId: String(post.id),
      channelId: group.channelId,
      messageId: post.channelMessageId,
      locale: group.locale ?? DEFAULT_GROUP_LOCALE,
    };
  }

  function dueOf(group: StudyGroup): DuePost {
    return {
      groupId: String(group.id),
      serverId: group.serverId,
      channelId: group.channelId,
      localDate: localParts(clock(), group.timezone).date,
      locale: group.locale ?? DEFAULT_GROUP_LOCALE,
    };
  }

  async function quizView(post: QuizPost, group: StudyGroup): Promise<DailyQuizView> {
    const results = await db.quizPostResults(database, post.id, 0);
    return {
      postId: String(post.id),
      localDate: post.localDate,
      items: post.itemIds.flatMap((id) => {
        const item = items.get(id);
        return item ? [itemView(item)] : [];
      }),
      answerCount: results.answerCount,
      closesAt: closesAt(group, post.localDate).toISOString(),
    };
  }

  /** Builds a member's result from what is stored, so a repeat shows exactly the first result. */
  async function resultView(
    answer: db.AnswerRecord,
    m: Member,
    options: { alreadyAnswered: boolean; justRecorded?: { card: CardState; reviewedAt: string } },
  ): Promise<AnswerResultView> {
    const item = requireItem(answer.itemId);
    // Just written: the card and review time are known, so the hot path reads nothing back.
    const card = options.justRecorded?.card ?? (await db.getCard(database, m.id, item.id)) ?? newCard(clock());
    const keyPointTexts = new Map(item.keyPoints.map((kp) => [kp.id, kp.text]));
    const misconceptions = new Map(item.misconceptions.map((mc) => [mc.id, mc]));
    const open = answer.source !== "review" || answer.text !== "";
    const reviewedMs = options.justRecorded ? Date.parse(options.justRecorded.reviewedAt) : await latestReviewTime(answer);
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
    };
  }

  /**
   * When the answer was reviewed, on the domain's clock (the answer row's `createdAt` is the
   * database's own clock), or null once a later review of the item has replaced it.
   */
  async function latestReviewTime(answer: db.AnswerRecord): Promise<number | null> {
    const last = await db.lastReview(database, answer.memberId, answer.itemId);
    return last && last.answerId === answer.id ? Date.parse(last.reviewedAt) : null;
  }

  // Posted daily quizzes as last read. What an answer needs of a post (its group and questions)
  // never changes once posted; whether it is still open is checked again by recordAnswer, in the
  // statement that writes the answer. So a burst of answers to one post reads it once.
  const postedQuizzes = new Map<number, QuizPost>();
  const POSTED_QUIZZES_KEPT = 1_000;

  async function openPost(postId: string | null, itemId: string): Promise<QuizPost | null> {
    if (postId === null) return null;
    const id = Number(postId);
    const post = postedQuizzes.get(id) ?? (await db.getQuizPost(database, id));
    if (!post || !post.itemIds.includes(itemId)) {
      throw new StudyError("unknown-post", `no daily post ${postId} with item ${itemId}`);
    }
    if (post.status === "closed") throw new StudyError("post-closed", `daily post ${postId} is closed`);
    if (post.status === "posted" && !postedQuizzes.has(id)) {
      if (postedQuizzes.size >= POSTED_QUIZZES_KEPT) postedQuizzes.clear();
      postedQuizzes.set(id, post);
    }
    return post;
  }

  /** recordAnswer refuses a closed post: the quiz closed after this process last read it. */
  async function unlessClosed<T>(post: QuizPost | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof db.QuizPostClosedError && post) {
        postedQuizzes.delete(post.id);
        throw new StudyError("post-closed", `daily post ${post.id} is closed`, {}, { cause: error });
      }
      throw error;
    }
  }

  function answerKey(post: QuizPost | null, m: Member, itemId: string, deliveryKey: string, shownReps?: number): string {
    // One answer per member, post and item: every delivery of every click maps to one key.
    if (post) return `daily:${post.id}:${m.id}:${itemId}`;
    // Outside a post, one answer per prompt shown: the card's review count names the prompt.
    return shownReps === undefined ? `delivery:${deliveryKey}` : `prompt:${m.id}:${itemId}:${shownReps}`;
  }

  async function gradeAndRecord(
    m: Member,
    item: QuizItem,
    post: QuizPost | null,
    key: string,
    text: string,
    forcedRating: Rating | null,
    /** The card as read with the member (null: none yet); read here when not given. */
    storedCard?: CardState | null,
  ): Promise<AnswerResultView> {
    // No read first: recordAnswer is idempotent on the key and hands back the first answer of a
    // repeat without writing, so the common case (a first answer) saves a round trip.
    const now = clock();
    const prefs = preferencesOf(m);
    const graded = grade(item, text);
    const rating = forcedRating ?? graded.suggestedRating;
    const before = (storedCard === undefined ? await db.getCard(database, m.id, item.id) : storedCard) ?? newCard(now);
    const reviewed = review(before, rating, now, prefs, item.id);
    const stored = await unlessClosed(post, () => withoutConflicts(() => db.recordAnswer(database, {
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
    })));
    if (!stored.duplicate && item.kind === "main" && (rating === "again" || rating === "hard")) {
      await introduceFollowUps(m, item, now);
    }
    return resultView(
      stored.answer,
      m,
      stored.duplicate
        ? { alreadyAnswered: true }
        : { alreadyAnswered: false, justRecorded: { card: stored.card, reviewedAt: reviewed.log.reviewedAt } },
    );
  }

  /** A member who just missed a main question meets its follow-ups in `/review` right away. */
  async function introduceFollowUps(m: Member, item: QuizItem, now: Date): Promise<void> {
    const followUps = [...items.values()].filter((i) => i.kind === "followup" && i.parentId === item.id).map((i) => i.id);
    await db.introduceItems(database, m.id, followUps, newCard(now));
  }

  const progress = createProgressFeatures({
    database,
    items,
    clock,
    defaultGroupLocale: DEFAULT_GROUP_LOCALE,
    staleClaimMs,
    member,
    preferencesOf,
    requireGroup,
  });

  const service: StudyService = {
    ...progress,
    items,

    async syncContent(): Promise<ContentSyncReport> {
      return db.syncItems(database, [...items.values()], clock());
    },

    async setupGroup(actor: Actor, input: GroupSetupInput): Promise<GroupSettingsView> {
      requireAdmin(actor);
      const dailyTime = normaliseDailyTime(input.dailyTime);
      if (!dailyTime) throw new StudyError("invalid-time", `not a time of day: ${input.dailyTime}`, { value: input.dailyTime });
      if (!isValidTimezone(input.timezone)) {
        throw new StudyError("invalid-timezone", `unknown timezone: ${input.timezone}`, { value: input.timezone });
      }
      const questionsPerDay = input.questionsPerDay ?? 1;
      if (!Number.isInteger(questionsPerDay) || questionsPerDay < 1 || questionsPerDay > MAX_QUESTIONS_PER_DAY) {
        throw new StudyError("invalid-questions-per-day", `questions per day must be 1–${MAX_QUESTIONS_PER_DAY}`, {
          max: MAX_QUESTIONS_PER_DAY,
        });
      }
      const chosen = [...new Set(input.chapters ?? [])].sort((a, b) => a - b);
      const unknown = chosen.filter((chapter) => !chapters.has(chapter));
      if (unknown.length > 0) {
        throw new StudyError("unknown-chapters", `unknown chapters: ${unknown.join(", ")}`, {
          chapters: unknown.join(", "),
          known: [...chapters].sort((a, b) => a - b).join(", "),
        });
      }
      await db.upsertServer(database, input.serverId);
      const existing = await db.findStudyGroupByChannel(database, input.serverId, input.channelId);
      const group = await db.upsertStudyGroup(
        database,
        {
          serverId: input.serverId,
          channelId: input.channelId,
          dailyTime,
          timezone: input.timezone,
          questionsPerDay,
          chapters: chosen,
          paused: existing?.paused ?? false,
          locale: actor.locale,
        },
        clock(),
      );
      return groupView(group);
    },

    async setGroupPaused(actor: Actor, ref: GroupRef, paused: boolean): Promise<GroupSettingsView> {
      requireAdmin(actor);
      const group = await requireGroup(ref);
      return groupView(await db.setGroupPaused(database, group.id, paused, clock()));
    },

    async groupStatus(ref: GroupRef): Promise<GroupSettingsView> {
      return groupView(await requireGroup(ref));
    },

    async duePosts(): Promise<DuePost[]> {
      const now = clock();
      // Groups whose daily time has come today, then all their posts of today in one query.
      const started = (await db.listStudyGroups(database, { activeOnly: true })).flatMap((group) => {
        const today = localParts(now, group.timezone).date;
        return instantAt(today, group.dailyTime, group.timezone) > now ? [] : [{ group, today }];
      });
      const posts = await db.findQuizPosts(database, started.map(({ group, today }) => ({ groupId: group.id, localDate: today })));
      const postOf = new Map(posts.map((post) => [`${post.groupId}:${post.localDate}`, post]));
      const due: DuePost[] = [];
      for (const { group, today } of started) {
        const post = postOf.get(`${group.id}:${today}`);
        const stale = post?.status === "pending" && Date.parse(post.claimedAt) < now.getTime() - staleClaimMs;
        if (!post || stale) due.push(dueOf(group));
      }
      return due;
    },

    async duePostNow(actor: Actor, ref: GroupRef) {
      requireAdmin(actor);
      const group = await requireGroup(ref);
      const today = localParts(clock(), group.timezone).date;
      const post = await db.findQuizPost(database, group.id, today);
      if (post && post.status !== "pending") {
        return { due: null, existing: postedQuiz(post, group) };
      }
      return { due: dueOf(group), existing: null };
    },

    async claimDailyQuiz(due: DuePost): Promise<DailyQuizView | null> {
      const now = clock();
      const group = await db.getStudyGroup(database, Number(due.groupId));
      if (!group) return null;
      // A post already claimed keeps its questions. Picking again would see them as posted today
      // and could find nothing left, and a crashed claimer's post would then never be taken over.
      const existing = await db.findQuizPost(database, group.id, due.localDate);
      const itemIds =
        existing?.itemIds ??
        chooseDailyItems((await db.dailyPickInputs(database, group.id, now)).candidates, group.questionsPerDay, due.localDate);
      if (itemIds.length === 0) return null;
      let claim = await db.claimQuizPost(database, group.id, due.localDate, itemIds, now);
      if (!claim.owned && claim.post.status === "pending") {
        claim = (await db.reclaimStaleQuizPost(database, claim.post.id, new Date(now.getTime() - staleClaimMs), now)) ?? claim;
      }
      return claim.owned ? quizView(claim.post, group) : null;
    },

    async markPosted(postId: string, messageId: string): Promise<void> {
      await db.markQuizPostPosted(database, Number(postId), messageId, clock());
    },

    async postsToClose(): Promise<PostedQuiz[]> {
      const now = clock();
      const closing: PostedQuiz[] = [];
      const posted = (await db.listUnclosedQuizPosts(database)).filter((post) => post.status === "posted");
      if (posted.length === 0) return closing;
      const groups = new Map((await db.listStudyGroups(database)).map((group) => [group.id, group]));
      for (const post of posted) {
        const group = groups.get(post.groupId);
        if (group && closesAt(group, post.localDate) <= now) {
          closing.push(postedQuiz(post, group));
        }
      }
      return closing;
    },

    async closeDailyQuiz(postId: string): Promise<RevealView | null> {
      const post = await db.getQuizPost(database, Number(postId));
      if (!post || post.status !== "posted") return null;
      const closed = await db.closeQuizPost(database, post.id, clock());
      postedQuizzes.delete(post.id);
      if (!closed) return null; // another process revealed it
      const results = await db.quizPostResults(database, post.id, 3);
      const missed = await db.mostMissedKeyPoints(database, post.groupId, post.localDate, post.localDate, 3);
      return {
        postId,
        localDate: post.localDate,
        items: post.itemIds.flatMap((id) => {
          const item = items.get(id);
          return item ? [{ item: itemView(item), modelAnswer: item.answer }] : [];
        }),
        mostMissed: missed.map((m) => ({
          itemId: m.itemId,
          keyPointId: m.keyPointId,
          text: m.text ?? m.keyPointId,
          missRate: m.missRate,
        })),
        topScorers: results.topScorers.map((s) => ({
          memberId: s.discordUserId,
          displayName: s.displayName ?? s.discordUserId,
          score: s.score,
        })),
        answerCount: results.answerCount,
      };
    },

    async dailyQuiz(postId: string) {
      const post = await db.getQuizPost(database, Number(postId));
      if (!post) return null;
      const group = await db.getStudyGroup(database, post.groupId);
      if (!group) return null;
      return { ...(await quizView(post, group)), ...postedQuiz(post, group), closed: post.status === "closed" };
    },

    hint(itemId: string): HintView {
      const item = requireItem(itemId);
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
      return resultView(earlier, await member(ref), { alreadyAnswered: true });
    },

    async submitAnswer(input: SubmitAnswerInput): Promise<AnswerResultView> {
      if ([...input.text].length > MAX_ANSWER_LENGTH) {
        throw new StudyError("answer-too-long", `answer longer than ${MAX_ANSWER_LENGTH} characters`, {
          max: MAX_ANSWER_LENGTH,
        }, { cause: new AnswerTooLongError([...input.text].length, MAX_ANSWER_LENGTH) });
      }
      const item = requireItem(input.itemId);
      // Every submission runs this: the post, the member and their card are read side by side,
      // and the member is written only when new or renamed.
      const [post, known] = await Promise.all([
        openPost(input.postId, item.id),
        db.memberAndCard(database, input.member.userId, item.id),
      ]);
      const m = await member(input.member, post, known.member);
      const key = answerKey(post, m, item.id, input.deliveryKey, input.shownReps);
      return gradeAndRecord(m, item, post, key, input.text, null, known.card);
    },

    async revealAnswer(input: RevealInput): Promise<AnswerResultView> {
      const item = requireItem(input.itemId);
      const post = await openPost(input.postId, item.id);
      const m = await member(input.member, post);
      // Giving up is an honest "again": the member saw the answer without recalling it.
      return gradeAndRecord(m, item, post, answerKey(post, m, item.id, input.deliveryKey), "", "again");
    },

    async overrideRating(input: OverrideInput): Promise<AnswerResultView> {
      const m = await member(input.member);
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
      const redone = review(last.before, input.rating, last.reviewedAt, preferencesOf(m), answer.itemId);
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

    async nextReview(ref: MemberRef): Promise<ReviewPromptView | null> {
      const m = await member(ref);
      const due = (await db.dueItems(database, m.id, clock(), 100)).filter((d) => items.has(d.itemId));
      const first = due[0];
      return first ? { item: itemView(requireItem(first.itemId)), dueCount: due.length, reps: first.card.reps } : null;
    },

    async selfRate(input: SelfRateInput): Promise<SelfRateResult> {
      const item = requireItem(input.itemId);
      const m = await member(input.member);
      const now = clock();
      const before: CardState = (await db.getCard(database, m.id, item.id)) ?? newCard(now);
      if (input.shownReps !== undefined && before.reps !== input.shownReps) {
        // This prompt was rated already (a doubled click): show what was recorded, review nothing.
        const last = await db.lastReview(database, m.id, item.id);
        return { item: itemView(item), rating: last?.rating ?? input.rating, nextDue: before.due, modelAnswer: item.answer };
      }
      const reviewed = review(before, input.rating, now, preferencesOf(m), item.id);
      const stored = await withoutConflicts(() => db.recordReview(database, {
        idempotencyKey:
          input.shownReps === undefined ? `delivery:${input.deliveryKey}` : `self-rate:${m.id}:${item.id}:${input.shownReps}`,
        memberId: m.id,
        itemId: item.id,
        reviewLog: reviewed.log,
        card: reviewed.card,
        source: "review",
      }));
      return { item: itemView(item), rating: stored.log.rating, nextDue: stored.card.due, modelAnswer: item.answer };
    },

    async judgeStatement(input: JudgeInput) {
      const item = requireItem(input.itemId);
      if (item.kind !== "misconception") {
        throw new StudyError("unknown-item", `${item.id} is not a statement to judge`, { itemId: item.id });
      }
      // Every statement of a misconception item is wrong: saying so is recall, agreeing is a lapse.
      const correct = !input.saysRight;
      const rated = await service.selfRate({
        deliveryKey: input.deliveryKey,
        member: input.member,
        itemId: item.id,
        rating: correct ? "good" : "again",
        ...(input.shownReps === undefined ? {} : { shownReps: input.shownReps }),
      });
      return { ...rated, correct };
    },

    async memberSettings(ref: MemberRef): Promise<MemberSettingsView> {
      return settingsView(await member(ref));
    },

    async updateMemberSettings(ref: MemberRef, input: MemberSettingsInput): Promise<MemberSettingsView> {
      const current = await member(ref);
      if (input.timezone !== undefined && !isValidTimezone(input.timezone)) {
        throw new StudyError("invalid-timezone", `unknown timezone: ${input.timezone}`, { value: input.timezone });
      }
      try {
        resolvePreferences({
          timezone: input.timezone ?? current.timezone,
          dayStartHour: input.dayStartHour ?? current.dayStartHour,
          desiredRetention: input.desiredRetention ?? current.desiredRetention,
        });
      } catch (error) {
        if (!(error instanceof InvalidPreferencesError)) throw error;
        const code = input.dayStartHour !== undefined && !validHour(input.dayStartHour) ? "invalid-day-start" : "invalid-retention";
        throw new StudyError(code, error.message, { min: MIN_DESIRED_RETENTION, max: MAX_DESIRED_RETENTION }, { cause: error });
      }
      const updated = await db.upsertMember(database, ref.userId, { ...input, locale: ref.locale }, clock());
      return settingsView(updated);
    },
  };
  return service;
}

/**
 * Two different submissions for one card at the same moment: the database keeps the first and
 * refuses the second rather than overwrite it. The member is told to look again, not apologised to.
 */
async function withoutConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof db.StaleCardError) {
      throw new StudyError("review-conflict", "the card changed while this answer was graded", {}, { cause: error });
    }
    throw error;
  }
}

function validHour(hour: number): boolean {
  return Number.isInteger(hour) && hour >= 0 && hour <= 23;
}

function settingsView(m: Member): MemberSettingsView {
  return { timezone: m.timezone, dayStartHour: m.dayStartHour, desiredRetention: m.desiredRetention };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
