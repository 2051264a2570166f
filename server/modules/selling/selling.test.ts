import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { CreateListingInput } from "../../../core/contracts/selling";
import { rows } from "../../db/rows";
import { orderLines, orders } from "../../db/schema/orders";
import { cleanUpOrphanUploads } from "../../jobs/upload-cleanup";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createUser, signedInAgent } from "../../test/factories";

const t = setUpTestApp();
let seller: Agent;
let sellerId: string;
let other: Agent;
let otherId: string;
let territoryId: string;

const photo = (color = "#0f766e", width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .withMetadata({ exif: { IFD0: { Copyright: "gps-secret-beach" } } })
    .jpeg()
    .toBuffer();

async function uploadPhoto(who = seller, color?: string) {
  const res = await who.upload("/api/uploads", "photo.jpg", "image/jpeg", await photo(color));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string; thumbUrl: string };
}

const fixed = (overrides: Partial<CreateListingInput> = {}): CreateListingInput => ({
  kind: "fixed_price",
  title: "Hand-woven straw basket",
  category: "home",
  territory: territoryId,
  condition: "new",
  description: "Woven in Saint Lucia from local straw.",
  priceCents: 4500,
  quantity: 3,
  shippingCents: 0,
  returnPolicyDays: 30,
  ...overrides,
});

const auction = (overrides: Partial<CreateListingInput> = {}): CreateListingInput => ({
  ...fixed(),
  kind: "auction",
  title: "Vintage steel pan",
  priceCents: 10000,
  quantity: 1,
  durationDays: 3,
  ...overrides,
});

async function create(body: unknown, who = seller) {
  return who.post("/api/listings", body);
}

async function createOk(body: CreateListingInput, who = seller): Promise<string> {
  const res = await create(body, who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function listingCount(title: string) {
  const [row] = await rows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from listings where title = ${title}`,
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  const a = await createUser(t.database.db, "seller");
  const b = await createUser(t.database.db, "rival");
  sellerId = a.id;
  otherId = b.id;
  seller = await signedInAgent(t.app, t.database.db, a.id);
  other = await signedInAgent(t.app, t.database.db, b.id);
  territoryId = (await seller.get("/api/territories")).json().items[0].id;
});

describe("POST /api/uploads", () => {
  it("stores a re-encoded large image and thumbnail without the photo's metadata", async () => {
    const upload = await uploadPhoto();
    expect(upload.url).toMatch(/^\/uploads\/listings\/.+\.webp$/);
    const dir = path.join(t.app.config.uploadsDir);
    const large = fs.readFileSync(path.join(dir, upload.url.slice("/uploads/".length)));
    const thumb = fs.readFileSync(path.join(dir, upload.thumbUrl.slice("/uploads/".length)));
    const meta = await sharp(large).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(large.includes(Buffer.from("gps-secret-beach"))).toBe(false);
    expect((await sharp(thumb).metadata()).width).toBeLessThanOrEqual(480);
  });

  it("refuses a text file named .jpg, an SVG, a truncated image and an oversized file", async () => {
    const text = await seller.upload("/api/uploads", "cat.jpg", "image/jpeg", Buffer.from("hi"));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toMatch(/Please choose an image file/);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>');
    const svgRes = await seller.upload("/api/uploads", "logo.png", "image/png", svg);
    expect(svgRes.statusCode).toBe(400);

    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: "#123456" },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const cut = await seller.upload(
      "/api/uploads",
      "cut.png",
      "image/png",
      png.subarray(0, png.length / 2),
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.message).toMatch(/damaged or incomplete/);

    const huge = await seller.upload(
      "/api/uploads",
      "huge.jpg",
      "image/jpeg",
      Buffer.alloc(10 * 1024 * 1024 + 10, 1),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe("Images must be at most 10 MB.");
  });

  it("needs a signed-in user", async () => {
    const res = await new Agent(t.app).upload("/api/uploads", "a.jpg", "image/jpeg", await photo());
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/listings", () => {
  it("creates a fixed-price listing with its photos in the order given", async () => {
    const first = await uploadPhoto(seller, "#ff0000");
    const second = await uploadPhoto(seller, "#00ff00");
    const id = await createOk(
      fixed({
        imageIds: [second.id, first.id],
        specifications: [{ key: "Material", value: "Straw" }],
      }),
    );
    const detail = (await seller.get(`/api/listings/${id}`)).json();
    expect(detail).toMatchObject({
      kind: "fixed_price",
      title: "Hand-woven straw basket",
      priceCents: 4500,
      quantity: 3,
      status: "active",
      specifications: { Material: "Straw" },
      seller: { id: sellerId },
      category: { slug: "home" },
    });
    expect(detail.images.map((i: { url: string }) => i.url)).toEqual([second.url, first.url]);
    expect(detail.auction).toBeNull();
  });

  it("creates an auction with its settings: duration, hidden reserve, Buy It Now, one unit", async () => {
    const before = Date.now();
    const id = await createOk(
      auction({ quantity: 5, reservePriceCents: 20000, buyItNowPriceCents: 30000 }),
    );
    const detail = (await other.get(`/api/listings/${id}`)).json();
    expect(detail.kind).toBe("auction");
    expect(detail.quantity).toBe(1);
    expect(detail.auction).toMatchObject({
      startPriceCents: 10000,
      currentBidCents: null,
      bidCount: 0,
      hasReserve: true,
      reserveMet: false,
      buyItNowPriceCents: 30000,
    });
    expect(JSON.stringify(detail)).not.toContain("20000");
    const ends = new Date(detail.auction.endsAt).getTime();
    expect(ends - before).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(ends - before).toBeLessThan(3 * 86_400_000 + 60_000);
  });

  it("defaults an auction to 7 days, reads the kind aliases, and treats a missing kind as fixed price", async () => {
    const { durationDays: _d, ...noDuration } = auction();
    const id = await createOk(noDuration);
    const ends = new Date((await seller.get(`/api/listings/${id}`)).json().auction.endsAt);
    expect(Math.round((ends.getTime() - Date.now()) / 86_400_000)).toBe(7);

    const alias = await createOk(fixed({ kind: "buy_it_now" }));
    expect((await seller.get(`/api/listings/${alias}`)).json().kind).toBe("fixed_price");
    const { kind: _k, ...noKind } = fixed();
    const missing = await createOk(noKind);
    expect((await seller.get(`/api/listings/${missing}`)).json().kind).toBe("fixed_price");
  });

  it("says who must sign in", async () => {
    const res = await create(fixed(), new Agent(t.app));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("You must be logged in to create a listing");
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["no title", { title: "  " }, "title", "Title is required"],
    ["a long title", { title: "x".repeat(121) }, "title", "Title must be at most 120 characters"],
    ["no description", { description: "" }, "description", "Description is required"],
    ["an unknown condition", { condition: "mint" }, "condition", "Condition is required"],
    ["a zero price", { priceCents: 0 }, "priceCents", "Price must be at least $0.01"],
    [
      "a fractional price",
      { priceCents: 10.5 },
      "priceCents",
      "Price must be a whole number of cents",
    ],
    ["a price as text", { priceCents: "12" }, "priceCents", "Price must be a number"],
    ["quantity 0", { quantity: 0 }, "quantity", "Quantity must be at least 1"],
    [
      "negative shipping",
      { shippingCents: -1 },
      "shippingCents",
      "Shipping price must not be negative",
    ],
    [
      "a 10-day return policy",
      { returnPolicyDays: 10 },
      "returnPolicyDays",
      "Return policy must be one of 30, 14, 7, 0 days",
    ],
    ["an unknown kind", { kind: "raffle" }, "kind", "Choose Fixed Price or Auction"],
    [
      "a 2-day auction",
      { kind: "auction", durationDays: 2 },
      "durationDays",
      "Duration must be 1, 3, 5, 7, 10 days",
    ],
    [
      "a reserve below the start",
      { kind: "auction", reservePriceCents: 100 },
      "reservePriceCents",
      "The reserve price must not be below the starting price",
    ],
    [
      "Buy It Now at the start price",
      { kind: "auction", buyItNowPriceCents: 4500 },
      "buyItNowPriceCents",
      "The Buy It Now price must be above the starting and reserve prices",
    ],
    [
      "an empty specification",
      { specifications: [{ key: "Size", value: " " }] },
      "specifications.0.value",
      "Each specification needs a value",
    ],
    [
      "a photo id twice",
      {
        imageIds: ["6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f", "6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f"],
      },
      "imageIds",
      "The same photo is listed twice",
    ],
  ];
  for (const [name, change, field, message] of invalid) {
    it(`refuses ${name} with the field's message`, async () => {
      const res = await create({ ...fixed({ title: `invalid ${name}` }), ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields?.[field]).toBe(message);
      expect(await listingCount(`invalid ${name}`)).toBe(0);
    });
  }

  it("refuses unknown categories, a subcategory of another category and unknown territories", async () => {
    const bad = await create(fixed({ category: "spaceships" }));
    expect(bad.json().error.fields.category).toBe("Choose a category");
    const sub = await create(fixed({ category: "home", subcategory: "phones" }));
    expect(sub.statusCode).toBe(400);
    expect(sub.json().error.fields.subcategory).toBe("Choose a subcategory of the chosen category");
    const place = await create(fixed({ territory: "atlantis" }));
    expect(place.json().error.fields.territory).toBe("Choose a territory");
  });

  it("refuses a 13th photo, another user's photo and a photo already on another listing", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) ids.push((await uploadPhoto()).id);
    const thirteen = await create(fixed({ title: "thirteen photos", imageIds: ids }));
    expect(thirteen.statusCode).toBe(400);
    expect(thirteen.json().error.fields.imageIds).toBe("You can add up to 12 photos");
    expect(await listingCount("thirteen photos")).toBe(0);

    const theirs = await uploadPhoto(other);
    const stolen = await create(fixed({ title: "stolen photo", imageIds: [theirs.id] }));
    expect(stolen.statusCode).toBe(400);
    expect(await listingCount("stolen photo")).toBe(0);

    await createOk(fixed({ imageIds: ids.slice(0, 12) }));
    const reused = await create(fixed({ title: "reused photo", imageIds: [ids[0] as string] }));
    expect(reused.statusCode).toBe(400);
    expect(await listingCount("reused photo")).toBe(0);
  });

  it("leaves no listing behind when the auction settings insert fails", async () => {
    const db = t.database.db;
    await db.execute(sql`
      create or replace function fail_auction_settings() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`);
    await db.execute(sql`
      create trigger fail_auction_settings before insert on auction_settings
      for each row execute function fail_auction_settings()`);
    try {
      const upload = await uploadPhoto();
      const res = await create(auction({ title: "half-made auction", imageIds: [upload.id] }));
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain("simulated failure");
      expect(await listingCount("half-made auction")).toBe(0);
      const [images] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from listing_images where upload_id = ${upload.id}`,
      );
      expect(images?.n).toBe(0);
    } finally {
      await db.execute(sql`drop trigger fail_auction_settings on auction_settings`);
    }
  });
});

async function bid(listingId: string, amountCents: number, who = other) {
  const res = await who.post(`/api/listings/${listingId}/bids`, { amountCents });
  expect(res.statusCode, res.body).toBe(201);
}

describe("PATCH /api/listings/{id}", () => {
  it("changes everything while an auction has no bids, including turning it into fixed price", async () => {
    const id = await createOk(auction({ title: "editable auction" }));
    const edit = await seller.get(`/api/listings/${id}/edit`);
    expect(edit.json()).toMatchObject({ kind: "auction", durationDays: 3, locked: false });

    const res = await seller.patch(`/api/listings/${id}`, {
      title: "Renamed pan",
      priceCents: 12000,
      durationDays: 5,
      reservePriceCents: 15000,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await seller.get(`/api/listings/${id}/edit`)).json();
    expect(after).toMatchObject({
      title: "Renamed pan",
      priceCents: 12000,
      durationDays: 5,
      reservePriceCents: 15000,
    });
    expect((await seller.get(`/api/listings/${id}`)).json().auction.startPriceCents).toBe(12000);

    const toFixed = await seller.patch(`/api/listings/${id}`, {
      kind: "fixed_price",
      quantity: 4,
    });
    expect(toFixed.statusCode, toFixed.body).toBe(200);
    const detail = (await seller.get(`/api/listings/${id}`)).json();
    expect(detail).toMatchObject({ kind: "fixed_price", quantity: 4, auction: null });
  });

  it("after the first bid allows only the description and photos", async () => {
    const id = await createOk(auction({ title: "locked auction" }));
    await bid(id, 10000);
    expect((await seller.get(`/api/listings/${id}/edit`)).json().locked).toBe(true);

    const title = await seller.patch(`/api/listings/${id}`, { title: "Switched item" });
    expect(title.statusCode).toBe(422);
    expect(title.json().error.message).toBe(
      "Only the description and photos can change once an auction has bids.",
    );
    const price = await seller.patch(`/api/listings/${id}`, {
      description: "ok",
      priceCents: 1,
    });
    expect(price.statusCode).toBe(422);

    const upload = await uploadPhoto();
    const ok = await seller.patch(`/api/listings/${id}`, {
      description: "Now with a photo of the case.",
      imageIds: [upload.id],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const detail = (await seller.get(`/api/listings/${id}`)).json();
    expect(detail.title).toBe("locked auction");
    expect(detail.description).toBe("Now with a photo of the case.");
    expect(detail.images.map((i: { url: string }) => i.url)).toEqual([upload.url]);
  });

  it("reorders and removes photos, keeping the ones the edit form sent back", async () => {
    const a = await uploadPhoto();
    const b = await uploadPhoto();
    const c = await uploadPhoto();
    const id = await createOk(fixed({ imageIds: [a.id, b.id, c.id] }));
    const form = (await seller.get(`/api/listings/${id}/edit`)).json();
    const ids = form.images.map((i: { id: string }) => i.id);
    expect(ids).toEqual([a.id, b.id, c.id]);
    const res = await seller.patch(`/api/listings/${id}`, { imageIds: [c.id, a.id] });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await seller.get(`/api/listings/${id}`)).json();
    expect(detail.images.map((i: { url: string }) => i.url)).toEqual([c.url, a.url]);
  });

  it("keeps demo photos (which have no upload) when they are sent back by id", async () => {
    const [demo] = await rows<{ id: string; seller_id: string }>(
      t.database.db,
      sql`select l.id, l.seller_id from listings l where l.kind = 'fixed_price'
          and exists (select 1 from listing_images i where i.listing_id = l.id and i.upload_id is null)
          and not exists (select 1 from order_lines ol where ol.listing_id = l.id) limit 1`,
    );
    if (!demo) throw new Error("the demo data has no such listing");
    const owner = await signedInAgent(t.app, t.database.db, demo.seller_id);
    const form = (await owner.get(`/api/listings/${demo.id}/edit`)).json();
    const reversed = [...form.images].reverse();
    const res = await owner.patch(`/api/listings/${demo.id}`, {
      imageIds: reversed.map((i: { id: string }) => i.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await owner.get(`/api/listings/${demo.id}`)).json();
    expect(detail.images.map((i: { url: string }) => i.url)).toEqual(
      reversed.map((i: { url: string }) => i.url),
    );
  });

  it("validates edits like creation", async () => {
    const id = await createOk(auction({ title: "validated edit" }));
    const res = await seller.patch(`/api/listings/${id}`, { reservePriceCents: 50 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.reservePriceCents).toBe(
      "The reserve price must not be below the starting price",
    );
    const empty = await seller.patch(`/api/listings/${id}`, { title: "" });
    expect(empty.json().error.fields.title).toBe("Title is required");
  });
});

describe("DELETE /api/listings/{id}", () => {
  it("deletes a listing without bids or orders", async () => {
    const id = await createOk(fixed({ title: "to be deleted" }));
    const res = await seller.delete(`/api/listings/${id}`);
    expect(res.statusCode).toBe(204);
    expect((await seller.get(`/api/listings/${id}`)).statusCode).toBe(404);
    expect((await seller.delete(`/api/listings/${id}`)).statusCode).toBe(404);
  });

  it("refuses a listing with bids and one with orders, with a clear message", async () => {
    const withBid = await createOk(auction({ title: "has a bid" }));
    await bid(withBid, 10000);
    const res = await seller.delete(`/api/listings/${withBid}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/has bids, so it can't be deleted/);

    const sold = await createOk(fixed({ title: "has an order" }));
    const [order] = await t.database.db
      .insert(orders)
      .values({
        buyerId: otherId,
        source: "checkout",
        subtotalCents: 4500,
        shippingCents: 0,
        taxCents: 450,
        totalCents: 4950,
      })
      .returning();
    await t.database.db.insert(orderLines).values({
      orderId: order?.id as string,
      listingId: sold,
      sellerId,
      title: "has an order",
      unitPriceCents: 4500,
      shippingCents: 0,
      quantity: 1,
    });
    const refused = await seller.delete(`/api/listings/${sold}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe("This listing has orders, so it can't be deleted.");
    expect(await listingCount("has an order")).toBe(1);
  });
});

describe("another user's listing", () => {
  it("can be neither read for editing, changed nor deleted, and stays as it was", async () => {
    const id = await createOk(fixed({ title: "not yours" }));
    const form = await other.get(`/api/listings/${id}/edit`);
    // The edit page shows this message as it is: it must say whose listing it is.
    expect(form.statusCode).toBe(403);
    expect(form.json().error.message).toBe("You can only change your own listings.");
    const patch = await other.patch(`/api/listings/${id}`, { title: "mine now", priceCents: 1 });
    expect(patch.statusCode).toBe(403);
    const del = await other.delete(`/api/listings/${id}`);
    expect(del.statusCode).toBe(403);
    const detail = (await other.get(`/api/listings/${id}`)).json();
    expect(detail).toMatchObject({ title: "not yours", priceCents: 4500 });
    const signedOut = await new Agent(t.app).patch(`/api/listings/${id}`, { title: "x" });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe("GET /api/me/listings", () => {
  it("lists own listings with status, bid count and what may be done", async () => {
    const me = await createUser(t.database.db, "lister");
    const agent = await signedInAgent(t.app, t.database.db, me.id);
    const live = await createOk(auction({ title: "live one" }), agent);
    await bid(live, 10000);
    const gone = await createOk(fixed({ title: "gone one", quantity: 1 }), agent);
    await t.database.db.execute(sql`update listings set quantity = 0 where id = ${gone}`);
    const res = await agent.get("/api/me/listings");
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      id: string;
      status: string;
      bidCount: number | null;
      canDelete: boolean;
      locked: boolean;
    }[];
    expect(items.map((i) => i.id)).toEqual([gone, live]);
    expect(items[0]).toMatchObject({ status: "out_of_stock", bidCount: null, canDelete: true });
    expect(items[1]).toMatchObject({
      status: "active",
      bidCount: 1,
      canDelete: false,
      locked: true,
    });
    expect((await new Agent(t.app).get("/api/me/listings")).statusCode).toBe(401);
  });
});

describe("orphan upload cleanup", () => {
  it("deletes day-old photos no listing uses, with their files, and keeps the rest", async () => {
    const used = await uploadPhoto();
    const orphan = await uploadPhoto();
    const fresh = await uploadPhoto();
    await createOk(fixed({ imageIds: [used.id] }));
    await t.database.db.execute(sql`
      update uploads set created_at = now() - interval '25 hours' where id in (${used.id}, ${orphan.id})`);
    expect(await cleanUpOrphanUploads(t.database.db, t.app.storage)).toBeGreaterThanOrEqual(1);
    const left = await rows<{ id: string }>(
      t.database.db,
      sql`select id from uploads where id in (${used.id}, ${orphan.id}, ${fresh.id})`,
    );
    expect(left.map((r) => r.id).sort()).toEqual([used.id, fresh.id].sort());
    const file = (url: string) => path.join(t.app.config.uploadsDir, url.slice("/uploads/".length));
    expect(fs.existsSync(file(orphan.url))).toBe(false);
    expect(fs.existsSync(file(orphan.thumbUrl))).toBe(false);
    expect(fs.existsSync(file(used.url))).toBe(true);
  });
});

describe("GET /api/stores/{id}", () => {
  it("shows a seller's header and counts their open listings", async () => {
    const res = await other.get(`/api/stores/${sellerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().seller).toMatchObject({ id: sellerId, rating: null });
    expect(res.json().activeListingCount).toBeGreaterThan(0);
    const missing = await other.get("/api/stores/6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f");
    expect(missing.statusCode).toBe(404);
  });
});
