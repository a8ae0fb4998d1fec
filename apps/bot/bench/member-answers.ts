// Answers the way members write them: a few sentences in their own order, some points of the
// model answer, a misconception now and then, and filler. Realistic input matters because the
// grader's cost grows with the text and with how much of it matches key points.
import type { QuizItem } from "@recall/content";
import { seededRandom, shuffled } from "./seeded-random.ts";

export const MIN_ANSWER_CHARS = 150;
export const MAX_ANSWER_CHARS = 300;

const FILLER = [
  "我在项目里遇到过类似的问题，当时先看日志再定位。",
  "这个问题要分情况讨论，不能一概而论。",
  "具体做法还要看团队的资源和上线时间。",
  "面试时我会先讲结论，再展开细节。",
  "如果数据不够，先补数据往往比改模型更划算。",
  "上线前一定要有离线评测和小流量验证。",
  "成本和延迟也是需要一起权衡的指标。",
  "我不太确定最后一点，但大致思路是这样。",
  "另外要注意监控，出了问题能快速回滚。",
  "总之要先弄清楚问题出在哪里，再决定怎么改。",
];

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[。！？；\n])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => [...sentence].length >= 6);
}

/** One member's answer to `item`, 150–300 characters, the same for the same seed. */
export function memberAnswer(item: QuizItem, seed: number): string {
  const random = seededRandom(seed);
  const fromModel = shuffled(sentencesOf(item.answer), random).slice(0, 2 + Math.floor(random() * 4));
  const points = shuffled(item.keyPoints.map((point) => `${point.text}。`), random).slice(0, Math.floor(random() * 3));
  const wrong = random() < 0.2 ? item.misconceptions.slice(0, 1).map((mc) => `${mc.statement}。`) : [];
  const filler = shuffled(FILLER, random);
  const pool = shuffled([...fromModel, ...points, ...wrong], random);

  const parts: string[] = [];
  let length = 0;
  const target = MIN_ANSWER_CHARS + Math.floor(random() * (MAX_ANSWER_CHARS - MIN_ANSWER_CHARS));
  for (const sentence of [...pool, ...filler]) {
    if (length >= target) break;
    parts.push(sentence);
    length += [...sentence].length;
  }
  let chars = [...parts.join("")];
  while (chars.length < MIN_ANSWER_CHARS) chars = chars.concat([...(filler[chars.length % filler.length] ?? "。")]);
  return chars.slice(0, MAX_ANSWER_CHARS).join("");
}
