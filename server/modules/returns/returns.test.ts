import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DISPUTE_FEES_CENTS } from "../../../core/fees";
import { type SettableClock, settableClock } from "../../clock";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { sellerBalances } from "../ledger/journal";
import { checkLedger } from "../ledger/ledger-check";

const DAY = 86_400_000;
const clock: SettableClock = settableClock(new Date());
const t = setUpTestApp({ clock });
let buyer: Agent;
let buyerId: string;
let rival: Agent;
let seller: { id: string; username: string };
let shop: Agent;
let otherShop: Agent;
let staff: Agent;

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "K Brown" };

beforeAll(async () => {
  const db = t.database.db;
  seller = await createUser(db, "rshop");
  shop = await signedInAgent(t.app, db, seller.id);
  otherShop = await signedInAgent(t.app, db, (await createUser(db, "rother")).id);
  const b = await createUser(db, "rbuyer");
  buyerId = b.id;
  buyer = await signedInAgent(t.app, db, b.id);
  rival = await signedInAgent(t.app, db, (await createUser(db, "rrival")).id);
  const s = await createUser(db, "rstaff");
  await db.execute(sql`update users set staff_role = 'moderator' where id = ${s.id}`);
  staff = await signedInAgent(t.app, db, s.id);
});

const q = <T>(query: ReturnType<typeof sql>) => rows<T>(t.database.db, query);

/** A paid order of one item (12.50 + 5.00 shipping + 1.25 tax = 18.75) from the seller. */
async function paidOrder(returnPolicyDays = 30) {
  const l = await createListing(t.database.db, {
    sellerId: seller.id,
    title: `Straw hat ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: 1250,
    shippingCents: 500,
    quantity: 5,
    returnPolicyDays,
  });
  const res = await buyer.post("/api/checkout", { lines: [{ listingId: l.id, quantity: 1 }] });
  expect(res.statusCode, res.body).toBe(201);
  const session = (res.json().redirectUrl as string).split("/pay/sandbox/")[1];
  const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
  expect(paid.statusCode, paid.body).toBe(200);
  return res.json().orderId as string;
}

/** The seller shipped it `shippedDaysAgo` days ago; received `receivedDaysAgo` days ago when given. */
async function shipped(orderId: string, shippedDaysAgo: number, receivedDaysAgo?: number) {
  const now = clock.now().getTime();
  await t.database.db.execute(sql`update orders set paid_at = ${new Date(now - (shippedDaysAgo + 1) * DAY)}
    where id = ${orderId}`);
  await t.database.db.execute(sql`insert into shipments (order_id, seller_id, method, carrier,
      tracking_number, shipped_at, received_at)
    values (${orderId}, ${seller.id}, 'shipped', 'dhl', '123', ${new Date(now - shippedDaysAgo * DAY)},
      ${receivedDaysAgo === undefined ? null : new Date(now - receivedDaysAgo * DAY)})`);
}

const RETURN = { reason: "damaged", details: "The brim is torn." };

async function openReturn(orderId: string, body: object = RETURN) {
  const res = await buyer.post(`/api/orders/${orderId}/returns`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const refundsOf = (orderId: string) =>
  q<{ amount_cents: number; status: string; reason: string; issued_by: string | null }>(
    sql`select amount_cents, status, reason, issued_by from refunds where order_id = ${orderId}
        order by created_at`,
  );

const requestOf = async (orderId: string) =>
  (await buyer.get(`/api/orders/${orderId}/returns`)).json().items[0];

/** The entries of a request's expedited dispute fee journal, by account. */
const disputeFees = (requestId: string) =>
  q<{ account: string; sellerId: string | null; amountCents: number; orderId: string }>(
    sql`select e.account, e.seller_id as "sellerId", e.amount_cents::int as "amountCents",
          j.order_id as "orderId"
        from ledger_journals j join ledger_entries e on e.journal_id = j.id
        where j.source_kind = 'after_sale_request' and j.source_id = ${requestId}
          and j.purpose = 'expedite'
        order by e.account`,
  );

const notices = (userId: string, kind: string, orderId: string) =>
  q<{ message: string }>(
    sql`select message from notifications where user_id = ${userId} and kind = ${kind}
        and order_id = ${orderId} order by created_at`,
  );

describe("a return, from open to refund", () => {
  it("is opened by the buyer only, once, and answered by the seller only", async () => {
    const orderId = await paidOrder();
    await shipped(orderId, 5, 2);
    for (const who of [rival, shop])
      expect((await who.post(`/api/orders/${orderId}/returns`, RETURN)).statusCode).toBe(404);
    expect((await rival.get(`/api/orders/${orderId}/returns`)).statusCode).toBe(404);

    const view = (await buyer.get(`/api/orders/${orderId}/returns`)).json();
    expect(view.parts[0]).toMatchObject({ canReturn: true, canReportNotReceived: false });

    const id = await openReturn(orderId);
    const again = await buyer.post(`/api/orders/${orderId}/returns`, RETURN);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("request_exists");
    expect((await notices(seller.id, "return_requested", orderId))[0]?.message).toContain(
      "asked to return order",
    );

    const accept = { action: "accept", returnAddress: "12 Bay Street, Bridgetown" };
    for (const who of [buyer, otherShop, rival]) {
      const res = await who.post(`/api/returns/${id}/answer`, accept);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("return_not_found");
    }
    // A damaged item cannot be declined.
    const decline = await shop.post(`/api/returns/${id}/answer`, {
      action: "decline",
      note: "No.",
    });
    expect(decline.statusCode).toBe(422);

    expect((await shop.post(`/api/returns/${id}/answer`, accept)).statusCode).toBe(204);
    expect(await requestOf(orderId)).toMatchObject({
      status: "accepted",
      returnShippingPaidBy: "seller",
      returnAddress: "12 Bay Street, Bridgetown",
    });
    expect((await notices(buyerId, "return_updated", orderId)).length).toBe(1);
    // Shipping back: the buyer's only.
    const tracking = { carrier: "dhl", trackingNumber: "RT 123-456" };
    expect((await shop.post(`/api/returns/${id}/ship-back`, tracking)).statusCode).toBe(404);
    expect((await shop.post(`/api/returns/${id}/received`)).statusCode).toBe(409);
    expect((await buyer.post(`/api/returns/${id}/ship-back`, tracking)).statusCode).toBe(204);
    expect((await buyer.post(`/api/returns/${id}/received`)).statusCode).toBe(404);
    expect((await notices(seller.id, "return_updated", orderId)).length).toBe(1);

    // Two clicks at once on "received": one refund, of the whole part.
    const both = await Promise.all([
      shop.post(`/api/returns/${id}/received`),
      shop.post(`/api/returns/${id}/received`),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({ amount_cents: 1875, status: "succeeded", reason: "return" }),
    ]);
    expect(await requestOf(orderId)).toMatchObject({
      status: "refunded",
      refund: { amountCents: 1875, status: "succeeded" },
    });
    const timeline = (await buyer.get(`/api/orders/${orderId}/details`)).json().timeline;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(["return_opened", "request_accepted", "return_shipped", "refunded"]),
    );
    // Settled: the refund cannot repeat, and no second request is opened about the part.
    expect((await shop.post(`/api/returns/${id}/received`)).statusCode).toBe(409);
    const second = await buyer.post(`/api/orders/${orderId}/returns`, RETURN);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe("request_exists");
    expect((await buyer.get(`/api/orders/${orderId}/returns`)).json().parts[0].canReturn).toBe(
      false,
    );
  });

  it("refuses a return before delivery, after the window, or for a reason the policy does not allow", async () => {
    const early = await paidOrder();
    await shipped(early, 2);
    const notYet = await buyer.post(`/api/orders/${early}/returns`, RETURN);
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json().error.code).toBe("return_not_allowed");

    const late = await paidOrder(14);
    await shipped(late, 20, 15);
    const mind = { reason: "changed_mind", details: "Not for me." };
    const closed = await buyer.post(`/api/orders/${late}/returns`, mind);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().error.message).toBe("The return window for this item has closed.");
    // The guarantee still covers a damaged item for 30 days.
    await openReturn(late);

    const noReturns = await paidOrder(0);
    await shipped(noReturns, 3, 1);
    const refused = await buyer.post(`/api/orders/${noReturns}/returns`, mind);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toHaveProperty("reason");

    const bad = await buyer.post(`/api/orders/${noReturns}/returns`, { reason: "bored" });
    expect(bad.statusCode).toBe(400);
  });

  it("lets the seller decline the buyer's own reasons, and the buyer take a partial offer", async () => {
    const a = await paidOrder();
    await shipped(a, 5, 1);
    const declined = await openReturn(a, { reason: "doesnt_fit", details: "Too small." });
    expect(
      (await shop.post(`/api/returns/${declined}/answer`, { action: "decline", note: "Worn." }))
        .statusCode,
    ).toBe(204);
    expect(await requestOf(a)).toMatchObject({ status: "declined", canEscalate: true });

    const b = await paidOrder();
    await shipped(b, 5, 1);
    const id = await openReturn(b, { reason: "not_as_described", details: "Wrong colour." });
    const tooMuch = await shop.post(`/api/returns/${id}/answer`, {
      action: "offer",
      amountCents: 1875,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(
      (await shop.post(`/api/returns/${id}/answer`, { action: "offer", amountCents: 500 }))
        .statusCode,
    ).toBe(204);
    expect((await shop.post(`/api/returns/${id}/accept-offer`)).statusCode).toBe(404);
    expect((await buyer.post(`/api/returns/${id}/accept-offer`)).statusCode).toBe(204);
    expect(await refundsOf(b)).toEqual([
      expect.objectContaining({ amount_cents: 500, status: "succeeded" }),
    ]);
    expect((await buyer.post(`/api/returns/${id}/accept-offer`)).statusCode).toBe(409);
  });
});

describe("item not received", () => {
  it("waits for the estimate (or 10 business days), and needs a shipped, unreceived part", async () => {
    const unshipped = await paidOrder();
    const none = await buyer.post(`/api/orders/${unshipped}/not-received`, { details: "Nothing." });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.code).toBe("not_received_not_allowed");

    const fresh = await paidOrder();
    await shipped(fresh, 1);
    const soon = await buyer.post(`/api/orders/${fresh}/not-received`, { details: "Nothing." });
    expect(soon.statusCode).toBe(422);
    expect(soon.json().error.message).toContain("may still be on its way");

    const received = await paidOrder();
    await shipped(received, 20, 3);
    expect(
      (await buyer.post(`/api/orders/${received}/not-received`, { details: "x" })).statusCode,
    ).toBe(422);
  });

  it("is answered with a refund by the seller", async () => {
    const orderId = await paidOrder();
    await shipped(orderId, 20);
    expect((await buyer.get(`/api/orders/${orderId}/returns`)).json().parts[0]).toMatchObject({
      canReportNotReceived: true,
      canReturn: false,
    });
    expect(
      (await shop.post(`/api/orders/${orderId}/not-received`, { details: "x" })).statusCode,
    ).toBe(404);
    const res = await buyer.post(`/api/orders/${orderId}/not-received`, {
      details: "Three weeks and nothing.",
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    // A return's answers do not fit a missing parcel.
    expect(
      (await shop.post(`/api/returns/${id}/answer`, { action: "accept", returnAddress: "x" }))
        .statusCode,
    ).toBe(400);
    expect((await shop.post(`/api/returns/${id}/answer`, { action: "refund" })).statusCode).toBe(
      204,
    );
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({ amount_cents: 1875, status: "succeeded", reason: "not_received" }),
    ]);
  });
});

describe("cases: escalation and staff decisions", () => {
  it("lets the buyer escalate only after 3 business days, then staff decide for the seller", async () => {
    const orderId = await paidOrder();
    await shipped(orderId, 20);
    const id = (
      await buyer.post(`/api/orders/${orderId}/not-received`, { details: "Still waiting." })
    ).json().id as string;
    const early = await buyer.post(`/api/returns/${id}/escalate`, {});
    expect(early.statusCode).toBe(422);
    expect(early.json().error.code).toBe("escalation_too_soon");
    expect((await shop.post(`/api/returns/${id}/escalate`, {})).statusCode).toBe(404);

    clock.advance(6 * DAY);
    expect((await buyer.post(`/api/returns/${id}/escalate`, {})).statusCode).toBe(204);
    expect((await notices(seller.id, "return_updated", orderId)).at(-1)?.message).toContain(
      "asked Tradewinds to step in",
    );
    // The seller cannot refund while staff decide.
    const meanwhile = await shop.post(`/api/returns/${id}/answer`, { action: "refund" });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error.code).toBe("case_under_review");

    // The seller may ask for the expedited review: the fee pages' $25.00, recorded on the case and
    // taken from their available balance. Two asks at once, and a third later, charge it once.
    expect((await buyer.post(`/api/returns/${id}/expedite`)).statusCode).toBe(404);
    const before = await sellerBalances(t.database.db, seller.id);
    const asks = await Promise.all([
      shop.post(`/api/returns/${id}/expedite`),
      shop.post(`/api/returns/${id}/expedite`),
    ]);
    expect(asks.map((a) => a.statusCode)).toEqual([204, 204]);
    expect((await shop.post(`/api/returns/${id}/expedite`)).statusCode).toBe(204);
    expect(await requestOf(orderId)).toMatchObject({ expedited: true, expeditedFeeCents: 2500 });
    const [payer] = await q<{ expedited_by: string }>(
      sql`select expedited_by from after_sale_requests where id = ${id}`,
    );
    expect(payer?.expedited_by).toBe(seller.id);
    expect(await disputeFees(id)).toEqual([
      { account: "fee_revenue_disputes", sellerId: null, amountCents: 2500, orderId },
      { account: "seller_available", sellerId: seller.id, amountCents: -2500, orderId },
    ]);
    const after = await sellerBalances(t.database.db, seller.id);
    expect(after.seller_available).toBe(before.seller_available - DISPUTE_FEES_CENTS.expedited);
    expect(after.seller_pending).toBe(before.seller_pending);
    expect(await checkLedger(t.database.db)).toEqual([]);
    // The seller's transactions name it; the platform's revenue counts it.
    const fees = (await shop.get("/api/my/payments/transactions?kind=fee")).json();
    expect(fees.items).toContainEqual(
      expect.objectContaining({
        description: `Expedited dispute fee: order #${orderId.slice(0, 8)}`,
        amountCents: -2500,
        orderId,
      }),
    );
    const revenue = (await staff.get("/api/admin/money/revenue")).json();
    expect(revenue.totals.disputesCents).toBeGreaterThanOrEqual(2500);
    // Only staff see and decide cases.
    for (const who of [buyer, shop]) {
      expect((await who.get("/api/admin/cases")).statusCode).toBe(404);
      expect(
        (
          await who.post(`/api/admin/cases/${id}/decision`, {
            outcome: "seller",
            reason: "x",
          })
        ).statusCode,
      ).toBe(404);
    }
    const list = (await staff.get("/api/admin/cases")).json();
    expect(list.items.map((c: { id: string }) => c.id)).toContain(id);
    const decided = await staff.post(`/api/admin/cases/${id}/decision`, {
      outcome: "seller",
      reason: "Tracking shows it was delivered to the buyer's address.",
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().request).toMatchObject({ status: "closed", decision: "seller" });
    expect(await refundsOf(orderId)).toEqual([]);
    for (const who of [buyerId, seller.id])
      expect((await notices(who, "case_decided", orderId))[0]?.message).toContain(
        "Reason: Tracking shows it was delivered",
      );
    const [audit] = await q<{ action: string }>(
      sql`select action from admin_actions where subject_id = ${id}`,
    );
    expect(audit?.action).toBe("case.decide");
    // Decided once; a new request on the part is refused.
    expect(
      (await staff.post(`/api/admin/cases/${id}/decision`, { outcome: "seller", reason: "x" }))
        .statusCode,
    ).toBe(409);
    expect(
      (await buyer.post(`/api/orders/${orderId}/not-received`, { details: "Again." })).statusCode,
    ).toBe(409);
  });

  it("refunds the buyer in part within what is left, and then refuses the seller's negative feedback", async () => {
    const orderId = await paidOrder();
    await shipped(orderId, 5, 1);
    const id = await openReturn(orderId, { reason: "changed_mind", details: "Not my style." });
    await shop.post(`/api/returns/${id}/answer`, { action: "decline", note: "Final sale." });
    // The buyer's review is the standard, free one: asking for the expedited one is refused.
    const expedited = await buyer.post(`/api/returns/${id}/escalate`, { expedited: true });
    expect(expedited.statusCode).toBe(400);
    expect(expedited.json().error.message).toContain("Only the seller can ask");
    expect(await requestOf(orderId)).toMatchObject({ status: "declined", expedited: false });
    expect((await buyer.post(`/api/returns/${id}/escalate`, {})).statusCode).toBe(204);
    expect(await requestOf(orderId)).toMatchObject({
      status: "escalated",
      expedited: false,
      expeditedFeeCents: null,
    });
    expect(await disputeFees(id)).toEqual([]);
    const detail = (await staff.get(`/api/admin/cases/${id}`)).json();
    expect(detail).toMatchObject({ paidCents: 1875, refundedCents: 0 });

    const tooMuch = await staff.post(`/api/admin/cases/${id}/decision`, {
      outcome: "refund_partial",
      amountCents: 1876,
      reason: "Half back.",
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.code).toBe("refund_not_allowed");
    const noAmount = await staff.post(`/api/admin/cases/${id}/decision`, {
      outcome: "refund_partial",
      reason: "Half back.",
    });
    expect(noAmount.statusCode).toBe(400);
    const ok = await staff.post(`/api/admin/cases/${id}/decision`, {
      outcome: "refund_partial",
      amountCents: 900,
      reason: "The listing did not show the hat's size.",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({ amount_cents: 900, status: "succeeded" }),
    ]);

    const [line] = await q<{ id: string }>(
      sql`select id from order_lines where order_id = ${orderId}`,
    );
    const negative = await shop.post(`/api/orders/${orderId}/lines/${line?.id}/feedback`, {
      rating: "negative",
      comment: "Difficult buyer.",
    });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().error.code).toBe("feedback_after_case");
    const positive = await shop.post(`/api/orders/${orderId}/lines/${line?.id}/feedback`, {
      rating: "positive",
      comment: "Thanks.",
    });
    expect(positive.statusCode, positive.body).toBe(201);
  });

  it("lists the buyer's requests at /api/me/returns and the seller's with role=seller", async () => {
    const mine = (await buyer.get("/api/me/returns")).json().items;
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.every((r: { buyer: { id: string } }) => r.buyer.id === buyerId)).toBe(true);
    const theirs = (await shop.get("/api/me/returns?role=seller")).json().items;
    expect(theirs.every((r: { seller: { id: string } }) => r.seller.id === seller.id)).toBe(true);
    expect((await rival.get("/api/me/returns?role=seller")).json().items).toEqual([]);
  });
});
