import { describe, expect, it } from "vitest";
import {
  ComponentType,
  MessageFlags,
  type APIEmbed,
  type InteractionEditReplyOptions,
  type InteractionReplyOptions,
  type InteractionUpdateOptions,
  type MessageCreateOptions,
  type MessageEditOptions,
} from "discord.js";
import type {
  AnswerResultView,
  DailyQuizView,
  GroupSettingsView,
  HintView,
  InterviewAnswerView,
  InterviewStepView,
  ItemView,
  KeyPointResult,
  RevealView,
} from "@recall/study";
import { decodeCustomId, ANSWER_INPUT_ID } from "../src/custom-ids.ts";
import {
  DISCORD_LIMITS,
  embedLength,
  embedsLength,
  ephemeral,
  fitEmbeds,
  packEmbeds,
  renderAnswerModal,
  renderAnswerResult,
  renderDailyQuizPost,
  renderForgetConfirm,
  renderForgetOutcome,
  renderLeaderboard,
  renderWeakFollowUps,
  renderInterviewReport,
  renderInterviewStep,
  renderInterviewTurn,
  renderGroupSetupDone,
  renderGroupStatus,
  renderHint,
  renderJudgeResult,
  renderMemberSettings,
  renderPauseResume,
  renderReviewPrompt,
  renderReviewRated,
  renderRevealPost,
  renderShownAnswer,
  renderWeeklySummary,
  escapeAllMarkdown,
  memberText,
  splitText,
  SplitTextError,
  type MessagePayload,
} from "../src/presenters/index.ts";

// ---- Discord's limits, checked the way Discord would reject a message -------------------------

function limitProblems(payload: MessagePayload): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, what: string): void => {
    if (!ok) problems.push(what);
  };
  check(JSON.stringify(payload.allowedMentions) === JSON.stringify({ parse: [] }), "allowedMentions must be { parse: [] }");
  check((payload.content ?? "").length <= DISCORD_LIMITS.content, "content over 2000");
  check(payload.embeds.length <= DISCORD_LIMITS.embedsPerMessage, "more than 10 embeds");
  check(embedsLength(payload.embeds) <= DISCORD_LIMITS.embedTotal, `embeds total ${embedsLength(payload.embeds)} over 6000`);
  check(payload.embeds.length > 0 || (payload.content ?? "").length > 0 || payload.components.length > 0, "empty message");
  payload.embeds.forEach((embed, index) => {
    check((embed.title?.length ?? 0) <= DISCORD_LIMITS.embedTitle, `embed ${index} title over 256`);
    check((embed.description?.length ?? 0) <= DISCORD_LIMITS.embedDescription, `embed ${index} description over 4096`);
    check((embed.fields?.length ?? 0) <= DISCORD_LIMITS.embedFields, `embed ${index} over 25 fields`);
    check(embedLength(embed) > 0, `embed ${index} is empty`);
    for (const field of embed.fields ?? []) {
      check(field.name.length > 0 && field.name.length <= DISCORD_LIMITS.fieldName, `embed ${index} field name length ${field.name.length}`);
      check(field.value.length > 0 && field.value.length <= DISCORD_LIMITS.fieldValue, `embed ${index} field value length ${field.value.length}`);
    }
  });
  check(payload.components.length <= DISCORD_LIMITS.actionRows, "more than 5 rows");
  const ids = payload.components.flatMap((row) => row.components.map((component) => ("custom_id" in component ? component.custom_id : "")));
  check(new Set(ids).size === ids.length, "two components share a custom_id");
  for (const row of payload.components) {
    check(row.components.length <= DISCORD_LIMITS.buttonsPerRow, "more than 5 buttons in a row");
    for (const component of row.components) {
      if (component.type !== ComponentType.Button || !("custom_id" in component)) continue;
      check(component.custom_id.length <= DISCORD_LIMITS.customId, `custom_id over 100: ${component.custom_id}`);
      check(decodeCustomId(component.custom_id) !== null, `custom_id does not decode: ${component.custom_id}`);
      check((component.label?.length ?? 0) <= DISCORD_LIMITS.buttonLabel, "button label over 80");
    }
  }
  return problems;
}

/** Anything Discord would turn into a ping if mentions were ever allowed. */
const PING = /@everyone|@here|<@[!&]?\d+>/;

function expectSafe(payload: MessagePayload): void {
  expect(limitProblems(payload)).toEqual([]);
  expect(JSON.stringify(payload)).not.toMatch(PING);
}

function allText(payloads: readonly MessagePayload[]): string {
  return payloads
    .flatMap((payload) => [
      payload.content ?? "",
      ...payload.embeds.flatMap((embed) => [
        embed.title ?? "",
        embed.author?.name ?? "",
        embed.description ?? "",
        ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
      ]),
    ])
    .join("\n");
}

function customIds(payload: MessagePayload) {
  return payload.components.flatMap((row) =>
    row.components.map((component) => ("custom_id" in component ? decodeCustomId(component.custom_id) : null)),
  );
}

// ---- Fixtures -------------------------------------------------------------------------------

const SENTENCES = [
  "DPO 把偏好学习写成对策略的直接优化，不需要单独训练奖励模型。",
  "它用参考模型约束策略的偏移，beta 越大越保守！",
  "GRPO 在一组采样里比较相对优势，省掉了价值网络；",
  "实际训练时要先做 SFT，让模型学会格式和基本能力？",
  "Reward hacking happens when the policy exploits the reward model.",
  "评估时既要看离线指标，也要做人工抽检和线上 A/B 测试。",
];

function chineseText(length: number): string {
  let text = "";
  for (let index = 0; text.length < length; index += 1) text += SENTENCES[index % SENTENCES.length];
  return text.slice(0, length);
}

const MODEL_ANSWER = chineseText(4000);
const HOSTILE = ["@everyone", "<@&123456789012345678>", "<@234567890123456789>", "@here", "`rm -rf`", "**粗体**"];

const item = (overrides: Partial<ItemView> = {}): ItemView => ({
  itemId: "Q090",
  kind: "main",
  questionId: "Q090",
  chapterNumber: 12,
  chapterName: "Agent 优化与训练",
  priority: "P0",
  prompt: "DPO 和 RLHF 的主要区别是什么？为什么 DPO 不需要单独的奖励模型？",
  ...overrides,
});

const keyPoints: KeyPointResult[] = Array.from({ length: 20 }, (_, index) => ({
  id: `k${index + 1}`,
  text: `要点 ${index + 1}：${SENTENCES[index % SENTENCES.length] ?? ""}`,
  verdict: (["hit", "partial", "missed"] as const)[index % 3] ?? "hit",
  evidence: index % 3 === 2 ? [] : [`词${index}`, "`rm -rf`", "@everyone", "<@&123456789012345678>", "<@234567890123456789>", "不显示的第六个词"],
}));

const result = (overrides: Partial<AnswerResultView> = {}): AnswerResultView => ({
  answerId: "1234567890123456789",
  item: item(),
  score: 0.62,
  keyPoints,
  misconceptions: [
    { id: "m1", statement: "DPO 完全不需要参考模型", feedback: chineseText(1500), evidence: HOSTILE },
    { id: "m2", statement: "GRPO 就是 PPO 换了个名字", feedback: "GRPO 用组内相对优势代替价值网络。", evidence: ["@everyone"] },
  ],
  modelAnswer: MODEL_ANSWER,
  suggestedRating: "hard",
  rating: "hard",
  feedback: "覆盖了大部分要点，但漏掉了参考模型的作用。",
  nextDue: "2026-12-01T08:00:00.000Z",
  overrideUntil: "2026-11-29T08:10:00.000Z",
  alreadyAnswered: false,
  empty: false,
  appealUntil: null,
  appealStatus: null,
  ...overrides,
});

const dailyQuiz = (count: number): DailyQuizView => ({
  postId: "77",
  localDate: "2026-11-29",
  items: Array.from({ length: count }, (_, index) => item({ itemId: `Q09${index}`, prompt: chineseText(300) })),
  answerCount: 17,
  closesAt: "2026-11-29T16:00:00.000Z",
});

function modelAnswerText(payloads: readonly MessagePayload[]): string {
  return payloads
    .flatMap((payload) => payload.embeds)
    .filter((embed) => /参考答案|Model answer/.test(embed.title ?? ""))
    .map((embed) => embed.description ?? "")
    .join("");
}

const squeeze = (text: string): string => text.replace(/\s+/g, "");

// ---- Tests ----------------------------------------------------------------------------------

describe("payloads", () => {
  it("can be passed to every discord.js send and edit method", () => {
    const { reply } = renderAnswerResult(result(), "zh-CN");
    // Compile-time checks: these assignments fail typecheck if a payload's shape drifts.
    const asReply: InteractionReplyOptions = ephemeral(reply);
    const asEdit: InteractionEditReplyOptions = reply;
    const asUpdate: InteractionUpdateOptions = reply;
    const asCreate: MessageCreateOptions = renderDailyQuizPost(dailyQuiz(1), "zh-CN");
    const asMessageEdit: MessageEditOptions = renderDailyQuizPost(dailyQuiz(1), "zh-CN");
    expect(asReply.flags).toBe(MessageFlags.Ephemeral);
    expect([asEdit, asUpdate, asCreate, asMessageEdit].every((payload) => payload.allowedMentions !== undefined)).toBe(true);
  });
});

describe("renderAnswerResult", () => {
  it("fits a 4,000-character Chinese model answer and 20 key points within Discord's limits, losing nothing", () => {
    const { reply, followUps } = renderAnswerResult(result(), "zh-CN");
    for (const payload of [reply, ...followUps]) expectSafe(payload);
    expect(squeeze(modelAnswerText([reply, ...followUps]))).toBe(squeeze(MODEL_ANSWER));
    const text = allText([reply, ...followUps]);
    for (const point of keyPoints) expect(text).toContain(point.text);
    expect(text).toContain("为什么不对：");
  });

  it("tells the member when the model answer continues in a follow-up", () => {
    const { reply, followUps } = renderAnswerResult(result(), "zh-CN");
    expect(followUps.length).toBeGreaterThan(0);
    expect(reply.content).toContain("参考答案较长，其余部分在下一条消息里。");
    const short = renderAnswerResult(result({ modelAnswer: "DPO 直接优化偏好。", misconceptions: [] }), "zh-CN");
    expect(short.followUps).toEqual([]);
    expect(short.reply.content).toBe("");
  });

  it("marks each key point hit, partial or missed with the matching words in inline code", () => {
    const { reply } = renderAnswerResult(result(), "zh-CN");
    const points = reply.embeds.find((embed) => embed.title === "要点")?.description ?? "";
    expect(points).toContain("✅ **命中** 要点 1：");
    expect(points).toContain("🟡 **部分命中** 要点 2：");
    expect(points).toContain("❌ **遗漏** 要点 3：");
    expect(points).toContain("`词0`");
    expect(points).toContain("`ˋrm -rfˋ`");
    expect(points).not.toContain("不显示的第六个词");
  });

  it("shows a contradicted point with the member's words that say the opposite, in both languages", () => {
    const contradicted: KeyPointResult = {
      id: "k4",
      text: "选型后用独立任务、坏例和成本验收，不能只看训练分数",
      verdict: "contradicted",
      evidence: ["独立任务和坏例没必要再看", "[Free Nitro](https://example.com)"],
    };
    const view = result({ keyPoints: [keyPoints[0] as KeyPointResult, contradicted], misconceptions: [] });
    const zh = renderAnswerResult(view, "zh-CN").reply.embeds.find((embed) => embed.title === "要点")?.description ?? "";
    expect(zh).toContain("⛔ **与要点相反** 选型后用独立任务、坏例和成本验收");
    expect(zh).toContain("相反的说法：`独立任务和坏例没必要再看`");
    expect(zh).toContain("`[Free Nitro](https://example.com)`"); // inside inline code: shown, never a link
    const en = renderAnswerResult(view, "en").reply.embeds.find((embed) => embed.title === "Key points")?.description ?? "";
    expect(en).toContain("⛔ **contradicted**");
    expect(en).toContain("your words say the opposite: `独立任务和坏例没必要再看`");
    // A point that is hit still reads "matched".
    expect(en).toContain("matched: `词0`");
  });

  it("can never ping from hostile evidence, even with mentions allowed", () => {
    const { reply, followUps } = renderAnswerResult(result(), "en");
    for (const payload of [reply, ...followUps]) {
      expect(payload.allowedMentions).toEqual({ parse: [] });
      expect(allText([payload])).not.toMatch(PING);
    }
    expect(allText([reply])).toContain("`@\u200beveryone`");
    expect(allText([reply])).toContain("`<@\u200b&123456789012345678>`");
  });

  it("offers the four override buttons for this answer, the rating in force disabled", () => {
    const { reply } = renderAnswerResult(result({ rating: "good" }), "en");
    expect(customIds(reply)).toEqual([
      { kind: "override", answerId: "1234567890123456789", rating: "again" },
      { kind: "override", answerId: "1234567890123456789", rating: "hard" },
      { kind: "override", answerId: "1234567890123456789", rating: "good" },
      { kind: "override", answerId: "1234567890123456789", rating: "easy" },
    ]);
    const buttons = reply.components.flatMap((row) => row.components);
    expect(buttons.map((button) => ("label" in button ? button.label : ""))).toEqual(["Again", "Hard", "Good", "Easy"]);
    expect(buttons.map((button) => ("disabled" in button ? button.disabled : undefined))).toEqual([false, false, true, false]);
    expect(allText([reply])).toContain("Suggested rating");
    expect(allText([reply])).toContain("Rating");
    // Discord renders the relative time in the reader's language ("in 10 minutes", "10分钟后"): the sentence reads with it.
    const closes = Math.floor(Date.parse("2026-11-29T08:10:00.000Z") / 1000);
    expect(allText([reply])).toContain(`the window closes <t:${closes}:R>`);
    expect(allText([renderAnswerResult(result(), "zh-CN").reply])).toContain(`修改窗口<t:${closes}:R>关闭`);
  });

  it("offers no override once the window has closed", () => {
    const { reply } = renderAnswerResult(result({ overrideUntil: null }), "en");
    expect(reply.components).toEqual([]);
    expect(allText([reply])).not.toContain("the window closes");
  });

  it("shows the first result again with a note, and says an empty or revealed answer counts as Again", () => {
    expect(renderAnswerResult(result({ alreadyAnswered: true }), "zh-CN").reply.content).toContain(
      "你已经回答过这道题了，下面是你第一次的结果。",
    );
    expect(renderAnswerResult(result({ empty: true, modelAnswer: "短。" }), "en").reply.content).toBe(
      "No answer text arrived, so this counts as Again.",
    );
    expect(renderAnswerResult(result({ modelAnswer: "短。" }), "en", { revealed: true }).reply.content).toBe(
      "You chose to see the answer, so this counts as Again.",
    );
  });

  it("adds a next button inside /review", () => {
    const { reply } = renderAnswerResult(result({ overrideUntil: null }), "en", { withNextReview: true });
    expect(customIds(reply)).toEqual([{ kind: "review-next" }]);
  });

  it("offers an appeal while it is open, and says where an appeal stands once filed", () => {
    const open = renderAnswerResult(result({ overrideUntil: null, appealUntil: "2026-11-30T08:00:00.000Z" }), "en", { withNextReview: true }).reply;
    expect(customIds(open)).toEqual([{ kind: "appeal", answerId: "1234567890123456789" }, { kind: "review-next" }]);
    expect(allText([open])).toContain("Appeal below; the window closes <t:1796025600:R>");
    const openZh = renderAnswerResult(result({ overrideUntil: null, appealUntil: "2026-11-30T08:00:00.000Z" }), "zh-CN").reply;
    expect(allText([openZh])).toContain("申诉窗口<t:1796025600:R>关闭");
    const filed = renderAnswerResult(result({ overrideUntil: null, appealUntil: null, appealStatus: "pending" }), "zh-CN").reply;
    expect(filed.components).toEqual([]);
    expect(allText([filed])).toContain("你对这次评分的申诉正在等待管理员处理。");
  });

  it("switches every label with the locale", () => {
    const zh = renderAnswerResult(result({ score: 0.62 }), "zh-CN").reply;
    const en = renderAnswerResult(result({ score: 0.62 }), "en").reply;
    expect(zh.embeds[0]?.title).toBe("Q090 · 得分 62/100");
    expect(en.embeds[0]?.title).toBe("Q090 · Score 62/100");
    const labels = (payload: MessagePayload): string[] =>
      payload.embeds.flatMap((embed) => [embed.title ?? "", ...(embed.fields ?? []).map((field) => field.name)]);
    expect(labels(zh)).toEqual(["Q090 · 得分 62/100", "建议评分", "下次复习", "要点", "误区", "❌ DPO 完全不需要参考模型", "\u200b", "❌ GRPO 就是 PPO 换了个名字", "参考答案"]);
    expect(labels(en)).toEqual(["Q090 · Score 62/100", "Suggested rating", "Next review", "Key points", "Misconceptions", "❌ DPO 完全不需要参考模型", "\u200b", "❌ GRPO 就是 PPO 换了个名字", "Model answer"]);
  });

  it("stays within limits when every part is oversized", () => {
    const huge = result({
      feedback: chineseText(5000),
      keyPoints: Array.from({ length: 60 }, (_, index) => ({
        id: `k${index}`,
        text: chineseText(300),
        verdict: "partial" as const,
        evidence: Array.from({ length: 10 }, () => chineseText(200)),
      })),
      misconceptions: Array.from({ length: 30 }, (_, index) => ({
        id: `m${index}`,
        statement: chineseText(400),
        feedback: chineseText(3000),
        evidence: HOSTILE,
      })),
      modelAnswer: chineseText(20000),
    });
    const { reply, followUps } = renderAnswerResult(huge, "zh-CN");
    for (const payload of [reply, ...followUps]) expectSafe(payload);
    expect(reply.components.length).toBe(1);
  });
});

describe("renderDailyQuizPost", () => {
  it("posts five questions with a row of answer, hint and reveal buttons each, within limits", () => {
    const post = renderDailyQuizPost(dailyQuiz(5), "zh-CN");
    expectSafe(post);
    expect(post.components).toHaveLength(5);
    expect(customIds(post).slice(0, 3)).toEqual([
      { kind: "answer", postId: "77", itemId: "Q090" },
      { kind: "hint", postId: "77", itemId: "Q090" },
      { kind: "reveal", postId: "77", itemId: "Q090" },
    ]);
    const labels = post.components[0]?.components.map((button) => ("label" in button ? button.label : ""));
    expect(labels).toEqual(["作答 Q090", "提示", "看答案"]);
  });

  it("shows the chapter, priority, answer count and closing time, and no one's text", () => {
    const post = renderDailyQuizPost(dailyQuiz(1), "en");
    const text = allText([post]);
    expect(text).toContain("Daily quiz · 2026-11-29");
    expect(text).toContain("Answers: 17");
    expect(text).toContain("Closes <t:1795968000:f>");
    expect(text).toContain("Chapter 12 · Agent 优化与训练");
    expect(text).toContain("P0");
    const labels = post.components[0]?.components.map((button) => ("label" in button ? button.label : ""));
    expect(labels).toEqual(["Answer", "Hint", "Reveal"]);
  });

  it("disables the buttons once the quiz has closed", () => {
    const post = renderDailyQuizPost(dailyQuiz(2), "en", { closed: true });
    const disabled = post.components.flatMap((row) => row.components.map((button) => ("disabled" in button ? button.disabled : false)));
    expect(disabled).toEqual([true, true, true, true, true, true]);
  });
});

describe("renderAnswerModal", () => {
  it("asks for a required paragraph of up to 4,000 characters under a title of at most 45", () => {
    const modal = renderAnswerModal(item({ itemId: "Q090.f2-" + "x".repeat(32) }), null, "zh-CN");
    expect(modal.title.length).toBeLessThanOrEqual(DISCORD_LIMITS.modalTitle);
    expect(decodeCustomId(modal.custom_id)).toEqual({ kind: "answer-modal", postId: null, itemId: "Q090.f2-" + "x".repeat(32), reps: null });
    const [label] = modal.components;
    expect(label?.type).toBe(ComponentType.Label);
    if (label?.type !== ComponentType.Label) return;
    expect(label.label).toBe("你的回答");
    expect(label.description?.length).toBeLessThanOrEqual(DISCORD_LIMITS.labelDescription);
    expect(label.component).toMatchObject({
      type: ComponentType.TextInput,
      custom_id: ANSWER_INPUT_ID,
      max_length: 4000,
      required: true,
    });
  });

  it("carries the post it answers", () => {
    const modal = renderAnswerModal(item(), "77", "en");
    expect(modal.title).toBe("Answer Q090");
    expect(decodeCustomId(modal.custom_id)).toEqual({ kind: "answer-modal", postId: "77", itemId: "Q090", reps: null });
  });

  it("accepts a content item as well as a view", () => {
    const modal = renderAnswerModal({ id: "Q091.f1", prompt: "为什么要先做 SFT？" }, null, "zh-CN");
    expect(modal.title).toBe("回答 Q091.f1");
    expect(decodeCustomId(modal.custom_id)).toEqual({ kind: "answer-modal", postId: null, itemId: "Q091.f1", reps: null });
  });
});

describe("renderHint", () => {
  it("names the concepts to mention without giving the answer", () => {
    const view: HintView = { item: item(), concepts: ["偏好数据", "参考模型", "奖励模型"], keyPointCount: 3 };
    const hint = renderHint(view, "zh-CN");
    expectSafe(hint);
    expect(hint.embeds[0]?.description).toBe("好的回答会覆盖 3 个要点。试着提到：\n• 偏好数据\n• 参考模型\n• 奖励模型");
    expect(renderHint({ ...view, concepts: [] }, "en").embeds[0]?.description).toBe("No hint is available for this question.");
  });
});

describe("renderRevealPost", () => {
  const reveal: RevealView = {
    postId: "77",
    localDate: "2026-11-29",
    items: Array.from({ length: 5 }, (_, index) => ({ item: item({ itemId: `Q09${index}` }), modelAnswer: MODEL_ANSWER })),
    mostMissed: [{ itemId: "Q090", keyPointId: "k2", text: "参考模型约束策略偏移", missRate: 0.75 }],
    topScorers: [
      { memberId: "1", displayName: "@everyone", score: 0.95 },
      { memberId: "2", displayName: "<@&123456789012345678> **大佬**", score: 0.9 },
    ],
    answerCount: 12,
  };

  it("spreads five long model answers over several messages, each within limits, in order", () => {
    const messages = renderRevealPost(reveal, "zh-CN");
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expectSafe(message);
    expect(squeeze(modelAnswerText(messages))).toBe(squeeze(MODEL_ANSWER.repeat(5)));
  });

  it("shows the most missed key points and top scorers with names that cannot ping or format", () => {
    const [first] = renderRevealPost(reveal, "zh-CN");
    const text = allText(first === undefined ? [] : [first]);
    expect(text).toContain("参考模型约束策略偏移 — 75% 的回答遗漏");
    expect(text).toContain("1. @\u200beveryone — 95 分");
    expect(text).toContain("\\*\\*大佬\\*\\*");
    expect(text).not.toMatch(PING);
  });

  it("says nobody answered and still reveals the answer", () => {
    const messages = renderRevealPost({ ...reveal, items: reveal.items.slice(0, 1), answerCount: 0, topScorers: [], mostMissed: [] }, "en");
    expect(messages[0]?.embeds[0]?.description).toBe("Nobody answered today. See you tomorrow!");
    expect(squeeze(modelAnswerText(messages))).toBe(squeeze(MODEL_ANSWER));
  });
});

describe("review presenters", () => {
  it("offers answer and show-answer buttons for a question", () => {
    const prompt = renderReviewPrompt({ item: item({ itemId: "Q090.f2", kind: "followup" }), dueCount: 4, reps: 2 }, "en");
    expectSafe(prompt);
    expect(customIds(prompt)).toEqual([
      { kind: "review-answer", itemId: "Q090.f2", reps: 2 },
      { kind: "review-show", itemId: "Q090.f2", reps: 2 },
    ]);
    expect(prompt.embeds[0]?.footer?.text).toBe("4 item(s) left to review");
    // Replacing a step that had text (a judgement) must clear it.
    expect(prompt.content).toBe("");
  });

  it("asks whether a misconception statement is right", () => {
    const prompt = renderReviewPrompt({ item: item({ itemId: "Q090.m1", kind: "misconception", prompt: "DPO 完全不需要参考模型" }), dueCount: 1, reps: 0 }, "zh-CN");
    expect(prompt.content).toBe("这个说法对吗？");
    expect(customIds(prompt)).toEqual([
      { kind: "judge", itemId: "Q090.m1", verdict: "right", reps: 0 },
      { kind: "judge", itemId: "Q090.m1", verdict: "wrong", reps: 0 },
    ]);
  });

  it("shows a long answer with self-rating buttons in one message within limits", () => {
    const shown = renderShownAnswer(item(), chineseText(9000), 1, "zh-CN");
    expectSafe(shown);
    expect(customIds(shown).map((id) => (id?.kind === "self-rate" ? id.rating : null))).toEqual(["again", "hard", "good", "easy"]);
  });

  it("confirms a self-rating and a judgement with the next button", () => {
    const rated = renderReviewRated(result({ rating: "good" }), "en");
    expect(rated.content).toBe("Recorded Good. Next review: <t:1796112000:f> (<t:1796112000:R>)");
    expect(customIds(rated)).toEqual([{ kind: "review-next" }]);
    const judged = renderJudgeResult(result({ rating: "good", modelAnswer: "它需要参考模型。" }), "wrong", "zh-CN");
    expectSafe(judged);
    expect(judged.embeds[1]?.title).toBe("判断正确：这个说法是错的。");
    expect(renderJudgeResult(result({ modelAnswer: "它需要参考模型。" }), "right", "en").embeds[1]?.title).toBe(
      "Actually, this statement is wrong.",
    );
    const outcome = { item: item(), rating: "again" as const, nextDue: "2026-12-01T08:00:00.000Z", modelAnswer: "理由。" };
    expect(renderJudgeResult({ ...outcome, correct: false }, "wrong", "en").embeds[1]?.title).toBe("Actually, this statement is wrong.");
  });
});

describe("settings and group status", () => {
  const group: GroupSettingsView = {
    channelId: "345678901234567890",
    dailyTime: "08:30",
    timezone: "Asia/Shanghai",
    questionsPerDay: 2,
    chapters: [12, 13],
    pausedReason: null,
    paused: false,
    nextPostAt: "2026-11-30T00:30:00.000Z",
  };

  it("shows a member's settings and says when they were saved", () => {
    const saved = renderMemberSettings({ timezone: "Europe/London", dayStartHour: 4, desiredRetention: 0.9 }, "zh-CN", { saved: true });
    expectSafe(saved);
    expect(saved.content).toBe("设置已保存。");
    expect(saved.embeds[0]?.fields?.map((field) => field.value)).toEqual(["`Europe/London`", "04:00", "0.90"]);
  });

  it("shows which FSRS parameters schedule the member, with a way back to the defaults", () => {
    const view = { timezone: "UTC", dayStartHour: 4, desiredRetention: 0.9 };
    const personal = renderMemberSettings(view, "en", {
      saved: false,
      fsrs: { kind: "personal", since: "2026-11-01T00:00:00.000Z", logLossBefore: 0.31234, logLossAfter: 0.29876, optedOut: false },
    });
    expectSafe(personal);
    const field = personal.embeds[0]?.fields?.[3];
    expect(field?.name).toBe("FSRS parameters");
    expect(field?.value).toBe(
      "Personal (fitted to your reviews) · since <t:1793491200:d>\nLog loss on your recent reviews: 0.3123 before → 0.2988 now (lower predicts better)",
    );
    const buttons = personal.components.flatMap((row) => row.components);
    expect(buttons.map((b) => decodeCustomId((b as { custom_id: string }).custom_id))).toEqual([{ kind: "fsrs-defaults" }]);

    const standard = renderMemberSettings(view, "zh-CN", { saved: true, fsrs: { kind: "default", since: null, logLossBefore: null, logLossAfter: null, optedOut: false } });
    expect(standard.embeds[0]?.fields?.[3]?.value).toBe("默认参数");
    expect(standard.components).toEqual([]);

    // Defaults by choice: said so, with the way back to fitting.
    const chosen = renderMemberSettings(view, "zh-CN", { saved: true, fsrs: { kind: "default", since: null, logLossBefore: null, logLossAfter: null, optedOut: true } });
    expect(chosen.embeds[0]?.fields?.[3]?.value).toBe("默认参数\n你选择了默认参数：不会为你拟合个人参数。");
    const back = chosen.components.flatMap((row) => row.components);
    expect(back.map((b) => decodeCustomId((b as { custom_id: string }).custom_id))).toEqual([{ kind: "fsrs-personal" }]);
  });

  it("shows the group's settings and next post", () => {
    const status = renderGroupStatus(group, "en");
    expectSafe(status);
    expect(status.embeds[0]?.fields?.map((field) => field.value)).toEqual([
      "<#345678901234567890>",
      "08:30",
      "Asia/Shanghai",
      "2",
      "12, 13",
      "Active",
      "<t:1795998600:f> (<t:1795998600:R>)",
    ]);
    expect(renderGroupStatus({ ...group, paused: true, chapters: [] }, "zh-CN").embeds[0]?.fields?.map((field) => field.value).slice(4)).toEqual([
      "全部",
      "已暂停",
      "未安排",
    ]);
  });

  it("confirms setup, pause and resume", () => {
    expect(renderGroupSetupDone(group, "zh-CN").content).toBe(
      "已设置：每天 08:30（Asia/Shanghai）在 <#345678901234567890> 发布 2 道题，章节：12, 13。\n下次发布：<t:1795998600:f> (<t:1795998600:R>)",
    );
    expect(renderPauseResume({ ...group, paused: true }, "en").content).toBe("The daily quiz is paused. Use /quiz resume to start it again.");
    expect(renderPauseResume(group, "en").content).toBe("The daily quiz is back on.\nNext post: <t:1795998600:f> (<t:1795998600:R>)");
  });
});

describe("study-group presenters", () => {
  const rowsOf = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      rank: index + 1,
      memberId: String(100000000000000000 + index),
      displayName: index === 0 ? "@everyone <@&123456789012345678>" : `成员${index}`,
      points: 100 - index,
      streak: 3,
    }));

  it("ranks a leaderboard page with escaped names and distinct page buttons", () => {
    const page = renderLeaderboard({ scope: "group", period: "week", page: 0, pageCount: 3, rows: rowsOf(10), you: { rank: 4, points: 96 } }, "zh-CN");
    expectSafe(page);
    expect(page.embeds[0]?.title).toBe("排行榜 · 学习小组 · 本周");
    expect(page.embeds[0]?.description).toContain("2. 成员1 — 99 分 · 连续 3 天");
    expect(page.embeds[0]?.description).toContain("你的排名：第 4 名，96 分");
    expect(customIds(page)).toEqual([
      { kind: "leaderboard-page", scope: "group", period: "week", page: 0 },
      { kind: "leaderboard-page", scope: "group", period: "week", page: 1 },
    ]);
    const last = renderLeaderboard({ scope: "server", period: "all", page: 2, pageCount: 3, rows: [], you: null }, "en");
    expect(customIds(last).map((id) => (id?.kind === "leaderboard-page" ? id.page : null))).toEqual([1, 2]);
    expect(last.embeds[0]?.description).toBe("Nobody is on the board yet.\n\nYou are not on the board yet; answer a daily quiz to join.");
    expect(renderLeaderboard({ scope: "group", period: "month", page: 0, pageCount: 1, rows: rowsOf(2), you: null }, "en").components).toEqual([]);
  });

  it("lists weak follow-ups with a drill button each", () => {
    const weak = renderWeakFollowUps(
      Array.from({ length: 12 }, (_, index) => ({ itemId: `Q090.f${index + 1}`, prompt: "为什么 DPO 需要参考模型？", missedIn: null, retrievability: 0.42, lapses: 2, reps: 3 })),
      "zh-CN",
    );
    expectSafe(weak);
    expect(weak.embeds[0]?.description?.split("\n")[0]).toBe("1. Q090.f1 为什么 DPO 需要参考模型？ — 记住的概率 42%，遗忘 2 次");
    expect(customIds(weak)).toHaveLength(10);
    expect(customIds(weak)[0]).toEqual({ kind: "drill", itemId: "Q090.f1", reps: 3 });
    expect(renderWeakFollowUps([], "en").embeds[0]?.description).toBe("Nothing weak yet: you have not missed a question.");
  });

  it("marks the follow-ups of a question just missed as new, with no recall figure, before the studied ones", () => {
    const weak = renderWeakFollowUps(
      [
        { itemId: "Q090.f2", prompt: "为什么需要参考模型？", missedIn: "Q090", retrievability: 0, lapses: 0, reps: 0 },
        { itemId: "Q091.f1", prompt: "样本标准差？", missedIn: null, retrievability: 0.5, lapses: 1, reps: 2 },
      ],
      "en",
    );
    expectSafe(weak);
    expect(weak.embeds[0]?.description?.split("\n")).toEqual([
      "1. 🆕 Q090.f2 为什么需要参考模型？ — new, from your miss on Q090",
      "2. Q091.f1 样本标准差？ — 50% likely to recall, forgotten 1 time(s)",
    ]);
    expect(customIds(weak)).toEqual([
      { kind: "drill", itemId: "Q090.f2", reps: 0 },
      { kind: "drill", itemId: "Q091.f1", reps: 2 },
    ]);
    expect(renderWeakFollowUps([], "zh-CN").embeds[0]?.description).toBe("还没有薄弱的追问：你还没有答错过题。");
  });

  it("asks before forgetting a member's data", () => {
    const confirm = renderForgetConfirm("en");
    expectSafe(confirm);
    expect(customIds(confirm)).toEqual([{ kind: "forget-confirm" }, { kind: "forget-cancel" }]);
    expect(renderForgetOutcome(true, "zh-CN").content).toBe("你的数据已全部删除。");
    expect(renderForgetOutcome(false, "en").content).toBe("Cancelled; nothing was deleted.");
  });
});

describe("splitText", () => {
  it("cuts Chinese and English at sentence ends into chunks within the limit, losing nothing", () => {
    const text = chineseText(4000);
    const chunks = splitText(text, 1024);
    expect(chunks.every((chunk) => chunk.length <= 1024)).toBe(true);
    expect(squeeze(chunks.join(""))).toBe(squeeze(text));
    for (const chunk of chunks.slice(0, -1)) expect(chunk).toMatch(/[。！？；.!?]$/);
  });

  it("packs whole sentences greedily", () => {
    expect(splitText("第一句。第二句！第三句？", 8)).toEqual(["第一句。第二句！", "第三句？"]);
    expect(splitText("One. Two! Three?", 9)).toEqual(["One. Two!", "Three?"]);
  });

  it("keeps decimals and abbreviations together and closing quotes with their sentence", () => {
    expect(splitText("beta 取 0.1 左右。他说“好。”然后继续", 14)).toEqual(["beta 取 0.1 左右。", "他说“好。”然后继续"]);
  });

  it("falls back to clause marks, then a hard cut that never splits a surrogate pair", () => {
    expect(splitText("甲乙丙，丁戊己，庚辛", 5)).toEqual(["甲乙丙，", "丁戊己，", "庚辛"]);
    const emoji = "😀".repeat(5);
    const chunks = splitText(emoji, 3);
    expect(chunks).toEqual(["😀", "😀", "😀", "😀", "😀"]);
  });

  it("honours a smaller first chunk and rejects useless limits", () => {
    const chunks = splitText(chineseText(500), 200, { firstMax: 50 });
    expect(chunks[0]?.length).toBeLessThanOrEqual(50);
    expect(chunks.slice(1).every((chunk) => chunk.length <= 200)).toBe(true);
    expect(splitText("   ", 10)).toEqual([]);
    expect(() => splitText("abc", 1)).toThrow(new SplitTextError("Chunk limits must be integers of at least 2, got 1 and 1"));
  });
});

describe("fitEmbeds and packEmbeds", () => {
  const big = (title: string): APIEmbed => ({ title, description: "x".repeat(4096) });

  it("cuts later embeds so the total stays within 6,000 and the first survives whole", () => {
    const fitted = fitEmbeds([big("first"), big("second"), big("third")]);
    expect(embedsLength(fitted)).toBeLessThanOrEqual(6000);
    expect(fitted[0]?.description).toBe("x".repeat(4096));
    expect(fitted[1]?.description?.endsWith("…")).toBe(true);
    expect(fitted).toHaveLength(2);
  });

  it("clamps each part to its own limit and drops fields beyond 25", () => {
    const fitted = fitEmbeds([
      {
        title: "t".repeat(300),
        fields: Array.from({ length: 30 }, (_, index) => ({ name: `f${index}`, value: "v".repeat(2000) })),
      },
    ]);
    expect(fitted[0]?.title?.length).toBe(256);
    expect(fitted[0]?.fields?.every((field) => field.value.length <= 1024)).toBe(true);
    expect(embedsLength(fitted)).toBeLessThanOrEqual(6000);
  });

  it("packs embeds into as few messages as the limits allow, in order", () => {
    const messages = packEmbeds([big("a"), big("b"), { title: "c", description: "short" }, big("d")]);
    expect(messages.map((embeds) => embeds.map((embed) => embed.title))).toEqual([["a"], ["b", "c"], ["d"]]);
    const many = packEmbeds(Array.from({ length: 12 }, (_, index) => ({ title: `e${index}` })));
    expect(many.map((embeds) => embeds.length)).toEqual([10, 2]);
  });

  describe("/interview", () => {
    const step = (overrides: Partial<InterviewStepView> = {}): InterviewStepView => ({
      sessionId: "7",
      step: 2,
      item: item({ itemId: "Q090.f3", kind: "followup", prompt: "训练后工具错误还存在怎么办？".repeat(400) }),
      depth: 1,
      questionNumber: 1,
      questionCount: 5,
      askedAt: "2026-03-02T01:00:00.000Z",
      targetSeconds: { min: 30, max: 60 },
      targetEndsAt: "2026-03-02T01:01:00.000Z",
      record: true,
      resumed: false,
      previousExpired: false,
      reason: "covers-missed",
      ...overrides,
    });
    const answered = (index: number): InterviewAnswerView => ({
      item: item({ itemId: `Q09${index % 3}.f${(index % 3) + 1}` }),
      depth: index % 4,
      score: index / 20,
      keyPoints,
      misconceptions: [{ id: "m1", statement: "把反思称为权重更新".repeat(30), feedback: "反思只改变输入。".repeat(60), evidence: [] }],
      seconds: 30 + index * 7,
      answerId: null,
    });

    it("asks one question with a 60-second countdown, and buttons to answer or stop", () => {
      const payload = renderInterviewStep(step(), "en");
      expectSafe(payload);
      const text = allText([payload]);
      expect(text).toContain("Follow-up 1 · Q090.f3");
      expect(text).toContain("Answer in 30–60 s · time is up <t:1772413260:R>");
      expect(text).toContain("It probes what your answers so far missed.");
      expect(customIds(payload)).toEqual([
        { kind: "interview-answer", sessionId: "7", step: 2, itemId: "Q090.f3" },
        { kind: "interview-stop", sessionId: "7" },
      ]);
      expect(renderInterviewStep(step({ resumed: true, previousExpired: true }), "zh-CN").content).toBe(
        "上一场模拟面试闲置超过 15 分钟已过期，这是新的一场。\n你的模拟面试还没结束，从上次停下的地方继续。",
      );
    });

    it("fits the longest report Discord allows: every answer's points, misconceptions and the weakest to drill", () => {
      const report = renderInterviewReport(
        {
          sessionId: "7",
          status: "expired",
          record: false,
          answers: Array.from({ length: 20 }, (_, index) => answered(index)),
          overall: { rating: "fair", score: 0.47, answered: 20, withinTarget: 5, targetSeconds: 60 },
          practiseNext: [0, 1, 2].map((index) => ({ itemId: `Q09${index}.f1`, prompt: "追问？".repeat(200), score: index / 10, reps: index })),
        },
        "zh-CN",
      );
      expectSafe(report);
      const text = allText([report]);
      expect(text).toContain("总体评价：**一般** · 平均 47/100 · 20 个回答中 5 个在 60 秒内");
      expect(text).toContain("这场模拟面试闲置超过 15 分钟已过期");
      expect(text).toContain("✅");
      expect(text).toContain("❌");
      expect(customIds(report)).toEqual([0, 1, 2].map((index) => ({ kind: "drill", itemId: `Q09${index}.f1`, reps: index })));

      const turn = renderInterviewTurn({ answer: answered(3), next: step(), report: null, repeated: true }, "en");
      expectSafe(turn);
      expect(turn.content).toBe("That answer was already taken; here is where it led.");
      expect(allText([turn])).toContain("Your answer to Q090.f1: 15/100 in 51 s");
    });
  });
});

// ---- Member text in public posts: no construct of Discord's markdown survives ---------------

const HOSTILE_NAMES = [
  "[Free Nitro](https://evil.example/nitro)",
  "# Big heading",
  "-# small print",
  "- a list item",
  "1. numbered",
  "> a block quote",
  ">>> quote all",
  "`code` and ```fence```",
  "||spoiler||",
  "**bold** __under__ *it* _it_ ~~strike~~",
  "<@123456789012345678> <#123456789012345678> <t:0:R> <:e:123456789012345678>",
  "@everyone @here",
  "https://evil.example/raw",
  "back\\slash\\[x](y)",
];

/** Reads escaped text the way Discord does: a backslash before punctuation is that character. */
function unescapeDiscord(text: string): string {
  let out = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? "";
    const next = text[index + 1];
    if (char === "\\" && next !== undefined && /[^\p{L}\p{N}\s]/u.test(next)) {
      out += next;
      index++;
    } else out += char;
  }
  return out;
}

/** True when some markdown-significant character is not preceded by an escaping backslash. */
function hasUnescapedMarkdown(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? "";
    if (char === "\\") {
      index++;
      continue;
    }
    if ("*_~|`[]()<>#:".includes(char)) return true;
    if ((char === "-" || char === "+") && text.slice(0, index).trim() === "") return true;
  }
  return false;
}

describe("member text in public posts", () => {
  it("escapes masked links, headings, lists, quotes, code, spoilers, emphasis and mentions", () => {
    for (const name of HOSTILE_NAMES) {
      const shown = memberText(name, 200);
      expect(hasUnescapedMarkdown(shown), `${name} → ${shown}`).toBe(false);
      expect(unescapeDiscord(shown).replaceAll("\u200b", "")).toBe(name);
      expect(shown).not.toMatch(PING);
    }
    expect(memberText("[Free Nitro](https://evil.example/nitro)")).toBe("\\[Free Nitro\\]\\(https\\://evil.example/nitro\\)");
    expect(escapeAllMarkdown("1. one\n2) two\n- three")).toBe("1\\. one\n2\\) two\n\\- three");
  });

  it("escapes linear-time: a 100,000-character hostile name takes milliseconds", () => {
    const started = performance.now();
    escapeAllMarkdown("[".repeat(50_000) + "](".repeat(25_000));
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  const scorers = HOSTILE_NAMES.map((displayName, index) => ({ memberId: String(index + 1), displayName, score: 0.9 }));
  // The reveal names the top five: the worst of the list first.
  const revealScorers = [0, 5, 8, 10, 1].map((index) => scorers[index] ?? scorers[0]!);

  it("shows hostile top scorers in the reveal as plain text", () => {
    const [first] = renderRevealPost(
      {
        postId: "77",
        localDate: "2026-11-29",
        items: [{ item: item({ itemId: "Q090" }), modelAnswer: "答案" }],
        mostMissed: [],
        topScorers: revealScorers,
        answerCount: revealScorers.length,
      },
      "en",
    );
    const text = allText(first === undefined ? [] : [first]);
    expect(text).toContain("\\[Free Nitro\\]\\(https\\://evil.example/nitro\\)");
    expect(text).not.toContain("[Free Nitro](");
    expect(text).toContain("\\# Big heading");
    expect(text).toContain("\\> a block quote");
    expect(text).toContain("\\|\\|spoiler\\|\\|");
    expect(text).toContain("\\<@\u200b123456789012345678\\>");
    expect(text).not.toMatch(PING);
  });

  const rows = HOSTILE_NAMES.map((displayName, index) => ({
    rank: index + 1,
    memberId: String(100000000000000000 + index),
    displayName,
    points: 100 - index,
    streak: 1,
  }));

  it("shows hostile names on the leaderboard as plain text", () => {
    const page = renderLeaderboard({ scope: "group", period: "week", page: 0, pageCount: 2, rows: rows.slice(0, 10), you: null }, "en");
    expectSafe(page);
    const text = allText([page]);
    expect(text).toContain("\\[Free Nitro\\]\\(https\\://evil.example/nitro\\)");
    expect(text).toContain("\\- a list item");
    expect(text).toContain("1\\. numbered");
    expect(text).not.toContain("[Free Nitro](");
  });

  it("shows hostile names in the weekly summary as plain text", () => {
    const summary = renderWeeklySummary(
      {
        groupId: "1",
        channelId: "2",
        locale: "en",
        weekStart: "2026-11-23",
        weekEnd: "2026-11-29",
        topMembers: rows,
        mostMissed: [],
        weakFollowUps: [],
      },
      "en",
    );
    expectSafe(summary);
    const text = allText([summary]);
    expect(text).toContain("\\[Free Nitro\\]\\(https\\://evil.example/nitro\\)");
    expect(text).toContain("\\`code\\` and \\`\\`\\`fence\\`\\`\\`");
    expect(text).toContain("https\\://evil.example/raw");
    expect(text).not.toContain("[Free Nitro](");
  });

  it("keeps deck formatting but escapes masked links and headings in deck text", () => {
    const [first] = renderRevealPost(
      {
        postId: "77",
        localDate: "2026-11-29",
        items: [{ item: item({ itemId: "Q090" }), modelAnswer: "# Title\n**key** [site](https://evil.example) `a[0]`" }],
        mostMissed: [],
        topScorers: [],
        answerCount: 0,
      },
      "en",
    );
    const text = allText(first === undefined ? [] : [first]);
    expect(text).toContain("\\# Title\n**key** [site]\\(https://evil.example) `a[0]`");
  });
});
