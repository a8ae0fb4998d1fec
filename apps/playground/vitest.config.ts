import { defineConfig } from "vitest/config";

// The browser test starts the whole playground (database, local Discord, bot process, Chromium):
// generous timeouts for a loaded 2-core machine; speed is measured by `pnpm bench`. A reply the
// bot has deferred (an appeal's acceptance regrades and checks aliases) may take seconds there, so
// polls for a page to show it wait up to 30 s instead of vitest's 1 s.
export default defineConfig({
  test: { testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false, expect: { poll: { timeout: 30_000 } } },
});
