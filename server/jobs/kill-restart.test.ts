import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows";
import { auctionSettings, bids } from "../db/schema/auctions";
import { seedDatabase } from "../db/seed";
import { queueNewListing } from "../modules/watching/alert-matching";
import { followSeller } from "../modules/watching/followed-sellers.service";
import { createSavedSearch } from "../modules/watching/saved-searches.service";
import { openTestDatabase, type TestDatabase } from "../test/build-test-app";
import { createListing, createUser } from "../test/factories";

// The real server process, killed with SIGKILL in the middle of a background job's transaction, then
// started again, on a PostgreSQL server (PGlite cannot be shared by two processes). The test holds a
// row lock the job's transaction needs half-way, waits until the job waits on it (so it has written
// part of its work), kills the process and lets the orphaned transaction go: it finds its client gone
// and rolls back.

let t: TestDatabase;
let url: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-kill-"));
const children: ChildProcess[] = [];
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  t = await openTestDatabase("postgres");
  await seedDatabase(t.database.db, {});
  const [current] = await rows<{ db: string }>(t.database.db, sql`select current_database() as db`);
  const target = new URL(process.env.TEST_DATABASE_URL);
  target.pathname = `/${current?.db}`;
  url = target.toString();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await t?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server as `npm run dev:server` runs it, on the test's database; its own process id. */
function startServer(): { child: ChildProcess; output: () => string } {
  // node itself, not npx or tsx's launcher: SIGKILL must reach the process that holds the connection.
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  return { child, output: () => output };
}

/** Polls `check` until it holds; fails with `what` (and the server's output) if it never does. */
async function until(
  what: string,
  check: () => Promise<boolean>,
  server?: ReturnType<typeof startServer>,
) {
  const deadline = Date.now() + 90_000;
  while (!(await check())) {
    if (server && server.child.exitCode !== null)
      throw new Error(
        `the server exited (${server.child.exitCode}) before ${what}:\n${server.output()}`,
      );
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${server?.output() ?? ""}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

describe("background jobs when the process is killed", () => {
  // Invariant: whenever the process dies, every auction due is settled exactly once once an instance
  // runs again. The settlement cut off leaves nothing (no order, no status change), the ones committed
  // before stay as they were, and the restarted instance settles the rest: one order per won auction,
  // the winner's last bid won and every other bid lost, one "won" notification per winner.
  it("settles each auction exactly once after a kill -9 in the middle of a settlement and a restart", {
    tags: ["postgres"],
    timeout: 240_000,
  }, async () => {
    const db = t.database.db;
    const [winner, loser] = [await createUser(db, "winner"), await createUser(db, "loser")];
    // Six auctions, due one after another; the fifth's reserve is not met (no winner).
    const due: { id: string; won: boolean }[] = [];
    for (let i = 0; i < 6; i++) {
      const won = i !== 4;
      const listing = await createListing(db, {
        title: `Killed mid-way ${i}`,
        auction: {
          endTime: new Date(Date.now() + 3_600_000),
          reservePriceCents: won ? null : 5000,
        },
      });
      await db.insert(bids).values([
        { listingId: listing.id, bidderId: loser.id, amountCents: 1000, status: "outbid" },
        { listingId: listing.id, bidderId: winner.id, amountCents: 1100, status: "active" },
      ]);
      await db
        .update(auctionSettings)
        .set({ currentBidCents: 1100, bidCount: 2, leaderId: winner.id, leaderMaxCents: 1500 })
        .where(sql`listing_id = ${listing.id}`);
      due.push({ id: listing.id, won });
    }
    const ids = due.map((d) => d.id);
    const cutOff = due[2]?.id as string;

    // Hold the third auction's bids: its settlement writes its order, then waits on them, mid-way.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("begin");
    await holder.query("select id from bids where listing_id = $1 for update", [cutOff]);
    // Due in this order: settlement takes the earliest end first.
    for (const [i, id] of ids.entries()) {
      await db.execute(
        sql`update auction_settings set end_time = now() - make_interval(secs => ${60 - i}) where listing_id = ${id}`,
      );
    }

    const settledCount = async () =>
      (
        await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from auction_settings where settled_at is not null and listing_id in ${ids}`,
        )
      )[0]?.n ?? 0;
    const waiting = async () =>
      (
        await rows<{ pid: number }>(
          db,
          sql`select pid from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'
                  and backend_xid is not null and query ilike 'update bids set status%'`,
        )
      )[0]?.pid;

    const first = startServer();
    await until(
      "the third settlement to wait mid-way",
      async () => (await waiting()) !== undefined,
      first,
    );
    expect(await settledCount()).toBe(2);
    const backend = await waiting();
    first.child.kill("SIGKILL");
    await exited(first.child);
    expect(first.child.signalCode).toBe("SIGKILL");
    // Let the orphaned backend go on: it finds its client gone and rolls back.
    await holder.query("rollback");
    await holder.end();
    await until("the killed process's connection to end", async () => {
      const left = await rows(db, sql`select 1 from pg_stat_activity where pid = ${backend}`);
      return left.length === 0;
    });
    // Nothing of the cut-off settlement remains; the two committed before stay.
    expect(await settledCount()).toBe(2);
    const orphan = await rows(db, sql`select 1 from auction_orders where listing_id = ${cutOff}`);
    expect(orphan).toEqual([]);
    const [cutStatus] = await rows<{ status: string }>(
      db,
      sql`select status from listings where id = ${cutOff}`,
    );
    expect(cutStatus?.status).toBe("active");

    const second = startServer();
    await until(
      "every auction to be settled after the restart",
      async () => (await settledCount()) === 6,
      second,
    );
    second.child.kill("SIGTERM");
    await exited(second.child);

    const orders = await rows<{ listing_id: string; buyer_id: string; n: number }>(
      db,
      sql`select ao.listing_id, o.buyer_id, count(*) over (partition by ao.listing_id)::int as n
            from auction_orders ao join orders o on o.id = ao.order_id where ao.listing_id in ${ids}`,
    );
    const wonIds = due.filter((d) => d.won).map((d) => d.id);
    expect(orders.map((o) => o.listing_id).sort()).toEqual([...wonIds].sort());
    expect(orders.every((o) => o.n === 1 && o.buyer_id === winner.id)).toBe(true);
    // Orders made by a settlement but not linked to its auction would be a half-committed one.
    const [buyerOrders] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders o join order_lines ol on ol.order_id = o.id
            where ol.listing_id in ${ids}`,
    );
    expect(buyerOrders?.n).toBe(wonIds.length);
    for (const d of due) {
      const statuses = await rows<{ bidder_id: string; status: string }>(
        db,
        sql`select bidder_id, status from bids where listing_id = ${d.id} order by amount_cents`,
      );
      expect(statuses).toEqual([
        { bidder_id: loser.id, status: "lost" },
        { bidder_id: winner.id, status: d.won ? "won" : "lost" },
      ]);
    }
    const [won] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from notifications where kind = 'auction_won' and listing_id in ${ids}`,
    );
    expect(won?.n).toBe(wonIds.length);
  });
  // Invariant: each queued listing is matched exactly once however the process dies: the batch cut
  // off (saved-search notifications written, a follower's not yet) leaves no notification and its
  // listings queued; after the restart every listing has one notification per saved search and per
  // follower, and the queue is empty.
  it("matches each new listing exactly once after a kill -9 in the middle of a batch and a restart", {
    tags: ["postgres"],
    timeout: 240_000,
  }, async () => {
    const db = t.database.db;
    const saver = await createUser(db, "saver");
    const fan = await createUser(db, "fan");
    const seller = await createUser(db, "maker");
    await createSavedSearch(db, saver.id, { name: "Bowls", query: { search: "calabash" } });
    await followSeller(db, fan.id, seller.id);
    const listed: string[] = [];
    for (let i = 0; i < 120; i++) {
      const listing = await createListing(db, { title: `Calabash bowl ${i}`, sellerId: seller.id });
      await queueNewListing(db, listing.id);
      listed.push(listing.id);
    }
    const count = async (userId: string) =>
      (
        await rows<{ n: number; listings: number }>(
          db,
          sql`select count(*)::int as n, count(distinct listing_id)::int as listings
                from notifications where user_id = ${userId} and listing_id in ${listed}`,
        )
      )[0];

    // Hold the follower's row: a batch stores the saved search's notifications, then waits to
    // store the follower's (the foreign key check needs a share lock on it), mid-way.
    const holder = new pg.Client({ connectionString: url });
    holder.on("error", () => {});
    await holder.connect();
    await holder.query("begin");
    await holder.query("select id from users where id = $1 for update", [fan.id]);
    const waiting = async () =>
      (
        await rows<{ pid: number }>(
          db,
          sql`select pid from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'
                  and backend_xid is not null and query ilike 'insert into "notifications"%'`,
        )
      )[0]?.pid;

    const first = startServer();
    await until(
      "a matching batch to wait mid-way",
      async () => (await waiting()) !== undefined,
      first,
    );
    const backend = await waiting();
    first.child.kill("SIGKILL");
    await exited(first.child);
    expect(first.child.signalCode).toBe("SIGKILL");
    await holder.query("rollback");
    await holder.end();
    await until("the killed process's connection to end", async () => {
      const left = await rows(db, sql`select 1 from pg_stat_activity where pid = ${backend}`);
      return left.length === 0;
    });
    // The batch cut off left nothing, and its listings are still queued.
    expect(await count(saver.id)).toEqual({ n: 0, listings: 0 });
    const [queued] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from listing_alert_queue where listing_id in ${listed}`,
    );
    expect(queued?.n).toBe(120);

    const second = startServer();
    await until(
      "the queue to be drained after the restart",
      async () =>
        (
          await rows(
            db,
            sql`select 1 from listing_alert_queue where listing_id in ${listed} limit 1`,
          )
        ).length === 0,
      second,
    );
    second.child.kill("SIGTERM");
    await exited(second.child);
    expect(await count(saver.id)).toEqual({ n: 120, listings: 120 });
    expect(await count(fan.id)).toEqual({ n: 120, listings: 120 });
  });
});
