import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** One Checkout Session as Stripe's API returns it (the fields we read and a few around them). */
export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  client_reference_id: string | null;
  currency: "usd";
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_status: "unpaid" | "paid";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string;
  url: string | null;
  line_items: { name: string; unit_amount: number; quantity: number }[];
  /** Set by a test on the completed session it delivers, as Stripe does once paid. */
  payment_intent?: string | null;
}

/** A Refund as Stripe's API returns it, with the Idempotency-Key it was made with. */
export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: "usd";
  payment_intent: string;
  status: "succeeded";
  idempotencyKey: string | null;
}

/** Reads Stripe's form encoding (`a[b][0][c]=1`) into nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

/** A connected (Express) account, as Stripe's API returns it; a test sets payouts_enabled. */
export interface FakeAccount {
  id: string;
  object: "account";
  type: "express";
  email: string | null;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
}

/** A Transfer to a connected account, with the Idempotency-Key it was made with. */
export interface FakeTransfer {
  id: string;
  object: "transfer";
  amount: number;
  currency: "usd";
  destination: string;
  metadata: Record<string, string>;
  idempotencyKey: string | null;
  /** Set once the transfer is reversed (its money back with the platform). */
  reversed?: boolean;
}

const list = (v: unknown) => Object.values((v ?? {}) as Record<string, unknown>);

/**
 * A local stand-in for the parts of Stripe's API the adapter calls: create, read and expire a Checkout
 * Session, and refund a PaymentIntent (deduplicated by Idempotency-Key, as Stripe does); for
 * Connect, create and read an Express account, make its onboarding link, and transfer to it (and reverse a transfer). It checks
 * the secret key like Stripe does and keeps what it was sent for assertions.
 */
export async function startFakeStripe(secretKey: string) {
  const sessions = new Map<string, FakeCheckoutSession>();
  const idempotency = new Map<string, string>();
  const refunds: FakeRefund[] = [];
  /** Every POST /v1/refunds that reached the fake, retries included. */
  const refundRequests: { idempotencyKey: string | null; body: Record<string, unknown> }[] = [];
  /**
   * refunds: how many of the next refund requests answer 500 before doing anything (Stripe's SDK
   * retries them, same key). refundAnswersLost: how many of the next refund requests are carried out
   * (the refund made, or found again by its key) and then lose their answer: the connection closes
   * before a byte of it is sent, as when a network drops the reply, so the caller cannot know.
   * refundsHeld: how many of the next refund requests are never answered and never carried out (the
   * provider still thinking when its caller dies). refundAnswersHeld: how many are carried out and
   * then never answered. A held request stays open until its caller goes away.
   */
  const failures = {
    refunds: 0,
    refundAnswersLost: 0,
    refundsHeld: 0,
    refundAnswersHeld: 0,
    /** How many of the next transfer requests answer 500 before doing anything. */
    transfers: 0,
    /** How many are carried out and then lose their answer (the connection closes). */
    transferAnswersLost: 0,
  };
  /** Connect: Express accounts, account links made, and transfers (deduplicated by key). */
  const accounts = new Map<string, FakeAccount>();
  const accountLinks: { account: string; return_url: string; refresh_url: string }[] = [];
  const transfers: FakeTransfer[] = [];
  const transferRequests: { idempotencyKey: string | null; body: Record<string, unknown> }[] = [];
  const transferReversals: { transfer: string; idempotencyKey: string | null }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return reply(401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        });
      if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
        const key = req.headers["idempotency-key"];
        const seen = typeof key === "string" ? idempotency.get(key) : undefined;
        if (seen) return reply(200, sessions.get(seen));
        const form = parseForm(body);
        const lineItems = list(form.line_items).map((raw) => {
          const item = raw as {
            quantity: string;
            price_data: { unit_amount: string; product_data: { name: string } };
          };
          return {
            name: item.price_data.product_data.name,
            unit_amount: Number(item.price_data.unit_amount),
            quantity: Number(item.quantity),
          };
        });
        const total = lineItems.reduce((s, i) => s + i.unit_amount * i.quantity, 0);
        const id = `cs_test_${randomBytes(12).toString("hex")}`;
        const session: FakeCheckoutSession = {
          id,
          object: "checkout.session",
          amount_subtotal: total,
          amount_total: total,
          client_reference_id: (form.client_reference_id as string) ?? null,
          currency: "usd",
          customer_email: (form.customer_email as string) ?? null,
          expires_at: Number(form.expires_at),
          livemode: false,
          metadata: (form.metadata as Record<string, string>) ?? {},
          mode: "payment",
          payment_status: "unpaid",
          status: "open",
          success_url: form.success_url as string,
          cancel_url: form.cancel_url as string,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          line_items: lineItems,
        };
        sessions.set(id, session);
        if (typeof key === "string") idempotency.set(key, id);
        return reply(200, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)(\?.*)?$/.exec(req.url ?? "");
      if (req.method === "GET" && retrieve) {
        const session = sessions.get(retrieve[1] as string);
        if (!session)
          return reply(404, {
            error: { type: "invalid_request_error", message: "No such checkout.session" },
          });
        return reply(200, session);
      }
      if (req.method === "POST" && req.url === "/v1/refunds") {
        const header = req.headers["idempotency-key"];
        const key = typeof header === "string" ? header : null;
        const form = parseForm(body);
        refundRequests.push({ idempotencyKey: key, body: form });
        if (failures.refunds > 0) {
          failures.refunds -= 1;
          return reply(500, { error: { type: "api_error", message: "Something went wrong" } });
        }
        if (failures.refundsHeld > 0) {
          failures.refundsHeld -= 1;
          return;
        }
        const loseAnswer = () => {
          if (failures.refundAnswersHeld > 0) {
            failures.refundAnswersHeld -= 1;
            return true;
          }
          if (failures.refundAnswersLost <= 0) return false;
          failures.refundAnswersLost -= 1;
          req.socket.destroy();
          return true;
        };
        const again = refunds.find((r) => key !== null && r.idempotencyKey === key);
        if (again) {
          if (loseAnswer()) return;
          return reply(200, again);
        }
        const paymentIntent = form.payment_intent as string | undefined;
        if (!paymentIntent?.startsWith("pi_"))
          return reply(400, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: `No such payment_intent: '${paymentIntent}'`,
            },
          });
        const refund: FakeRefund = {
          id: `re_test_${randomBytes(12).toString("hex")}`,
          object: "refund",
          amount: Number(form.amount),
          currency: "usd",
          payment_intent: paymentIntent,
          status: "succeeded",
          idempotencyKey: key,
        };
        refunds.push(refund);
        if (loseAnswer()) return;
        return reply(200, refund);
      }
      if (req.method === "POST" && req.url === "/v1/accounts") {
        const key = req.headers["idempotency-key"];
        const seen = typeof key === "string" ? idempotency.get(key) : undefined;
        if (seen) return reply(200, accounts.get(seen));
        const form = parseForm(body);
        if (form.type !== "express")
          return reply(400, {
            error: { type: "invalid_request_error", message: "Only express accounts here" },
          });
        const account: FakeAccount = {
          id: `acct_${randomBytes(8).toString("hex")}`,
          object: "account",
          type: "express",
          email: (form.email as string) ?? null,
          payouts_enabled: false,
          charges_enabled: false,
          details_submitted: false,
          metadata: (form.metadata as Record<string, string>) ?? {},
        };
        accounts.set(account.id, account);
        if (typeof key === "string") idempotency.set(key, account.id);
        return reply(200, account);
      }
      const accountPath = /^\/v1\/accounts\/([^/?]+)(\?.*)?$/.exec(req.url ?? "");
      if (req.method === "GET" && accountPath) {
        const account = accounts.get(accountPath[1] as string);
        if (!account)
          return reply(404, {
            error: { type: "invalid_request_error", message: "No such account" },
          });
        return reply(200, account);
      }
      if (req.method === "POST" && req.url === "/v1/account_links") {
        const form = parseForm(body);
        const account = form.account as string;
        if (!accounts.has(account))
          return reply(400, {
            error: { type: "invalid_request_error", message: `No such account: '${account}'` },
          });
        accountLinks.push({
          account,
          return_url: form.return_url as string,
          refresh_url: form.refresh_url as string,
        });
        return reply(200, {
          object: "account_link",
          created: Math.floor(Date.now() / 1000),
          expires_at: Math.floor(Date.now() / 1000) + 300,
          url: `https://connect.stripe.com/setup/e/${account}/${randomBytes(6).toString("hex")}`,
        });
      }
      if (req.method === "POST" && req.url === "/v1/transfers") {
        const header = req.headers["idempotency-key"];
        const key = typeof header === "string" ? header : null;
        const form = parseForm(body);
        transferRequests.push({ idempotencyKey: key, body: form });
        if (failures.transfers > 0) {
          failures.transfers -= 1;
          return reply(500, { error: { type: "api_error", message: "Something went wrong" } });
        }
        let transfer = transfers.find((t) => key !== null && t.idempotencyKey === key);
        if (!transfer) {
          const destination = form.destination as string;
          if (!accounts.has(destination))
            return reply(400, {
              error: {
                type: "invalid_request_error",
                code: "resource_missing",
                message: `No such destination: '${destination}'`,
              },
            });
          transfer = {
            id: `tr_${randomBytes(12).toString("hex")}`,
            object: "transfer",
            amount: Number(form.amount),
            currency: "usd",
            destination,
            metadata: (form.metadata as Record<string, string>) ?? {},
            idempotencyKey: key,
          };
          transfers.push(transfer);
        }
        if (failures.transferAnswersLost > 0) {
          failures.transferAnswersLost -= 1;
          req.socket.destroy();
          return;
        }
        return reply(200, transfer);
      }
      const reversal = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(req.url ?? "");
      if (req.method === "POST" && reversal) {
        const transfer = transfers.find((tr) => tr.id === reversal[1]);
        if (!transfer)
          return reply(404, {
            error: { type: "invalid_request_error", message: "No such transfer" },
          });
        const header = req.headers["idempotency-key"];
        const key = typeof header === "string" ? header : null;
        if (!transfer.reversed) {
          transfer.reversed = true;
          transferReversals.push({ transfer: transfer.id, idempotencyKey: key });
        }
        return reply(200, {
          id: `trr_${randomBytes(8).toString("hex")}`,
          object: "transfer_reversal",
          amount: transfer.amount,
          transfer: transfer.id,
        });
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.url ?? "");
      if (req.method === "POST" && expire) {
        const session = sessions.get(expire[1] as string);
        if (!session)
          return reply(404, {
            error: { type: "invalid_request_error", message: "No such checkout.session" },
          });
        session.status = "expired";
        session.url = null;
        return reply(200, session);
      }
      reply(404, {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${req.method}: ${req.url})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    sessions,
    refunds,
    refundRequests,
    failures,
    accounts,
    accountLinks,
    transfers,
    transferRequests,
    transferReversals,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Held requests would keep it open for good.
        server.closeAllConnections();
      }),
  };
}
