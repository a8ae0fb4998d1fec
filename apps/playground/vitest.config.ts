import { defineConfig } from "vitest/config";

// The browser test starts the whole playground (database, local Discord, bot process, Chromium):
// generous timeouts for a loaded 2-core machine; speed is measured by `pnpm bench`.
export default defineConfig({
  test: { testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false },
});
