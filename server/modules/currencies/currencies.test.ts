import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CURRENCY_CODES, currencyForTerritory } from "../../../core/currencies";
import { rows } from "../../db/rows";
import { TERRITORIES } from "../../seed/seed-data";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

const t = setUpTestApp();
let visitor: Agent;
let user: Agent;
let moderator: Agent;
let admin: Agent;

async function staff(role: "moderator" | "admin") {
  const u = await createUser(t.database.db, role);
  await t.database.db.execute(sql`update users set staff_role = ${role} where id = ${u.id}`);
  return signedInAgent(t.app, t.database.db, u.id);
}

beforeAll(async () => {
  visitor = new Agent(t.app);
  user = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db, "plain")).id);
  moderator = await staff("moderator");
  admin = await staff("admin");
});

const today = () => new Date().toISOString().slice(0, 10);

describe("GET /api/currencies", () => {
  it("lists the pegged rates and the seeded floating rates with their dates, cacheable", async () => {
    const res = await visitor.get("/api/currencies");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const byCode = Object.fromEntries(
      res.json().currencies.map((c: { code: string }) => [c.code, c]),
    );
    expect(byCode.XCD).toMatchObject({ rate: "2.7", asOf: null, pegged: true });
    expect(byCode.KYD).toMatchObject({ rate: "0.833333", pegged: true });
    expect(byCode.JMD).toMatchObject({ rate: "157.35", pegged: false });
    expect(byCode.JMD.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(byCode.EUR.pegged).toBe(false);
  });
});

describe("the territories' currencies", () => {
  it("gives every catalogue territory a listed currency", () => {
    for (const territory of TERRITORIES) {
      expect(CURRENCY_CODES, territory.slug).toContain(currencyForTerritory(territory.slug));
    }
  });
});

describe("the admin's rates", () => {
  const body = { rate: "158.2", asOf: "2026-01-05", reason: "Bank of Jamaica weighted average" };

  it("is a 404 to visitors and users, readable by any staff", async () => {
    expect((await visitor.get("/api/admin/rates")).statusCode).toBe(404);
    expect((await user.get("/api/admin/rates")).statusCode).toBe(404);
    expect((await user.put("/api/admin/rates/JMD", body)).statusCode).toBe(404);
    const res = await moderator.get("/api/admin/rates");
    expect(res.statusCode).toBe(200);
    expect(res.json().rates.map((r: { currency: string }) => r.currency)).toEqual([
      "JMD",
      "TTD",
      "GYD",
      "SRD",
      "DOP",
      "HTG",
      "EUR",
    ]);
    // The seed leaves Suriname's rate 12 days old, so the demo shows a stale one.
    const srd = res.json().rates.find((r: { currency: string }) => r.currency === "SRD");
    expect(srd.stale).toBe(true);
  });

  it("lets only an admin change a rate", async () => {
    const res = await moderator.put("/api/admin/rates/JMD", body);
    expect(res.statusCode).toBe(403);
  });

  it("changes a rate and writes the audit log with before and after", async () => {
    const res = await admin.put("/api/admin/rates/TTD", {
      rate: "6.8100",
      asOf: today(),
      reason: "Central Bank of Trinidad and Tobago",
    });
    expect(res.statusCode, res.body).toBe(200);
    const ttd = res.json().rates.find((r: { currency: string }) => r.currency === "TTD");
    expect(ttd).toMatchObject({ rate: "6.81", asOf: today(), stale: false });
    expect(ttd.updatedBy.username).toBeTruthy();
    const pub = (await visitor.get("/api/currencies")).json();
    expect(pub.currencies.find((c: { code: string }) => c.code === "TTD")).toMatchObject({
      rate: "6.81",
      asOf: today(),
    });
    const [entry] = await rows<{ action: string; before: unknown; after: unknown; reason: string }>(
      t.database.db,
      sql`select action, before, after, reason from admin_actions
          where subject_kind = 'exchange_rate' and subject_id = 'TTD'
          order by created_at desc limit 1`,
    );
    expect(entry).toMatchObject({
      action: "rate.update",
      before: { rate: "6.78" },
      after: { rate: "6.81", asOf: today() },
      reason: "Central Bank of Trinidad and Tobago",
    });
  });

  it("refuses bad input with 400 and a message", async () => {
    const cases = [
      ["/api/admin/rates/XCD", body], // pegged: not kept by staff
      ["/api/admin/rates/ZZZ", body],
      ["/api/admin/rates/JMD", { ...body, rate: "0" }],
      ["/api/admin/rates/JMD", { ...body, rate: "-3" }],
      ["/api/admin/rates/JMD", { ...body, rate: "1.1234567" }],
      ["/api/admin/rates/JMD", { ...body, rate: "abc" }],
      ["/api/admin/rates/JMD", { ...body, asOf: "2026-13-45" }],
      ["/api/admin/rates/JMD", { ...body, asOf: "2999-01-01" }],
      ["/api/admin/rates/JMD", { ...body, reason: "" }],
    ] as const;
    for (const [path, b] of cases) {
      const res = await admin.put(path, b);
      expect(res.statusCode, `${path} ${JSON.stringify(b)}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
  });
});

describe("the account's currency", () => {
  it("needs a signed-in user", async () => {
    expect((await visitor.get("/api/me/preferences")).statusCode).toBe(401);
    expect((await visitor.patch("/api/me/preferences", { currency: "JMD" })).statusCode).toBe(401);
  });

  it("is remembered per account, and refuses unknown currencies", async () => {
    const me = await signedInAgent(
      t.app,
      t.database.db,
      (await createUser(t.database.db, "pref")).id,
    );
    expect((await me.get("/api/me/preferences")).json()).toEqual({ currency: null });
    const set = await me.patch("/api/me/preferences", { currency: "JMD" });
    expect(set.statusCode, set.body).toBe(200);
    expect((await me.get("/api/me/preferences")).json()).toEqual({ currency: "JMD" });
    // Only one's own account: another user is untouched.
    expect((await user.get("/api/me/preferences")).json()).toEqual({ currency: null });
    const bad = await me.patch("/api/me/preferences", { currency: "ZZZ" });
    expect(bad.statusCode).toBe(400);
    expect((await me.patch("/api/me/preferences", { currency: null })).json()).toEqual({
      currency: null,
    });
  });
});

describe("what is charged", () => {
  it("never depends on the chosen currency: same totals, same payment amount, in cents of USD", async () => {
    const seller = await createUser(t.database.db, "seller");
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      title: "Blue Mountain coffee 1 lb",
      priceCents: 4099,
      shippingCents: 650,
      quantity: 10,
    });
    const lines = [{ listingId: listing.id, quantity: 2 }];

    async function buyWith(currency: string | null) {
      const buyer = await signedInAgent(
        t.app,
        t.database.db,
        (await createUser(t.database.db, "buyer")).id,
      );
      if (currency) {
        const set = await buyer.patch("/api/me/preferences", { currency });
        expect(set.statusCode).toBe(200);
      }
      const validated = (await buyer.post("/api/cart/validate", { lines })).json();
      const res = await buyer.post("/api/checkout", { lines });
      expect(res.statusCode, res.body).toBe(201);
      const sessionId = res.json().redirectUrl.split("/pay/sandbox/")[1];
      const session = (await buyer.get(`/api/payments/sandbox/sessions/${sessionId}`)).json();
      const [order] = await rows<{ total_cents: number }>(
        t.database.db,
        sql`select total_cents from orders where id = ${res.json().orderId}`,
      );
      return { cart: validated.totals, session: session.totals, order: order?.total_cents };
    }

    const usd = await buyWith(null);
    expect(usd.cart.totalCents).toBe(2 * 4099 + 650 + Math.round((2 * 4099 * 10) / 100));
    expect(usd.session).toEqual(usd.cart);
    expect(usd.order).toBe(usd.cart.totalCents);
    for (const currency of ["JMD", "XCD", "EUR", "KYD"]) {
      expect(await buyWith(currency), currency).toEqual(usd);
    }
  });
});
