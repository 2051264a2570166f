import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import { setUpTestApp } from "../../test/build-test-app";
import { createUser, signedInAgent } from "../../test/factories";
import { startFakeStripe } from "../../test/fake-stripe";
import { postJournal, sellerBalances } from "../ledger/journal";
import { runPayouts } from "../payouts/payout-runs";
import { stripeConnect } from "./stripe-connect";
import { stripeProvider } from "./stripe-provider";

// Stripe Connect payouts against the local stand-in of Stripe's API (server/test/fake-stripe.ts):
// Express onboarding by account link, account.updated enabling payouts, a transfer per payout
// with our payout id as its idempotency key, and payout.paid / payout.failed settling them.

const SECRET_KEY = "sk_test_tradewinds";
const WEBHOOK_SECRET = "whsec_tradewinds_test";
const NOW = new Date("2026-12-01T00:05:00Z");
const DAY = 24 * 60 * 60 * 1000;

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const settings = () => ({
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  publicUrl: "http://localhost:3000",
  api: { host: "127.0.0.1", port: fake.port, protocol: "http" as const },
});
const t = setUpTestApp(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  return { payments: stripeProvider(settings()), payouts: stripeConnect(settings()) };
});
afterAll(async () => {
  await fake?.close();
});
const signer = new Stripe(SECRET_KEY);

function deliver(type: string, object: unknown, account?: string, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    api_version: "2025-10-29.clover",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...(account ? { account } : {}),
    data: { object },
  });
  return t.app.inject({
    method: "POST",
    url: "/api/payouts/webhook/stripe",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

async function onboardedSeller() {
  const user = await createUser(t.database.db, "connected");
  const agent = await signedInAgent(t.app, t.database.db, user.id);
  const res = await agent.post("/api/my/payments/onboarding");
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().onboarding).toBe("pending");
  expect(res.json().redirectUrl).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);
  const [row] = await rows<{ accountId: string }>(
    t.database.db,
    sql`select provider_account_id as "accountId" from payout_accounts where seller_id = ${user.id}`,
  );
  const accountId = row?.accountId as string;
  const account = fake.accounts.get(accountId);
  if (!account) throw new Error("no account at the fake");
  account.payouts_enabled = true;
  expect((await deliver("account.updated", account)).statusCode).toBe(200);
  return { user, agent, accountId };
}

async function credit(sellerId: string, cents: number) {
  await t.database.db.transaction(async (tx) => {
    await postJournal(tx, {
      source: { kind: "test", id: crypto.randomUUID() },
      purpose: "credit",
      occurredAt: NOW,
      entries: [
        { account: "provider_clearing", amountCents: -cents, kind: "adjustment" },
        { account: "seller_available", sellerId, amountCents: cents, kind: "adjustment" },
      ],
    });
  });
}

const payoutsOf = (sellerId: string) =>
  rows<{ id: string; status: string; provider_payout_id: string | null; failure_reason: string }>(
    t.database.db,
    sql`select id, status, provider_payout_id, failure_reason from payouts
        where seller_id = ${sellerId} order by created_at`,
  );

describe("Stripe Connect payouts", () => {
  it("onboards an Express account by account link; account.updated enables payouts", async () => {
    const user = await createUser(t.database.db, "express");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    const first = (await agent.post("/api/my/payments/onboarding")).json();
    const again = (await agent.post("/api/my/payments/onboarding")).json();
    expect(first.redirectUrl).not.toBe(again.redirectUrl);
    // One account, however often the seller starts: the second start continues it.
    const mine = [...fake.accounts.values()].filter((a) => a.metadata.sellerId === user.id);
    expect(mine).toHaveLength(1);
    const link = fake.accountLinks.at(-1);
    expect(link?.return_url).toBe("http://localhost:3000/api/my/payments/onboarding/return");
    expect((await agent.get("/api/my/payments/settings")).json()).toMatchObject({
      provider: "stripe",
      onboarding: "pending",
    });
    // Back from Stripe before the event: the return route asks Stripe itself.
    const account = mine[0];
    if (!account) throw new Error("no account");
    account.payouts_enabled = true;
    const back = await agent.get("/api/my/payments/onboarding/return");
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe("/my/payments?onboarding=returned");
    expect((await agent.get("/api/my/payments/settings")).json().onboarding).toBe("enabled");
    // account.updated can take it away again.
    account.payouts_enabled = false;
    expect((await deliver("account.updated", account)).statusCode).toBe(200);
    expect((await agent.get("/api/my/payments/settings")).json().onboarding).toBe("pending");
  });

  it("refuses a forged event with 400", async () => {
    const res = await deliver("account.updated", { id: "acct_x" }, undefined, "whsec_wrong");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid_signature");
  });

  it("transfers each due seller's balance once, keyed by the payout id, and settles by event", async () => {
    const paid = await onboardedSeller();
    const failing = await onboardedSeller();
    await credit(paid.user.id, 5000);
    await credit(failing.user.id, 2500);
    // The first transfer answers 500 twice (the SDK retries, same key), then goes through.
    fake.failures.transfers = 2;
    const run = await runPayouts({ db: t.database.db, provider: t.app.payouts, now: NOW });
    expect(run.sent).toBe(2);
    for (const s of [paid, failing]) {
      const [payout] = await payoutsOf(s.user.id);
      expect(payout?.status).toBe("in_transit");
      const transfer = fake.transfers.find((tr) => tr.id === payout?.provider_payout_id);
      expect(transfer).toMatchObject({
        destination: s.accountId,
        idempotencyKey: `payout-${payout?.id}`,
        metadata: { payoutId: payout?.id },
      });
    }
    const keys = fake.transferRequests.map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    // A second run the same day sends nothing.
    await runPayouts({
      db: t.database.db,
      provider: t.app.payouts,
      now: new Date(NOW.getTime() + 60_000),
    });
    expect(fake.transfers).toHaveLength(2);

    const payoutObject = (failure: string | null) => ({
      id: `po_${Math.random().toString(36).slice(2)}`,
      object: "payout",
      amount: 5000,
      currency: "usd",
      created: Math.floor(Date.now() / 1000),
      status: failure ? "failed" : "paid",
      failure_code: failure ? "account_closed" : null,
      failure_message: failure,
    });
    expect((await deliver("payout.paid", payoutObject(null), paid.accountId)).statusCode).toBe(200);
    const closed = "The bank account has been closed";
    expect(
      (await deliver("payout.failed", payoutObject(closed), failing.accountId)).statusCode,
    ).toBe(200);
    // Told twice: nothing more happens.
    expect(
      (await deliver("payout.failed", payoutObject(closed), failing.accountId)).statusCode,
    ).toBe(200);
    expect((await payoutsOf(paid.user.id))[0]?.status).toBe("paid");
    expect((await payoutsOf(failing.user.id))[0]).toMatchObject({
      status: "failed",
      failure_reason: closed,
    });
    expect((await sellerBalances(t.database.db, failing.user.id)).seller_available).toBe(2500);
    // The failed transfer was reversed (once), so the money returned is not paid twice.
    const [failedPayout] = await payoutsOf(failing.user.id);
    expect(fake.transferReversals).toEqual([
      {
        transfer: failedPayout?.provider_payout_id,
        idempotencyKey: `reverse-${failedPayout?.id}`,
      },
    ]);
    const [journals] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_journals
          where source_kind = 'payout' and purpose = 'failed' and source_id = ${failedPayout?.id}`,
    );
    // One journal returned the money, however many failure events arrived.
    expect(journals?.n).toBe(1);
    const [total] = await rows<{ total: string }>(
      t.database.db,
      sql`select coalesce(sum(amount_cents), 0)::text as total from ledger_entries`,
    );
    expect(total?.total).toBe("0");
  });

  it("sends a transfer whose answer was lost again with the same key: one transfer", async () => {
    const s = await onboardedSeller();
    await credit(s.user.id, 1800);
    const before = fake.transfers.length;
    fake.failures.transferAnswersLost = 3;
    const day = new Date(NOW.getTime() + 7 * DAY);
    await runPayouts({ db: t.database.db, provider: t.app.payouts, now: day });
    const [stuck] = await payoutsOf(s.user.id);
    expect(stuck?.status).toBe("sending");
    await runPayouts({
      db: t.database.db,
      provider: t.app.payouts,
      now: new Date(day.getTime() + 60_000),
    });
    const [sent] = await payoutsOf(s.user.id);
    expect(sent?.status).toBe("in_transit");
    expect(fake.transfers.length - before).toBe(1);
  });
});
