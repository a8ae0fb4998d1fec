// Questions → quiz items: the main item, one per follow-up, one per misconception.
import { hash } from "node:crypto";
import { conceptsFor, deriveKeyPoints } from "./derived-key-points.ts";
import type { ItemKind, KeyPoint, Misconception, Page, Question, QuizItem, SourceLocation } from "./model.ts";
import type { ProblemLog } from "./problems.ts";
import { PROBLEM_KINDS } from "./problems.ts";

type Hashed = Pick<QuizItem, "kind" | "prompt" | "answer" | "keyPoints" | "misconceptions" | "acceptedAnswers">;

/** A question's misconceptions are part of every one of its items: digest them once per question. */
const misconceptionDigests = new WeakMap<readonly Misconception[], string>();

function digestMisconceptions(misconceptions: readonly Misconception[]): string {
  let digest = misconceptionDigests.get(misconceptions);
  if (digest === undefined) {
    const serialised = JSON.stringify(
      misconceptions.map((misconception) => [
        misconception.id,
        misconception.statement,
        misconception.feedback,
        misconception.concepts.map((concept) => concept.aliases),
        // Appended only when authored, so the hashes of earlier items stay what they were.
        ...(misconception.contradicts === undefined ? [] : [misconception.contradicts]),
        ...(misconception.answeredBy === undefined ? [] : [["answered by", ...misconception.answeredBy.map(({ followUp, reply }) => `${followUp}:${reply}`)]]),
      ]),
    );
    digest = hash("sha256", serialised, "hex");
    misconceptionDigests.set(misconceptions, digest);
  }
  return digest;
}

/**
 * What a member sees or is graded on, in a fixed order (arrays, not objects, so key order can
 * never change the hash). Source locations are left out: moving a question does not change it.
 */
export function contentHash(item: Hashed): string {
  const canonical = JSON.stringify([
    item.kind,
    item.prompt,
    item.answer,
    // A point's opposites change how it is graded; appended only when present, like accepted answers.
    item.keyPoints.map((point) => [point.id, point.text, point.weight, point.polarity, point.concepts.map((concept) => concept.aliases), ...(point.contradictedBy === undefined ? [] : [point.contradictedBy.aliases])]),
    digestMisconceptions(item.misconceptions),
    // Appended only when present, so the hashes of authored items stay what they were.
    ...(item.acceptedAnswers === undefined ? [] : [item.acceptedAnswers]),
  ]);
  return hash("sha256", canonical, "hex").slice(0, 16);
}

function makeItem(
  page: Page,
  question: Question,
  fields: { id: string; kind: ItemKind; prompt: string; answer: string; keyPoints: KeyPoint[]; misconceptions: Misconception[]; source: SourceLocation },
): QuizItem {
  return {
    id: fields.id,
    kind: fields.kind,
    parentId: fields.kind === "main" ? null : question.id,
    questionId: question.id,
    chapterNumber: page.chapterNumber,
    chapterName: page.chapterName,
    priority: question.priority,
    prompt: fields.prompt,
    answer: fields.answer,
    keyPoints: fields.keyPoints,
    misconceptions: fields.misconceptions,
    contentHash: contentHash(fields),
    source: fields.source,
  };
}

function authoredOrDerived(keyPoints: KeyPoint[], answer: string, itemId: string, source: SourceLocation, log: ProblemLog): KeyPoint[] {
  if (keyPoints.length > 0) return keyPoints;
  const derived = deriveKeyPoints(answer);
  log.warning(
    PROBLEM_KINDS.derivedKeyPoints,
    source.line,
    `${itemId} has no authored key points; derived ${derived.length} from its answer's sentences: add a "要点：" list`,
  );
  return derived;
}

/** The member must say the statement is wrong: its concepts, denied. */
function misconceptionKeyPoints(misconception: Misconception, itemId: string, source: SourceLocation, log: ProblemLog): KeyPoint[] {
  const authored = misconception.concepts.length > 0;
  if (!authored) {
    log.warning(
      PROBLEM_KINDS.derivedKeyPoints,
      source.line,
      `${itemId} has no concepts; derived them from its statement: add "- alias | alias" lines under it`,
    );
  }
  return [
    {
      id: "k1",
      text: `指出“${misconception.statement}”是错的`,
      concepts: authored ? misconception.concepts : conceptsFor(misconception.statement),
      weight: 1,
      polarity: "deny",
      derived: !authored,
    },
  ];
}

export function buildItems(page: Page, log: ProblemLog): QuizItem[] {
  const items: QuizItem[] = [];
  for (const question of page.questions) {
    items.push(
      makeItem(page, question, {
        id: question.id,
        kind: "main",
        prompt: question.prompt,
        answer: question.oralAnswer,
        keyPoints: authoredOrDerived(question.keyPoints, question.oralAnswer, question.id, question.source, log),
        misconceptions: question.misconceptions,
        source: question.source,
      }),
    );
    question.followUps.forEach((followUp, index) => {
      const id = `${question.id}.f${index + 1}`;
      items.push(
        makeItem(page, question, {
          id,
          kind: "followup",
          prompt: followUp.question,
          answer: followUp.answer,
          keyPoints: authoredOrDerived(followUp.keyPoints, followUp.answer, id, followUp.source, log),
          misconceptions: question.misconceptions,
          source: followUp.source,
        }),
      );
    });
    for (const misconception of question.misconceptions) {
      const id = `${question.id}.${misconception.id}`;
      const source = misconception.source ?? question.source;
      items.push(
        makeItem(page, question, {
          id,
          kind: "misconception",
          prompt: misconception.statement,
          answer: misconception.feedback,
          keyPoints: misconceptionKeyPoints(misconception, id, source, log),
          misconceptions: [misconception],
          source,
        }),
      );
    }
  }
  return items;
}
