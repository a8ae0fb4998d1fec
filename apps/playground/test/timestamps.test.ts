import { describe, expect, it } from "vitest";
import { relativeTime } from "../page/relative-time.ts";

// `<t:…:R>` is read against the playground's clock, which "skip ahead" moves past the browser's.
describe("relative timestamps, as Discord shows <t:…:R>", () => {
  const now = Date.UTC(2026, 10, 30, 12, 0, 0);

  it("picks the largest whole unit, in the future and the past", () => {
    expect(relativeTime(now + 3 * 86_400_000, now, "en-US")).toBe("in 3 days");
    expect(relativeTime(now - 5 * 60_000, now, "en-US")).toBe("5 minutes ago");
    expect(relativeTime(now + 90 * 60_000, now, "en-US")).toBe("in 2 hours");
    expect(relativeTime(now + 20_000, now, "en-US")).toBe("in 20 seconds");
    expect(relativeTime(now + 400 * 86_400_000, now, "en-US")).toBe("next year");
  });

  it("speaks the reader's language", () => {
    expect(relativeTime(now + 86_400_000, now, "zh-CN")).toBe("明天");
    expect(relativeTime(now + 3 * 86_400_000, now, "zh-CN")).toBe("3天后");
  });
});
