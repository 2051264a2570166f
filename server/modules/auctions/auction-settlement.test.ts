import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client";
import { rows } from "../../db/rows";
import { auctionSettings, bids } from "../../db/schema/auctions";
import { seedDatabase } from "../../seed/seed";
import { openTestDatabase } from "../../test/build-test-app";
import { createListing, createUser } from "../../test/factories";
import { settleDueAuctions, settleNextAuction } from "./auction-settlement";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A database that survives a "restart": a PGlite folder, or a database on the PostgreSQL server. */
async function restartableDatabase(): Promise<{ open: () => Promise<Database> }> {
  if (process.env.TEST_DATABASE_URL) {
    const { database, dispose } = await openTestDatabase();
    cleanups.push(dispose);
    // Reopen by URL, as a restarted process would.
    const current = await rows<{ db: string }>(database.db, sql`select current_database() as db`);
    const target = new URL(process.env.TEST_DATABASE_URL);
    target.pathname = `/${current[0]?.db}`;
    return { open: () => openDatabase({ url: target.toString() }) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-settle-"));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return { open: () => openDatabase({ pgliteDir: dir }) };
}

describe("settlement across a restart", () => {
  // A clean stop between two settlements (the database closed, then opened again), on PGlite too.
  // A process killed in the middle of a settlement is kill-restart.test.ts (PostgreSQL).
  it("settles every due auction exactly once when the process closes its database between two settlements and starts again", async () => {
    const store = await restartableDatabase();
    let database = await store.open();
    await database.migrate();
    await seedDatabase(database.db, {});
    const bidder = await createUser(database.db, "winner");
    const due: string[] = [];
    for (let i = 0; i < 3; i++) {
      const listing = await createListing(database.db, {
        title: `Due ${i}`,
        auction: { endTime: new Date(Date.now() + 3_600_000) },
      });
      await database.db
        .insert(bids)
        .values({ listingId: listing.id, bidderId: bidder.id, amountCents: 1000 });
      await database.db
        .update(auctionSettings)
        .set({
          currentBidCents: 1000,
          bidCount: 1,
          leaderId: bidder.id,
          leaderMaxCents: 1000,
          endTime: new Date(Date.now() - 1000),
        })
        .where(sql`listing_id = ${listing.id}`);
      due.push(listing.id);
    }

    const first = await settleNextAuction(database.db);
    expect(due).toContain(first);
    await database.close();

    database = await store.open();
    await database.migrate();
    const rest = await settleDueAuctions(database.db);
    expect([first, ...rest].sort()).toEqual([...due].sort());
    expect(await settleDueAuctions(database.db)).toEqual([]);
    const orders = await rows<{ listing_id: string; n: number }>(
      database.db,
      sql`select listing_id, count(*)::int as n from auction_orders where listing_id in ${due} group by listing_id`,
    );
    expect(orders.map((o) => Number(o.n))).toEqual([1, 1, 1]);
    await database.close();
  }, 120_000); // two database boots (migrate, seed) on a PGlite folder: slow on a busy machine
});
