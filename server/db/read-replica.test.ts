import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app";
import { loadConfig } from "../config";
import { seedDatabase } from "../seed/seed";
import { createListing } from "../test/factories";
import { type ReplicaPair, startReplicaPair } from "../test/pg-replica";
import { until } from "../test/server-process";
import { type Database, openDatabase } from "./client";

// Public reads on a real streaming replica (issue 31): a second PostgreSQL cluster made with
// pg_basebackup from a primary of its own, started and stopped here. The replica's replay is
// paused to make it fall behind on purpose, so which database answered shows in the answer.

const MAX_LAG_MS = 8000;
const WORD = "zanzibarite";

let pair: ReplicaPair;
let database: Database;
let app: App;
let replica: pg.Client;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-replica-"));

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  pair = await startReplicaPair();
  database = await openDatabase({
    url: pair.primaryUrl,
    poolSize: 4,
    read: { url: pair.replicaUrl, maxLagMs: MAX_LAG_MS },
  });
  await database.migrate();
  await seedDatabase(database.db, {});
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    DATABASE_URL: pair.primaryUrl,
    DATABASE_READ_URL: pair.replicaUrl,
  });
  app = await buildApp({ config, database, logger: false });
  replica = new pg.Client({ connectionString: pair.replicaUrl });
  await replica.connect();
}, 240_000);

afterAll(async () => {
  await replica?.end().catch(() => undefined);
  await app?.close();
  await database?.close();
  await pair?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** How many listings a search for WORD finds, as a visitor (or a reader who just wrote) sees it. */
async function found(cookie?: string): Promise<number> {
  const res = await app.inject({
    method: "GET",
    url: `/api/listings?search=${WORD}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total;
}

const healthy = () => database.replica?.healthy() ?? false;

describe("public reads on a read replica", () => {
  it("reads the replica while it keeps up, the primary for a reader who just wrote, and the primary when the replica lags or is down", {
    tags: ["postgres"],
    timeout: 240_000,
  }, async () => {
    await until("the replica to be in use", async () => healthy());
    expect(await found()).toBe(0);

    // The replica stops replaying: a listing written now is on the primary only.
    await replica.query("select pg_wal_replay_pause()");
    const listing = await createListing(database.db, { title: `Rare ${WORD} crystal` });
    // A visitor is answered by the replica (not behind by more than MAX_LAG_MS yet): not there.
    expect(await found()).toBe(0);
    const page = await app.inject({ method: "GET", url: `/api/listings/${listing.id}` });
    expect(page.statusCode).toBe(404);
    // Someone who just wrote reads the primary.
    expect(await found("tw_fresh=1")).toBe(1);

    // A write answers the cookie that sends its writer's next reads to the primary.
    const visit = await app.inject({ method: "GET", url: "/api/categories" });
    const csrf = visit.cookies.find((c) => c.name === "tw_csrf")?.value;
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "x-csrf-token": csrf ?? "", cookie: `tw_csrf=${csrf}` },
      payload: { email: "keisha@demo.tradewinds.test", password: "Tradewinds1!" },
    });
    expect(login.statusCode, login.body).toBe(200);
    const fresh = login.cookies.find((c) => c.name === "tw_fresh");
    expect(fresh?.maxAge).toBeGreaterThan(MAX_LAG_MS / 1000);

    // Once it is too far behind, it is skipped: everyone reads the primary, and /metrics says so.
    await until("the replica to be skipped", async () => !healthy());
    expect(database.replica?.status().lagMs).toBeGreaterThan(MAX_LAG_MS);
    expect(await found()).toBe(1);

    // Replaying again, it catches up and is used again, with the listing.
    await replica.query("select pg_wal_replay_resume()");
    await until("the replica to be in use again", async () => healthy());
    expect(await found()).toBe(1);

    // Down: the reads that meet it failing are answered from the primary, and so is every read
    // after: readers busy while it stops see no error.
    await replica.end();
    let busy = true;
    const failures: string[] = [];
    const readers = Array.from({ length: 8 }, async (_, n) => {
      const urls = [
        `/api/listings?search=${WORD}`,
        `/api/listings/facets?search=${WORD}`,
        `/api/listings/${listing.id}`,
        "/api/home",
      ];
      while (busy) {
        const url = urls[n % urls.length] as string;
        const res = await app.inject({ method: "GET", url });
        if (res.statusCode !== 200) failures.push(`${url}: ${res.statusCode} ${res.body}`);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await pair.stopReplica();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    busy = false;
    await Promise.all(readers);
    expect(failures).toEqual([]);
    for (let i = 0; i < 5; i++) expect(await found()).toBe(1);
    expect(healthy()).toBe(false);
    const detail = await app.inject({ method: "GET", url: `/api/listings/${listing.id}` });
    expect(detail.statusCode).toBe(200);

    // Back up, it is used again.
    await pair.startReplica();
    await until("the restarted replica to be in use", async () => healthy());
    expect(await found()).toBe(1);
  });
});
