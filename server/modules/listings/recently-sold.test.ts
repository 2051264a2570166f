import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing } from "../../test/factories";
import { medianCents, titleWordsQuery } from "./listings.service";

const t = setUpTestApp();
let categoryId: string;
let subcategoryId: string;
let otherSubcategoryId: string;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function sold(title: string, priceCents: number, soldAt: Date, sub = subcategoryId) {
  return createListing(t.database.db, {
    title,
    priceCents,
    categoryId,
    subcategoryId: sub,
    status: "sold",
    quantity: 0,
    soldAt,
  });
}

beforeAll(async () => {
  const subs = await rows<{ id: string; parentId: string }>(
    t.database.db,
    sql`select id, parent_id as "parentId" from categories where parent_id is not null
        and parent_id = (select parent_id from categories where parent_id is not null limit 1)
        order by slug limit 2`,
  );
  categoryId = subs[0]?.parentId as string;
  subcategoryId = subs[0]?.id as string;
  otherSubcategoryId = subs[1]?.id as string;
});

describe("GET /api/listings/{id}/recently-sold", () => {
  it("lists sold items of the subcategory sharing a title word, last 90 days, with the median", async () => {
    const page = await createListing(t.database.db, {
      title: "Carved mahogany bowl",
      categoryId,
      subcategoryId,
    });
    const a = await sold("Mahogany serving tray", 3000, daysAgo(2));
    const b = await sold("Small carved bowls, set of two", 5000, daysAgo(10));
    const c = await sold("Bowl of calabash", 9000, daysAgo(30));
    await sold("Steel pan", 1000, daysAgo(1)); // no shared word
    await sold("Old mahogany bowl", 1000, daysAgo(120)); // too long ago
    await sold("Mahogany bowl elsewhere", 1000, daysAgo(1), otherSubcategoryId);
    await createListing(t.database.db, {
      title: "Mahogany bowl on sale",
      categoryId,
      subcategoryId,
    });

    const res = await t.app.inject({ url: `/api/listings/${page.id}/recently-sold` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { id: string }) => i.id)).toEqual([a.id, b.id, c.id]);
    expect(body.items[0]).toMatchObject({ status: "sold", soldPriceCents: 3000 });
    // A sale's date as it was written (the seed's history names its own).
    expect(Math.abs(Date.parse(body.items[0].soldAt) - daysAgo(2).getTime())).toBeLessThan(60_000);
    expect(body.medianPriceCents).toBe(5000);
  });

  it("answers an empty strip for a title of no words, and 404 for no listing", async () => {
    const page = await createListing(t.database.db, { title: "!!", categoryId, subcategoryId });
    const res = await t.app.inject({ url: `/api/listings/${page.id}/recently-sold` });
    expect(res.json()).toEqual({ items: [], medianPriceCents: null });
    const none = await t.app.inject({
      url: "/api/listings/00000000-0000-4000-8000-000000000000/recently-sold",
    });
    expect(none.statusCode).toBe(404);
  });

  it("a sold auction's price is its winning bid, and bought outright its Buy It Now price", async () => {
    const won = await createListing(t.database.db, {
      title: "Won drum",
      priceCents: 1000,
      auction: { endTime: daysAgo(1), currentBidCents: 4200, bidCount: 3 },
    });
    const outright = await createListing(t.database.db, {
      title: "Outright drum",
      priceCents: 1000,
      auction: { endTime: daysAgo(1), buyItNowPriceCents: 7700 },
    });
    await t.database.db.execute(
      sql`update listings set status = 'sold' where id in (${won.id}, ${outright.id})`,
    );
    const cards = (
      await t.app.inject({ url: `/api/listings/cards?ids=${won.id},${outright.id}` })
    ).json().items;
    expect(cards.map((c: { soldPriceCents: number }) => c.soldPriceCents)).toEqual([4200, 7700]);
    // The trigger stamped the sale; a listing back on sale loses it.
    expect(cards[0].soldAt).not.toBeNull();
    await t.database.db.execute(sql`update listings set status = 'active' where id = ${won.id}`);
    const [back] = await rows<{ soldAt: string | null }>(
      t.database.db,
      sql`select sold_at as "soldAt" from listings where id = ${won.id}`,
    );
    expect(back?.soldAt).toBeNull();
  });
});

describe("median and title words", () => {
  it("takes the middle price, or the mean of the middle two", () => {
    expect(medianCents([])).toBeNull();
    expect(medianCents([300, 100, 200])).toBe(200);
    expect(medianCents([100, 200, 300, 401])).toBe(250);
  });
  it("keeps letters and digits only, so no title changes the query's syntax", () => {
    expect(titleWordsQuery("Bowl & 'tray' | !(x) 1980s")).toBe("bowl | tray | 1980s");
    expect(titleWordsQuery("& | !")).toBeNull();
  });
});
