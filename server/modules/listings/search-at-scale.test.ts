import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listingQuerySchema } from "../../../core/contracts/browse";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { AppError } from "../../errors";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing } from "../../test/factories";
import { createHomeCache } from "../home/home-cache";
import { createOverLimitCache, searchListings } from "./listings.service";
import { withQueryLimits } from "./query-limits";

// The pieces issue 18 added for a million listings (decision 0012), beyond the query rewrite that
// search-equivalence.test.ts compares with the old queries.

const t = setUpTestApp();

const copyOf = async (id: string) => {
  const [row] = await rows<{
    auction_ends_at: Date | string | null;
    auction_bid_cents: number | null;
    auction_bid_count: number | null;
  }>(
    t.database.db,
    sql`select auction_ends_at, auction_bid_cents, auction_bid_count from listings where id = ${id}`,
  );
  return {
    endsAt: row?.auction_ends_at ? new Date(row.auction_ends_at).toISOString() : null,
    bidCents: row?.auction_bid_cents ?? null,
    bidCount: row?.auction_bid_count ?? null,
  };
};

describe("the listing's copy of its auction (listing-sync.sql)", () => {
  it("follows auction_settings on insert, on every change and on delete", async () => {
    const end = new Date(Date.now() + 3_600_000);
    const listing = await createListing(t.database.db, { auction: { endTime: end } });
    expect(await copyOf(listing.id)).toEqual({
      endsAt: end.toISOString(),
      bidCents: null,
      bidCount: 0,
    });
    const later = new Date(Date.now() + 7_200_000);
    await t.database.db.execute(sql`update auction_settings set current_bid_cents = 2500,
      bid_count = 3, end_time = ${later.toISOString()} where listing_id = ${listing.id}`);
    expect(await copyOf(listing.id)).toEqual({
      endsAt: later.toISOString(),
      bidCents: 2500,
      bidCount: 3,
    });
    await t.database.db.execute(sql`delete from auction_settings where listing_id = ${listing.id}`);
    expect(await copyOf(listing.id)).toEqual({ endsAt: null, bidCents: null, bidCount: null });
  });

  it("follows a bid placed by place_bid(), soft close included", async () => {
    const listing = await createListing(t.database.db, {
      priceCents: 1000,
      auction: { endTime: new Date(Date.now() + 30_000) },
    });
    const [bidder] = await rows<{ id: string }>(
      t.database.db,
      sql`select u.id from users u join listings l on l.id = ${listing.id}
        where u.id <> l.seller_id order by u.username limit 1`,
    );
    const [bid] = await rows<{ outcome: string }>(
      t.database.db,
      sql`select outcome from place_bid(${listing.id}::uuid, ${bidder?.id}::uuid, 1500, null, 2)`,
    );
    expect(bid?.outcome).toBe("accepted");
    const [state] = await rows<{ end_time: Date | string; current_bid_cents: number }>(
      t.database.db,
      sql`select end_time, current_bid_cents from auction_settings where listing_id = ${listing.id}`,
    );
    expect(await copyOf(listing.id)).toEqual({
      endsAt: new Date(state?.end_time ?? 0).toISOString(),
      bidCents: state?.current_bid_cents,
      bidCount: 1,
    });
    // Soft close moved the end two minutes past the bid.
    expect(new Date(state?.end_time ?? 0).getTime()).toBeGreaterThan(Date.now() + 60_000);
  });
});

describe("the memory of searches over the exact-total limit", () => {
  it("answers a lower bound without counting again, and never keeps an exact total", async () => {
    const cache = createOverLimitCache();
    const q = listingQuerySchema.parse({ kind: "fixed_price" });
    const first = await searchListings(t.database.db, q, 3, cache);
    expect(first).toMatchObject({ total: 3, totalIsLowerBound: true });
    // The next page of the same search is known to be over the limit.
    const second = await searchListings(t.database.db, { ...q, page: 2 }, 3, cache);
    expect(second).toMatchObject({ total: 3, totalIsLowerBound: true });
    expect(second.items.length).toBeGreaterThan(0);
    // A search under the limit is counted every time: a new match shows at once.
    const word = `unique${Date.now()}`;
    const narrow = listingQuerySchema.parse({ search: word });
    expect((await searchListings(t.database.db, narrow, 3, cache)).total).toBe(0);
    await createListing(t.database.db, { title: `A ${word} lamp` });
    expect((await searchListings(t.database.db, narrow, 3, cache)).total).toBe(1);
  });

  it("forgets after its time and holds a bounded number of searches", () => {
    let now = 0;
    const cache = createOverLimitCache(1_000, 2, () => now);
    cache.add("a");
    expect(cache.has("a")).toBe(true);
    now = 999;
    expect(cache.has("a")).toBe(true);
    now = 1_000;
    expect(cache.has("a")).toBe(false);
    cache.add("b");
    cache.add("c");
    cache.add("d");
    expect([cache.has("b"), cache.has("c"), cache.has("d")]).toEqual([false, true, true]);
  });
});

describe("the home cache", () => {
  it("keeps the choice for its time, shows fresh cards, and drops one no longer on sale", async () => {
    let now = Date.parse("2026-01-01T12:00:00Z");
    const cache = createHomeCache(t.database.db, 30_000, () => now);
    const first = await cache.get();
    const sold = first.featured[0];
    expect(sold).toBeDefined();
    const newcomer = await createListing(t.database.db, { featured: true, title: "Newest deal" });
    await t.database.db.execute(sql`update listings set status = 'sold' where id = ${sold?.id}`);
    // Within the time: the same choice, less the listing sold since; the newcomer waits.
    const again = await cache.get();
    expect(again.featured.map((c) => c.id)).toEqual(first.featured.slice(1).map((c) => c.id));
    expect(again.featured.some((c) => c.id === newcomer.id)).toBe(false);
    // Past it: the last choice is served while a new one is made, then the new one.
    now += 30_000;
    const stale = await cache.get();
    expect(stale.featured.map((c) => c.id)).toEqual(again.featured.map((c) => c.id));
    // The new choice is made in the background: wait for it to be served, however long that takes
    // on a busy machine, rather than for a fixed time.
    await expect
      .poll(async () => (await cache.get()).featured[0]?.id, { timeout: 20_000, interval: 20 })
      .toBe(newcomer.id);
  });
});

describe("query limits", () => {
  it("answers 503 search_timed_out when the statement is cancelled", async () => {
    const cancelled = Object.assign(new Error("canceling statement due to statement timeout"), {
      code: "57014",
    });
    const failing = withQueryLimits(t.database, 1_000, undefined, async () => {
      throw cancelled;
    });
    await expect(failing).rejects.toMatchObject({ statusCode: 503, code: "search_timed_out" });
    if (t.database.driver === "pg") {
      // The server's own timer, on PostgreSQL.
      const slow = withQueryLimits(t.database, 100, undefined, (db) =>
        db.execute(sql`select pg_sleep(2)`),
      );
      await expect(slow).rejects.toBeInstanceOf(AppError);
      await expect(slow).rejects.toMatchObject({ statusCode: 503 });
    }
  });

  it("starts no statement once the client has gone", async () => {
    const controller = new AbortController();
    let ran = 0;
    const work = withQueryLimits(t.database, 5_000, controller.signal, async (db) => {
      await db.execute(sql`select 1`);
      ran += 1;
      controller.abort();
      await db.execute(sql`select 1`);
      ran += 1;
    });
    await expect(work).rejects.toMatchObject({ statusCode: 499, code: "client_closed" });
    expect(ran).toBe(1);
    if (t.database.driver === "pg") {
      // On PostgreSQL the statement running when the client goes is cancelled, not waited for.
      const gone = new AbortController();
      const started = Date.now();
      const slow = withQueryLimits(t.database, 10_000, gone.signal, (db) =>
        db.execute(sql`select pg_sleep(5)`),
      );
      setTimeout(() => gone.abort(), 300);
      await expect(slow).rejects.toBeInstanceOf(AppError);
      expect(Date.now() - started).toBeLessThan(3_000);
    }
  });

  it("runs every statement under the limit asked for, and nothing else under it", async () => {
    const shown = await withQueryLimits(t.database, 1_234, undefined, async (db) => {
      const first = await rows<{ statement_timeout: string }>(db, sql`show statement_timeout`);
      const second = await rows<{ statement_timeout: string }>(db, sql`show statement_timeout`);
      return [first[0]?.statement_timeout, second[0]?.statement_timeout];
    });
    expect(shown).toEqual(["1234ms", "1234ms"]);
    // The app's other work keeps no limit.
    const [plain] = await rows<{ statement_timeout: string }>(
      t.database.db,
      sql`show statement_timeout`,
    );
    expect(plain?.statement_timeout).toBe("0");
  });

  it("plans browse statements with their joins in the order written, and nothing else so", async () => {
    const setting = (db: Db) =>
      rows<{ join_collapse_limit: string }>(db, sql`show join_collapse_limit`).then(
        (r) => r[0]?.join_collapse_limit,
      );
    expect(await withQueryLimits(t.database, 5_000, undefined, setting)).toBe("1");
    expect(await setting(t.database.db)).toBe("8");
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "closes a connection it cancelled on, and runs the next request unharmed",
    { tags: ["postgres"] },
    async () => {
      const gone = new AbortController();
      let pid: number | undefined;
      const slow = withQueryLimits(t.database, 10_000, gone.signal, async (db) => {
        pid = (await rows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0]?.pid;
        return db.execute(sql`select pg_sleep(5)`);
      });
      setTimeout(() => gone.abort(), 300);
      await expect(slow).rejects.toBeInstanceOf(AppError);
      expect(pid).toBeGreaterThan(0);
      // The cancelled connection is closed, never handed to another request: a cancel that
      // arrived late could only have reached it.
      const alive = async () =>
        (
          await rows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from pg_stat_activity where pid = ${pid}`,
          )
        )[0]?.n;
      for (let i = 0; i < 40 && (await alive()) !== 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await alive()).toBe(0);
      const next = await withQueryLimits(t.database, 10_000, new AbortController().signal, (db) =>
        rows<{ pid: number }>(db, sql`select pg_backend_pid() as pid, pg_sleep(0.3)`),
      );
      expect(next[0]?.pid).not.toBe(pid);
    },
  );

  it("serves GET /api/listings within its limits", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/listings?search=speaker" });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
  });
});
