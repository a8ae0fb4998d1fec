// `/interview`: a private mock interview. Main questions (P0 first, then what the member knows
// least), each probed by two or three follow-ups chosen from what the answers left uncovered,
// then a report. The session lives in the database (one open per member), so it survives a
// restart and any bot process can take the next answer; every change is compared against the
// step it was computed from, so a doubled click or a re-sent form counts once.
import type { KeyPoint, QuizItem } from "@recall/content";
import * as db from "@recall/db";
import type { Member } from "@recall/db";
import { grade } from "@recall/grader";
import { retrievability, type Rating } from "@recall/scheduler";
import { checkAnswerLength, type AnswerRecorder } from "./answers.ts";
import { itemView, type StudyContext } from "./context.ts";
import { StudyError } from "./errors.ts";
import {
  chooseFollowUp,
  chooseMainQuestions,
  INTERVIEW_IDLE_MS,
  INTERVIEW_QUESTIONS,
  INTERVIEW_TARGET_SECONDS,
  overallRating,
  probeAgain,
  uncovered,
  type Knowledge,
} from "./interview-rules.ts";
import type { InterviewAnswerInput, InterviewStartInput, MemberRef } from "./ports.ts";
import type {
  InterviewAnswerView,
  InterviewReportView,
  InterviewStepView,
  InterviewTurnView,
  Verdict,
} from "./views.ts";

/** What one answer left behind: verdicts and misconception ids, never the member's words. */
interface StoredTurn {
  itemId: string;
  depth: number;
  askedAt: string;
  answeredAt: string;
  score: number;
  rating: Rating;
  points: { id: string; verdict: Verdict }[];
  misconceptions: string[];
  answerId: string | null;
}

interface StoredQuestion {
  itemId: string;
  /** The main question it probes (itself for a main question). */
  mainId: string;
  depth: number;
  askedAt: string;
  reason: InterviewStepView["reason"];
}

/** A session's `state` column. */
interface SessionState {
  version: 1;
  record: boolean;
  plan: string[];
  turns: StoredTurn[];
  current: StoredQuestion | null;
}

const PRACTISE_NEXT_SHOWN = 3;
/** Below this score an item is worth practising next. */
const PRACTISE_BELOW = 0.8;

function stateOf(session: db.InterviewSessionRecord): SessionState {
  const state = session.state as Partial<SessionState> | null;
  if (!state || state.version !== 1 || !Array.isArray(state.plan) || !Array.isArray(state.turns)) {
    throw new Error(`interview ${session.id} has a state this version cannot read`);
  }
  return state as SessionState;
}

export function createInterviewFeatures(ctx: StudyContext, recorder: AnswerRecorder) {
  const { database, items, clock } = ctx;
  const mains = [...items.values()].filter((item) => item.kind === "main");
  const followUpsOf = new Map<string, QuizItem[]>();
  for (const item of items.values()) {
    if (item.kind !== "followup" || item.parentId === null) continue;
    followUpsOf.set(item.parentId, [...(followUpsOf.get(item.parentId) ?? []), item]);
  }

  async function knowledgeOf(m: Member, itemIds: readonly string[], now: Date): Promise<Knowledge> {
    const cards = await db.cardsOf(database, m.id, itemIds);
    const prefs = ctx.preferencesOf(m);
    return new Map([...cards].map(([itemId, card]) => [itemId, retrievability(card, now, prefs)]));
  }

  function idle(session: db.InterviewSessionRecord, now: Date): boolean {
    return now.getTime() - Date.parse(session.lastActivityAt) > INTERVIEW_IDLE_MS;
  }

  function stepView(session: db.InterviewSessionRecord, state: SessionState, flags: { resumed: boolean; previousExpired: boolean }): InterviewStepView {
    const current = state.current;
    if (!current) throw new Error(`interview ${session.id} has no question to show`);
    return {
      sessionId: String(session.id),
      step: session.step,
      item: itemView(ctx.requireItem(current.itemId)),
      depth: current.depth,
      questionNumber: state.plan.indexOf(current.mainId) + 1,
      questionCount: state.plan.length,
      askedAt: current.askedAt,
      targetSeconds: { ...INTERVIEW_TARGET_SECONDS },
      targetEndsAt: new Date(Date.parse(current.askedAt) + INTERVIEW_TARGET_SECONDS.max * 1000).toISOString(),
      record: state.record,
      resumed: flags.resumed,
      previousExpired: flags.previousExpired,
      reason: current.reason,
    };
  }

  function answerView(turn: StoredTurn): InterviewAnswerView {
    const item = ctx.requireItem(turn.itemId);
    const texts = new Map(item.keyPoints.map((kp) => [kp.id, kp.text]));
    const misconceptions = new Map(item.misconceptions.map((mc) => [mc.id, mc]));
    return {
      item: itemView(item),
      depth: turn.depth,
      score: turn.score,
      keyPoints: turn.points.map((p) => ({ id: p.id, text: texts.get(p.id) ?? p.id, verdict: p.verdict, evidence: [] })),
      misconceptions: turn.misconceptions.flatMap((id) => {
        const mc = misconceptions.get(id);
        return mc ? [{ id, statement: mc.statement, feedback: mc.feedback, evidence: [] }] : [];
      }),
      seconds: Math.max(0, Math.round((Date.parse(turn.answeredAt) - Date.parse(turn.askedAt)) / 1000)),
      answerId: turn.answerId,
    };
  }

  async function reportView(m: Member, session: db.InterviewSessionRecord, state: SessionState): Promise<InterviewReportView> {
    const answers = state.turns.map(answerView);
    const answered = answers.length;
    const score = answered === 0 ? 0 : answers.reduce((sum, a) => sum + a.score, 0) / answered;
    const withinTarget = answers.filter((a) => a.seconds <= INTERVIEW_TARGET_SECONDS.max).length;
    // Each item once, at its weakest; the weakest first.
    const weakest = new Map<string, number>();
    for (const a of answers) weakest.set(a.item.itemId, Math.min(weakest.get(a.item.itemId) ?? 1, a.score));
    const practise = [...weakest]
      .filter(([, s]) => s < PRACTISE_BELOW)
      .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
      .slice(0, PRACTISE_NEXT_SHOWN);
    const cards = await db.cardsOf(database, m.id, practise.map(([itemId]) => itemId));
    return {
      sessionId: String(session.id),
      status: session.status === "expired" ? "expired" : "finished",
      record: state.record,
      answers,
      overall: {
        rating: overallRating(score, answered === 0 ? 0 : withinTarget / answered),
        score,
        answered,
        withinTarget,
        targetSeconds: INTERVIEW_TARGET_SECONDS.max,
      },
      practiseNext: practise.map(([itemId, s]) => ({
        itemId,
        prompt: ctx.requireItem(itemId).prompt,
        score: s,
        reps: cards.get(itemId)?.reps ?? 0,
      })),
    };
  }

  /** The member's own session, or an error that names no one else's. */
  async function ownSession(m: Member, sessionId: string): Promise<db.InterviewSessionRecord> {
    const session = await db.getInterview(database, Number(sessionId));
    if (!session || session.memberId !== m.id) throw new StudyError("unknown-interview", `no interview ${sessionId} of this member`);
    return session;
  }

  async function expire(session: db.InterviewSessionRecord, now: Date): Promise<never> {
    await db.endInterview(database, session.id, "expired", now);
    throw new StudyError("interview-expired", `interview ${session.id} expired after ${INTERVIEW_IDLE_MS / 60_000} minutes idle`, {
      minutes: INTERVIEW_IDLE_MS / 60_000,
    });
  }

  /** The question after an answer to `current`: a probing follow-up, the next main question, or none. */
  function nextQuestion(state: SessionState, current: StoredQuestion, turns: StoredTurn[], knowledge: Knowledge, now: Date): StoredQuestion | null {
    const askedAt = now.toISOString();
    const ofThisMain = turns.filter((turn) => (turn.depth === 0 ? turn.itemId : ctx.items.get(turn.itemId)?.parentId) === current.mainId);
    const followUpsAsked = ofThisMain.filter((turn) => turn.depth > 0).length;
    const last = turns[turns.length - 1];
    const lastLeftSomething = last ? last.points.some((p) => uncovered(p.verdict)) : false;
    if (probeAgain(followUpsAsked, lastLeftSomething)) {
      const asked = new Set(ofThisMain.map((turn) => turn.itemId));
      const candidates = (followUpsOf.get(current.mainId) ?? []).filter((item) => !asked.has(item.id));
      // What the answers to this question left uncovered, each point once.
      const left = new Map<string, KeyPoint>();
      for (const turn of ofThisMain) {
        const item = ctx.requireItem(turn.itemId);
        for (const p of turn.points) {
          const point = item.keyPoints.find((kp) => kp.id === p.id);
          if (point && uncovered(p.verdict)) left.set(`${item.id}#${p.id}`, point);
        }
      }
      const chosen = chooseFollowUp(candidates, [...left.values()], knowledge);
      if (chosen) return { itemId: chosen.item.id, mainId: current.mainId, depth: followUpsAsked + 1, askedAt, reason: chosen.reason };
    }
    const nextMain = state.plan[state.plan.indexOf(current.mainId) + 1];
    return nextMain === undefined ? null : { itemId: nextMain, mainId: nextMain, depth: 0, askedAt, reason: "main" };
  }

  /** What a turn already taken led to, for a form sent again: nothing is written. */
  async function repeatedTurn(m: Member, session: db.InterviewSessionRecord, step: number): Promise<InterviewTurnView> {
    const state = stateOf(session);
    const turn = state.turns[step];
    if (!turn) throw new StudyError("unknown-interview", `interview ${session.id} has no step ${step}`);
    const open = session.status === "open" && state.current !== null;
    return {
      answer: answerView(turn),
      next: open ? stepView(session, state, { resumed: false, previousExpired: false }) : null,
      report: open ? null : await reportView(m, session, state),
      repeated: true,
    };
  }

  return {
    /** Starts an interview, or resumes the member's open one where it stood. */
    async startInterview(ref: MemberRef, input: InterviewStartInput = {}): Promise<InterviewStepView> {
      const questions = input.questions ?? INTERVIEW_QUESTIONS.default;
      if (!Number.isInteger(questions) || questions < INTERVIEW_QUESTIONS.min || questions > INTERVIEW_QUESTIONS.max) {
        throw new StudyError("invalid-interview-length", `an interview asks ${INTERVIEW_QUESTIONS.min}–${INTERVIEW_QUESTIONS.max} questions`, {
          min: INTERVIEW_QUESTIONS.min,
          max: INTERVIEW_QUESTIONS.max,
        });
      }
      if (input.chapter !== undefined && !ctx.chapters.has(input.chapter)) {
        throw new StudyError("unknown-chapters", `unknown chapters: ${input.chapter}`, {
          chapters: String(input.chapter),
          known: [...ctx.chapters].sort((a, b) => a - b).join(", "),
        });
      }
      const m = await ctx.member(ref);
      const now = clock();
      let previousExpired = false;
      const open = await db.findOpenInterview(database, m.id);
      if (open && idle(open, now)) {
        await db.endInterview(database, open.id, "expired", now);
        previousExpired = true;
      } else if (open) {
        // Resuming counts as activity: the idle time starts again.
        const state = stateOf(open);
        const touched = await db.advanceInterview(database, open.id, { fromStep: open.step, toStep: open.step, state }, now);
        return stepView(touched ?? open, state, { resumed: true, previousExpired: false });
      }
      const candidates = mains.filter((item) => input.chapter === undefined || item.chapterNumber === input.chapter);
      const plan = chooseMainQuestions(candidates, await knowledgeOf(m, candidates.map((item) => item.id), now), questions);
      const first = plan[0];
      if (!first) throw new StudyError("unknown-chapters", "no main questions to ask", { chapters: String(input.chapter ?? ""), known: "" });
      const state: SessionState = {
        version: 1,
        record: input.record ?? true,
        plan: plan.map((item) => item.id),
        turns: [],
        current: { itemId: first.id, mainId: first.id, depth: 0, askedAt: now.toISOString(), reason: "main" },
      };
      const opened = await db.openInterview(database, m.id, state, now);
      // Another start of the same member won the race: theirs is the open session.
      const shown = opened.created ? state : stateOf(opened.session);
      return stepView(opened.session, shown, { resumed: !opened.created, previousExpired });
    },

    async answerInterview(input: InterviewAnswerInput): Promise<InterviewTurnView> {
      checkAnswerLength(input.text);
      const m = await ctx.member(input.member);
      const now = clock();
      const session = await ownSession(m, input.sessionId);
      if (session.status === "expired") await expire(session, now);
      if (input.step < session.step) return repeatedTurn(m, session, input.step);
      if (session.status !== "open" || input.step !== session.step) {
        throw new StudyError("unknown-interview", `interview ${session.id} is not at step ${input.step}`);
      }
      if (idle(session, now)) await expire(session, now);
      const state = stateOf(session);
      const current = state.current;
      if (!current) throw new StudyError("unknown-interview", `interview ${session.id} has no open question`);
      const item = ctx.requireItem(current.itemId);

      // Recorded sessions store a review; practice ones (`record:False`) only grade.
      let graded: Pick<StoredTurn, "score" | "rating" | "points" | "misconceptions" | "answerId">;
      if (state.record) {
        // The key names the session's step: every delivery of this answer is one review.
        const recorded = await recorder.gradeAndRecord(m, item, null, `interview:${session.id}:${session.step}`, input.text, null, input.member.serverId);
        graded = {
          score: recorded.score,
          rating: recorded.rating,
          points: recorded.keyPoints.map((kp) => ({ id: kp.id, verdict: kp.verdict })),
          misconceptions: recorded.misconceptions.map((mc) => mc.id),
          answerId: recorded.answerId,
        };
      } else {
        const aliasOverlay = await ctx.aliasOverlays.of(input.member.serverId, item.id);
        const result = grade(item, input.text, aliasOverlay ? { aliasOverlay } : {});
        graded = {
          score: result.score,
          rating: result.suggestedRating,
          points: result.keyPoints.map((kp) => ({ id: kp.id, verdict: kp.verdict })),
          misconceptions: result.misconceptions.map((mc) => mc.id),
          answerId: null,
        };
      }
      const turn: StoredTurn = { itemId: item.id, depth: current.depth, askedAt: current.askedAt, answeredAt: now.toISOString(), ...graded };
      const turns = [...state.turns, turn];
      const candidates = (followUpsOf.get(current.mainId) ?? []).map((f) => f.id);
      const next = nextQuestion(state, current, turns, await knowledgeOf(m, candidates, now), now);
      const nextState: SessionState = { ...state, turns, current: next };
      const written = await db.advanceInterview(
        database,
        session.id,
        { fromStep: session.step, toStep: session.step + 1, state: nextState, ...(next ? {} : { status: "finished" as const }) },
        now,
      );
      if (!written) {
        // Another delivery of this form (or another process) took the step first: show its outcome.
        const latest = await ownSession(m, input.sessionId);
        if (latest.status === "expired") await expire(latest, now);
        return repeatedTurn(m, latest, input.step);
      }
      return {
        answer: answerView(turn),
        next: next ? stepView(written, nextState, { resumed: false, previousExpired: false }) : null,
        report: next ? null : await reportView(m, written, nextState),
        repeated: false,
      };
    },

    /** Ends the session (or finds it ended) and reports on it; an expired one reports as such. */
    async stopInterview(ref: MemberRef, sessionId: string): Promise<InterviewReportView> {
      const m = await ctx.member(ref);
      const now = clock();
      let session = await ownSession(m, sessionId);
      if (session.status === "open") {
        session = (await db.endInterview(database, session.id, idle(session, now) ? "expired" : "finished", now)) ?? (await ownSession(m, sessionId));
      }
      return reportView(m, session, stateOf(session));
    },
  };
}

export type InterviewFeatures = ReturnType<typeof createInterviewFeatures>;
