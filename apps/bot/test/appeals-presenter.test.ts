// The appeal payloads: member text escaped, Discord's limits kept, Accept only once a point is
// chosen, refused aliases named with the reason in the admin's language, the accept form's inputs.
import { describe, expect, it } from "vitest";
import type { AppealDecisionView, AppealReviewView } from "@recall/study";
import { decodeCustomId, parseAliasInputId } from "../src/custom-ids.ts";
import { renderAcceptModal, renderAppealDecision, renderAppealNotices, renderAppealReview } from "../src/presenters/index.ts";

const item = { itemId: "Q090", kind: "main" as const, questionId: "Q090", chapterNumber: 12, chapterName: "Agent 优化", priority: "P0" as const, prompt: "Agent 出错时怎么选？" };

const review = (overrides: Partial<AppealReviewView> = {}): AppealReviewView => ({
  appealId: "41",
  pending: 2,
  memberUserId: "500000000000000001",
  item,
  answerText: "**bold** <@&123> @everyone " + "长".repeat(3000),
  score: 0.5,
  rating: "hard",
  keyPoints: [
    { id: "k1", text: "先定位", verdict: "hit", evidence: ["定位"] },
    { id: "k4", text: "验收", verdict: "missed", evidence: [] },
  ],
  misconceptions: [{ id: "Q090.m1", statement: "反思就是训练", feedback: "不是", evidence: ["反思"] }],
  note: "`note` @here",
  filedAt: "2026-03-02T01:00:00.000Z",
  appealablePoints: [{ id: "k4", text: "验收" }],
  ...overrides,
});

function kinds(payload: { components: unknown[] }): Array<[string | undefined, boolean]> {
  const out: Array<[string | undefined, boolean]> = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === "object") {
      const record = node as Record<string, unknown>;
      if (typeof record.custom_id === "string") out.push([decodeCustomId(record.custom_id)?.kind, record.disabled === true]);
      if (record.components) walk(record.components);
    }
  };
  walk(payload.components);
  return out;
}

describe("appeal payloads", () => {
  it("shows an appeal with member text escaped and within limits, Accept disabled until a point is chosen", () => {
    const payload = renderAppealReview(review(), "en");
    const embed = payload.embeds[0]!;
    expect(embed.title).toBe("Appeal · Q090 · 2 waiting");
    expect(embed.description!.length).toBeLessThanOrEqual(4096);
    expect(embed.description).toContain("\\*\\*bold\\*\\*");
    expect(embed.description).toContain("@\u200beveryone");
    expect(embed.description).not.toContain("<@&123>");
    expect(embed.fields?.find((field) => field.name === "Note")?.value).toContain("@\u200bhere");
    expect(payload.allowedMentions).toEqual({ parse: [] });
    expect(kinds(payload)).toEqual([["appeal-points", false], ["appeal-accept", true], ["appeal-reject", false]]);

    const chosen = renderAppealReview(review(), "zh-CN", ["k4"]);
    expect(kinds(chosen)).toEqual([["appeal-points", false], ["appeal-accept", false], ["appeal-reject", false]]);
    expect(chosen.content).toContain("判为命中：k4");
    // Discord renders the filing time relative to now ("5分钟前"): the sentence reads with it.
    const filedAt = Math.floor(Date.parse(review().filedAt) / 1000);
    expect(chosen.embeds[0]?.description).toContain(`，<t:${filedAt}:R>提交。`);
    expect(embed.description).toContain(`filed <t:${filedAt}:R>.`);
  });

  it("says what a decision did, refused aliases with the reason, then the next appeal or none", () => {
    const decision: AppealDecisionView = {
      appealId: "41",
      status: "accepted",
      item,
      memberUserId: "500000000000000001",
      outcome: {
        acceptedPoints: ["k4"],
        scoreBefore: 0.5,
        scoreAfter: 0.75,
        ratingBefore: "hard",
        ratingAfter: "good",
        scheduleChanged: false,
        aliases: [
          { pointId: "k4", concept: 0, alias: "回测", refusal: null },
          { pointId: "k4", concept: 1, alias: "预算 `x`", refusal: { reason: "off-topic-passes", message: "…" } },
        ],
      },
      reason: null,
      next: null,
    };
    const labels = new Map([["k4.0", "验收"]]);
    const en = renderAppealDecision(decision, "en", labels).content ?? "";
    expect(en).toContain("Accepted <@500000000000000001>'s appeal of Q090: 50/100 → 75/100.");
    expect(en).toContain("Their schedule was not changed");
    expect(en).toContain("✅ k4: `回测` now counts as “验收” in this server.");
    expect(en).toContain("⛔ k4: `预算 ˋxˋ` was not added: with it, an off-topic answer would no longer be rated Again.");
    expect(en).toContain("No appeals are waiting in this server.");
    const zh = renderAppealDecision({ ...decision, next: review() }, "zh-CN", labels);
    expect(zh.content).toContain("加上它，离题的回答就不再被评为「重来」。");
    expect(zh.embeds[0]?.title).toBe("申诉 · Q090 · 共 2 个待处理");
  });

  it("prefills the accept form with one short input per concept, at most five", () => {
    const guesses = Array.from({ length: 7 }, (_, index) => ({ pointId: "k4", concept: index, label: "验收", guess: "上线前拿新题回测".repeat(10) }));
    const modal = renderAcceptModal("41", ["k4"], guesses, "en");
    expect(decodeCustomId(modal.custom_id)).toEqual({ kind: "appeal-accept-modal", appealId: "41", pointIds: ["k4"] });
    expect(modal.components).toHaveLength(5);
    const inputs = modal.components.map((row) => (row as unknown as { component: { custom_id: string; value: string; max_length: number } }).component);
    expect(inputs.map((input) => parseAliasInputId(input.custom_id))).toEqual([0, 1, 2, 3, 4].map((concept) => ({ pointId: "k4", concept })));
    expect(inputs.every((input) => [...input.value].length <= 40 && input.max_length === 40)).toBe(true);
  });

  it("tells the member a rejection's reason escaped", () => {
    const payload = renderAppealNotices(
      [{ appealId: "41", item, status: "rejected", reason: "**no** @everyone", outcome: null }],
      "en",
    );
    expect(payload.content).toBe("An admin rejected your appeal of Q090. Reason: \\*\\*no\\*\\* @\u200beveryone");
  });
});
