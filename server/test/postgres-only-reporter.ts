import type { Reporter, TestModule, Vitest } from "vitest/node";

/**
 * Says at the end of a run how many tests tagged `postgres` (vitest.config.ts) were skipped for want
 * of TEST_DATABASE_URL, so a green local run does not pass for one that checked the races and
 * multi-instance rules those tests hold. Tests left out by a name filter (-t) are not counted.
 */
export default class PostgresOnlyReporter implements Reporter {
  private pattern: RegExp | undefined;

  onInit(vitest: Vitest) {
    this.pattern = vitest.config.testNamePattern;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (process.env.TEST_DATABASE_URL) return;
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        if (!test.tags.includes("postgres") || test.result().state !== "skipped") continue;
        if (this.pattern && !this.pattern.test(test.fullName)) continue;
        skipped++;
      }
    }
    if (skipped === 0) return;
    process.stdout.write(
      `\n${skipped} ${skipped === 1 ? "test needs" : "tests need"} TEST_DATABASE_URL (PostgreSQL only, skipped): ` +
        "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test\n",
    );
  }
}
