import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/rows";
import { sessions } from "../db/schema/accounts";
import { auctionSettings, bids } from "../db/schema/auctions";
import { queueNewListing } from "../modules/watching/alert-matching";
import { followSeller } from "../modules/watching/followed-sellers.service";
import { createSavedSearch } from "../modules/watching/saved-searches.service";
import { hashToken, newToken } from "../plugins/session";
import { seedDatabase } from "../seed/seed";
import { openTestDatabase, type TestDatabase } from "../test/build-test-app";
import { createListing, createUser } from "../test/factories";
import { startFakeStripe } from "../test/fake-stripe";
import {
  backendOf,
  killLeftoverServers,
  killMidway,
  type ServerProcess,
  startServer,
  stopServer,
  until,
} from "../test/server-process";

// The real server process, killed with SIGKILL in the middle of a background job's or a request's
// transaction, then started again, on a PostgreSQL server (PGlite cannot be shared by two
// processes). The test holds a lock the transaction needs half-way, waits until it waits on it (so
// it has written part of its work), kills the process and lets the orphaned transaction go: it
// finds its client gone and rolls back. Refunds are also cut off while the payment provider (the
// fake Stripe, in this process) holds their request.

const STRIPE_KEY = "sk_test_kill_restart";

let t: TestDatabase;
let url: string;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-kill-"));
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  fake = await startFakeStripe(STRIPE_KEY);
  t = await openTestDatabase("postgres");
  await seedDatabase(t.database.db, {});
  const [current] = await rows<{ db: string }>(t.database.db, sql`select current_database() as db`);
  const target = new URL(process.env.TEST_DATABASE_URL);
  target.pathname = `/${current?.db}`;
  url = target.toString();
});
afterAll(async () => {
  killLeftoverServers();
  await fake?.close();
  await t?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server on the test's database; `env` beside the defaults, `http` to send it requests. */
const start = (options: { env?: Record<string, string>; http?: boolean } = {}) =>
  startServer({ databaseUrl: url, dataDir, ...options });

describe("background jobs when the process is killed", () => {
  // Invariant: whenever the process dies, every auction due is settled exactly once once an instance
  // runs again. The settlement cut off leaves nothing (no order, no status change), the ones committed
  // before stay as they were, and the restarted instance settles the rest: one order per won auction,
  // the winner's last bid won and every other bid lost, one "won" notification per winner.
  it("settles each auction exactly once after a kill -9 in the middle of a settlement and a restart", {
    tags: ["postgres"],
    timeout: 240_000,
  }, async () => {
    const db = t.database.db;
    const [winner, loser] = [await createUser(db, "winner"), await createUser(db, "loser")];
    // Six auctions, due one after another; the fifth's reserve is not met (no winner).
    const due: { id: string; won: boolean }[] = [];
    for (let i = 0; i < 6; i++) {
      const won = i !== 4;
      const listing = await createListing(db, {
        title: `Killed mid-way ${i}`,
        auction: {
          endTime: new Date(Date.now() + 3_600_000),
          reservePriceCents: won ? null : 5000,
        },
      });
      await db.insert(bids).values([
        { listingId: listing.id, bidderId: loser.id, amountCents: 1000, status: "outbid" },
        { listingId: listing.id, bidderId: winner.id, amountCents: 1100, status: "active" },
      ]);
      await db
        .update(auctionSettings)
        .set({ currentBidCents: 1100, bidCount: 2, leaderId: winner.id, leaderMaxCents: 1500 })
        .where(sql`listing_id = ${listing.id}`);
      due.push({ id: listing.id, won });
    }
    const ids = due.map((d) => d.id);
    const cutOff = due[2]?.id as string;

    // Hold the third auction's bids: its settlement writes its order, then waits on them, mid-way.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("begin");
    await holder.query("select id from bids where listing_id = $1 for update", [cutOff]);
    // Due in this order: settlement takes the earliest end first.
    for (const [i, id] of ids.entries()) {
      await db.execute(
        sql`update auction_settings set end_time = now() - make_interval(secs => ${60 - i}) where listing_id = ${id}`,
      );
    }

    const settledCount = async () =>
      (
        await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from auction_settings where settled_at is not null and listing_id in ${ids}`,
        )
      )[0]?.n ?? 0;
    const waiting = () => backendOf(db, "update bids set status%", { waiting: true });

    const first = await start();
    await until(
      "the third settlement to wait mid-way",
      async () => (await waiting()) !== undefined,
      first,
    );
    expect(await settledCount()).toBe(2);
    // Let the orphaned backend go on: it finds its client gone and rolls back.
    await killMidway(db, first, await waiting(), holder);
    // Nothing of the cut-off settlement remains; the two committed before stay.
    expect(await settledCount()).toBe(2);
    const orphan = await rows(db, sql`select 1 from auction_orders where listing_id = ${cutOff}`);
    expect(orphan).toEqual([]);
    const [cutStatus] = await rows<{ status: string }>(
      db,
      sql`select status from listings where id = ${cutOff}`,
    );
    expect(cutStatus?.status).toBe("active");

    const second = await start();
    await until(
      "every auction to be settled after the restart",
      async () => (await settledCount()) === 6,
      second,
    );
    await stopServer(second);

    const orders = await rows<{ listing_id: string; buyer_id: string; n: number }>(
      db,
      sql`select ao.listing_id, o.buyer_id, count(*) over (partition by ao.listing_id)::int as n
            from auction_orders ao join orders o on o.id = ao.order_id where ao.listing_id in ${ids}`,
    );
    const wonIds = due.filter((d) => d.won).map((d) => d.id);
    expect(orders.map((o) => o.listing_id).sort()).toEqual([...wonIds].sort());
    expect(orders.every((o) => o.n === 1 && o.buyer_id === winner.id)).toBe(true);
    // Orders made by a settlement but not linked to its auction would be a half-committed one.
    const [buyerOrders] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders o join order_lines ol on ol.order_id = o.id
            where ol.listing_id in ${ids}`,
    );
    expect(buyerOrders?.n).toBe(wonIds.length);
    for (const d of due) {
      const statuses = await rows<{ bidder_id: string; status: string }>(
        db,
        sql`select bidder_id, status from bids where listing_id = ${d.id} order by amount_cents`,
      );
      expect(statuses).toEqual([
        { bidder_id: loser.id, status: "lost" },
        { bidder_id: winner.id, status: d.won ? "won" : "lost" },
      ]);
    }
    const [won] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from notifications where kind = 'auction_won' and listing_id in ${ids}`,
    );
    expect(won?.n).toBe(wonIds.length);
  });
  // Invariant: each queued listing is matched exactly once however the process dies: the batch cut
  // off (saved-search notifications written, a follower's not yet) leaves no notification and its
  // listings queued; after the restart every listing has one notification per saved search and per
  // follower, and the queue is empty.
  it("matches each new listing exactly once after a kill -9 in the middle of a batch and a restart", {
    tags: ["postgres"],
    timeout: 240_000,
  }, async () => {
    const db = t.database.db;
    const saver = await createUser(db, "saver");
    const fan = await createUser(db, "fan");
    const seller = await createUser(db, "maker");
    await createSavedSearch(db, saver.id, { name: "Bowls", query: { search: "calabash" } });
    await followSeller(db, fan.id, seller.id);
    const listed: string[] = [];
    for (let i = 0; i < 120; i++) {
      const listing = await createListing(db, { title: `Calabash bowl ${i}`, sellerId: seller.id });
      await queueNewListing(db, listing.id);
      listed.push(listing.id);
    }
    const count = async (userId: string) =>
      (
        await rows<{ n: number; listings: number }>(
          db,
          sql`select count(*)::int as n, count(distinct listing_id)::int as listings
                from notifications where user_id = ${userId} and listing_id in ${listed}`,
        )
      )[0];

    // Hold the follower's row: a batch stores the saved search's notifications, then waits to
    // store the follower's (the foreign key check needs a share lock on it), mid-way.
    const holder = new pg.Client({ connectionString: url });
    holder.on("error", () => {});
    await holder.connect();
    await holder.query("begin");
    await holder.query("select id from users where id = $1 for update", [fan.id]);
    const waiting = () => backendOf(db, 'insert into "notifications"%', { waiting: true });

    const first = await start();
    await until(
      "a matching batch to wait mid-way",
      async () => (await waiting()) !== undefined,
      first,
    );
    await killMidway(db, first, await waiting(), holder);
    // The batch cut off left nothing, and its listings are still queued.
    expect(await count(saver.id)).toEqual({ n: 0, listings: 0 });
    const [queued] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from listing_alert_queue where listing_id in ${listed}`,
    );
    expect(queued?.n).toBe(120);

    const second = await start();
    await until(
      "the queue to be drained after the restart",
      async () =>
        (
          await rows(
            db,
            sql`select 1 from listing_alert_queue where listing_id in ${listed} limit 1`,
          )
        ).length === 0,
      second,
    );
    await stopServer(second);
    expect(await count(saver.id)).toEqual({ n: 120, listings: 120 });
    expect(await count(fan.id)).toEqual({ n: 120, listings: 120 });
  });
});

/** The settings that make the server's payment provider Stripe, at the fake. */
const stripeEnv = () => ({
  STRIPE_SECRET_KEY: STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: "whsec_kill_restart",
  STRIPE_API_URL: `http://127.0.0.1:${fake.port}`,
});

/**
 * A user's POSTs to a real server: signed in by writing the session row as sign-in does, with the
 * CSRF cookie echoed in its header. Answers the status and body, or "cut off" when the process
 * died before it answered.
 */
async function signIn(userId: string) {
  const token = newToken();
  await t.database.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return async (
    server: ServerProcess,
    route: string,
    body: unknown = {},
  ): Promise<
    { status: number; body: { error?: { message: string } } & Record<string, unknown> } | "cut off"
  > => {
    try {
      const res = await fetch(`${server.baseUrl}${route}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: `tw_session=${token}; tw_csrf=kill-restart`,
          "x-csrf-token": "kill-restart",
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    } catch {
      return "cut off";
    }
  };
}

async function newUser(name: string, role?: "admin") {
  const user = await createUser(t.database.db, name);
  if (role)
    await t.database.db.execute(sql`update users set staff_role = ${role} where id = ${user.id}`);
  return user;
}

/**
 * A paid order of one unit from `sellerId` ($19.00 + $5.50 shipping + $1.90 tax = $26.40), paid
 * through Stripe (its PaymentIntent recorded, as the webhook records it), its listing left with 4.
 */
async function paidOrder(buyerId: string, sellerId: string) {
  const db = t.database.db;
  const listing = await createListing(db, {
    sellerId,
    title: `Killed refund ${randomBytes(3).toString("hex")}`,
    priceCents: 1900,
    shippingCents: 550,
    quantity: 4,
  });
  const [order] = await rows<{ id: string }>(
    db,
    sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents,
          total_cents, paid_at)
        values (${buyerId}, 'paid', 'checkout', 1900, 550, 190, 2640, now()) returning id`,
  );
  if (!order) throw new Error("insert failed");
  await db.execute(sql`insert into order_lines (order_id, listing_id, seller_id, title,
      unit_price_cents, shipping_cents, quantity)
    values (${order.id}, ${listing.id}, ${sellerId}, ${listing.title}, 1900, 550, 1)`);
  const paymentId = `pi_test_${randomBytes(8).toString("hex")}`;
  await db.execute(sql`insert into payment_sessions (order_id, provider, provider_session_id,
      provider_payment_id, status, reserves_stock, expires_at, ended_at)
    values (${order.id}, 'stripe', ${`cs_test_${randomBytes(8).toString("hex")}`}, ${paymentId},
      'complete', false, now() + interval '1 hour', now())`);
  return { id: order.id, listingId: listing.id, paymentId };
}

/** The order's refund rows, and the refunds the provider made of its payment. */
async function refundsOf(order: { id: string; paymentId: string }) {
  const recorded = await rows<{
    id: string;
    amountCents: number;
    status: string;
    providerRefundId: string | null;
  }>(
    t.database.db,
    sql`select id, amount_cents as "amountCents", status, provider_refund_id as "providerRefundId"
        from refunds where order_id = ${order.id} order by created_at`,
  );
  const atProvider = fake.refunds
    .filter((r) => r.payment_intent === order.paymentId)
    .map((r) => ({ id: r.id, amount: r.amount, idempotencyKey: r.idempotencyKey }));
  return { recorded, atProvider };
}

/** Exactly one refund of the whole $26.40: one row, succeeded, and one refund at the provider under its id. */
async function expectRefundedOnce(order: { id: string; paymentId: string }) {
  const { recorded, atProvider } = await refundsOf(order);
  expect(recorded).toHaveLength(1);
  expect(atProvider).toHaveLength(1);
  expect(recorded[0]).toMatchObject({
    amountCents: 2640,
    status: "succeeded",
    providerRefundId: atProvider[0]?.id,
  });
  expect(atProvider[0]).toMatchObject({ amount: 2640, idempotencyKey: recorded[0]?.id });
  // Every request the provider got for this payment (retries included) carried that one key.
  const keys = fake.refundRequests
    .filter((r) => r.body.payment_intent === order.paymentId)
    .map((r) => r.idempotencyKey);
  expect(new Set(keys)).toEqual(new Set([recorded[0]?.id]));
}

/** A connection holding `lock` in an open transaction, until `killMidway` lets it go. */
async function holdLock(lock: string, params: unknown[] = []) {
  const holder = new pg.Client({ connectionString: url });
  holder.on("error", () => {});
  await holder.connect();
  await holder.query("begin");
  await holder.query(lock, params);
  return holder;
}

const count = async (query: ReturnType<typeof sql>) =>
  (await rows<{ n: number }>(t.database.db, query))[0]?.n;

describe("refunds when the process is killed", () => {
  // Invariant: an admin's refund is recorded whole or not at all. Killed while its transaction
  // waits half-way (the refund row written, the audit entry not yet), nothing of it remains: no
  // refund row, no audit entry, nothing asked of the provider, the order paid with all of it still
  // refundable. After the restart the admin's retried request refunds it exactly once (one row,
  // succeeded; one refund at the provider, under the row's id), and asking again, even for a cent,
  // is refused: never more refunded than was paid.
  it("records an admin's refund whole or not at all after a kill -9 half-way, and a retry refunds it once", {
    tags: ["postgres"],
    timeout: 240_000,
  }, async () => {
    const db = t.database.db;
    const [buyer, seller, admin] = [
      await newUser("buyer"),
      await newUser("seller"),
      await newUser("admin", "admin"),
    ];
    const order = await paidOrder(buyer.id, seller.id);
    const asAdmin = await signIn(admin.id);
    const refundRoute = `/api/admin/orders/${order.id}/refunds`;
    const audited = () =>
      count(sql`select count(*)::int as n from admin_actions
                where action = 'order.refund' and subject_id = ${order.id}`);

    // The audit entry is the transaction's last write, after the refund row: hold its table.
    const holder = await holdLock("lock table admin_actions in share mode");
    const waiting = () => backendOf(db, 'insert into "admin_actions"%', { waiting: true });
    const first = await start({ env: stripeEnv(), http: true });
    const answer = asAdmin(first, refundRoute, { reason: "Parcel lost." });
    await until("the refund to wait half-way", async () => (await waiting()) !== undefined, first);
    await killMidway(db, first, await waiting(), holder);
    expect(await answer).toBe("cut off");
    expect(await refundsOf(order)).toEqual({ recorded: [], atProvider: [] });
    expect(await audited()).toBe(0);
    const [status] = await rows<{ status: string }>(
      db,
      sql`select status from orders where id = ${order.id}`,
    );
    expect(status?.status).toBe("paid");

    const second = await start({ env: stripeEnv(), http: true });
    const retried = await asAdmin(second, refundRoute, { reason: "Parcel lost." });
    expect(retried).toMatchObject({ status: 201, body: { refundableCents: 0 } });
    const again = await asAdmin(second, refundRoute, { reason: "Parcel lost.", amountCents: 1 });
    expect(again).toMatchObject({
      status: 422,
      body: { error: { message: "This order has been refunded in full." } },
    });
    await stopServer(second);
    await expectRefundedOnce(order);
    expect(await audited()).toBe(1);
  });

  // Invariant: a seller's accepted cancellation (stock back, request accepted, refund row, order
  // cancelled, buyer told) commits whole or not at all. Killed while it waits half-way (stock,
  // refund row and order status written, the buyer's notice not yet), nothing of it remains: the
  // stock, the request, the order and the refunds are as before, and the provider was asked
  // nothing. After the restart the seller's retried acceptance does it all exactly once (the unit
  // back once, one refund of what was paid, at the provider too), and accepting again or an
  // admin's refund sends nothing more.
  it("accepts a cancellation whole or not at all after a kill -9 half-way, and a retry refunds it once", {
    tags: ["postgres"],
    timeout: 240_000,
  }, async () => {
    const db = t.database.db;
    const [buyer, seller, admin] = [
      await newUser("buyer"),
      await newUser("seller"),
      await newUser("admin", "admin"),
    ];
    const order = await paidOrder(buyer.id, seller.id);
    await db.execute(sql`insert into cancellation_requests (order_id, seller_id, reason)
      values (${order.id}, ${seller.id}, 'Ordered the wrong size.')`);
    const asSeller = await signIn(seller.id);
    const asAdmin = await signIn(admin.id);
    const acceptRoute = `/api/orders/${order.id}/cancellation/accept`;
    const state = async () => {
      const [found] = await rows<{
        stock: number;
        orderStatus: string;
        requestStatus: string;
        answered: number;
      }>(
        db,
        sql`select l.quantity as stock, o.status::text as "orderStatus", cr.status as "requestStatus",
              (select count(*)::int from notifications n where n.order_id = o.id
                and n.user_id = ${buyer.id} and n.kind = 'cancellation_answered') as answered
            from orders o join cancellation_requests cr on cr.order_id = o.id
            join listings l on l.id = ${order.listingId} where o.id = ${order.id}`,
      );
      return found;
    };

    // The buyer's notice is the transaction's last write (its foreign key needs the buyer's row).
    const holder = await holdLock("select id from users where id = $1 for update", [buyer.id]);
    const waiting = () => backendOf(db, 'insert into "notifications"%', { waiting: true });
    const first = await start({ env: stripeEnv(), http: true });
    const answer = asSeller(first, acceptRoute);
    await until(
      "the acceptance to wait half-way",
      async () => (await waiting()) !== undefined,
      first,
    );
    await killMidway(db, first, await waiting(), holder);
    expect(await answer).toBe("cut off");
    expect(await state()).toEqual({
      stock: 4,
      orderStatus: "paid",
      requestStatus: "requested",
      answered: 0,
    });
    expect(await refundsOf(order)).toEqual({ recorded: [], atProvider: [] });

    const second = await start({ env: stripeEnv(), http: true });
    expect(await asSeller(second, acceptRoute)).toMatchObject({ status: 200 });
    expect(await asSeller(second, acceptRoute)).toMatchObject({
      status: 409,
      body: { error: { message: "This request was already accepted." } },
    });
    expect(
      await asAdmin(second, `/api/admin/orders/${order.id}/refunds`, { reason: "Goodwill." }),
    ).toMatchObject({
      status: 422,
      body: { error: { message: "Nothing was paid on this order." } },
    });
    await stopServer(second);
    expect(await state()).toEqual({
      stock: 5,
      orderStatus: "cancelled",
      requestStatus: "accepted",
      answered: 1,
    });
    await expectRefundedOnce(order);
  });

  // Invariant: a refund whose row has committed is sent exactly once, whenever the process dies.
  // Killed while the provider holds its request (before the provider made the refund, or after it
  // made it but before it answered), the row stays pending; the restarted instance's refunds job
  // sends it again under the same idempotency key (the row's id), so the provider holds exactly one
  // refund of that amount, the row ends succeeded with the provider's refund id, the buyer is told
  // once, and a retried admin request refunds nothing more.
  for (const [when, hold] of [
    ["before the provider made it", "refundsHeld"],
    ["after the provider made it, before it answered", "refundAnswersHeld"],
  ] as const) {
    it(`sends a committed refund exactly once after a kill -9 while the provider is called (${when}) and a restart`, {
      tags: ["postgres"],
      timeout: 240_000,
    }, async () => {
      const db = t.database.db;
      const [buyer, seller, admin] = [
        await newUser("buyer"),
        await newUser("seller"),
        await newUser("admin", "admin"),
      ];
      const order = await paidOrder(buyer.id, seller.id);
      const asAdmin = await signIn(admin.id);
      const refundRoute = `/api/admin/orders/${order.id}/refunds`;
      const asked = () =>
        fake.refundRequests.filter((r) => r.body.payment_intent === order.paymentId).length;

      fake.failures[hold] = 1;
      const first = await start({ env: stripeEnv(), http: true });
      const answer = asAdmin(first, refundRoute, { reason: "Parcel lost." });
      await until("the provider to be asked", async () => asked() === 1, first);
      // The transaction that claimed the row (FOR UPDATE) and waits for the provider's answer.
      const sending = await backendOf(db, "%for update of r skip locked%", { waiting: false });
      await killMidway(db, first, sending);
      expect(await answer).toBe("cut off");
      expect(fake.failures[hold]).toBe(0);
      const cut = await refundsOf(order);
      expect(cut.recorded).toMatchObject([
        { amountCents: 2640, status: "pending", providerRefundId: null },
      ]);
      expect(cut.atProvider).toHaveLength(hold === "refundsHeld" ? 0 : 1);

      const second = await start({ env: stripeEnv(), http: true });
      await until(
        "the refunds job to settle the refund after the restart",
        async () => (await refundsOf(order)).recorded[0]?.status !== "pending",
        second,
      );
      expect(await asAdmin(second, refundRoute, { reason: "Parcel lost." })).toMatchObject({
        status: 422,
        body: { error: { message: "This order has been refunded in full." } },
      });
      await stopServer(second);
      await expectRefundedOnce(order);
      expect(asked()).toBe(2);
      expect(
        await count(sql`select count(*)::int as n from notifications
                        where order_id = ${order.id} and user_id = ${buyer.id} and kind = 'refund_issued'`),
      ).toBe(1);
    });
  }
});
