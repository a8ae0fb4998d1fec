import { defineConfig } from "vitest/config";

// The CLI tests start tsx processes and the equality tests replay thousands of reviews; on a
// busy 2-core machine either can take longer than vitest's 5-second default.
export default defineConfig({
  test: { testTimeout: 300_000 },
});
