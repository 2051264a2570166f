import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listingQuerySchema } from "../../../core/contracts/browse";
import type { SavedSearchQuery } from "../../../core/contracts/watching";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { secondInstance, setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser } from "../../test/factories";
import { searchListings } from "../listings/listings.service";
import type { Email, Mailer } from "../mail/mailer";
import { sendPendingNotificationEmails } from "../notifications/notification-emails.service";
import { matchNewListings, queueNewListing } from "./alert-matching";
import { followSeller, updateFollow } from "./followed-sellers.service";
import { createSavedSearch } from "./saved-searches.service";

const t = setUpTestApp();
let db: Db;
beforeAll(async () => {
  db = t.database.db;
});

async function idOf(table: "categories" | "territories", slug: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`select id from ${sql.raw(table)} where slug = ${slug}`,
  );
  if (!row) throw new Error(`no ${slug}`);
  return row.id;
}

/** Lists a new listing as the selling service would: it is queued for matching. */
/** The calendar date (UTC) `days` from now, as the "delivery by" filter takes it. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function newListing(fields: Parameters<typeof createListing>[1]) {
  const listing = await createListing(db, fields);
  await queueNewListing(db, listing.id);
  return listing;
}

async function notificationsOf(userId: string, kind: string) {
  return rows<{ listing_id: string; saved_search_id: string | null; message: string }>(
    db,
    sql`select listing_id, saved_search_id, message from notifications
        where user_id = ${userId} and kind = ${kind} order by created_at, id`,
  );
}

describe("matching new listings against saved searches", () => {
  it("matches exactly what /api/listings finds for the saved query", async () => {
    // Drain anything queued by other set-up, so the run below sees only this test's listings.
    await matchNewListings(db);
    const electronics = await idOf("categories", "electronics");
    const phones = await idOf("categories", "phones");
    const [otherTop] = await rows<{ id: string; slug: string }>(
      db,
      sql`select id, slug from categories where parent_id is null and slug <> 'electronics' limit 1`,
    );
    const jamaica = await idOf("territories", "jamaica");
    const barbados = await idOf("territories", "barbados");
    const seller = await createUser(db, "matchseller");
    const hour = 3_600_000;

    const listings = [
      await newListing({
        title: "Steel pan, tenor",
        description: "Hand-hammered in Trinidad.",
        categoryId: otherTop?.id,
        territoryId: jamaica,
        priceCents: 45_000,
        condition: "good",
        shippingCents: 0,
        handlingDays: 1,
        shipWorldService: "expedited",
        shipWorldCents: 4_000,
      }),
      await newListing({
        title: "iPhone 13",
        description: "Unlocked, works with a steel pan case",
        categoryId: electronics,
        subcategoryId: phones,
        territoryId: barbados,
        priceCents: 30_000,
        condition: "like-new",
        shippingCents: 1500,
        localPickup: true,
        sellerId: seller.id,
      }),
      await newListing({
        title: "Vintage radio",
        description: "100% working_order",
        categoryId: electronics,
        territoryId: jamaica,
        priceCents: 8_000,
        condition: null,
        shippingCents: 2000,
        handlingDays: 8,
        featured: true,
        auction: { endTime: new Date(Date.now() + 48 * hour), currentBidCents: 9_500, bidCount: 3 },
      }),
      await newListing({
        title: "Cricket bat",
        description: "Willow, barely used",
        categoryId: otherTop?.id,
        territoryId: barbados,
        priceCents: 12_000,
        condition: "new",
        shippingCents: 0,
        localPickup: true,
        shipCaribbeanService: null,
        shipCaribbeanCents: null,
      }),
      await newListing({
        title: "Phone charger",
        description: "USB-C",
        categoryId: electronics,
        subcategoryId: phones,
        territoryId: jamaica,
        priceCents: 1_500,
        condition: "poor",
        shippingCents: 500,
        auction: { endTime: new Date(Date.now() + hour) },
      }),
    ];
    const newIds = new Set(listings.map((l) => l.id));

    const queries: SavedSearchQuery[] = [
      {},
      { search: "steel pan" },
      { search: "steel pan", includeDescription: "false" },
      { search: "100%" },
      { search: "working_order" },
      { search: "phones" },
      // Keys (search-keys.ts): OR and NOT and phrases have no lexeme key, stop words no query;
      // a part of a word ("ammer") matches nothing (words only, issue 30).
      { search: "an" },
      { search: "pan" },
      { search: "ammer" },
      { search: "radio or cricket" },
      { search: "steel -tenor" },
      { search: '"steel pan"' },
      { search: "the and" },
      { search: "Hand-hammered" },
      // Found by the tsquery's stemming: reached by the lexeme key.
      { search: "tenors" },
      { search: "batting" },
      { search: "usb-c", category: "phones" },
      { category: "electronics" },
      { category: "phones" },
      { territory: "jamaica" },
      { territory: jamaica },
      { seller: seller.username },
      { seller: seller.id },
      { kind: "auction" },
      { kind: "fixed_price", territory: "barbados" },
      { minPriceCents: "9000" },
      { maxPriceCents: "9500" },
      { minPriceCents: "9500", maxPriceCents: "30000" },
      { condition: "used" },
      { condition: ["new", "not_specified"] },
      { condition: "like-new" },
      { freeShipping: "true" },
      { localPickup: "true" },
      { freeShipping: "true", localPickup: "true" },
      { featured: "true" },
      // Delivery by destination (issue 29): the islands' own, the region's, the world's, by a date.
      { shipsTo: "jamaica" },
      { shipsTo: "barbados" },
      { shipsTo: "grenada" },
      { shipsTo: "world" },
      { shipsTo: "grenada", deliveryBy: inDays(9) },
      { shipsTo: "jamaica", deliveryBy: inDays(5) },
      { shipsTo: "world", deliveryBy: inDays(30) },
      { shipsTo: "barbados", deliveryBy: inDays(60) },
      { shipsTo: "jamaica", deliveryBy: inDays(-3) },
      { sort: "ending_soon" },
      { sort: "ending_soon", kind: "fixed_price" },
      { status: "sold" },
      {
        category: "electronics",
        search: "radio",
        maxPriceCents: "10000",
        condition: "not_specified",
      },
    ];
    const searches: { id: string; userId: string; query: SavedSearchQuery }[] = [];
    for (const query of queries) {
      const user = await createUser(db, "saver");
      const { search: saved } = await createSavedSearch(db, user.id, {
        name: "Test search",
        query,
      });
      searches.push({ id: saved.id, userId: user.id, query: saved.query });
    }
    // Notifications off: never matched.
    const quiet = await createUser(db, "quiet");
    await createSavedSearch(db, quiet.id, { name: "Off", query: {}, notificationsEnabled: false });

    expect(await matchNewListings(db)).toBe(listings.length);

    for (const search of searches) {
      // A delivery date gone by is dropped: the search keeps its "ships to" (decision 0021).
      const { deliveryBy, ...rest } = search.query;
      const live = deliveryBy && String(deliveryBy) < inDays(-1) ? rest : search.query;
      const q = listingQuerySchema.parse({ ...live, pageSize: "100" });
      const found = (await searchListings(db, q)).items
        .map((c) => c.id)
        .filter((id) => newIds.has(id))
        .sort();
      const matched = (await notificationsOf(search.userId, "saved_search_match"))
        .map((n) => n.listing_id)
        .sort();
      expect(matched, JSON.stringify(search.query)).toEqual(found);
    }
    // The check above must have had something to compare: most queries match some listing.
    const matchedAny = await rows<{ n: number }>(
      db,
      sql`select count(distinct saved_search_id)::int as n from notifications
          where kind = 'saved_search_match'`,
    );
    expect(matchedAny[0]?.n).toBeGreaterThan(20);
    expect(await notificationsOf(quiet.id, "saved_search_match")).toEqual([]);
    const steelPan = await notificationsOf(searches[1]?.userId ?? "", "saved_search_match");
    expect(steelPan.map((n) => n.message)).toContain(
      notificationText("saved_search_match", { search: "Test search", title: "iPhone 13" }),
    );
  });

  it("'ships to Grenada' alerts only on listings that ship there; a passed date keeps that part", async () => {
    await matchNewListings(db);
    const jamaica = await idOf("territories", "jamaica");
    const word = `grenadine${Math.random().toString(36).slice(2, 7)}`;
    const region = await newListing({
      title: `${word} region`,
      territoryId: jamaica,
      handlingDays: 0,
    });
    const island = await newListing({
      title: `${word} island`,
      territoryId: jamaica,
      shipCaribbeanService: null,
      shipCaribbeanCents: null,
    });
    const slow = await newListing({
      title: `${word} slow`,
      territoryId: jamaica,
      handlingDays: 10,
    });
    const saver = async (query: Record<string, string>) => {
      const user = await createUser(db, "grenadian");
      await createSavedSearch(db, user.id, { name: "Grenada", query: { search: word, ...query } });
      return user.id;
    };
    const shipsTo = await saver({ shipsTo: "grenada" });
    const soon = await saver({ shipsTo: "grenada", deliveryBy: inDays(16) });
    const passed = await saver({ shipsTo: "grenada", deliveryBy: inDays(-2) });
    await matchNewListings(db);
    const ids = async (userId: string) =>
      (await notificationsOf(userId, "saved_search_match")).map((n) => n.listing_id).sort();
    expect(await ids(shipsTo)).toEqual([region.id, slow.id].sort());
    // 16 days hold 8 to 12 business days (weekends, holidays, the cut-off): the same-day dispatch
    // and at most 7 days across the region fit, 10 days' handling and 7 do not.
    expect(await ids(soon)).toEqual([region.id]);
    expect(await ids(passed)).toEqual([region.id, slow.id].sort());
    expect(await ids(passed)).not.toContain(island.id);
  });

  it("tells followers with notifications on, not the seller's own saved search", async () => {
    await matchNewListings(db);
    const seller = await createUser(db, "followed");
    const fan = await createUser(db, "fan");
    const mutedFan = await createUser(db, "mutedfan");
    await followSeller(db, fan.id, seller.id);
    await followSeller(db, mutedFan.id, seller.id);
    await updateFollow(db, mutedFan.id, seller.id, { notificationsEnabled: false });
    await createSavedSearch(db, seller.id, { name: "Everything", query: {} });
    const listing = await newListing({ title: "Mahogany bowl", sellerId: seller.id });
    await matchNewListings(db);
    expect(await notificationsOf(fan.id, "followed_seller_listed")).toEqual([
      {
        listing_id: listing.id,
        saved_search_id: null,
        message: notificationText("followed_seller_listed", {
          seller: seller.username,
          title: "Mahogany bowl",
        }),
      },
    ]);
    expect(await notificationsOf(mutedFan.id, "followed_seller_listed")).toEqual([]);
    expect(await notificationsOf(seller.id, "saved_search_match")).toEqual([]);
  });

  // A batch that fails half-way with an error inside its transaction (not a killed process: that
  // is server/jobs/kill-restart.test.ts), then two workers sharing the queue.
  it("matches each listing once after a batch that failed half-way, then with two workers", async () => {
    await matchNewListings(db);
    const user = await createUser(db, "once");
    await createSavedSearch(db, user.id, { name: "Bowls", query: { search: "calabash" } });
    const first = await Promise.all(
      Array.from({ length: 60 }, (_, i) => newListing({ title: `Calabash bowl ${i}` })),
    );
    // The batch fails in the middle: the notifications insert raises, the batch rolls back.
    await db.execute(sql`create or replace function fail_matching() returns trigger
      language plpgsql as $$ begin raise exception 'worker died'; end $$`);
    await db.execute(sql`create trigger fail_matching before insert on notifications
      for each row execute function fail_matching()`);
    await expect(matchNewListings(db)).rejects.toThrow();
    await db.execute(sql`drop trigger fail_matching on notifications`);
    expect(await notificationsOf(user.id, "saved_search_match")).toEqual([]);
    const [queued] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from listing_alert_queue`,
    );
    expect(queued?.n).toBe(60);

    // Two workers (two instances on PostgreSQL; one process's pool on PGlite) after the restart.
    const second = process.env.TEST_DATABASE_URL ? await secondInstance(t) : null;
    try {
      const otherDb = second?.database.db ?? db;
      const more = await Promise.all(
        Array.from({ length: 40 }, (_, i) => newListing({ title: `Calabash cup ${i}` })),
      );
      const [a, b] = await Promise.all([matchNewListings(db), matchNewListings(otherDb)]);
      expect((a ?? 0) + (b ?? 0)).toBe(100);
      const got = (await notificationsOf(user.id, "saved_search_match")).map((n) => n.listing_id);
      expect(got).toHaveLength(100);
      expect(new Set(got)).toEqual(new Set([...first, ...more].map((l) => l.id)));
    } finally {
      await second?.close();
    }
  });
});

describe("saved search digest emails", () => {
  it("sends at most one email a day per saved search, listing the matches", async () => {
    await matchNewListings(db);
    await sendPendingNotificationEmails({ db, mailer: capture([]), publicUrl: "http://x" });
    const user = await createUser(db, "digest");
    await db.execute(
      sql`insert into notification_preferences (user_id, kind, email)
          values (${user.id}, 'saved_search_match', true)`,
    );
    const { search: saved } = await createSavedSearch(db, user.id, {
      name: "Surfboards",
      query: { search: "surfboard" },
    });
    const sent: Email[] = [];
    const mailer = capture(sent);
    const send = () => sendPendingNotificationEmails({ db, mailer, publicUrl: "http://tw.test" });

    await newListing({ title: "Longboard surfboard" });
    await matchNewListings(db);
    await send();
    expect(sent.map((e) => e.to)).toEqual([user.email]);
    expect(sent[0]?.subject).toBe('1 new listing for your saved search "Surfboards"');

    // Two more within the day: they wait for the next slot, a day after the first email.
    await newListing({ title: "Shortboard surfboard" });
    await matchNewListings(db);
    await newListing({ title: "Foam surfboard" });
    await matchNewListings(db);
    await send();
    expect(sent).toHaveLength(1);
    const due = await rows<{ due: boolean }>(
      db,
      sql`select email_due_at > now() + interval '23 hours' as due from notifications
          where saved_search_id = ${saved.id} and email_due_at is not null`,
    );
    expect(due).toEqual([{ due: true }, { due: true }]);

    // A day later: one email with both.
    await db.execute(sql`update notifications set email_due_at = email_due_at - interval '1 day'
      where saved_search_id = ${saved.id} and email_due_at is not null`);
    await db.execute(sql`update saved_searches set digest_at = digest_at - interval '1 day'
      where id = ${saved.id}`);
    await send();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toBe('2 new listings for your saved search "Surfboards"');
    expect(sent[1]?.text).toContain("Shortboard surfboard");
    expect(sent[1]?.text).toContain("Foam surfboard");
    expect(sent[1]?.text).toContain("http://tw.test/listings?search=surfboard");
  });
});

function capture(into: Email[]): Mailer {
  return {
    kind: "outbox",
    async send(email) {
      into.push(email);
    },
    close() {},
  };
}
