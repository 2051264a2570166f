import { sql } from "drizzle-orm";
import type { SandboxPayRequest, SandboxSession } from "../../../core/contracts/buying";
import { SANDBOX_CARDS } from "../../../core/contracts/buying";
import { ERROR_CODES, type ErrorCode } from "../../../core/errors";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import { type SandboxEventBody, sandboxEvent } from "../payment-providers/sandbox-provider";

interface SandboxSessionRow {
  id: string;
  status: SandboxSession["status"];
  expiresAt: Date | string;
  orderId: string;
  buyerId: string;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

async function loadSession(db: Db, buyerId: string, sessionId: string) {
  const [row] = await rows<SandboxSessionRow>(
    db,
    sql`select ps.id, ps.status, ps.expires_at as "expiresAt", o.id as "orderId", o.buyer_id as "buyerId",
          o.subtotal_cents as "subtotalCents", o.shipping_cents as "shippingCents",
          o.tax_cents as "taxCents", o.total_cents as "totalCents"
        from payment_sessions ps join orders o on o.id = ps.order_id
        where ps.id = ${sessionId} and ps.provider = 'sandbox'`,
  );
  // Only the buyer may see or pay their checkout; anyone else learns nothing, not even that it exists.
  if (!row || row.buyerId !== buyerId)
    throw notFound("This payment session does not exist.", ERROR_CODES.paymentSessionNotFound);
  const lapsed = row.status === "open" && new Date(row.expiresAt).getTime() <= Date.now();
  return { ...row, status: lapsed ? ("expired" as const) : row.status };
}

/** The hosted page's view of a sandbox session. */
export async function getSandboxSession(
  db: Db,
  buyerId: string,
  sessionId: string,
): Promise<SandboxSession> {
  const row = await loadSession(db, buyerId, sessionId);
  const items = await rows<{ title: string; quantity: number; unitPriceCents: number }>(
    db,
    sql`select title, quantity, unit_price_cents as "unitPriceCents" from order_lines
        where order_id = ${row.orderId} order by id`,
  );
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    totals: {
      subtotalCents: row.subtotalCents,
      shippingCents: row.shippingCents,
      taxCents: row.taxCents,
      totalCents: row.totalCents,
    },
    items,
    expiresAt: isoTime(row.expiresAt),
  };
}

const declined = (code: ErrorCode, message: string) => new AppError(402, code, message);

/** What the sandbox's pretend card network says about a card, in Stripe's words. */
export function judgeCard(card: SandboxPayRequest, now = new Date()): void {
  const digits = card.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits))
    throw badRequest(
      "Your card number is incorrect.",
      { cardNumber: "Your card number is incorrect." },
      ERROR_CODES.incorrectNumber,
    );
  const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12)
    throw badRequest(
      "Your card's expiration date is invalid.",
      { expiry: "Your card's expiration date is invalid." },
      ERROR_CODES.invalidExpiry,
    );
  const year = Number(expiry[2]) + ((expiry[2] ?? "").length === 2 ? 2000 : 0);
  // A card is good through the last day of its expiry month.
  if (new Date(Date.UTC(year, month, 1)) <= now)
    throw declined(ERROR_CODES.expiredCard, "Your card has expired.");
  if (!/^\d{3,4}$/.test(card.cvc))
    throw badRequest(
      "Your card's security code is invalid.",
      { cvc: "Your card's security code is invalid." },
      ERROR_CODES.invalidCvc,
    );
  if (digits === SANDBOX_CARDS.declined)
    throw declined(ERROR_CODES.cardDeclined, "Your card was declined.");
  if (digits === SANDBOX_CARDS.insufficientFunds)
    throw declined(ERROR_CODES.insufficientFunds, "Your card has insufficient funds.");
  if (digits !== SANDBOX_CARDS.success)
    throw declined(
      ERROR_CODES.cardDeclined,
      "Your card was declined. This is a test page: use a test card.",
    );
}

/**
 * Charges a sandbox session: the card is judged, and a successful charge becomes a
 * `checkout.session.completed` event for the caller to deliver, signed, to the webhook route.
 */
export async function paySandboxSession(
  db: Db,
  buyerId: string,
  sessionId: string,
  card: SandboxPayRequest,
): Promise<{ event: SandboxEventBody; orderId: string }> {
  const row = await loadSession(db, buyerId, sessionId);
  if (row.status === "complete")
    throw conflict("This checkout has already been paid.", ERROR_CODES.sessionComplete);
  if (row.status !== "open")
    throw conflict(
      "This checkout has expired. Please return to your cart and try again.",
      ERROR_CODES.sessionExpired,
    );
  judgeCard(card);
  return {
    event: sandboxEvent("checkout.session.completed", row.id, row.totalCents),
    orderId: row.orderId,
  };
}

/** The buyer left the sandbox page: the order id lets the caller cancel it like any provider's. */
export async function sandboxSessionOrder(db: Db, buyerId: string, sessionId: string) {
  const row = await loadSession(db, buyerId, sessionId);
  return row.orderId;
}
