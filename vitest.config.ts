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
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, where two
    // took the PGlite run from 297 s to 226 s and the PostgreSQL one from 200 s to 124 s (the
    // files wait on PGlite's start and on the server as much as on the CPU).
    maxWorkers: 2,
  },
});
