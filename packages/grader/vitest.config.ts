import { defineConfig } from "vitest/config";

// Tests here spawn processes, start databases or parse megabytes; on a busy 2-core CI machine
// that can take longer than vitest's 5-second default. Speed is checked by `pnpm bench`.
export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 120_000 },
});
