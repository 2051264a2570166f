import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app";
import { type Clock, settableClock, systemClock } from "../../clock";
import { loadConfig } from "../../config";
import { Agent } from "../../test/agent";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";

// The dev money routes, on apps built as server.ts builds them (with the money jobs), on one
// database: a settable clock, the system clock, and production.

const DAY = 24 * 60 * 60 * 1000;

describe("the dev money routes", () => {
  let test: TestDatabase;
  let dataDir: string;
  const apps: App[] = [];
  const runs: number[] = [];

  async function appWith(clock: Clock, env: Record<string, string> = {}) {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env }),
      database: test.database,
      logger: false,
      clock,
      moneyJobs: async () => {
        runs.push(clock.now().getTime());
        return { released: 0 };
      },
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    test = await openTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-dev-money-"));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await test.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A POST with its CSRF token, as the browser's page makes it, from this machine or another. */
  const post = (app: App, url: string, payload: unknown, remoteAddress = "127.0.0.1") =>
    new Agent(app, remoteAddress).post(url, payload);

  it("moves a settable clock forward and runs the money jobs on it", async () => {
    const clock = settableClock(new Date("2026-05-01T00:00:00.000Z"));
    const app = await appWith(clock);
    const moved = await post(app, "/api/dev/clock", { advanceDays: 15 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(new Date(moved.json().now).getTime()).toBeGreaterThanOrEqual(
      new Date("2026-05-16T00:00:00.000Z").getTime(),
    );
    const run = await post(app, "/api/dev/money/run", {});
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().jobs).toEqual({ released: 0 });
    expect(runs.at(-1)).toBeGreaterThanOrEqual(Date.parse("2026-05-16T00:00:00.000Z"));
    // Never backwards, never absurd.
    for (const advanceDays of [-1, 400, "soon"]) {
      const res = await post(app, "/api/dev/clock", { advanceDays });
      expect(res.statusCode, String(advanceDays)).toBe(400);
    }
  });

  it("refuses to move the system clock, and answers no one off this machine", async () => {
    const app = await appWith(systemClock);
    const res = await post(app, "/api/dev/clock", { advanceDays: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/MONEY_CLOCK=settable/);
    const remote = await post(app, "/api/dev/money/run", {}, "203.0.113.7");
    expect(remote.statusCode).toBe(404);
  });

  it("does not exist in production", async () => {
    const before = runs.length;
    const clock = settableClock();
    const app = await appWith(clock, {
      NODE_ENV: "production",
      SESSION_SECRET: "a-production-secret-of-enough-length-0123456789",
    });
    expect((await post(app, "/api/dev/clock", { advanceDays: 1 })).statusCode).toBe(404);
    expect((await post(app, "/api/dev/money/run", {})).statusCode).toBe(404);
    expect(runs.length).toBe(before);
    expect(clock.offsetMs()).toBeLessThan(DAY);
  });
});
