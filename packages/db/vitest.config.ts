import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // A new in-memory PGlite takes several seconds to start on a small machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
