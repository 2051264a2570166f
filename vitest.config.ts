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
    // Names the file each run's migrated PGlite database is kept in (server/test/global-setup.ts).
    globalSetup: ["./server/test/global-setup.ts"],
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, where two
    // took the PGlite run from 297 s to 226 s and the PostgreSQL one from 200 s to 124 s (the
    // files wait on PGlite's start and on the server as much as on the CPU).
    maxWorkers: 2,
    // Tests that only mean something on a PostgreSQL server (races between connections, several app
    // instances) carry this tag: skipped without TEST_DATABASE_URL, and counted at the end of the run.
    tags: [
      {
        name: "postgres",
        description: "needs a PostgreSQL server (TEST_DATABASE_URL)",
        skip: !process.env.TEST_DATABASE_URL,
      },
    ],
    reporters: ["default", "./server/test/postgres-only-reporter.ts"],
  },
});
