import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "core/**/*.test.ts",
      "content/**/*.test.ts",
      "server/**/*.test.ts",
      "client/**/*.test.{ts,tsx}",
    ],
    // Each API test file opens its own database; PGlite start-up dominates, so allow for it.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
