import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import { outboxEmails } from "../../db/schema/accounts";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { sendPendingRefunds } from "../cancellations/refunds.service";
import { sendPendingNotificationEmails } from "../notifications/notification-emails.service";
import type { PaymentProvider } from "../payment-providers/payment-provider";

const t = setUpTestApp();
let buyer: Agent;
let buyerUser: { id: string; email: string; username: string };
let seller: { id: string; username: string };
let admin: Agent;
let adminId: string;
let moderator: Agent;

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "K Brown" };

async function staff(role: "moderator" | "admin") {
  const u = await createUser(t.database.db, role);
  await t.database.db.execute(sql`update users set staff_role = ${role} where id = ${u.id}`);
  return { id: u.id, agent: await signedInAgent(t.app, t.database.db, u.id) };
}

beforeAll(async () => {
  buyerUser = await createUser(t.database.db, "buyer");
  buyer = await signedInAgent(t.app, t.database.db, buyerUser.id);
  seller = await createUser(t.database.db, "seller");
  ({ id: adminId, agent: admin } = await staff("admin"));
  ({ agent: moderator } = await staff("moderator"));
});

/** Checks out one item ($12.50 + $5.00 shipping + tax) and, unless told not to, pays it. */
async function order(pay = true): Promise<string> {
  const listing = await createListing(t.database.db, {
    sellerId: seller.id,
    title: `Sea moss ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: 1250,
    shippingCents: 500,
    quantity: 5,
  });
  const res = await buyer.post("/api/checkout", {
    lines: [{ listingId: listing.id, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  if (pay) {
    const session = (res.json().redirectUrl as string).split("/pay/sandbox/")[1];
    const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return res.json().orderId as string;
}

const refundsOf = (orderId: string) =>
  rows<{
    amount_cents: number;
    status: string;
    reason: string;
    issued_by: string | null;
    provider_refund_id: string | null;
  }>(
    t.database.db,
    sql`select amount_cents, status, reason, issued_by, provider_refund_id from refunds
        where order_id = ${orderId} order by created_at`,
  );

const auditOf = (orderId: string) =>
  rows<{ action: string; actor_id: string; reason: string; before: unknown; after: unknown }>(
    t.database.db,
    sql`select action, actor_id, reason, before, after from admin_actions
        where subject_kind = 'order' and subject_id = ${orderId} order by created_at, id`,
  );

describe("finding orders (GET /api/admin/orders)", () => {
  it("by order number (its first characters) or the buyer's email", async () => {
    const id = await order(false);
    const byNumber = (await moderator.get(`/api/admin/orders?q=${id.slice(0, 8)}`)).json();
    expect(byNumber.items.map((o: { id: string }) => o.id)).toContain(id);
    expect(byNumber.items[0]).toMatchObject({
      number: id.slice(0, 8),
      buyer: { id: buyerUser.id, username: buyerUser.username },
    });
    const byHash = (
      await moderator.get(`/api/admin/orders?q=%23${id.slice(0, 8).toUpperCase()}`)
    ).json();
    expect(byHash.items.map((o: { id: string }) => o.id)).toContain(id);
    const byEmail = (
      await moderator.get(`/api/admin/orders?q=${encodeURIComponent(buyerUser.email)}`)
    ).json();
    expect(byEmail.items.map((o: { id: string }) => o.id)).toContain(id);
    expect(byEmail.items.every((o: { buyer: { id: string } }) => o.buyer.id === buyerUser.id)).toBe(
      true,
    );
    expect((await moderator.get("/api/admin/orders?q=%25")).json().total).toBe(0);
  });
});

describe("an order's detail (GET /api/admin/orders/{id})", () => {
  it("shows lines, the payment history and what can be refunded", async () => {
    const id = await order();
    const res = await moderator.get(`/api/admin/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({ id, status: "paid", refunds: [] });
    expect(detail.refundableCents).toBe(detail.totalCents);
    expect(detail.lines).toEqual([
      expect.objectContaining({
        quantity: 1,
        unitPriceCents: 1250,
        sellerUsername: seller.username,
      }),
    ]);
    expect(detail.paymentEvents.map((e: { type: string }) => e.type)).toEqual([
      "checkout.opened",
      "checkout.complete",
    ]);
    const unpaid = (await moderator.get(`/api/admin/orders/${await order(false)}`)).json();
    expect(unpaid).toMatchObject({ status: "pending", refundableCents: 0 });
    expect(
      (await moderator.get("/api/admin/orders/6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f")).statusCode,
    ).toBe(404);
  });
});

describe("refunding an order (POST /api/admin/orders/{id}/refunds)", () => {
  it("refunds what is left through the payment provider, tells buyer and seller, and is audited", async () => {
    const id = await order();
    const res = await admin.post(`/api/admin/orders/${id}/refunds`, {
      reason: "Item arrived broken; seller agreed.",
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json();
    const [refund] = await refundsOf(id);
    expect(refund).toMatchObject({
      amount_cents: detail.totalCents,
      status: "succeeded",
      reason: "Item arrived broken; seller agreed.",
      issued_by: adminId,
    });
    // The sandbox provider's refund id: it went through the provider.
    expect(refund?.provider_refund_id).toMatch(/^re_sbx_/);
    expect(detail).toMatchObject({
      refundableCents: 0,
      refunds: [{ amountCents: detail.totalCents, status: "succeeded" }],
    });
    expect(detail.paymentEvents.map((e: { type: string }) => e.type)).toEqual([
      "checkout.opened",
      "checkout.complete",
      "refund.requested",
      "refund.succeeded",
    ]);
    const notices = await rows<{ user_id: string }>(
      t.database.db,
      sql`select user_id from notifications where order_id = ${id} and kind = 'refund_issued'`,
    );
    expect(notices.map((n) => n.user_id).sort()).toEqual([buyerUser.id, seller.id].sort());
    expect(await auditOf(id)).toEqual([
      {
        action: "order.refund",
        actor_id: adminId,
        reason: "Item arrived broken; seller agreed.",
        before: { refundableCents: detail.totalCents },
        after: { refundId: expect.any(String), amountCents: detail.totalCents, refundableCents: 0 },
      },
    ]);

    const again = await admin.post(`/api/admin/orders/${id}/refunds`, { reason: "Once more." });
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toMatchObject({
      code: "refund_not_allowed",
      message: "This order has been refunded in full.",
    });
    expect(await refundsOf(id)).toHaveLength(1);
  });

  it("refunds part; one asking more than is left, or several at once, never refund more than is left; nothing on an unpaid order", async () => {
    const id = await order();
    const part = await admin.post(`/api/admin/orders/${id}/refunds`, {
      reason: "Shipping was slow.",
      amountCents: 500,
    });
    expect(part.statusCode, part.body).toBe(201);
    const left = part.json().refundableCents;
    expect(left).toBe(part.json().totalCents - 500);
    const tooMuch = await admin.post(`/api/admin/orders/${id}/refunds`, {
      reason: "The rest and more.",
      amountCents: left + 1,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toContain("can be refunded on this order");
    expect(await refundsOf(id)).toHaveLength(1);
    // Three asking for the whole rest at once: one gets it. (Truly at once on PostgreSQL;
    // refund-races.test.ts holds the races between every refund path there.)
    const atOnce = await Promise.all(
      [1, 2, 3].map(() =>
        admin.post(`/api/admin/orders/${id}/refunds`, { reason: "The rest.", amountCents: left }),
      ),
    );
    expect(atOnce.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    const refunded = await refundsOf(id);
    expect(refunded.map((r) => r.amount_cents).sort((a, b) => a - b)).toEqual(
      [500, left].sort((a, b) => a - b),
    );
    const zero = await admin.post(`/api/admin/orders/${id}/refunds`, {
      reason: "Nothing.",
      amountCents: 0,
    });
    expect(zero.statusCode).toBe(400);

    const unpaid = await order(false);
    const refused = await admin.post(`/api/admin/orders/${unpaid}/refunds`, { reason: "Why not." });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe("Nothing was paid on this order.");
    expect(await refundsOf(unpaid)).toHaveLength(0);
    expect(await auditOf(unpaid)).toHaveLength(0);
  });

  it("tells the buyer the admin's reason for a partial refund: on the order, in the notification and the email", async () => {
    const id = await order();
    // Delivered: shipped by the seller and marked received by the buyer.
    const shop = await signedInAgent(t.app, t.database.db, seller.id);
    const shipped = await shop.post(`/api/orders/${id}/shipments`, {
      carrier: "dhl",
      trackingNumber: "JD014600006",
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect((await buyer.post(`/api/orders/${id}/received`)).statusCode).toBe(200);
    const reason = "The lid arrived <cracked>; we refunded the shipping.";
    const res = await admin.post(`/api/admin/orders/${id}/refunds`, { reason, amountCents: 500 });
    expect(res.statusCode, res.body).toBe(201);

    // The buyer's order: a refund staff issued, with their words, not "could not be filled".
    const view = (await buyer.get(`/api/orders/${id}/cancellation`)).json();
    expect(view.refunds).toEqual([
      expect.objectContaining({
        amountCents: 500,
        status: "succeeded",
        sellerId: null,
        cause: "staff",
        reason,
      }),
    ]);

    const number = id.slice(0, 8);
    const [notice] = await rows<{ message: string }>(
      t.database.db,
      sql`select message from notifications
          where order_id = ${id} and kind = 'refund_issued' and user_id = ${buyerUser.id}`,
    );
    expect(notice?.message).toBe(
      `A refund of $5.00 for order ${number} was issued to your card. Reason: ${reason}`,
    );
    await sendPendingNotificationEmails({
      db: t.database.db,
      mailer: t.app.mailer,
      publicUrl: "http://localhost:3000",
    });
    // Earlier tests leave this buyer other pending emails, sent in the same transaction (same
    // created_at), so find this refund's email by its reason, not by time.
    const emails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, buyerUser.email));
    const email = emails.find((e) => e.text.includes(reason));
    expect(email?.subject).toBe(`A refund for order ${number}`);
    expect(email?.text).toContain(`Reason: ${reason}`);
    expect(email?.html).toContain("Reason: The lid arrived &#60;cracked&#62;;");
  });

  it("leaves a refund the provider could not make pending, and the refunds job sends it later", async () => {
    const id = await order();
    const provider = t.app.payments as PaymentProvider;
    const original = provider.refund;
    provider.refund = async () => {
      throw new Error("provider unavailable");
    };
    try {
      const res = await admin.post(`/api/admin/orders/${id}/refunds`, { reason: "Lost parcel." });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().refunds[0].status).toBe("pending");
      // Pending counts: nothing more can be refunded meanwhile.
      expect(res.json().refundableCents).toBe(0);
    } finally {
      provider.refund = original;
    }
    await sendPendingRefunds({ db: t.database.db, provider });
    expect((await refundsOf(id))[0]).toMatchObject({ status: "succeeded" });
  });
});
