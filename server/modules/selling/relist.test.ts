import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { CreateListingInput } from "../../../core/contracts/selling";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createUser, signedInAgent } from "../../test/factories";

// Sell similar and Relist (issue 30): a new listing copied from one of the seller's own, through
// POST /api/listings with `sourceListingId` (and `relist`).

const t = setUpTestApp();
let seller: Agent;
let other: Agent;
let watcher: Agent;
let watcherId: string;
let territoryId: string;

async function uploadPhoto(color = "#0f766e") {
  const data = await sharp({ create: { width: 600, height: 400, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const res = await seller.upload("/api/uploads", "photo.jpg", "image/jpeg", data);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string };
}

const auction = (overrides: Partial<CreateListingInput> = {}): CreateListingInput => ({
  kind: "auction",
  title: "Vintage steel pan",
  category: "home",
  territory: territoryId,
  condition: "good",
  description: "Tuned in Port of Spain.",
  priceCents: 10000,
  quantity: 1,
  shippingCents: 1500,
  returnPolicyDays: 30,
  durationDays: 3,
  ...overrides,
});

async function createOk(body: CreateListingInput, who = seller): Promise<string> {
  const res = await who.post("/api/listings", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Ends a listing as settlement would: sold, or ended without a sale. */
async function endAs(id: string, status: "sold" | "ended") {
  await t.database.db.execute(
    sql`update auction_settings set end_time = now() - interval '1 minute', settled_at = now() where listing_id = ${id}`,
  );
  await t.database.db.execute(sql`update listings set status = ${status} where id = ${id}`);
}

/** The copy's body, as the wizard sends it: the source's edit form, photos by their ids. */
async function copyOf(id: string, extra: Partial<CreateListingInput>): Promise<CreateListingInput> {
  const form = (await seller.get(`/api/listings/${id}/edit`)).json();
  return auction({
    title: form.title,
    imageIds: form.images.map((i: { id: string }) => i.id),
    sourceListingId: id,
    ...extra,
  });
}

beforeAll(async () => {
  const a = await createUser(t.database.db, "seller");
  const b = await createUser(t.database.db, "rival");
  const w = await createUser(t.database.db, "watcher");
  watcherId = w.id;
  watcher = await signedInAgent(t.app, t.database.db, w.id);
  seller = await signedInAgent(t.app, t.database.db, a.id);
  other = await signedInAgent(t.app, t.database.db, b.id);
  territoryId = (await seller.get("/api/territories")).json().items[0].id;
});

describe("Relist", () => {
  it("lists an auction that ended unsold again, photos shared, and tells its watchers", async () => {
    const photo = await uploadPhoto();
    const oldId = await createOk(auction({ title: "Unsold pan", imageIds: [photo.id] }));
    const watched = await watcher.put(`/api/me/watchlist/${oldId}`, {});
    expect(watched.statusCode, watched.body).toBeLessThan(300);
    await endAs(oldId, "ended");
    expect((await seller.get(`/api/listings/${oldId}/edit`)).json().canRelist).toBe(true);
    const mine = (await seller.get("/api/me/listings")).json().items;
    expect(mine.find((l: { id: string }) => l.id === oldId).canRelist).toBe(true);

    const newId = await createOk(await copyOf(oldId, { relist: true }));
    const fresh = (await seller.get(`/api/listings/${newId}`)).json();
    expect(fresh).toMatchObject({ title: "Unsold pan", status: "active", kind: "auction" });
    expect(fresh.auction.ended).toBe(false);
    const old = (await seller.get(`/api/listings/${oldId}`)).json();
    // One file, two listings: the old listing keeps its picture.
    expect(fresh.images.map((i: { url: string }) => i.url)).toEqual([photo.url]);
    expect(old.images.map((i: { url: string }) => i.url)).toEqual([photo.url]);

    const told = await rows<{ kind: string; link: string }>(
      t.database.db,
      sql`select kind, link from notifications where user_id = ${watcherId}`,
    );
    expect(told).toEqual([{ kind: "watched_item_relisted", link: `/listing/${newId}` }]);
  });

  it("refuses a sold listing with a clear 422, and one still on sale", async () => {
    const soldId = await createOk(auction({ title: "Sold pan" }));
    await endAs(soldId, "sold");
    expect((await seller.get(`/api/listings/${soldId}/edit`)).json().canRelist).toBe(false);
    const sold = await seller.post("/api/listings", await copyOf(soldId, { relist: true }));
    expect(sold.statusCode).toBe(422);
    expect(sold.json().error).toEqual({
      code: "listing_sold",
      message: "This item sold, so it can't be relisted. Use Sell similar to list another.",
    });

    const liveId = await createOk(auction({ title: "Live pan" }));
    const live = await seller.post("/api/listings", await copyOf(liveId, { relist: true }));
    expect(live.statusCode).toBe(422);
    expect(live.json().error.code).toBe("listing_not_ended");
    const [n] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from listings where title in ('Sold pan', 'Live pan')`,
    );
    expect(n?.n).toBe(2);
  });

  it("is 404 for another seller's listing", async () => {
    const oldId = await createOk(auction({ title: "Not yours" }));
    await endAs(oldId, "ended");
    const res = await other.post("/api/listings", {
      ...auction({ title: "Not yours" }),
      sourceListingId: oldId,
      relist: true,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("listing_not_found");
  });
});

describe("Sell similar", () => {
  it("copies any listing of the seller's, sold ones too, with its photos, as a new listing", async () => {
    const photo = await uploadPhoto("#b45309");
    const soldId = await createOk(auction({ title: "Sold drum", imageIds: [photo.id] }));
    await endAs(soldId, "sold");
    const newId = await createOk(await copyOf(soldId, { title: "Another drum" }));
    const fresh = (await seller.get(`/api/listings/${newId}`)).json();
    expect(fresh.title).toBe("Another drum");
    expect(fresh.images.map((i: { url: string }) => i.url)).toEqual([photo.url]);
  });

  it("refuses another seller's photos through a listing that is not theirs", async () => {
    const photo = await uploadPhoto("#1d4ed8");
    const id = await createOk(auction({ title: "Mine", imageIds: [photo.id] }));
    const res = await other.post("/api/listings", {
      ...auction({ title: "Copy" }),
      imageIds: [photo.id],
      sourceListingId: id,
    });
    expect(res.statusCode).toBe(404);
    const plain = await other.post("/api/listings", {
      ...auction({ title: "Copy" }),
      imageIds: [photo.id],
    });
    expect(plain.statusCode).toBe(400);
  });
});

describe("what may be revised", () => {
  it("a sold auction may not be revised; an unsold ended one may", async () => {
    const soldId = await createOk(auction({ title: "Sold bell" }));
    await endAs(soldId, "sold");
    const sold = await seller.patch(`/api/listings/${soldId}`, { description: "New words" });
    expect(sold.statusCode).toBe(422);
    expect(sold.json().error.code).toBe("listing_sold");

    const unsoldId = await createOk(auction({ title: "Unsold bell" }));
    await endAs(unsoldId, "ended");
    const unsold = await seller.patch(`/api/listings/${unsoldId}`, { description: "New words" });
    expect(unsold.statusCode, unsold.body).toBe(200);
  });
});
