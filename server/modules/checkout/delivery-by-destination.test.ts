import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

// Delivery by destination (issue 29, decision 0021): what checkout charges and refuses follows the
// territory the items go to; bids and offers follow the account's Deliver to.

const t = setUpTestApp();
let sellerId: string;
let seller: Agent;
let buyer: Agent;
let buyerId: string;
const territory: Record<string, string> = {};

beforeAll(async () => {
  for (const r of await rows<{ id: string; slug: string }>(
    t.database.db,
    sql`select id, slug from territories`,
  ))
    territory[r.slug] = r.id;
  sellerId = (await createUser(t.database.db, "seller")).id;
  seller = await signedInAgent(t.app, t.database.db, sellerId);
  buyerId = (await createUser(t.database.db, "buyer")).id;
  buyer = await signedInAgent(t.app, t.database.db, buyerId);
});

/** A Jamaican listing: $5 on the island, $15 to the other territories, not to the world. */
async function jamaicanListing(fields: Parameters<typeof createListing>[1] = {}) {
  return createListing(t.database.db, {
    sellerId,
    territoryId: territory.jamaica,
    title: `Blue Mountain coffee ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: 2000,
    quantity: 5,
    shippingCents: 500,
    shipSameCents: 500,
    shipCaribbeanCents: 1500,
    ...fields,
  });
}

async function chargedShipping(orderId: string) {
  const [row] = await rows<{ shipping: number; line: number; deliverTo: string | null }>(
    t.database.db,
    sql`select o.shipping_cents as shipping, ol.shipping_cents as line, o.deliver_to as "deliverTo"
        from orders o join order_lines ol on ol.order_id = o.id where o.id = ${orderId}`,
  );
  return row;
}

describe("checkout charges the shipping of the delivery territory's group", () => {
  it("charges the island price within the territory and the Caribbean price elsewhere", async () => {
    const listing = await jamaicanListing();
    const lines = [{ listingId: listing.id, quantity: 1 }];
    const home = await buyer.post("/api/checkout", { lines, deliverTo: "jamaica" });
    expect(home.statusCode, home.body).toBe(201);
    expect(await chargedShipping(home.json().orderId)).toEqual({
      shipping: 500,
      line: 500,
      deliverTo: "jamaica",
    });
    const away = await buyer.post("/api/checkout", { lines, deliverTo: "grenada" });
    expect(away.statusCode, away.body).toBe(201);
    expect(await chargedShipping(away.json().orderId)).toEqual({
      shipping: 1500,
      line: 1500,
      deliverTo: "grenada",
    });
  });

  it("refuses an item that does not ship there with 422 does_not_ship_there", async () => {
    const listing = await jamaicanListing({ shipCaribbeanService: null });
    const res = await buyer.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 1 }],
      deliverTo: "grenada",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("does_not_ship_there");
    expect(res.json().error.message).toBe("The seller does not ship this item to Grenada.");
    const world = await buyer.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 1 }],
      deliverTo: "world",
    });
    expect(world.json().error.code).toBe("does_not_ship_there");
  });

  it("the cart shows each line's shipping and problem for the destination", async () => {
    const ships = await jamaicanListing();
    const local = await jamaicanListing({ shipCaribbeanService: null });
    const res = await buyer.post("/api/cart/validate", {
      lines: [
        { listingId: ships.id, quantity: 1 },
        { listingId: local.id, quantity: 1 },
      ],
      deliverTo: "barbados",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [a, b] = res.json().lines;
    expect(a).toMatchObject({ shippingCents: 1500, problem: null });
    expect(b.problem.code).toBe("does_not_ship_there");
    expect(res.json().totals.shippingCents).toBe(1500);
  });

  it("an unknown territory is a 400", async () => {
    const listing = await jamaicanListing();
    const res = await buyer.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 1 }],
      deliverTo: "atlantis",
    });
    expect(res.statusCode).toBe(400);
  });

  it("without a destination in the request, the account's Deliver to decides", async () => {
    const listing = await jamaicanListing();
    const put = await buyer.put("/api/me/deliver-to", { deliverTo: "saint-lucia" });
    expect(put.statusCode, put.body).toBe(200);
    expect((await buyer.get("/api/me/deliver-to")).json()).toEqual({ deliverTo: "saint-lucia" });
    const res = await buyer.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await chargedShipping(res.json().orderId))?.shipping).toBe(1500);
    expect((await buyer.put("/api/me/deliver-to", { deliverTo: "nowhere" })).statusCode).toBe(400);
    await buyer.put("/api/me/deliver-to", { deliverTo: null });
  });

  it("a listing written without a table ships as before: island and Caribbean at its price", async () => {
    const listing = await createListing(t.database.db, {
      sellerId,
      territoryId: territory.barbados,
      shippingCents: 700,
    });
    const [row] = await rows<Record<string, unknown>>(
      t.database.db,
      sql`select handling_days, ship_same_service, ship_same_cents, ship_caribbean_service,
                 ship_caribbean_cents, ship_world_service, ship_world_cents
          from listings where id = ${listing.id}`,
    );
    expect(row).toEqual({
      handling_days: 3,
      ship_same_service: "standard",
      ship_same_cents: 700,
      ship_caribbean_service: "standard",
      ship_caribbean_cents: 700,
      ship_world_service: null,
      ship_world_cents: null,
    });
  });
});

describe("bids follow the account's Deliver to", () => {
  it("refuses a bid from a buyer whose territory the item does not ship to", async () => {
    const auction = await jamaicanListing({
      quantity: 1,
      shipCaribbeanService: null,
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const bidderId = (await createUser(t.database.db, "grenadian")).id;
    const bidder = await signedInAgent(t.app, t.database.db, bidderId);
    await bidder.put("/api/me/deliver-to", { deliverTo: "grenada" });
    const refused = await bidder.post(`/api/listings/${auction.id}/bids`, { amountCents: 2500 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: "does_not_ship_there",
      message: "The seller does not ship this item to Grenada.",
    });
    await bidder.put("/api/me/deliver-to", { deliverTo: "jamaica" });
    const accepted = await bidder.post(`/api/listings/${auction.id}/bids`, { amountCents: 2500 });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});

describe("offers follow the account's Deliver to, as bids do", () => {
  it("refuses an offer from a buyer whose territory the item does not ship to", async () => {
    const listing = await jamaicanListing({ shipCaribbeanService: null, acceptsOffers: true });
    const offererId = (await createUser(t.database.db, "grenadian-offerer")).id;
    const offerer = await signedInAgent(t.app, t.database.db, offererId);
    await offerer.put("/api/me/deliver-to", { deliverTo: "grenada" });
    const offer = { amountCents: 1500, quantity: 1 };
    const refused = await offerer.post(`/api/listings/${listing.id}/offers`, offer);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: "does_not_ship_there",
      message: "The seller does not ship this item to Grenada.",
    });
    const [count] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from offers where listing_id = ${listing.id}`,
    );
    expect(count?.n).toBe(0);
    await offerer.put("/api/me/deliver-to", { deliverTo: "jamaica" });
    const made = await offerer.post(`/api/listings/${listing.id}/offers`, offer);
    expect(made.statusCode, made.body).toBe(201);
  });
});

describe("the seller's shipping table", () => {
  const base = {
    kind: "fixed_price",
    title: "Nutmeg jam",
    category: "home",
    territory: "grenada",
    condition: "new",
    description: "From St. George's.",
    priceCents: 900,
    quantity: 3,
    shippingCents: 400,
    returnPolicyDays: 30,
  };

  it("is saved, shown on the listing and in the edit form; the lowest cost is the card's", async () => {
    const res = await seller.post("/api/listings", {
      ...base,
      handlingDays: 1,
      shippingOptions: [
        { group: "same_territory", service: "standard", costCents: 0 },
        { group: "world", service: "expedited", costCents: 4500 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    const detail = (await buyer.get(`/api/listings/${id}`)).json();
    expect(detail.delivery).toEqual({
      originSlug: "grenada",
      handlingDays: 1,
      options: [
        { group: "same_territory", service: "standard", costCents: 0 },
        { group: "world", service: "expedited", costCents: 4500 },
      ],
    });
    expect(detail.shippingCents).toBe(0);
    const edit = (await seller.get(`/api/listings/${id}/edit`)).json();
    expect(edit.handlingDays).toBe(1);
    expect(edit.shippingOptions).toHaveLength(2);

    const changed = await seller.patch(`/api/listings/${id}`, {
      shippingOptions: [{ group: "caribbean", service: "standard", costCents: 1200 }],
      handlingDays: 4,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await buyer.get(`/api/listings/${id}`)).json();
    expect(after.delivery.options).toEqual([
      { group: "caribbean", service: "standard", costCents: 1200 },
    ]);
    expect(after.delivery.handlingDays).toBe(4);
    expect(after.shippingCents).toBe(1200);
  });

  it("must ship somewhere or offer local pickup", async () => {
    const res = await seller.post("/api/listings", { ...base, shippingOptions: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.shippingOptions).toBe(
      "Ship to at least one destination, or offer local pickup",
    );
    const pickup = await seller.post("/api/listings", {
      ...base,
      localPickup: true,
      shippingOptions: [],
    });
    expect(pickup.statusCode, pickup.body).toBe(201);
  });

  it("refuses a group twice and a handling time out of range", async () => {
    const twice = await seller.post("/api/listings", {
      ...base,
      shippingOptions: [
        { group: "world", service: "standard", costCents: 1 },
        { group: "world", service: "expedited", costCents: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const slow = await seller.post("/api/listings", { ...base, handlingDays: 11 });
    expect(slow.statusCode).toBe(400);
  });
});

describe("search: ships to my territory, delivered by a date", () => {
  it("keeps the listings that ship there, and those that arrive in time", async () => {
    const word = `conch${Math.random().toString(36).slice(2, 8)}`;
    const title = (name: string) => `${word} ${name}`;
    const island = await jamaicanListing({
      title: title("island only"),
      shipCaribbeanService: null,
    });
    const region = await jamaicanListing({ title: title("region"), handlingDays: 1 });
    const slow = await jamaicanListing({ title: title("slow"), handlingDays: 10 });
    const world = await jamaicanListing({
      title: title("world"),
      handlingDays: 1,
      shipWorldService: "expedited",
      shipWorldCents: 4000,
    });
    const ids = async (query: string) => {
      const res = await buyer.get(`/api/listings?search=${word}&pageSize=50&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .items.map((i: { id: string }) => i.id)
        .sort();
    };
    expect(await ids("shipsTo=grenada")).toEqual([region.id, slow.id, world.id].sort());
    expect(await ids("shipsTo=jamaica")).toEqual([island.id, region.id, slow.id, world.id].sort());
    expect(await ids("shipsTo=world")).toEqual([world.id]);
    // 60 days on: everything that ships to Grenada arrives; tomorrow: nothing does.
    const far = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    expect(await ids(`shipsTo=grenada&deliveryBy=${far}`)).toEqual(
      [region.id, slow.id, world.id].sort(),
    );
    const soon = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await ids(`shipsTo=grenada&deliveryBy=${soon}`)).toEqual([]);
    // 16 calendar days on hold 9 to 12 business days from day 0 (whatever today is): 1 + 7
    // (Jamaica to Grenada, standard) fits, 10 + 7 never does.
    const mid = new Date(Date.now() + 16 * 86_400_000).toISOString().slice(0, 10);
    expect(await ids(`shipsTo=grenada&deliveryBy=${mid}`)).toEqual([region.id, world.id].sort());
    expect((await buyer.get(`/api/listings?deliveryBy=${far}`)).statusCode).toBe(400);
  });
});

describe("an order says where it goes before it is paid (issue 29)", () => {
  /** A buyer who never chose a Deliver to, signed in. */
  async function undecidedBuyer(name: string) {
    const id = (await createUser(t.database.db, name, { deliverTo: null })).id;
    return { id, agent: await signedInAgent(t.app, t.database.db, id) };
  }

  it("refuses a checkout with no Deliver to in the request or on the account", async () => {
    const listing = await jamaicanListing();
    const { id, agent } = await undecidedBuyer("nowhere");
    const lines = [{ listingId: listing.id, quantity: 1 }];
    const refused = await agent.post("/api/checkout", { lines });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: "deliver_to_required",
      message: "Choose where this order is delivered to.",
      fields: { deliverTo: "Choose where this order is delivered to." },
    });
    const [count] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where buyer_id = ${id}`,
    );
    expect(count?.n).toBe(0);
    // Named in the request, it is placed and charged for there.
    const placed = await agent.post("/api/checkout", { lines, deliverTo: "barbados" });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await chargedShipping(placed.json().orderId)).toMatchObject({
      shipping: 1500,
      deliverTo: "barbados",
    });
  });

  it("an agreed offer of a buyer who never chose is charged for the destination chosen at paying", async () => {
    const listing = await jamaicanListing({ acceptsOffers: true });
    const { agent } = await undecidedBuyer("offerer");
    const offer = await agent.post(`/api/listings/${listing.id}/offers`, {
      amountCents: 1800,
      quantity: 1,
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const accepted = await seller.post(`/api/offers/${offer.json().id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    const orderId = accepted.json().orderId as string;
    // Agreed without a destination: the island's price, and none recorded.
    const before = (await agent.get(`/api/orders/${orderId}`)).json();
    expect(before).toMatchObject({ deliverTo: null, shippingCents: 500 });

    // Paying asks first, by either path.
    const pay = await agent.post(`/api/orders/${orderId}/pay`, {});
    expect(pay.statusCode).toBe(422);
    expect(pay.json().error.code).toBe("deliver_to_required");
    const viaCheckout = await agent.post("/api/checkout", { orderId });
    expect(viaCheckout.json().error.code).toBe("deliver_to_required");

    // The pay step's choice prices it: the Caribbean rate for Grenada, the total with it.
    const chosen = await agent.put(`/api/orders/${orderId}/deliver-to`, { deliverTo: "grenada" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({
      deliverTo: "grenada",
      shippingCents: 1500,
      totalCents: before.totalCents + 1000,
    });
    expect(chosen.json().items[0].shippingCents).toBe(1500);
    // Back home, the island's price again.
    const home = await agent.put(`/api/orders/${orderId}/deliver-to`, { deliverTo: "jamaica" });
    expect(home.json()).toMatchObject({ deliverTo: "jamaica", shippingCents: 500 });

    // Paying with a destination in the request settles it too.
    const paid = await agent.post("/api/checkout", { orderId, deliverTo: "saint-lucia" });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await chargedShipping(orderId)).toEqual({
      shipping: 1500,
      line: 1500,
      deliverTo: "saint-lucia",
    });
  });

  it("refuses a destination the item does not ship to, and another buyer's order", async () => {
    const listing = await jamaicanListing({ acceptsOffers: true, shipCaribbeanService: null });
    const { agent } = await undecidedBuyer("offerer");
    const offer = await agent.post(`/api/listings/${listing.id}/offers`, {
      amountCents: 1800,
      quantity: 1,
    });
    const orderId = (await seller.post(`/api/offers/${offer.json().id}/accept`, {})).json()
      .orderId as string;
    const refused = await agent.put(`/api/orders/${orderId}/deliver-to`, { deliverTo: "grenada" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: "does_not_ship_there",
      message: "The seller does not ship this item to Grenada.",
    });
    expect((await agent.get(`/api/orders/${orderId}`)).json().deliverTo).toBeNull();
    const other = await buyer.put(`/api/orders/${orderId}/deliver-to`, { deliverTo: "jamaica" });
    expect(other.statusCode).toBe(404);
    const unknown = await agent.put(`/api/orders/${orderId}/deliver-to`, { deliverTo: "atlantis" });
    expect(unknown.statusCode).toBe(400);
  });

  it("a won auction with no destination takes the account's Deliver to when paid", async () => {
    const listing = await jamaicanListing({ quantity: 1 });
    const { id, agent } = await undecidedBuyer("winner");
    // A won auction's unpaid order as the close writes it for a winner who never chose.
    const [order] = await rows<{ id: string }>(
      t.database.db,
      sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents, total_cents)
          values (${id}, 'pending', 'auction', 2000, 500, 200, 2700) returning id`,
    );
    const orderId = order?.id as string;
    await t.database.db.execute(sql`insert into order_lines (order_id, listing_id, seller_id, title,
        unit_price_cents, shipping_cents, quantity)
      values (${orderId}, ${listing.id}, ${sellerId}, 'Won', 2000, 500, 1)`);
    expect((await agent.post(`/api/orders/${orderId}/pay`, {})).json().error.code).toBe(
      "deliver_to_required",
    );
    await agent.put("/api/me/deliver-to", { deliverTo: "barbados" });
    const paid = await agent.post(`/api/orders/${orderId}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await chargedShipping(orderId)).toEqual({
      shipping: 1500,
      line: 1500,
      deliverTo: "barbados",
    });
    const [totals] = await rows<{ total: number }>(
      t.database.db,
      sql`select total_cents as total from orders where id = ${orderId}`,
    );
    expect(totals?.total).toBe(2000 + 1500 + 200);
  });

  it("a cart's checkout ships where it was placed", async () => {
    const listing = await jamaicanListing();
    const placed = await buyer.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 1 }],
      deliverTo: "jamaica",
    });
    const orderId = placed.json().orderId as string;
    const moved = await buyer.put(`/api/orders/${orderId}/deliver-to`, { deliverTo: "grenada" });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe("order_deliver_to_fixed");
    const same = await buyer.post("/api/checkout", { orderId, deliverTo: "jamaica" });
    expect(same.statusCode, same.body).toBe(201);
  });
});
