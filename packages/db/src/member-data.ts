// A member's own data: everything stored about them, to export or to erase.
import { asc, eq } from "drizzle-orm";
import type { Database } from "./database.ts";
import { mapErrors } from "./errors.ts";
import type { AnswerRecord, DueItem, Member, ReviewLogRecord } from "./records.ts";
import { answerFromRow, logFromRow } from "./reviews.ts";
import { cardFromRow } from "./rows.ts";
import { appealFromRow, type AppealRecord } from "./appeals.ts";
import { interviewFromRow, type InterviewSessionRecord } from "./interviews.ts";
import { answers, appeals, cards, groupMembers, interviewSessions, memberDailyActivity, members, reviewLogs } from "./schema.ts";
import { memberFromRow } from "./settings.ts";

export interface MemberExport {
  member: Member;
  groupIds: number[];
  cards: DueItem[];
  reviewLogs: ReviewLogRecord[];
  answers: AnswerRecord[];
  dailyActivity: { localDate: string; quizScore: number; quizAnswers: number; reviewScore: number; reviewAnswers: number }[];
  interviews: InterviewSessionRecord[];
  /** Their appeals of gradings, with the decisions (an admin's reason included). */
  appeals: AppealRecord[];
}

/** Everything stored about a member, as plain JSON-safe data; null for an unknown member. */
export async function memberExport(db: Database, memberId: number): Promise<MemberExport | null> {
  return mapErrors(() =>
    // One snapshot, so the parts agree with each other.
    db.transaction(async (tx) => {
      const [member] = await tx.select().from(members).where(eq(members.id, memberId));
      if (!member) return null;
      const groups = await tx.select({ groupId: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.memberId, memberId)).orderBy(asc(groupMembers.groupId));
      const cardRows = await tx.select().from(cards).where(eq(cards.memberId, memberId)).orderBy(asc(cards.itemId));
      const logRows = await tx.select().from(reviewLogs).where(eq(reviewLogs.memberId, memberId)).orderBy(asc(reviewLogs.id));
      const answerRows = await tx.select().from(answers).where(eq(answers.memberId, memberId)).orderBy(asc(answers.id));
      const activity = await tx
        .select()
        .from(memberDailyActivity)
        .where(eq(memberDailyActivity.memberId, memberId))
        .orderBy(asc(memberDailyActivity.localDate));
      const interviewRows = await tx.select().from(interviewSessions).where(eq(interviewSessions.memberId, memberId)).orderBy(asc(interviewSessions.id));
      const appealRows = await tx.select().from(appeals).where(eq(appeals.memberId, memberId)).orderBy(asc(appeals.id));
      return {
        member: memberFromRow(member),
        groupIds: groups.map((row) => row.groupId),
        cards: cardRows.map((row) => ({ itemId: row.itemId, card: cardFromRow(row) })),
        reviewLogs: logRows.map(logFromRow),
        answers: answerRows.map(answerFromRow),
        dailyActivity: activity.map((row) => ({
          localDate: row.localDate,
          quizScore: row.quizScore,
          quizAnswers: row.quizAnswers,
          reviewScore: row.reviewScore,
          reviewAnswers: row.reviewAnswers,
        })),
        interviews: interviewRows.map(interviewFromRow),
        appeals: appealRows.map(appealFromRow),
      };
    }),
  );
}

/** Deletes the member and, through cascades, their cards, logs, answers, activity, memberships, interviews and appeals. */
export async function forgetMember(db: Database, memberId: number): Promise<boolean> {
  return mapErrors(async () => {
    const deleted = await db.delete(members).where(eq(members.id, memberId)).returning({ id: members.id });
    return deleted.length > 0;
  });
}
