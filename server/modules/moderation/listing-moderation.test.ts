import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminListingPageSchema,
  adminListingSchema,
  listingRuleSchema,
  listingRulesSchema,
} from "../../../core/contracts/admin";
import { listingDetailSchema, listingPageSchema } from "../../../core/contracts/browse";
import { createdListingSchema, myListingsSchema } from "../../../core/contracts/selling";
import { rows } from "../../db/rows";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing } from "../../test/factories";
import { settleDueAuctions } from "../auctions/auction-settlement";
import { containsWord } from "./listing-rules.service";
import { auditOf, notificationsOf, type Person, person } from "./moderation-test-kit";

const t = setUpTestApp();
let seller: Person;
let buyer: Person;
let moderator: Person;
let admin: Person;
let territoryId: string;

beforeAll(async () => {
  seller = await person(t, "seller");
  buyer = await person(t, "buyer");
  moderator = await person(t, "mod", "moderator");
  admin = await person(t, "admin", "admin");
  territoryId = (await buyer.agent.get("/api/territories")).json().items[0].id;
});

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await rows<T>(t.database.db, query))[0];

async function act(
  who: Person,
  id: string,
  action: "remove" | "restore" | "approve",
  reason = "A reason for the seller",
) {
  return who.agent.post(`/api/admin/listings/${id}/${action}`, { reason });
}

async function listingState(id: string) {
  return one<{ moderation: string; moderationReason: string | null; status: string }>(
    sql`select moderation, moderation_reason as "moderationReason", status::text as status
        from listings where id = ${id}`,
  );
}

const newListing = (title: string, overrides: Record<string, unknown> = {}) => ({
  kind: "fixed_price",
  title,
  category: "home",
  territory: territoryId,
  condition: "new",
  description: "A plain description of a plain thing.",
  priceCents: 4500,
  quantity: 2,
  shippingCents: 0,
  returnPolicyDays: 30,
  ...overrides,
});

describe("containsWord", () => {
  it("matches whole words and phrases in any case, not parts of words", () => {
    expect(containsWord("A starter gun for races", "gun")).toBe(true);
    expect(containsWord("Gun-metal grey kettle", "gun")).toBe(true);
    expect(containsWord("The season has begun", "gun")).toBe(false);
    expect(containsWord("A gunny sack", "gun")).toBe(false);
    expect(containsWord("REPLICA watch", "replica")).toBe(true);
    expect(containsWord("Fake\n  Gucci belt", "fake gucci")).toBe(true);
    expect(containsWord("Fake Guccis", "fake gucci")).toBe(false);
    expect(containsWord("Carved ivory.", "ivory")).toBe(true);
    expect(containsWord("Ivorycoast", "ivory")).toBe(false);
    expect(containsWord("price (x)", "(x)")).toBe(true);
  });
});

describe("a removed auction's bid history", () => {
  it("is 404 to the public, as the listing is, and there for its seller and staff", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      title: "Steel pan auction zqb",
      auction: { endTime: new Date(Date.now() + 86_400_000) },
    });
    const visitor = new Agent(t.app);
    const bids = (agent: Agent) => agent.get(`/api/listings/${listing.id}/bids`);
    expect((await bids(visitor)).statusCode).toBe(200);
    const res = await act(moderator, listing.id, "remove", "Counterfeit instrument.");
    expect(res.statusCode, res.body).toBe(200);
    for (const agent of [visitor, buyer.agent]) {
      const hidden = await bids(agent);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.code).toBe("listing_not_found");
    }
    expect((await bids(seller.agent)).statusCode).toBe(200);
    expect((await bids(admin.agent)).statusCode).toBe(200);
  });
});

describe("removing a listing", () => {
  it("hides it from the public, keeps it for its seller and staff, and tells the seller why", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      title: "Moonstone pendant zqx",
    });
    const visitor = new Agent(t.app);
    const search = async () =>
      listingPageSchema.parse((await visitor.get("/api/listings?search=zqx")).json()).items;
    expect((await search()).map((l) => l.id)).toEqual([listing.id]);

    const res = await act(moderator, listing.id, "remove", "Gemstones need a certificate.");
    expect(res.statusCode, res.body).toBe(200);
    expect(adminListingSchema.parse(res.json())).toMatchObject({
      moderation: "removed",
      moderationReason: "Gemstones need a certificate.",
      status: "active",
    });

    expect(await search()).toEqual([]);
    for (const agent of [visitor, buyer.agent]) {
      const page = await agent.get(`/api/listings/${listing.id}`);
      expect(page.statusCode).toBe(404);
      expect(page.json().error.code).toBe("listing_not_found");
    }
    const cards = await visitor.get(`/api/listings/cards?ids=${listing.id}`);
    expect(cards.json().items).toEqual([]);
    // The page's own status and share tags say it is gone too.
    expect((await visitor.get(`/listing/${listing.id}`)).statusCode).toBe(404);

    const own = listingDetailSchema.parse(
      (await seller.agent.get(`/api/listings/${listing.id}`)).json(),
    );
    expect(own).toMatchObject({
      moderation: "removed",
      moderationReason: "Gemstones need a certificate.",
    });
    const staffView = listingDetailSchema.parse(
      (await admin.agent.get(`/api/listings/${listing.id}`)).json(),
    );
    expect(staffView.moderation).toBe("removed");
    const publicView = await admin.agent.get("/api/listings?search=zqx");
    expect(listingPageSchema.parse(publicView.json()).items).toEqual([]);

    const mine = myListingsSchema.parse((await seller.agent.get("/api/me/listings")).json());
    expect(mine.items.find((l) => l.id === listing.id)).toMatchObject({
      moderation: "removed",
      moderationReason: "Gemstones need a certificate.",
    });

    const notices = (await notificationsOf(t, seller.id)).filter((n) => n.listingId === listing.id);
    expect(notices).toEqual([expect.objectContaining({ kind: "listing_removed", emailDue: true })]);
    expect(notices[0]?.message).toContain("Gemstones need a certificate.");
    const audit = await auditOf(t, listing.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "listing.remove",
        actorId: moderator.id,
        reason: "Gemstones need a certificate.",
        before: expect.objectContaining({ moderation: "visible" }),
        after: expect.objectContaining({ moderation: "removed" }),
      }),
    ]);

    const twice = await act(moderator, listing.id, "remove");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("moderation_state");
  });

  it("cannot be bought or watched once removed; a checkout paid after it is refunded", async () => {
    const listing = await createListing(t.database.db, { sellerId: seller.id, quantity: 3 });
    const lines = { lines: [{ listingId: listing.id, quantity: 1 }] };
    const checkout = await buyer.agent.post("/api/checkout", lines);
    expect(checkout.statusCode, checkout.body).toBe(201);
    expect((await act(moderator, listing.id, "remove")).statusCode).toBe(200);

    const validated = await buyer.agent.post("/api/cart/validate", lines);
    expect(validated.json().lines[0].problem).toMatchObject({
      message: "This item is no longer available.",
    });
    const again = await buyer.agent.post("/api/checkout", lines);
    expect(again.statusCode).not.toBe(201);
    const watch = await buyer.agent.post(`/api/me/watchlist/${listing.id}`);
    expect(watch.statusCode).toBe(404);

    // The checkout opened before the removal: its payment does not buy the listing.
    const orderId = checkout.json().orderId as string;
    const session = await one<{ id: string }>(
      sql`select id from payment_sessions where order_id = ${orderId}`,
    );
    const paid = await buyer.agent.post(`/api/payments/sandbox/sessions/${session?.id}/pay`, {
      cardNumber: "4242424242424242",
      expiry: "12/40",
      cvc: "123",
      name: "Buyer",
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const order = await one<{ status: string; refunds: number; stock: number }>(
      sql`select o.status, (select count(*)::int from refunds r where r.order_id = o.id) as refunds,
            (select quantity from listings where id = ${listing.id}) as stock
          from orders o where o.id = ${orderId}`,
    );
    expect(order).toEqual({ status: "cancelled", refunds: 1, stock: 3 });
  });

  it("ends an auction with bids without a winner: no order, no win, every bidder told", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      title: "Signed cricket bat",
      priceCents: 1000,
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const rival = await person(t, "rival");
    for (const [who, amount] of [
      [buyer, 1000],
      [rival, 2000],
      [buyer, 3000],
    ] as const) {
      const bid = await who.agent.post(`/api/listings/${listing.id}/bids`, { amountCents: amount });
      expect(bid.statusCode, bid.body).toBe(201);
    }

    const res = await act(moderator, listing.id, "remove", "Signed items need proof.");
    expect(res.statusCode, res.body).toBe(200);
    expect(adminListingSchema.parse(res.json())).toMatchObject({
      status: "ended",
      moderation: "removed",
    });

    const late = await rival.agent.post(`/api/listings/${listing.id}/bids`, { amountCents: 9000 });
    expect(late.statusCode).toBe(404);

    // Past the auction's end, settlement makes nothing of it.
    await t.database.db.execute(
      sql`update auction_settings set end_time = now() - interval '1 minute' where listing_id = ${listing.id}`,
    );
    await settleDueAuctions(t.database.db);
    const orders = await one<{ n: number }>(
      sql`select count(*)::int as n from order_lines where listing_id = ${listing.id}`,
    );
    expect(orders?.n).toBe(0);
    const kinds = await rows<{ userId: string; kind: string }>(
      t.database.db,
      sql`select user_id as "userId", kind from notifications where listing_id = ${listing.id}
          order by created_at, id`,
    );
    expect(
      kinds.filter((n) => ["auction_won", "auction_sold", "auction_lost"].includes(n.kind)),
    ).toEqual([]);
    const cancelled = kinds.filter((n) => n.kind === "auction_cancelled").map((n) => n.userId);
    expect(cancelled.sort()).toEqual([buyer.id, rival.id].sort());
    expect(kinds.filter((n) => n.kind === "listing_removed").map((n) => n.userId)).toEqual([
      seller.id,
    ]);
    const bids = await rows<{ status: string }>(
      t.database.db,
      sql`select distinct status::text as status from bids where listing_id = ${listing.id}`,
    );
    expect(bids).toEqual([{ status: "lost" }]);
    expect((await auditOf(t, listing.id))[0]?.after).toMatchObject({ auctionCancelled: true });

    // Restored, it is public again but stays ended: nobody can win it afterwards.
    const restored = await act(moderator, listing.id, "restore", "Proof received.");
    expect(restored.statusCode, restored.body).toBe(200);
    expect(adminListingSchema.parse(restored.json())).toMatchObject({
      moderation: "visible",
      moderationReason: null,
      status: "ended",
    });
    const page = await buyer.agent.get(`/api/listings/${listing.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().moderation).toBeUndefined();
    const bid = await buyer.agent.post(`/api/listings/${listing.id}/bids`, { amountCents: 9000 });
    expect(bid.json().error.code).toBe("auction_ended");
    await settleDueAuctions(t.database.db);
    expect(
      (
        await one<{ n: number }>(
          sql`select count(*)::int as n from order_lines where listing_id = ${listing.id}`,
        )
      )?.n,
    ).toBe(0);
    expect((await notificationsOf(t, seller.id)).at(-1)).toMatchObject({
      kind: "listing_restored",
      emailDue: true,
    });
    expect((await auditOf(t, listing.id)).map((e) => e.action)).toEqual([
      "listing.remove",
      "listing.restore",
    ]);
  });

  it("restores only a removed listing", async () => {
    const listing = await createListing(t.database.db, { sellerId: seller.id });
    const res = await act(moderator, listing.id, "restore");
    expect(res.statusCode).toBe(409);
    expect(await auditOf(t, listing.id)).toEqual([]);
  });
});

describe("GET /api/admin/listings", () => {
  it("finds listings by title or seller username, in any state, filtered by moderation", async () => {
    const held = await createListing(t.database.db, {
      sellerId: seller.id,
      title: "Quokka figurine",
      moderation: "held",
      moderationReason: "Checking",
    });
    const visible = await createListing(t.database.db, {
      sellerId: seller.id,
      title: "Quokka mug",
    });
    const byTitle = adminListingPageSchema.parse(
      (await moderator.agent.get("/api/admin/listings?q=quokka")).json(),
    );
    expect(byTitle.items.map((l) => l.id).sort()).toEqual([held.id, visible.id].sort());
    const heldOnly = adminListingPageSchema.parse(
      (await moderator.agent.get("/api/admin/listings?q=quokka&moderation=held")).json(),
    );
    expect(heldOnly.items).toEqual([
      expect.objectContaining({ id: held.id, moderation: "held", moderationReason: "Checking" }),
    ]);
    const bySeller = adminListingPageSchema.parse(
      (await moderator.agent.get(`/api/admin/listings?q=${seller.username}&pageSize=100`)).json(),
    );
    expect(bySeller.items.every((l) => l.seller.id === seller.id)).toBe(true);
    expect(bySeller.total).toBeGreaterThanOrEqual(2);
    const bad = await moderator.agent.get("/api/admin/listings?moderation=hidden");
    expect(bad.statusCode).toBe(400);
  });
});

describe("listing rules and held listings", () => {
  it("adds and deletes rules (audited), refusing duplicates and unknown categories", async () => {
    const seeded = listingRulesSchema.parse(
      (await moderator.agent.get("/api/admin/listing-rules")).json(),
    );
    expect(seeded.items.map((r) => r.value)).toEqual(
      expect.arrayContaining(["replica", "counterfeit", "ivory"]),
    );
    const added = await admin.agent.post("/api/admin/listing-rules", {
      kind: "word",
      value: "  Fake   Gold ",
    });
    expect(added.statusCode, added.body).toBe(201);
    const rule = listingRuleSchema.parse(added.json());
    expect(rule).toMatchObject({ kind: "word", value: "fake gold", label: "fake gold" });
    const dup = await admin.agent.post("/api/admin/listing-rules", {
      kind: "word",
      value: "FAKE GOLD",
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe("listing_rule_exists");
    const unknown = await admin.agent.post("/api/admin/listing-rules", {
      kind: "category",
      value: "nope",
    });
    expect(unknown.statusCode).toBe(400);
    const short = await admin.agent.post("/api/admin/listing-rules", { kind: "word", value: "a" });
    expect(short.statusCode).toBe(400);

    expect((await admin.agent.delete(`/api/admin/listing-rules/${rule.id}`)).statusCode).toBe(204);
    expect((await admin.agent.delete(`/api/admin/listing-rules/${rule.id}`)).statusCode).toBe(404);
    const audit = await auditOf(t, rule.id);
    expect(audit.map((e) => [e.action, e.actorId])).toEqual([
      ["listing_rule.add", admin.id],
      ["listing_rule.delete", admin.id],
    ]);
  });

  it("holds a new listing with a prohibited word, tells the seller why, and raises no alerts", async () => {
    const res = await seller.agent.post(
      "/api/listings",
      newListing("Replica pirate cutlass", { description: "Looks just like the real one." }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = createdListingSchema.parse(res.json());
    expect(created).toMatchObject({
      moderation: "held",
      moderationReason: 'Contains "replica", which needs a moderator\'s review.',
    });
    const notices = (await notificationsOf(t, seller.id)).filter((n) => n.listingId === created.id);
    expect(notices).toEqual([expect.objectContaining({ kind: "listing_held", emailDue: true })]);
    expect(notices[0]?.message).toContain("needs a moderator's review");
    const queued = async () =>
      (
        await one<{ n: number }>(
          sql`select count(*)::int as n from listing_alert_queue where listing_id = ${created.id}`,
        )
      )?.n;
    expect(await queued()).toBe(0);
    expect((await buyer.agent.get(`/api/listings/${created.id}`)).statusCode).toBe(404);
    const own = listingDetailSchema.parse(
      (await seller.agent.get(`/api/listings/${created.id}`)).json(),
    );
    expect(own.moderation).toBe("held");

    // A word inside another word is not the word.
    const clean = await seller.agent.post(
      "/api/listings",
      newListing("Replicable pottery class voucher"),
    );
    expect(createdListingSchema.parse(clean.json()).moderation).toBe("visible");

    const approved = await act(moderator, created.id, "approve", "A toy, not a weapon.");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(adminListingSchema.parse(approved.json())).toMatchObject({
      moderation: "visible",
      moderationReason: null,
    });
    expect(await queued()).toBe(1);
    expect((await buyer.agent.get(`/api/listings/${created.id}`)).statusCode).toBe(200);
    expect((await notificationsOf(t, seller.id)).at(-1)?.kind).toBe("listing_approved");
    expect((await auditOf(t, created.id)).map((e) => e.action)).toEqual(["listing.approve"]);
    const again = await act(moderator, created.id, "approve");
    expect(again.statusCode).toBe(409);
  });

  it("holds a listing in a category a rule names, by the category's slug", async () => {
    const added = await admin.agent.post("/api/admin/listing-rules", {
      kind: "category",
      value: "home",
    });
    expect(added.statusCode, added.body).toBe(201);
    const rule = listingRuleSchema.parse(added.json());
    expect(rule.label).not.toBe("home");
    const res = await seller.agent.post("/api/listings", newListing("Teak side table"));
    const created = createdListingSchema.parse(res.json());
    expect(created.moderation).toBe("held");
    expect(created.moderationReason).toBe(
      `Listed in "${rule.label}", which needs a moderator's review.`,
    );
    await admin.agent.delete(`/api/admin/listing-rules/${rule.id}`);
  });

  it("holds a live listing again when an edit adds a prohibited word", async () => {
    const res = await seller.agent.post("/api/listings", newListing("Carved walking stick"));
    const created = createdListingSchema.parse(res.json());
    expect(created.moderation).toBe("visible");
    const edit = await seller.agent.patch(`/api/listings/${created.id}`, {
      description: "Handle made of genuine IVORY.",
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(createdListingSchema.parse(edit.json())).toMatchObject({
      moderation: "held",
      moderationReason: 'Contains "ivory", which needs a moderator\'s review.',
    });
    expect((await listingState(created.id))?.moderation).toBe("held");
    expect((await buyer.agent.get(`/api/listings/${created.id}`)).statusCode).toBe(404);
    // Taking the word out again does not let it out: a moderator decides.
    const back = await seller.agent.patch(`/api/listings/${created.id}`, {
      description: "Handle made of wood.",
    });
    expect(createdListingSchema.parse(back.json()).moderation).toBe("held");
  });

  it("refuses bids on a held auction", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      moderation: "held",
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const bid = await buyer.agent.post(`/api/listings/${listing.id}/bids`, { amountCents: 5000 });
    expect(bid.statusCode).toBe(404);
  });
});
