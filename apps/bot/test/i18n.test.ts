import { describe, expect, it } from "vitest";
import { STUDY_ERROR_CODES } from "@recall/study";
import { catalogues, isMessageKey, localeFor, placeholdersIn, t, translate, UI_LOCALES } from "../src/i18n/index.ts";
import { en } from "../src/i18n/en.ts";
import { zhCN } from "../src/i18n/zh-CN.ts";

/** Every way two catalogues can disagree, one line each, so a failure names the key. */
function catalogueProblems(reference: Record<string, string>, other: Record<string, string>, otherName: string): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(reference)) {
    const text = other[key];
    if (text === undefined) {
      problems.push(`${otherName} is missing "${key}"`);
      continue;
    }
    const expected = placeholdersIn(reference[key] ?? "").join(",");
    const actual = placeholdersIn(text).join(",");
    if (expected !== actual) problems.push(`${otherName} "${key}" has {${actual}} instead of {${expected}}`);
    if (text.trim().length === 0) problems.push(`${otherName} "${key}" is empty`);
  }
  for (const key of Object.keys(other)) {
    if (!(key in reference)) problems.push(`${otherName} has "${key}" that the reference lacks`);
  }
  return problems;
}

describe("message catalogues", () => {
  it("have the same keys and the same placeholders in Chinese and English", () => {
    expect(catalogueProblems(zhCN, en, "en")).toEqual([]);
    expect(catalogueProblems(en, zhCN, "zh-CN")).toEqual([]);
  });

  it("report a key missing from either catalogue and a placeholder that differs", () => {
    const { "post.title": _dropped, ...withoutTitle } = en;
    expect(catalogueProblems(zhCN, withoutTitle, "en")).toEqual(['en is missing "post.title"']);
    expect(catalogueProblems(withoutTitle, zhCN, "zh-CN")).toEqual(['zh-CN has "post.title" that the reference lacks']);
    const renamed = { ...en, "post.answers": "Answers: {total}" };
    expect(catalogueProblems(zhCN, renamed, "en")).toEqual(['en "post.answers" has {total} instead of {count}']);
  });

  it("write Chinese in the Chinese catalogue", () => {
    const notChinese = Object.entries(zhCN)
      .filter(([, text]) => !/\p{Script=Han}/u.test(text))
      .map(([key]) => key);
    expect(notChinese).toEqual(["settings.day-start-value"]);
  });

  it("have a message for every error code the study domain raises", () => {
    const missing = STUDY_ERROR_CODES.filter((code) => !isMessageKey(`error.${code}`));
    expect(missing).toEqual([]);
  });

  it("are both reachable through UI_LOCALES", () => {
    expect(UI_LOCALES.map((locale) => Object.keys(catalogues[locale]).length)).toEqual([
      Object.keys(zhCN).length,
      Object.keys(zhCN).length,
    ]);
  });
});

describe("localeFor", () => {
  it("gives Simplified Chinese to both Chinese Discord locales", () => {
    expect(localeFor("zh-CN")).toBe("zh-CN");
    expect(localeFor("zh-TW")).toBe("zh-CN");
  });

  it("gives English to every other locale and to none", () => {
    for (const locale of ["en-US", "en-GB", "ja", "ko", "fr", "de", "es-ES", "", null, undefined]) {
      expect(localeFor(locale)).toBe("en");
    }
  });
});

describe("t", () => {
  it("fills in the parameters in the chosen language", () => {
    expect(t("zh-CN", "post.answers", { count: 12 })).toBe("已作答：12 人");
    expect(t("en", "post.answers", { count: 12 })).toBe("Answers: 12");
    expect(t("en", "error.generic", { reference: "1234567890123456789" })).toBe(
      "Sorry, something went wrong on our side and it has been logged. Reference: 1234567890123456789",
    );
  });

  it("fills a parameter used twice and leaves messages without parameters unchanged", () => {
    expect(t("en", "review.nothing-due")).toBe("Nothing is due for review right now. Well done!");
    expect(t("zh-CN", "leaderboard.row", { rank: 1, name: "小明", points: 95, streak: 3 })).toBe("1. 小明 — 95 分 · 连续 3 天");
  });
});

describe("translate", () => {
  it("translates a key known only at run time, such as a domain error code", () => {
    const code: string = "invalid-time";
    expect(translate("zh-CN", `error.${code}`)).toBe("时间格式不对，请用 24 小时制 HH:MM，例如 08:30。");
    expect(translate("en", "error.unknown-chapters", { chapters: "98, 99" })).toBe(
      "These chapters are not in the question bank: 98, 99.",
    );
  });

  it("falls back instead of showing a bare key, and drops a missing parameter", () => {
    expect(translate("en", "error.no-such-code", { reference: "42" })).toBe(
      "Sorry, something went wrong on our side and it has been logged. Reference: 42",
    );
    expect(translate("en", "error.unknown-chapters")).toBe("These chapters are not in the question bank: .");
  });
});
