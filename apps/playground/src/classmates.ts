// "Classmates answer": each simulated classmate answers every open daily quiz as a member would,
// through the local Discord (click Answer, fill the modal), at their own level, from the item's
// key points and misconceptions. This is the one place in the playground that knows Recall's
// daily post: the Answer button's custom_id (`v1:a:<post>:<item>`, a versioned format).
import type { QuizItem } from "@recall/content";
import type { FakeDiscord, StoredMessage } from "@recall/discord-fake";
import type { Classmate, Level } from "./world.ts";

const ANSWER_BUTTON = /^v1:a:\d+:([A-Za-z0-9][A-Za-z0-9._-]{0,39})$/;
const ANSWER_INPUT_ID = "answer";

/** An answer at a level, built only from what the item says an answer must contain. */
export function classmateAnswer(item: QuizItem, level: Level): string {
  const points = item.keyPoints.map((point) => point.text.trim()).filter((text) => text.length > 0);
  const sentence = (texts: string[]): string => texts.join("；");
  switch (level) {
    case "full":
      return sentence(points.length > 0 ? points : [item.answer]);
    case "partial":
      return sentence(points.slice(0, Math.max(1, Math.ceil(points.length / 2))));
    case "weak":
      return item.keyPoints[0]?.concepts[0]?.aliases[0] ?? points[0]?.slice(0, 12) ?? "不太确定";
    case "misconception": {
      const wrong = item.misconceptions[0];
      return wrong ? sentence([wrong.statement, ...points.slice(0, 1)]) : sentence(points.slice(0, 1));
    }
  }
}

interface OpenQuiz {
  message: StoredMessage;
  customId: string;
  itemId: string;
}

/** Daily posts whose Answer button is still enabled, oldest first. */
export function openQuizzes(fake: FakeDiscord, channelId: string): OpenQuiz[] {
  const found: OpenQuiz[] = [];
  for (const message of fake.channelMessages(channelId)) {
    for (const button of buttonsOf(message.components)) {
      const match = ANSWER_BUTTON.exec(button.customId);
      if (match?.[1] && !button.disabled) found.push({ message, customId: button.customId, itemId: match[1] });
    }
  }
  return found;
}

function buttonsOf(components: unknown): { customId: string; disabled: boolean }[] {
  const found: { customId: string; disabled: boolean }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== "object" || node === null) return;
    const record = node as Record<string, unknown>;
    if (record.type === 2 && typeof record.custom_id === "string") found.push({ customId: record.custom_id, disabled: record.disabled === true });
    walk(record.components);
  };
  walk(components);
  return found;
}

/** Every classmate answers every open quiz; returns a line for the page. */
export async function classmatesAnswer(fake: FakeDiscord, channelId: string, classmates: readonly Classmate[], items: ReadonlyMap<string, QuizItem>): Promise<string> {
  const quizzes = openQuizzes(fake, channelId);
  if (quizzes.length === 0) return "No open quiz to answer: post one with /quiz now (after /quiz setup).";
  let answered = 0;
  for (const quiz of quizzes) {
    const item = items.get(quiz.itemId);
    if (!item) continue;
    for (const classmate of classmates) {
      const actor = { user: classmate.user, locale: classmate.locale };
      const click = fake.clickButton({ ...actor, messageId: quiz.message.id, customId: quiz.customId });
      const first = await click.firstResponse({ timeoutMs: 10_000 });
      if (first.type !== 9) continue; // already answered, or the post closed meanwhile
      const submit = fake.submitModal({ ...actor, modalOf: click, fields: { [ANSWER_INPUT_ID]: classmateAnswer(item, classmate.level).slice(0, 1000) } });
      await submit.waitForReply((reply) => !reply.content.startsWith("…") && reply.kind !== "callback", { timeoutMs: 20_000 }).catch(() => undefined);
      answered += 1;
    }
  }
  return `${answered} answer(s) from ${classmates.map((classmate) => classmate.user.globalName).join(", ")}.`;
}
