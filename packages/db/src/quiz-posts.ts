// Daily posts: claimed before they are sent, so exactly one process (and one post) per group and
// local date. A claim left pending by a crash is taken over once it is stale.
import { and, asc, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { DbError, mapErrors, NotFoundError } from "./errors.ts";
import type { ClaimResult, QuizPost } from "./records.ts";
import { groupDateIn, iso, isoOrNull, preparedPerDatabase, rowsOf } from "./rows.ts";
import { quizPosts } from "./schema.ts";

/** Claims the group's post for the local date; `owned` is true for exactly one caller. */
export async function claimQuizPost(
  db: Database,
  groupId: number,
  localDate: string,
  itemIds: readonly string[],
  now: Date,
): Promise<ClaimResult> {
  return mapErrors(async () => {
    const [claimed] = await db
      .insert(quizPosts)
      .values({ groupId, localDate, itemIds: [...itemIds], status: "pending", claimedAt: now })
      .onConflictDoNothing({ target: [quizPosts.groupId, quizPosts.localDate] })
      .returning();
    if (claimed) return { owned: true, post: postFromRow(claimed) };
    const [existing] = await db
      .select()
      .from(quizPosts)
      .where(and(eq(quizPosts.groupId, groupId), eq(quizPosts.localDate, localDate)));
    if (!existing) throw new DbError(`quiz post of group ${groupId} on ${localDate} conflicted but was not found`);
    return { owned: false, post: postFromRow(existing) };
  });
}

/**
 * Takes over a post still pending since before `staleBefore` (its claimer died before sending it).
 * Only one caller wins, since the claim time is compared and set in one statement.
 */
export async function reclaimStaleQuizPost(db: Database, postId: number, staleBefore: Date, now: Date): Promise<ClaimResult | null> {
  return mapErrors(async () => {
    const [row] = await db
      .update(quizPosts)
      .set({ claimedAt: now })
      .where(and(eq(quizPosts.id, postId), eq(quizPosts.status, "pending"), lt(quizPosts.claimedAt, staleBefore)))
      .returning();
    if (row) return { owned: true, post: postFromRow(row) };
    const existing = await getQuizPost(db, postId);
    return existing ? { owned: false, post: existing } : null;
  });
}

export async function markQuizPostPosted(db: Database, postId: number, channelMessageId: string, now: Date): Promise<QuizPost> {
  return mapErrors(async () => {
    const [row] = await db
      .update(quizPosts)
      .set({ status: "posted", channelMessageId, postedAt: now })
      .where(and(eq(quizPosts.id, postId), eq(quizPosts.status, "pending")))
      .returning();
    if (row) return postFromRow(row);
    return requirePost(db, postId);
  });
}

/**
 * Closes a post. Returns it to the one caller that closed it; null when it was already closed
 * (another process is revealing it) or does not exist. The first close time is kept.
 */
export async function closeQuizPost(db: Database, postId: number, now: Date): Promise<QuizPost | null> {
  return mapErrors(async () => {
    const [row] = await db
      .update(quizPosts)
      .set({ status: "closed", closedAt: now })
      .where(and(eq(quizPosts.id, postId), ne(quizPosts.status, "closed")))
      .returning();
    return row ? postFromRow(row) : null;
  });
}

/**
 * Takes on sending a closed post's reveal: true for one caller until `staleBefore` passes without
 * markQuizPostRevealed (its sender died or Discord failed), when the next caller takes it over.
 */
export async function claimQuizPostReveal(db: Database, postId: number, staleBefore: Date, now: Date): Promise<boolean> {
  return mapErrors(async () => {
    const rows = await db
      .update(quizPosts)
      .set({ revealClaimedAt: now })
      .where(
        and(
          eq(quizPosts.id, postId),
          eq(quizPosts.status, "closed"),
          isNull(quizPosts.revealedAt),
          or(isNull(quizPosts.revealClaimedAt), lt(quizPosts.revealClaimedAt, staleBefore)),
        ),
      )
      .returning({ id: quizPosts.id });
    return rows.length === 1;
  });
}

/** The reveal went out: it is never sent again. */
export async function markQuizPostRevealed(db: Database, postId: number, now: Date): Promise<void> {
  await mapErrors(() =>
    db
      .update(quizPosts)
      .set({ revealedAt: now })
      .where(and(eq(quizPosts.id, postId), isNull(quizPosts.revealedAt))),
  );
}

/** Closed posts whose reveal has not gone out (a failed send, a crash), oldest first. */
export async function listUnrevealedQuizPosts(db: Database): Promise<QuizPost[]> {
  return mapErrors(async () => {
    const rows = await db
      .select()
      .from(quizPosts)
      .where(and(eq(quizPosts.status, "closed"), isNull(quizPosts.revealedAt)))
      .orderBy(asc(quizPosts.closedAt), asc(quizPosts.id));
    return rows.map(postFromRow);
  });
}

export interface QuizPostScorer {
  memberId: number;
  discordUserId: string;
  displayName: string | null;
  /** Sum of the member's scores over the post's items. */
  score: number;
  answers: number;
}

export interface QuizPostResults {
  /** Graded answers to the post (all items, all members). */
  answerCount: number;
  /** Highest total first; ties go to whoever finished answering first, then the lower member id. */
  topScorers: QuizPostScorer[];
}

export async function quizPostResults(db: Database, postId: number, topLimit: number): Promise<QuizPostResults> {
  return mapErrors(async () => {
    const [counted] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from answers where quiz_post_id = ${postId}`);
    const topScorers =
      topLimit <= 0
        ? []
        : await rowsOf<QuizPostScorer>(
            db,
            sql`
            select a.member_id as "memberId", m.discord_user_id as "discordUserId", m.display_name as "displayName",
              sum(a.score)::float8 as score, count(*)::int as answers
            from answers a join members m on m.id = a.member_id
            where a.quiz_post_id = ${postId}
            group by a.member_id, m.discord_user_id, m.display_name
            order by score desc, max(a.created_at), a.member_id
            limit ${topLimit}`,
          );
    return { answerCount: counted?.n ?? 0, topScorers };
  });
}

// Read on every answer to a daily post.
const quizPostQuery = preparedPerDatabase((db) =>
  db.select().from(quizPosts).where(eq(quizPosts.id, sql.placeholder("postId"))).prepare("recall_get_quiz_post"),
);

export async function getQuizPost(db: Database, postId: number): Promise<QuizPost | null> {
  return mapErrors(async () => {
    const [row] = await quizPostQuery(db).execute({ postId });
    return row ? postFromRow(row) : null;
  });
}

export async function findQuizPost(db: Database, groupId: number, localDate: string): Promise<QuizPost | null> {
  return mapErrors(async () => {
    const [row] = await db
      .select()
      .from(quizPosts)
      .where(and(eq(quizPosts.groupId, groupId), eq(quizPosts.localDate, localDate)));
    return row ? postFromRow(row) : null;
  });
}

/**
 * The posts of many (group, local date) pairs in one query: the daily cycle asks for every active
 * group's post of its own local day, and one query per group does not scale to thousands of groups.
 */
export async function findQuizPosts(db: Database, keys: readonly { groupId: number; localDate: string }[]): Promise<QuizPost[]> {
  if (keys.length === 0) return [];
  return mapErrors(async () => {
    const rows = await db
      .select()
      .from(quizPosts)
      .where(
        groupDateIn(quizPosts.groupId, quizPosts.localDate, keys.map((k) => [k.groupId, k.localDate])),
      );
    return rows.map(postFromRow);
  });
}

/**
 * Each group's latest post (highest local date), for many groups in one query. A group whose
 * timezone moved west can be on an earlier local date than its latest post: it is not due again
 * until its own date passes that post's.
 */
export async function latestQuizPosts(db: Database, groupIds: readonly number[]): Promise<QuizPost[]> {
  if (groupIds.length === 0) return [];
  return mapErrors(async () => {
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`select distinct on (group_id) id from quiz_posts
          where group_id = any(${sql.raw(`'{${groupIds.map((id) => Math.trunc(id)).join(",")}}'::int[]`)})
          order by group_id, local_date desc`,
    );
    if (rows.length === 0) return [];
    const posts = await db
      .select()
      .from(quizPosts)
      .where(sql`${quizPosts.id} = any(${sql.raw(`'{${rows.map((row) => Math.trunc(row.id)).join(",")}}'::int[]`)})`);
    return posts.map(postFromRow);
  });
}

/** Posts claimed but never sent (a crash between claim and send), oldest claim first. */
export async function listPendingQuizPosts(db: Database): Promise<QuizPost[]> {
  return listByStatus(db, "pending");
}

/** Posts sent and not yet closed: the reveal is still owed. */
export async function listUnclosedQuizPosts(db: Database): Promise<QuizPost[]> {
  return listByStatus(db, "posted");
}

async function listByStatus(db: Database, status: "pending" | "posted"): Promise<QuizPost[]> {
  return mapErrors(async () => {
    const rows = await db
      .select()
      .from(quizPosts)
      // The `<> 'closed'` term lets the planner use the partial index of open posts.
      .where(and(eq(quizPosts.status, status), sql`${quizPosts.status} <> 'closed'`))
      .orderBy(asc(quizPosts.claimedAt), asc(quizPosts.id));
    return rows.map(postFromRow);
  });
}

async function requirePost(db: Database, postId: number): Promise<QuizPost> {
  const post = await getQuizPost(db, postId);
  if (!post) throw new NotFoundError(`quiz post ${postId} not found`);
  return post;
}

function postFromRow(row: typeof quizPosts.$inferSelect): QuizPost {
  return {
    id: row.id,
    groupId: row.groupId,
    localDate: row.localDate,
    itemIds: row.itemIds,
    channelMessageId: row.channelMessageId,
    status: row.status as QuizPost["status"],
    claimedAt: iso(row.claimedAt),
    postedAt: isoOrNull(row.postedAt),
    closedAt: isoOrNull(row.closedAt),
    revealedAt: isoOrNull(row.revealedAt),
  };
}
