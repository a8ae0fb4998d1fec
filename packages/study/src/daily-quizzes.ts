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

  /** Active groups whose daily time has come today without a post (or with a stale claim). */
  /** `groups`: every group, when the caller has them already (one listing instead of two). */
  async function dueGroups(now: Date, groups?: readonly StudyGroup[]): Promise<StudyGroup[]> {
    const active = groups ? groups.filter((group) => !group.paused) : await db.listStudyGroups(database, { activeOnly: true });
    const started = active.flatMap((group) => {
      const today = localParts(now, group.timezone).date;
      return instantAt(today, group.dailyTime, group.timezone) > now ? [] : [{ group, today }];
    });
    // Each group's latest post: a group whose timezone moved west is on an earlier local date
    // than the post it already has, and must not get a second quiz at once.
    const latest = new Map((await db.latestQuizPosts(database, started.map(({ group }) => group.id))).map((post) => [post.groupId, post]));
    const due: StudyGroup[] = [];
    for (const { group, today } of started) {
      const post = latest.get(group.id);
      if (post && post.localDate > today) continue;
      const todays = post?.localDate === today ? post : undefined;
      const stale = todays?.status === "pending" && Date.parse(todays.claimedAt) < now.getTime() - staleClaimMs;
      if (!todays || stale) due.push(group);
    }
    return due;
  }

  return {
    async duePosts(): Promise<DuePost[]> {
      return (await dueGroups(clock())).map(dueOf);
    },

    async duePostNow(actor: Actor, ref: GroupRef): Promise<{ due: DuePost | null; existing: PostedQuiz | null }> {
      ctx.requireAdmin(actor);
      const group = await ctx.requireGroup(ref);
      const today = localParts(clock(), group.timezone).date;
      const [latest] = await db.latestQuizPosts(database, [group.id]);
      const post = latest && latest.localDate >= today ? latest : null;
      if (post && post.status !== "pending") {
        return { due: null, existing: postedQuiz(post, group) };
      }
      if (post && post.localDate > today) return { due: null, existing: null };
      return { due: dueOf(group), existing: null };
    },

    async nextDailyEventAt(): Promise<string | null> {
      const now = clock();
      const groups = await db.listStudyGroups(database);
      const byId = new Map(groups.map((group) => [group.id, group]));
      // Every group's next daily time: its post, and the close of yesterday's, and on Mondays its
      // weekly summary, all fall then.
      const times = groups.flatMap((group) => nextPostAt(group, now, false) ?? []).map((at) => at.getTime());
      // A group due now (set up after its daily time, or its post never went out) is due already.
      if ((await dueGroups(now, groups)).length > 0) times.push(now.getTime());
      for (const post of await db.listUnclosedQuizPosts(database)) {
        const group = byId.get(post.groupId);
        if (group) times.push(closesAt(group, post.localDate).getTime());
      }
      // A reveal that failed to send is owed now (the cycle retries it).
      if ((await db.listUnrevealedQuizPosts(database)).length > 0) times.push(now.getTime());
      for (const post of await db.listPendingQuizPosts(database)) {
        times.push(Date.parse(post.claimedAt) + staleClaimMs);
      }
      return times.length === 0 ? null : new Date(times.reduce((earliest, at) => Math.min(earliest, at))).toISOString();
    },

    /** `takenOver`: the claim was another process's, gone stale; its post may already be in the channel. */
    async claimDailyQuiz(due: DuePost): Promise<(DailyQuizView & { takenOver: boolean }) | null> {
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
      let takenOver = false;
      if (!claim.owned && claim.post.status === "pending") {
        claim = (await db.reclaimStaleQuizPost(database, claim.post.id, new Date(now.getTime() - staleClaimMs), now)) ?? claim;
        takenOver = claim.owned;
      }
      return claim.owned ? { ...(await quizView(claim.post, group)), takenOver } : null;
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
      const now = clock();
      const closed = await db.closeQuizPost(database, post.id, now);
      postedQuizzes.forget(post.id);
      if (!closed) return null; // another process closed it and owes the reveal
      if (!(await db.claimQuizPostReveal(database, post.id, new Date(now.getTime() - staleClaimMs), now))) return null;
      return revealView(closed);
    },

    /** Closed posts whose reveal has not gone out (a failed send, a crash): retried each cycle. */
    async revealsOwed(): Promise<PostedQuiz[]> {
      const owed = await db.listUnrevealedQuizPosts(database);
      if (owed.length === 0) return [];
      const groups = new Map((await db.listStudyGroups(database)).map((group) => [group.id, group]));
      return owed.flatMap((post) => {
        const group = groups.get(post.groupId);
        return group ? [postedQuiz(post, group)] : [];
      });
    },

    /** Takes on a reveal still owed (once per staleness period across processes); null when another has it. */
    async claimReveal(postId: string): Promise<RevealView | null> {
      const now = clock();
      if (!(await db.claimQuizPostReveal(database, Number(postId), new Date(now.getTime() - staleClaimMs), now))) return null;
      const post = await db.getQuizPost(database, Number(postId));
      return post ? revealView(post) : null;
    },

    /** The reveal is in the channel: never sent again. */
    async markRevealed(postId: string): Promise<void> {
      await db.markQuizPostRevealed(database, Number(postId), clock());
    },

    /** The group's channel refused a post (the bot may not see or post there): pause it with the reason. */
    async pauseForChannelProblem(groupId: string, reason: string): Promise<void> {
      await db.setGroupPaused(database, Number(groupId), true, clock(), reason);
    },

    async dailyQuiz(postId: string): Promise<(DailyQuizView & PostedQuiz & { closed: boolean }) | null> {
      const post = await db.getQuizPost(database, Number(postId));
      if (!post) return null;
      const group = await db.getStudyGroup(database, post.groupId);
      if (!group) return null;
      // Shown closed only once its reveal is out: until then the buttons stay as they were.
      const closed = post.status === "closed" && post.revealedAt !== null;
      return { ...(await quizView(post, group)), ...postedQuiz(post, group), closed };
    },
  };

  async function revealView(post: QuizPost): Promise<RevealView> {
    const postId = String(post.id);
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
  }
}
