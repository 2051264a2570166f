import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "./test/build-test-app";
import { createListing } from "./test/factories";
import {
  databaseUrlOf,
  exited,
  killLeftoverServers,
  startServer,
  until,
} from "./test/server-process";

// The real server process stopped with SIGTERM, as a rolling restart behind a load balancer stops
// each instance (issue 31): it must say it is stopping before it stops, finish what it acknowledged,
// and send live clients elsewhere. On a PostgreSQL server: a second connection holds a lock that
// keeps a request in flight across the stop.

let t: TestDatabase;
let url: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-stop-"));
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  t = await openTestDatabase("postgres", { seeded: true });
  url = await databaseUrlOf(t.database.db);
});
afterAll(async () => {
  killLeftoverServers();
  await t?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Reads a streamed response to its end, collecting its text. */
async function readToEnd(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
}

describe("stopping an instance with SIGTERM", () => {
  it("turns /readyz unhealthy first, finishes the request in flight, ends live streams with a retry hint, and exits 0", {
    tags: ["postgres"],
    timeout: 120_000,
  }, async () => {
    const listing = await createListing(t.database.db, { title: "Read while the instance stops" });
    const server = await startServer({
      databaseUrl: url,
      dataDir,
      http: true,
      env: { SHUTDOWN_DRAIN_MS: "4000" },
    });
    const base = server.baseUrl as string;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    // A live client following the listing.
    const live = await fetch(`${base}/api/live?listings=${listing.id}`);
    expect(live.status).toBe(200);
    const liveText = readToEnd(live);

    // A request held in flight: the listing's row is locked by another connection.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("begin");
    await holder.query("lock table listings in access exclusive mode");
    const inFlight = fetch(`${base}/api/listings/${listing.id}`);
    await until("the request to wait on the lock", async () => {
      const waiting = await holder.query(
        `select 1 from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      return (waiting.rowCount ?? 0) > 0;
    });

    server.child.kill("SIGTERM");
    // The balancer's check sees it stopping while the instance still answers.
    await until("/readyz to answer 503", async () => {
      const res = await fetch(`${base}/readyz`);
      return res.status === 503 && (await res.json()).status === "stopping";
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    // The acknowledged request finishes once its lock is free, though the stop has begun.
    await holder.query("rollback");
    await holder.end();
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect((await answered.json()).id).toBe(listing.id);

    // The live stream is closed with a hint to come back soon (EventSource reconnects after it).
    const text = await liveText;
    expect(text).toContain(": connected");
    expect(text.trimEnd().endsWith("retry: 500")).toBe(true);

    await exited(server.child);
    expect(server.child.exitCode).toBe(0);
    // After the stop nothing answers.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
