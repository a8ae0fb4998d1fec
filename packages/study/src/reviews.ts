// Reviews and weak drills: the member's due items one at a time (`/review`), their own rating of
// what they recalled, statements to judge, and the follow-ups they are weakest at (`/weak`).
import * as db from "@recall/db";
import { newCard, rankWeakest, review, type CardState } from "@recall/scheduler";
import { itemView, withoutConflicts, type StudyContext } from "./context.ts";
import { StudyError } from "./errors.ts";
import type { JudgeInput, MemberRef, SelfRateInput } from "./ports.ts";
import type { SelfRateResult } from "./study-service.ts";
import type { ReviewPromptView, WeakFollowUpView } from "./views.ts";

export const WEAK_FOLLOW_UPS_SHOWN = 10;

export function createReviewFeatures(ctx: StudyContext) {
  const { database, items, clock } = ctx;

  async function selfRate(input: SelfRateInput): Promise<SelfRateResult> {
    const item = ctx.requireItem(input.itemId);
    const m = await ctx.member(input.member);
    const now = clock();
    const before: CardState = (await db.getCard(database, m.id, item.id)) ?? newCard(now);
    if (input.shownReps !== undefined && before.reps !== input.shownReps) {
      // This prompt was rated already (a doubled click): show what was recorded, review nothing.
      const last = await db.lastReview(database, m.id, item.id);
      return { item: itemView(item), rating: last?.rating ?? input.rating, nextDue: before.due, modelAnswer: item.answer };
    }
    const reviewed = review(before, input.rating, now, ctx.preferencesOf(m), item.id);
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
  }

  return {
    async nextReview(ref: MemberRef): Promise<ReviewPromptView | null> {
      const m = await ctx.member(ref);
      const due = (await db.dueItems(database, m.id, clock(), 100)).filter((d) => items.has(d.itemId));
      const first = due[0];
      return first ? { item: itemView(ctx.requireItem(first.itemId)), dueCount: due.length, reps: first.card.reps } : null;
    },

    /** `/review` without typing: the member saw the answer and rates their own recall. */
    selfRate,

    async judgeStatement(input: JudgeInput): Promise<SelfRateResult & { correct: boolean }> {
      const item = ctx.requireItem(input.itemId);
      if (item.kind !== "misconception") {
        throw new StudyError("unknown-item", `${item.id} is not a statement to judge`, { itemId: item.id });
      }
      // Every statement of a misconception item is wrong: saying so is recall, agreeing is a lapse.
      const correct = !input.saysRight;
      const rated = await selfRate({
        deliveryKey: input.deliveryKey,
        member: input.member,
        itemId: item.id,
        rating: correct ? "good" : "again",
        ...(input.shownReps === undefined ? {} : { shownReps: input.shownReps }),
      });
      return { ...rated, correct };
    },

    async weakFollowUps(ref: MemberRef): Promise<WeakFollowUpView[]> {
      const member = await ctx.member(ref);
      const now = clock();
      // The database narrows to the member's studied follow-ups; the scheduler ranks them exactly.
      const candidates = await db.weakestFollowUps(database, member.id, now, 200);
      const ranked = rankWeakest(
        candidates.filter((c) => items.has(c.itemId)).map((c) => ({ itemId: c.itemId, kind: "followup", card: c.card })),
        now,
        ctx.preferencesOf(member),
        WEAK_FOLLOW_UPS_SHOWN,
      );
      return ranked.map((r) => ({
        itemId: r.itemId,
        prompt: items.get(r.itemId)?.prompt ?? r.itemId,
        retrievability: r.retrievability,
        lapses: r.card.lapses,
        reps: r.card.reps,
      }));
    },
  };
}

export type ReviewFeatures = ReturnType<typeof createReviewFeatures>;
