import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAuctionEnded } from "../../../core/bidding";
import { type Database, openDatabase } from "../../db/client";
import {
  AUCTION_RULES_SQL,
  PLACE_BID_SQL,
  routineSources,
  SHIPS_TO_ACCOUNT_SQL,
  storedRoutineSources,
} from "../../db/routines";
import { rows } from "../../db/rows";
import { seedDatabase } from "../../seed/seed";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { createListing, createUser } from "../../test/factories";
import { auctionEndedExpression } from "../listings/listing-visibility";
import { PLACE_BID, type PlaceBidRow, placeBidParams } from "./bidding.service";

// place-bid.sql is applied by Database.migrate() after the migrations, every time: these tests
// check that the database runs that file as written, that migrate() puts it back, and (on a
// PostgreSQL server) that instances migrating at once neither fail nor break a prepared bid.
let t: TestDatabase;
let bidderId: string;
beforeAll(async () => {
  t = await openTestDatabase();
  await seedDatabase(t.database.db, {});
  bidderId = (await createUser(t.database.db, "routine")).id;
});
afterAll(async () => {
  await t?.dispose();
});

// place_bid() calls the auction rules (auction-rules.sql) and ships_to_account()
// (ships-to-account.sql) too: the three files are its whole source.
const fileSources = () =>
  routineSources(
    [AUCTION_RULES_SQL, SHIPS_TO_ACCOUNT_SQL, PLACE_BID_SQL]
      .map((f) => readFileSync(f, "utf8"))
      .join("\n"),
  );

/** A first bid of $10.00 on a new auction through the app's named statement; its answer. */
async function firstBid(database: Database): Promise<PlaceBidRow | undefined> {
  const listing = await createListing(database.db, {
    priceCents: 1000,
    images: 0,
    auction: { endTime: new Date(Date.now() + 3_600_000) },
  });
  const [r] = await database.run<PlaceBidRow>(
    PLACE_BID,
    placeBidParams(listing.id, bidderId, { amountCents: 1000 }, 0),
  );
  return r;
}

describe("place-bid.sql", () => {
  it("is what the database runs after migrate(), function for function", async () => {
    const file = fileSources();
    expect([...file.keys()].sort()).toEqual([
      "auction_before_end",
      "auction_buy_it_now_open",
      "auction_min_next_bid",
      "auction_open",
      "bid_format_usd",
      "bid_increment_for",
      "bid_price_for",
      "place_bid",
      "ships_to_account",
    ]);
    expect(await storedRoutineSources(t.database.db, file.keys())).toEqual(file);
  });

  it("is applied again by migrate() over a function changed in the database", async () => {
    await t.database.db.execute(sql`create or replace function bid_increment_for(p_cents integer)
      returns integer language plpgsql stable as $$ begin return 7777; end $$`);
    expect(await firstBid(t.database)).toMatchObject({ outcome: "accepted", min_next_cents: 8777 });

    await t.database.migrate();
    expect(await storedRoutineSources(t.database.db, fileSources().keys())).toEqual(fileSources());
    // $10.00 falls in the demo table's $5.00-$25.00 band: 50 cents.
    expect(await firstBid(t.database)).toMatchObject({ outcome: "accepted", min_next_cents: 1050 });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "lets instances migrate at once while a connection keeps its prepared bid",
    { tags: ["postgres"] },
    async () => {
      const [current] = await rows<{ name: string }>(
        t.database.db,
        sql`select current_database() as name`,
      );
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${current?.name}`;
      // One connection each, so the first keeps the statement it prepared across the migrations.
      const instances = await Promise.all(
        [0, 1, 2].map(() => openDatabase({ url: url.toString(), poolSize: 1 })),
      );
      try {
        const [first] = instances as [Database, ...Database[]];
        expect(await firstBid(first)).toMatchObject({ outcome: "accepted" });
        await Promise.all(instances.map((d) => d.migrate()));
        expect(await firstBid(first)).toMatchObject({ outcome: "accepted", min_next_cents: 1050 });
      } finally {
        await Promise.all(instances.map((d) => d.close()));
      }
    },
  );
});

describe("a bid on an item that does not ship to the bidder", () => {
  it("is refused by place_bid() itself, before the auction is read, and writes nothing", async () => {
    const db = t.database.db;
    const listing = await createListing(db, {
      priceCents: 1000,
      images: 0,
      shipCaribbeanService: null,
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const [where] = await rows<{ slug: string; other: string }>(
      db,
      sql`select t.slug, (select o.slug from territories o where o.id <> t.id and o.slug <> 'world'
            order by o.slug limit 1) as other
          from listings l join territories t on t.id = l.territory_id where l.id = ${listing.id}`,
    );
    const far = (await createUser(db, "far-bidder")).id;
    await db.execute(sql`update users set deliver_to = ${where?.other} where id = ${far}`);
    const bid = (bidder: string) =>
      t.database.run<PlaceBidRow>(
        PLACE_BID,
        placeBidParams(listing.id, bidder, { amountCents: 1000 }, 0),
      );
    expect((await bid(far))[0]).toMatchObject({ outcome: "does_not_ship" });
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bids where listing_id = ${listing.id}`,
    );
    expect(count?.n).toBe(0);
    // The same territory as the listing's (its own service) is shipped to.
    await db.execute(sql`update users set deliver_to = ${where?.slug} where id = ${far}`);
    expect((await bid(far))[0]).toMatchObject({ outcome: "accepted" });
  });
});

describe("an auction's end", () => {
  it("is read alike by isAuctionEnded, the SQL expression and place_bid()", async () => {
    const db = t.database.db;
    const now = Date.now();
    const cases = [
      { status: "active", endsInMs: 3_600_000 },
      { status: "active", endsInMs: -1000 },
      { status: "ended", endsInMs: 3_600_000 },
      { status: "sold", endsInMs: 3_600_000 },
      { status: "sold", endsInMs: -1000 },
    ] as const;
    for (const c of cases) {
      const listing = await createListing(db, {
        status: c.status,
        priceCents: 1000,
        images: 0,
        auction: { endTime: new Date(now + c.endsInMs) },
      });
      const [read] = await rows<{
        ended: boolean;
        end_time: Date | string;
        read_at: Date | string;
      }>(
        db,
        sql`select ${auctionEndedExpression} as ended, a.end_time, now() as read_at
            from listings l join auction_settings a on a.listing_id = l.id where l.id = ${listing.id}`,
      );
      if (!read) throw new Error("listing not found");
      const [bid] = await t.database.run<PlaceBidRow>(
        PLACE_BID,
        placeBidParams(listing.id, bidderId, { amountCents: 1000 }, 0),
      );
      const ended = c.endsInMs < 0 || c.status !== "active";
      expect(read.ended, JSON.stringify(c)).toBe(ended);
      expect(
        isAuctionEnded({ status: c.status, endsAt: read.end_time }, new Date(read.read_at)),
        JSON.stringify(c),
      ).toBe(ended);
      expect(bid?.outcome, JSON.stringify(c)).toBe(ended ? "ended" : "accepted");
    }
  });
});
