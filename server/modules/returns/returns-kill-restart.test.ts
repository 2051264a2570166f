import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import { sessions } from "../../db/schema/accounts";
import { hashToken, newToken } from "../../plugins/session";
import { seedDatabase } from "../../seed/seed";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { createListing, createUser } from "../../test/factories";
import { startFakeStripe } from "../../test/fake-stripe";
import {
  backendOf,
  killLeftoverServers,
  killMidway,
  type ServerProcess,
  startServer,
  stopServer,
  until,
} from "../../test/server-process";

// The real server process killed with SIGKILL half-way through a seller's "item received", the
// step that refunds a return, then started again (as server/jobs/kill-restart.test.ts does for
// payments and cancellations). PostgreSQL only: PGlite cannot be shared by two processes.

const STRIPE_KEY = "sk_test_returns_kill";
const when = Boolean(process.env.TEST_DATABASE_URL);

let t: TestDatabase;
let url: string;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-returns-kill-"));
beforeAll(async () => {
  if (!when) return;
  fake = await startFakeStripe(STRIPE_KEY);
  t = await openTestDatabase("postgres");
  await seedDatabase(t.database.db, {});
  const [current] = await rows<{ db: string }>(t.database.db, sql`select current_database() as db`);
  const target = new URL(process.env.TEST_DATABASE_URL as string);
  target.pathname = `/${current?.db}`;
  url = target.toString();
});
afterAll(async () => {
  killLeftoverServers();
  await fake?.close();
  await t?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const stripeEnv = () => ({
  STRIPE_SECRET_KEY: STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: "whsec_returns_kill",
  STRIPE_API_URL: `http://127.0.0.1:${fake.port}`,
});

/** A user's POSTs to a real server, or "cut off" when it died before answering. */
async function signIn(userId: string) {
  const token = newToken();
  await t.database.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return async (server: ServerProcess, route: string, body: unknown = {}) => {
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
      return { status: res.status, text: await res.text() };
    } catch {
      return "cut off" as const;
    }
  };
}

describe.runIf(when)("a return's refund when the process is killed", () => {
  // Invariant: the seller's "item received" (refund row, ledger, request refunded, buyer told)
  // commits whole or not at all. Killed half-way (the refund row written, the buyer's notice not
  // yet), nothing of it remains and the provider was asked nothing; after the restart the retried
  // step refunds exactly once (one row, one refund at the provider under the row's id), and a
  // second try is refused.
  it("refunds a returned item once after a kill -9 half-way and a retry", {
    tags: ["postgres"],
    timeout: 240_000,
  }, async () => {
    const db = t.database.db;
    const buyer = await createUser(db, "kbuyer");
    const seller = await createUser(db, "kseller");
    const listing = await createListing(db, {
      sellerId: seller.id,
      title: `Returned ${randomBytes(3).toString("hex")}`,
      priceCents: 1900,
      shippingCents: 550,
      quantity: 4,
    });
    const [order] = await rows<{ id: string }>(
      db,
      sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents,
            total_cents, paid_at)
          values (${buyer.id}, 'paid', 'checkout', 1900, 550, 190, 2640, now()) returning id`,
    );
    const orderId = order?.id as string;
    await db.execute(sql`insert into order_lines (order_id, listing_id, seller_id, title,
        unit_price_cents, shipping_cents, quantity)
      values (${orderId}, ${listing.id}, ${seller.id}, ${listing.title}, 1900, 550, 1)`);
    const paymentId = `pi_test_${randomBytes(8).toString("hex")}`;
    await db.execute(sql`insert into payment_sessions (order_id, provider, provider_session_id,
        provider_payment_id, status, reserves_stock, expires_at, ended_at)
      values (${orderId}, 'stripe', ${`cs_test_${randomBytes(8).toString("hex")}`}, ${paymentId},
        'complete', false, now() + interval '1 hour', now())`);
    await db.execute(sql`insert into shipments (order_id, seller_id, method, carrier, tracking_number,
        received_at) values (${orderId}, ${seller.id}, 'shipped', 'dhl', '1', now())`);
    const [request] = await rows<{ id: string }>(
      db,
      sql`insert into after_sale_requests (order_id, seller_id, buyer_id, kind, reason, details,
            status, shipped_back_at, due_at)
          values (${orderId}, ${seller.id}, ${buyer.id}, 'return', 'damaged', 'Cracked.',
            'shipped_back', now(), now() + interval '3 days')
          returning id`,
    );
    const route = `/api/returns/${request?.id}/received`;
    const asSeller = await signIn(seller.id);
    const refunds = () =>
      rows<{ id: string; amountCents: number; status: string; providerRefundId: string | null }>(
        db,
        sql`select id, amount_cents as "amountCents", status, provider_refund_id as "providerRefundId"
            from refunds where order_id = ${orderId}`,
      );
    const atProvider = () => fake.refunds.filter((r) => r.payment_intent === paymentId);

    // The buyer's notice is the transaction's last write (its foreign key needs the buyer's row).
    const holder = new pg.Client({ connectionString: url });
    holder.on("error", () => {});
    await holder.connect();
    await holder.query("begin");
    await holder.query("select id from users where id = $1 for update", [buyer.id]);
    const waiting = () => backendOf(db, 'insert into "notifications"%', { waiting: true });
    const first = await startServer({ databaseUrl: url, dataDir, env: stripeEnv(), http: true });
    const answer = asSeller(first, route);
    await until("the refund to wait half-way", async () => (await waiting()) !== undefined, first);
    await killMidway(db, first, await waiting(), holder);
    expect(await answer).toBe("cut off");
    expect(await refunds()).toEqual([]);
    expect(atProvider()).toHaveLength(0);
    const [still] = await rows<{ status: string }>(
      db,
      sql`select status from after_sale_requests where id = ${request?.id}`,
    );
    expect(still?.status).toBe("shipped_back");

    const second = await startServer({ databaseUrl: url, dataDir, env: stripeEnv(), http: true });
    expect(await asSeller(second, route)).toMatchObject({ status: 204 });
    expect(await asSeller(second, route)).toMatchObject({ status: 409 });
    await stopServer(second);
    const [row, ...more] = await refunds();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ amountCents: 2640, status: "succeeded" });
    expect(atProvider()).toEqual([
      expect.objectContaining({ amount: 2640, idempotencyKey: row?.id, id: row?.providerRefundId }),
    ]);
  });
});
