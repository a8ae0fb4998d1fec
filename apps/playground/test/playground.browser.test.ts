// The whole loop in a real browser, as a person would play it: set up the daily quiz, post it,
// answer in the modal, read the private result, let classmates answer, move to the next day, see
// the reveal and a due review, then the leaderboard and the stats chart. Screenshots go to
// apps/playground/screenshots/ (not committed).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBank } from "@recall/content";
import { classmateAnswer } from "../src/classmates.ts";
import { startPlayground, repoRoot, type Playground } from "../src/playground.ts";
import { findChromium } from "./browser.ts";

const screenshots = fileURLToPath(new URL("../screenshots/", import.meta.url));
let playground: Playground | undefined;
let browser: Browser | undefined;
let page: Page;
let dataDir = "";

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(screenshots, `${name}.png`) });
}

async function command(label: string, options: Record<string, string> = {}): Promise<void> {
  const input = page.getByTestId("command-input");
  await input.fill(label.split(" ")[0]!);
  await page.locator(`[data-command="${label}"]`).dispatchEvent("mousedown");
  for (const [name, value] of Object.entries(options)) {
    const control = page.locator(`[data-option="${name}"]`);
    if ((await control.evaluate((element: unknown) => (element as { tagName: string }).tagName)) === "SELECT") await control.selectOption(value);
    else await control.fill(value);
  }
  await page.getByTestId("command-send").click();
}

async function actAs(name: string): Promise<void> {
  const switcher = page.getByTestId("member-switcher");
  const value = await switcher.locator("option", { hasText: name }).first().getAttribute("value");
  await switcher.selectOption(value ?? "");
}

function lastMessage(text: string | RegExp): Locator {
  return page.getByTestId("message").filter({ hasText: text }).last();
}

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  const executablePath = findChromium(); // fails the test, with how to install, when there is none
  dataDir = mkdtempSync(join(tmpdir(), "recall-playground-"));
  [playground, browser] = await Promise.all([
    startPlayground({ port: 0, dataDir, logLevel: "warn", botOutput: "inherit" }),
    chromium.launch({ executablePath }),
  ]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
  await playground?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run playground in a browser", () => {
  it("plays the daily quiz loop end to end", async () => {
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(playground!.url);
    await expect.poll(() => page.getByTestId("member-switcher").locator("option").count()).toBe(5);
    await expect.poll(() => page.getByTestId("member-switcher").locator("option").first().textContent()).toContain("Manage Server");

    // The command box offers the registered commands with their descriptions, and checks required options.
    await page.getByTestId("command-input").fill("/quiz");
    await expect.poll(() => page.getByTestId("command-list").textContent()).toContain("Set up a daily quiz");
    await page.getByTestId("language-switch").selectOption("zh-CN");
    await page.getByTestId("command-input").fill("/");
    await expect.poll(() => page.getByTestId("command-list").textContent()).toMatch(/测验|每日/);
    await page.getByTestId("language-switch").selectOption("en-US");
    await command("/quiz setup");
    await expect.poll(() => page.getByTestId("command-error").textContent()).toMatch(/Missing required option: time/);
    await page.getByRole("button", { name: "Cancel" }).click();

    // Set up the group and post today's quiz.
    await command("/quiz setup", { time: "09:00", timezone: "Asia/Shanghai", questions: "1" });
    const setup = lastMessage("09:00");
    await expect.poll(() => setup.getAttribute("data-ephemeral")).toBe("true");
    await expect.poll(() => setup.getByTestId("ephemeral-note").count()).toBe(1);
    await command("/quiz now");
    const answerButton = page.locator('button[data-custom-id^="v1:a:"]').first();
    await answerButton.waitFor();
    const itemId = /^v1:a:\d+:(.+)$/.exec((await answerButton.getAttribute("data-custom-id")) ?? "")?.[1] ?? "";
    const item = (await loadBank(join(repoRoot, "content"))).items.find((candidate) => candidate.id === itemId);
    expect(item, `item ${itemId} of the post`).toBeDefined();
    await shot("1-quiz-posted");

    // Answer in the modal: one key point and a listed misconception.
    await answerButton.click();
    const modal = page.getByTestId("modal");
    await modal.waitFor();
    const input = modal.getByTestId("modal-input-answer");
    expect(Number(await input.getAttribute("maxlength"))).toBeGreaterThan(0);
    await input.fill(classmateAnswer(item!, "misconception"));
    await shot("2-answer-modal");
    await page.getByTestId("modal-submit").click();
    const result = lastMessage(/Score \d+\/100/);
    await result.waitFor();
    const resultText = (await result.textContent()) ?? "";
    expect(resultText).toMatch(/Key points/);
    expect(resultText).toMatch(/hit|partial|missed/);
    if (item!.misconceptions.length > 0) expect(resultText).toMatch(/Misconceptions/);
    expect(resultText).toMatch(/Suggested rating/);
    expect(await result.getAttribute("data-ephemeral")).toBe("true");
    await shot("3-graded-privately");
    // The override buttons: the suggested rating is the disabled one. Choose Again, so the item is due tomorrow.
    await expect.poll(() => result.locator("button[disabled]").count()).toBe(1);
    const again = result.getByRole("button", { name: "Again" });
    if (await again.isEnabled()) {
      await again.click();
      await expect.poll(() => page.getByTestId("messages").textContent()).toMatch(/Rating changed to Again/);
    }

    // A classmate does not see the private result.
    await actAs("Mei");
    await expect.poll(() => page.getByTestId("messages").textContent()).not.toMatch(/Score \d+\/100/);
    await expect.poll(() => page.locator('button[data-custom-id^="v1:a:"]').count()).toBeGreaterThan(0);
    await shot("4-classmate-view");
    await actAs("You");

    // Classmates answer, then the next day comes: the reveal and a due review.
    await page.locator('[data-action="classmates-answer"]').click();
    await expect.poll(() => page.getByTestId("status").textContent(), { timeout: 120_000 }).toMatch(/4 answer\(s\)/);
    await page.locator('[data-action="next-day"]').click();
    await expect.poll(() => page.getByTestId("messages").textContent(), { timeout: 60_000 }).toMatch(/Answer revealed/);
    await lastMessage(/Answer revealed/).scrollIntoViewIfNeeded();
    await shot("5-reveal");
    await command("/review");
    await expect.poll(() => page.getByTestId("messages").textContent()).toMatch(/Review · /);
    await shot("6-review");

    // The leaderboard and the stats chart.
    await command("/leaderboard");
    await lastMessage(/Leaderboard/).waitFor();
    await command("/stats");
    const chart = lastMessage(/Study stats/).locator("img").first();
    await chart.waitFor();
    await expect.poll(() => chart.evaluate((image: unknown) => {
        const { complete, naturalWidth } = image as { complete: boolean; naturalWidth: number };
        return complete && naturalWidth > 0;
      })).toBe(true);
    await chart.scrollIntoViewIfNeeded();
    await shot("7-stats");
    expect(pageErrors).toEqual([]);
    expect(playground!.fake.rejections).toEqual([]);
  });

  it("lets a member appeal a grading and an admin accept it in /appeals", async () => {
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await actAs("You");
    // Today's quiz (the clock moved a day on): a weak answer misses points.
    const answerButton = page.locator('button[data-custom-id^="v1:a:"]').last();
    const itemId = /^v1:a:\d+:(.+)$/.exec((await answerButton.getAttribute("data-custom-id")) ?? "")?.[1] ?? "";
    const resultsBefore = await page.getByTestId("message").filter({ hasText: /Score \d+\/100/ }).count();
    await answerButton.click();
    const modal = page.getByTestId("modal");
    await modal.waitFor();
    await modal.getByTestId("modal-input-answer").fill("说不太清楚，大概就是先看看问题出在哪。");
    await page.getByTestId("modal-submit").click();
    // This answer's result, not yesterday's (whose Appeal button is still shown, and says it is too late).
    await expect.poll(() => page.getByTestId("message").filter({ hasText: /Score \d+\/100/ }).count()).toBe(resultsBefore + 1);
    const result = lastMessage(new RegExp(`${itemId.replaceAll(".", "\\.")} · Score \\d+/100`));
    await result.getByRole("button", { name: "Appeal" }).waitFor();
    await result.getByRole("button", { name: "Appeal" }).click();
    await modal.waitFor();
    await modal.locator("textarea, input").first().fill("我说的“先看看问题出在哪”就是定位错误的意思。");
    await page.getByTestId("modal-submit").click();
    await expect.poll(() => page.getByTestId("messages").textContent()).toMatch(/Your appeal of .+ is filed/);

    // The admin (You have Manage Server) decides: the first point counts as hit, then Accept.
    await command("/appeals");
    const appeal = lastMessage(/Appeal · /);
    await appeal.waitFor();
    await shot("9-appeal-review");
    const points = appeal.locator("select.select-menu").first();
    const first = await points.locator("option:not([disabled])").first().getAttribute("value");
    expect(first, "a key point to choose").toBeTruthy();
    await points.selectOption(first ?? "");
    if (await appeal.getByRole("button", { name: "Choose" }).count()) await appeal.getByRole("button", { name: "Choose" }).click();
    await expect.poll(() => lastMessage(/Appeal · /).getByRole("button", { name: "Accept" }).isEnabled()).toBe(true);
    await lastMessage(/Appeal · /).getByRole("button", { name: "Accept" }).click();
    await modal.waitFor();
    await page.getByTestId("modal-submit").click();
    await expect.poll(() => page.getByTestId("messages").textContent()).toMatch(/Accepted .+'s appeal of .+: \d+\/100 → \d+\/100/);
    await shot("10-appeal-accepted");
    expect(pageErrors).toEqual([]);
    expect(playground!.fake.rejections).toEqual([]);
  });

  it("speaks Chinese to a member whose Discord is in zh-CN, with relative times on the playground's clock", async () => {
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    // Discord shows the localized command names to a member in zh-CN.
    await page.getByTestId("language-switch").selectOption("zh-CN");
    await actAs("Mei");
    await command("/统计");
    const chart = lastMessage(/的学习统计/);
    await chart.waitFor();
    await command("/排行榜");
    const board = lastMessage(/排行榜/);
    await board.waitFor();
    await command("/个人设置");
    await expect.poll(() => page.getByTestId("messages").textContent()).toMatch(/设置/);
    await shot("8-zh-CN");

    // Mei answers today's quiz in Chinese and appeals; the admin reads the appeal in Chinese too.
    const resultsBefore = await page.getByTestId("message").filter({ hasText: /得分 \d+\/100/ }).count();
    await page.locator('button[data-custom-id^="v1:a:"]').last().click();
    const modal = page.getByTestId("modal");
    await modal.waitFor();
    await modal.getByTestId("modal-input-answer").fill("我觉得先分清是哪里出的问题再说。");
    await page.getByTestId("modal-submit").click();
    await expect.poll(() => page.getByTestId("message").filter({ hasText: /得分 \d+\/100/ }).count()).toBe(resultsBefore + 1);
    // The deadlines read with Discord's relative time in Chinese ("修改窗口10分钟后关闭", "申诉窗口24小时后关闭").
    await expect.poll(() => lastMessage(/得分 \d+\/100/).textContent()).toMatch(/修改窗口\d+分钟后关闭/);
    expect(await lastMessage(/得分 \d+\/100/).textContent()).toMatch(/申诉窗口\d+小时后关闭/);
    await lastMessage(/得分 \d+\/100/).scrollIntoViewIfNeeded();
    await shot("8b-zh-CN-result");
    await lastMessage(/得分 \d+\/100/).getByRole("button", { name: "申诉" }).click();
    await modal.waitFor();
    await page.getByTestId("modal-submit").click();
    await expect.poll(() => page.getByTestId("messages").textContent()).toMatch(/的申诉已提交/);
    await actAs("You");
    await command("/申诉");
    await lastMessage(/申诉 · .+ · 共 \d+ 个待处理/).waitFor();
    await lastMessage(/申诉 · /).scrollIntoViewIfNeeded();
    await shot("11-zh-CN-appeal");
    // Discord shows <t:…:R> relative to now ("3天后", "5分钟前"), never as a bare date.
    const relative = await page.locator('.timestamp[data-style="R"]').allTextContents();
    expect(relative.length).toBeGreaterThan(0);
    for (const text of relative) expect(text).toMatch(/[前后]$|^(今天|明天|昨天|后天|前天|现在)/);
    await page.getByTestId("language-switch").selectOption("en-US");
    await actAs("You");
    expect(pageErrors).toEqual([]);
    expect(playground!.fake.rejections).toEqual([]);
  });
});
