// A study group's daily quiz: when it is due, who claims it (exactly once, across processes),
// what it asks, and when it closes with a reveal. Answers to it are in answers.ts; this file
// also keeps the posted quizzes an answer needs, so a burst of answers reads a post once.
import * as db from "@recall/db";
import type { QuizPost, StudyGroup } from "@recall/db";
import { itemView, type StudyContext } from "./context.ts";
import { chooseDailyItems } from "./daily-pick.ts";
import { StudyError } from "./errors.ts";
import { addDays, instantAt, localParts } from "./group-clock.ts";
import type { Actor, DuePost, GroupRef } from "./ports.ts";
import type { PostedQuiz } from "./study-service.ts";
import type { DailyQuizView, RevealView } from "./views.ts";

export function closesAt(group: StudyGroup, localDate: string): Date {
  // A daily quiz stays open until the next one is due: one full local day.
  return instantAt(addDays(localDate, 1), group.dailyTime, group.timezone);
}

export function nextPostAt(group: StudyGroup, now: Date, postedToday: boolean): Date | null {
  if (group.paused) return null;
  const today = localParts(now, group.timezone).date;
  const todays = instantAt(today, group.dailyTime, group.timezone);
  return postedToday || todays <= now ? instantAt(addDays(today, 1), group.dailyTime, group.timezone) : todays;
}

const POSTED_QUIZZES_KEPT = 1_000;

/**
 * Posted daily quizzes as last read. What an answer needs of a post (its group and questions)
 * never changes once posted; whether it is still open is checked again by recordAnswer, in the
 * statement that writes the answer. So a burst of answers to one post reads it once.
 */
export function createPostedQuizzes(ctx: StudyContext) {
  const posted = new Map<number, QuizPost>();

  return {
    /** The open post an answer belongs to (null outside a post); refuses unknown and closed ones. */
    async openPost(postId: string | null, itemId: string): Promise<QuizPost | null> {
      if (postId === null) return null;
      const id = Number(postId);
      const post = posted.get(id) ?? (await db.getQuizPost(ctx.database, id));
      if (!post || !post.itemIds.includes(itemId)) {
        throw new StudyError("unknown-post", `no daily post ${postId} with item ${itemId}`);
      }
      if (post.status === "closed") throw new StudyError("post-closed", `daily post ${postId} is closed`);
      if (post.status === "posted" && !posted.has(id)) {
        if (posted.size >= POSTED_QUIZZES_KEPT) posted.clear();
        posted.set(id, post);
      }
      return post;
    },

    /** recordAnswer refuses a closed post: the quiz closed after this process last read it. */
    async unlessClosed<T>(post: QuizPost | null, write: () => Promise<T>): Promise<T> {
      try {
        return await write();
      } catch (error) {
        if (error instanceof db.QuizPostClosedError && post) {
          posted.delete(post.id);
          throw new StudyError("post-closed", `daily post ${post.id} is closed`, {}, { cause: error });
        }
        throw error;
      }
    },

    forget(postId: number): void {
      posted.delete(postId);
    },
  };
}

export type PostedQuizzes = ReturnType<typeof createPostedQuizzes>;

export function createDailyQuizFeatures(ctx: StudyContext, postedQuizzes: PostedQuizzes) {
  const { database, items, clock, staleClaimMs } = ctx;

  function postedQuiz(post: QuizPost, group: StudyGroup): PostedQuiz {
    return {
      postId: String(post.id),
      channelId: group.channelId,
      messageId: post.channelMessageId,
      locale: group.locale ?? ctx.defaultGroupLocale,
    };
  }

  function dueOf(group: StudyGroup): DuePost {
    return {
      groupId: String(group.id),
      serverId: group.serverId,
      channelId: group.channelId,
      localDate: localParts(clock(), group.timezone).date,
      locale: group.locale ?? ctx.defaultGroupLocale,
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

  return {
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

    async duePostNow(actor: Actor, ref: GroupRef): Promise<{ due: DuePost | null; existing: PostedQuiz | null }> {
      ctx.requireAdmin(actor);
      const group = await ctx.requireGroup(ref);
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
      postedQuizzes.forget(post.id);
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

    async dailyQuiz(postId: string): Promise<(DailyQuizView & PostedQuiz & { closed: boolean }) | null> {
      const post = await db.getQuizPost(database, Number(postId));
      if (!post) return null;
      const group = await db.getStudyGroup(database, post.groupId);
      if (!group) return null;
      return { ...(await quizView(post, group)), ...postedQuiz(post, group), closed: post.status === "closed" };
    },
  };
}
