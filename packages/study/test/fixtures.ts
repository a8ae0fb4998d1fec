// Shared test fixtures: the real question bank, a clock the tests move, and the people who act.
import { fileURLToPath } from "node:url";
import { loadBank, type QuizItem } from "@recall/content";
import type { Actor, MemberRef } from "../src/index.ts";

const contentDir = fileURLToPath(new URL("../../../content", import.meta.url));
let bank: Promise<QuizItem[]> | null = null;

/** The repository's question bank (chapter 12: Q090 P0, Q091 and Q092 P1). */
export function contentItems(): Promise<QuizItem[]> {
  bank ??= loadBank(contentDir).then((loaded) => loaded.items);
  return bank;
}

export class TestClock {
  ms: number;
  constructor(iso: string) {
    this.ms = Date.parse(iso);
  }
  readonly now = (): Date => new Date(this.ms);
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export function memberRef(userId: string, fields: Partial<MemberRef> = {}): MemberRef {
  return { userId, serverId: null, displayName: `Member ${userId}`, locale: "zh-CN", ...fields };
}

export function adminOf(serverId: string, userId = `admin-of-${serverId}`): Actor {
  return { ...memberRef(userId, { serverId, displayName: "Admin" }), canManageServer: true };
}

export function plainMemberOf(serverId: string, userId = `member-of-${serverId}`): Actor {
  return { ...memberRef(userId, { serverId }), canManageServer: false };
}

/** Hits every key point of Q090 (the same answer the bot's end-to-end test submits). */
export const GOOD_Q090_ANSWER =
  "先定位错误属于数据、工具还是上下文，缺资料先修系统。提示和记忆只改变输入，不等于训练。SFT 用示范，DPO 用偏好对，Agent RL 用环境奖励。最后用独立任务和坏例验收。";

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
