import { z } from "zod";
import { LEDGER_ACCOUNTS } from "../ledger";
import { payoutStatusSchema } from "./seller-payments";

// The admin area's money pages (issue 26): platform revenue, payouts, holds, negative balances,
// and the ledger of one order. Read from the ledger (server/modules/ledger); staff only.

const cents = z.number().int();
const isoTime = z.string();

/** GET /api/admin/money/revenue?from=&to=&by= : fee revenue by kind, per day or month (UTC). */
export const revenueQuerySchema = z.object({
  /** Inclusive dates, YYYY-MM-DD; by default the 30 days up to today. */
  from: z.iso.date({ message: "from must be a date (YYYY-MM-DD)" }).optional(),
  to: z.iso.date({ message: "to must be a date (YYYY-MM-DD)" }).optional(),
  by: z.enum(["day", "month"], { message: "by is day or month" }).default("day"),
});
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

const revenueAmounts = {
  /** Final value fees charged less those given back by refunds. */
  finalValueCents: cents,
  insertionCents: cents,
  /** Listing upgrades (Featured, Bold title, Subtitle, Gallery Plus). */
  upgradesCents: cents,
  /** Expedited dispute reviews, paid by the sellers who asked for them. */
  disputesCents: cents,
  totalCents: cents,
};
export const revenueSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(["day", "month"]),
  /** Only the periods with any fee posted, oldest first; period is YYYY-MM-DD or YYYY-MM. */
  rows: z.array(z.object({ period: z.string(), ...revenueAmounts })),
  totals: z.object(revenueAmounts),
});
export type Revenue = z.infer<typeof revenueSchema>;

/** GET /api/admin/money/payouts?page= : failed first, then newest. */
export const adminPayoutsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminPayoutSchema = z.object({
  id: z.uuid(),
  seller: z.object({ id: z.uuid(), username: z.string() }),
  amountCents: cents,
  currency: z.string(),
  status: payoutStatusSchema,
  provider: z.string(),
  bankLast4: z.string().nullable(),
  createdAt: isoTime,
  arrivalDate: isoTime.nullable(),
  failureReason: z.string().nullable(),
  /** Whether the seller's payouts are on hold now. */
  sellerHeld: z.boolean(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutPageSchema = z.object({
  payouts: z.array(adminPayoutSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminPayoutPage = z.infer<typeof adminPayoutPageSchema>;

/** GET /api/admin/money/holds : sellers whose payouts an admin holds, longest held first. */
export const adminHoldSchema = z.object({
  seller: z.object({ id: z.uuid(), username: z.string() }),
  reason: z.string(),
  since: isoTime,
  heldBy: z.string().nullable(),
  onHoldCents: cents,
  availableCents: cents,
});
export type AdminHold = z.infer<typeof adminHoldSchema>;
export const adminHoldsSchema = z.object({ holds: z.array(adminHoldSchema) });

/** GET /api/admin/money/negative : sellers whose available balance is below zero, lowest first. */
export const negativeBalanceSchema = z.object({
  seller: z.object({ id: z.uuid(), username: z.string() }),
  availableCents: cents,
  pendingCents: cents,
  held: z.boolean(),
});
export type NegativeBalance = z.infer<typeof negativeBalanceSchema>;
export const negativeBalancesSchema = z.object({ sellers: z.array(negativeBalanceSchema) });

/** GET /api/admin/orders/{id}/ledger : every journal that names the order, with its entries. */
export const orderLedgerSchema = z.object({
  orderId: z.uuid(),
  journals: z.array(
    z.object({
      id: z.uuid(),
      sourceKind: z.string(),
      sourceId: z.string(),
      purpose: z.string(),
      occurredAt: isoTime,
      memo: z.string(),
      entries: z.array(
        z.object({
          account: z.enum(LEDGER_ACCOUNTS),
          seller: z.object({ id: z.uuid(), username: z.string() }).nullable(),
          amountCents: cents,
          currency: z.string(),
          kind: z.string(),
        }),
      ),
    }),
  ),
});
export type OrderLedger = z.infer<typeof orderLedgerSchema>;
