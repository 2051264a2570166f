import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CreateListingInput } from "../../../core/contracts/selling";
import { FEATURED_PINNED_MAX, SUBTITLE_MAX, UPGRADES, upgradesCents } from "../../../core/fees";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createUser, signedInAgent } from "../../test/factories";
import { sellerBalances } from "../ledger/journal";
import { checkLedger } from "../ledger/ledger-check";

// Listing upgrades (issue 30, decision 0019): bought in create or edit, charged once per listing
// and upgrade through the ledger at core/fees.ts's prices, shown on cards, Featured pinned.

const t = setUpTestApp();
let seller: Agent;
let sellerId: string;
let other: Agent;
let territoryId: string;

const fixed = (overrides: Partial<CreateListingInput> = {}): CreateListingInput => ({
  kind: "fixed_price",
  title: "Carved mahogany bowl",
  category: "home",
  territory: territoryId,
  condition: "new",
  description: "Carved by hand in Dominica.",
  priceCents: 6000,
  quantity: 2,
  shippingCents: 0,
  returnPolicyDays: 30,
  ...overrides,
});

async function createOk(body: CreateListingInput, who = seller) {
  const res = await who.post("/api/listings", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; chargedUpgrades?: string[]; upgradeFeesCents?: number };
}

/** The seller's upgrade fees in the ledger for one listing, by journal purpose. */
async function upgradeFees(listingId: string) {
  return rows<{ purpose: string; cents: number }>(
    t.database.db,
    sql`select j.purpose, (-e.amount_cents)::int as cents from ledger_journals j
        join ledger_entries e on e.journal_id = j.id
        where j.source_kind = 'listing' and j.source_id = ${listingId}
          and j.purpose like 'upgrade:%' and e.account = 'seller_available'
        order by j.purpose`,
  );
}

beforeAll(async () => {
  const a = await createUser(t.database.db, "upgrader");
  const b = await createUser(t.database.db, "nosy");
  sellerId = a.id;
  seller = await signedInAgent(t.app, t.database.db, a.id);
  other = await signedInAgent(t.app, t.database.db, b.id);
  territoryId = (await seller.get("/api/territories")).json().items[0].id;
});

describe("buying upgrades", () => {
  it("charges each upgrade once, at the fee page's price, from the seller's balance", async () => {
    const before = await sellerBalances(t.database.db, sellerId);
    const created = await createOk(
      fixed({ upgrades: ["bold", "subtitle"], subtitle: "Signed by the carver" }),
    );
    expect(created.chargedUpgrades).toEqual(["bold", "subtitle"]);
    // The amounts are core/fees.ts's, which the fee pages and the calculator read.
    const bold = UPGRADES.find((u) => u.id === "bold")?.cents;
    const subtitle = UPGRADES.find((u) => u.id === "subtitle")?.cents;
    expect(created.upgradeFeesCents).toBe(upgradesCents(["bold", "subtitle"]));
    expect(await upgradeFees(created.id)).toEqual([
      { purpose: "upgrade:bold", cents: bold },
      { purpose: "upgrade:subtitle", cents: subtitle },
    ]);

    // Bought again on revise: nothing more; Featured added: charged once.
    const again = await seller.patch(`/api/listings/${created.id}`, {
      upgrades: ["bold", "subtitle", "featured"],
      subtitle: "Signed by the carver, 2026",
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().chargedUpgrades).toEqual(["featured"]);
    const twice = await seller.patch(`/api/listings/${created.id}`, {
      upgrades: ["bold", "subtitle", "featured"],
    });
    expect(twice.json().chargedUpgrades).toEqual([]);
    expect(twice.json().upgradeFeesCents).toBe(0);

    // Removed, then ticked again: no refund, no second charge.
    const off = await seller.patch(`/api/listings/${created.id}`, { upgrades: ["featured"] });
    expect(off.statusCode, off.body).toBe(200);
    const on = await seller.patch(`/api/listings/${created.id}`, {
      upgrades: ["featured", "bold"],
    });
    expect(on.json().chargedUpgrades).toEqual([]);
    expect((await upgradeFees(created.id)).map((f) => f.purpose)).toEqual([
      "upgrade:bold",
      "upgrade:featured",
      "upgrade:subtitle",
    ]);

    const after = await sellerBalances(t.database.db, sellerId);
    expect(before.seller_available - after.seller_available).toBe(
      upgradesCents(["bold", "subtitle", "featured"]),
    );

    const form = (await seller.get(`/api/listings/${created.id}/edit`)).json();
    expect(form.upgrades).toEqual(["featured", "bold"]);
    expect(form.paidUpgrades).toEqual(["featured", "bold", "subtitle"]);
    expect(form.subtitle).toBeNull();
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("charges once when two saves buy the same upgrade at once", async () => {
    const { id } = await createOk(fixed({ title: "Raced bowl" }));
    const saves = await Promise.all(
      [0, 1, 2].map(() => seller.patch(`/api/listings/${id}`, { upgrades: ["galleryPlus"] })),
    );
    for (const res of saves) expect(res.statusCode, res.body).toBe(200);
    expect(saves.flatMap((r) => r.json().chargedUpgrades)).toEqual(["galleryPlus"]);
    expect(await upgradeFees(id)).toEqual([
      { purpose: "upgrade:galleryPlus", cents: upgradesCents(["galleryPlus"]) },
    ]);
  });

  it("shows them on cards and the listing page", async () => {
    const { id } = await createOk(
      fixed({
        title: "Shown bowl",
        upgrades: ["bold", "subtitle", "galleryPlus"],
        subtitle: "Free gift wrap",
      }),
    );
    const detail = (await other.get(`/api/listings/${id}`)).json();
    expect(detail).toMatchObject({
      boldTitle: true,
      subtitle: "Free gift wrap",
      galleryPlus: true,
      featured: false,
    });
    const found = (await other.get("/api/listings?search=Shown%20bowl")).json();
    expect(found.items[0]).toMatchObject({ id, boldTitle: true, subtitle: "Free gift wrap" });
  });

  it("lists the fees in the seller's transactions", async () => {
    const res = await seller.get("/api/my/payments/transactions?kind=fee");
    expect(res.statusCode, res.body).toBe(200);
    const descriptions = res.json().items.map((x: { description: string }) => x.description);
    expect(descriptions).toContain("Bold title upgrade: Carved mahogany bowl");
    expect(descriptions).toContain("Featured listing upgrade: Carved mahogany bowl");
  });
});

describe("what is refused", () => {
  it("needs the subtitle's words, within the limit", async () => {
    const none = await seller.post("/api/listings", fixed({ upgrades: ["subtitle"] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.subtitle).toBe("Write the subtitle, or untick Subtitle");
    const long = await seller.post(
      "/api/listings",
      fixed({ upgrades: ["subtitle"], subtitle: "x".repeat(SUBTITLE_MAX + 1) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.subtitle).toMatch(/at most 55 characters/);
    const unknown = await seller.post(
      "/api/listings",
      fixed({ upgrades: ["sparkles"] as unknown as CreateListingInput["upgrades"] }),
    );
    expect(unknown.statusCode).toBe(400);

    const { id } = await createOk(fixed({ title: "Plain bowl" }));
    const blank = await seller.patch(`/api/listings/${id}`, {
      upgrades: ["subtitle"],
      subtitle: "   ",
    });
    expect(blank.statusCode).toBe(400);
    // Nothing was charged by the refused saves.
    expect(await upgradeFees(id)).toEqual([]);
  });

  it("lets only the seller buy them", async () => {
    const { id } = await createOk(fixed({ title: "Guarded bowl" }));
    const res = await other.patch(`/api/listings/${id}`, { upgrades: ["featured"] });
    // The edit API's ownership answer (selling.policy assertOwner): 403 to a signed-in stranger.
    expect(res.statusCode).toBe(403);
    expect((await other.get(`/api/listings/${id}/edit`)).statusCode).toBe(403);
    expect(await upgradeFees(id)).toEqual([]);
  });

  it("sells none for a listing that is over", async () => {
    const { id } = await createOk(fixed({ title: "Ended bowl" }));
    await t.database.db.execute(sql`update listings set status = 'ended' where id = ${id}`);
    const res = await seller.patch(`/api/listings/${id}`, { upgrades: ["bold"] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("not_active");
    expect(await upgradeFees(id)).toEqual([]);
  });

  it("does not carry paid upgrades to a relisted listing, and charges those ticked again", async () => {
    const { id } = await createOk(
      fixed({ title: "Relisted bowl", upgrades: ["featured", "bold"] }),
    );
    await t.database.db.execute(sql`update listings set status = 'ended' where id = ${id}`);
    const copy = await createOk(
      fixed({ title: "Relisted bowl", sourceListingId: id, relist: true, upgrades: ["bold"] }),
    );
    expect(copy.chargedUpgrades).toEqual(["bold"]);
    const form = (await seller.get(`/api/listings/${copy.id}/edit`)).json();
    expect(form.upgrades).toEqual(["bold"]);
    expect(await upgradeFees(copy.id)).toHaveLength(1);
  });
});

describe("Featured on results", () => {
  it("pins at most 3 matching featured listings above the first page, without duplicates", async () => {
    const word = "Zephyrwood";
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await createOk(fixed({ title: `${word} stool ${i}`, upgrades: ["featured"] }))).id);
    for (let i = 0; i < 3; i++) await createOk(fixed({ title: `${word} plain stool ${i}` }));

    const first = (await other.get(`/api/listings?search=${word}&pageSize=4`)).json();
    expect(first.pinned).toHaveLength(FEATURED_PINNED_MAX);
    // Newest featured first; the page's rows leave them out; the total is the search's own.
    expect(first.pinned.map((c: { id: string }) => c.id)).toEqual(ids.slice(2).reverse());
    expect(first.pinned.every((c: { featured: boolean }) => c.featured)).toBe(true);
    const pinnedIds = new Set(first.pinned.map((c: { id: string }) => c.id));
    expect(first.items.some((c: { id: string }) => pinnedIds.has(c.id))).toBe(false);
    expect(first.total).toBe(8);

    const second = (await other.get(`/api/listings?search=${word}&pageSize=4&page=2`)).json();
    expect(second.pinned).toBeUndefined();
    expect(second.items).toHaveLength(4);

    const deals = (await other.get(`/api/listings?search=${word}&featured=true`)).json();
    expect(deals.pinned).toBeUndefined();
    expect(deals.total).toBe(5);
  });
});
