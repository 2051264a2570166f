import { z } from "zod";
import { TRANSACTION_KINDS } from "../ledger";

// The seller's money (issue 26): /api/my/payments/* for the seller, /api/admin/money/* for staff.
// Amounts are integer cents in USD and never come from the client; times are ISO 8601 UTC.

const cents = z.number().int();
const isoTime = z.string();

/** GET /api/my/payments/summary */
export const paymentsSummarySchema = z.object({
  availableCents: cents,
  pendingCents: cents,
  onHoldCents: cents,
  currency: z.literal("USD"),
  /** The next run that would pay the seller, and what it would pay now; null when none would. */
  nextPayout: z.object({ date: isoTime, amountCents: cents }).nullable(),
  /** Why money is waiting, in the seller's words: null when nothing stops a payout. */
  waitingReason: z.string().nullable(),
  onboarding: z.enum(["not_started", "pending", "enabled"]),
  /** Set while an admin holds the seller's payouts. */
  hold: z.object({ reason: z.string(), since: isoTime }).nullable(),
});
export type PaymentsSummary = z.infer<typeof paymentsSummarySchema>;

export const payoutStatusSchema = z.enum(["sending", "in_transit", "paid", "failed"]);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** One payout, as GET /api/my/payments/payouts lists them (newest first). */
export const payoutSchema = z.object({
  id: z.uuid(),
  amountCents: cents,
  currency: z.string(),
  status: payoutStatusSchema,
  bankLast4: z.string().nullable(),
  createdAt: isoTime,
  /** When the bank should have it (in transit), or had it (paid). */
  arrivalDate: isoTime.nullable(),
  failureReason: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const transactionKindSchema = z.enum(TRANSACTION_KINDS);

/**
 * One line of GET /api/my/payments/transactions: one journal that moved the seller's money.
 * `amountCents` is its effect on the seller's balances in all; for a sale, `grossCents` is what
 * the buyer paid for the seller's part and `feeCents` the fee taken from it.
 */
export const transactionSchema = z.object({
  id: z.uuid(),
  kind: transactionKindSchema,
  occurredAt: isoTime,
  description: z.string(),
  amountCents: cents,
  grossCents: cents.nullable(),
  feeCents: cents.nullable(),
  orderId: z.uuid().nullable(),
  /** The order number people see (its first 8 characters), when there is an order. */
  orderNumber: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET /api/my/payments/transactions?kind=&from=&to=&page= (and .csv with the same filters). */
export const transactionsQuerySchema = z.object({
  kind: transactionKindSchema.optional(),
  /** Inclusive dates, YYYY-MM-DD, in UTC. */
  from: z.iso.date({ message: "from must be a date (YYYY-MM-DD)" }).optional(),
  to: z.iso.date({ message: "to must be a date (YYYY-MM-DD)" }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

/** GET /api/my/payments/statements/{month} (month YYYY-MM): one printable monthly statement. */
export const statementSchema = z.object({
  month: z.string(),
  openingAvailableCents: cents,
  closingAvailableCents: cents,
  salesCents: cents,
  feesCents: cents,
  refundsCents: cents,
  payoutsCents: cents,
  adjustmentsCents: cents,
  transactions: z.array(transactionSchema),
});
export type Statement = z.infer<typeof statementSchema>;

/** GET and PUT /api/my/payments/settings: how and when the seller is paid. */
export const payoutSettingsSchema = z.object({
  provider: z.enum(["sandbox", "stripe"]),
  onboarding: z.enum(["not_started", "pending", "enabled"]),
  holderName: z.string().nullable(),
  bankName: z.string().nullable(),
  bankLast4: z.string().nullable(),
  schedule: z.enum(["daily", "weekly"]),
  /** 0 Sunday ... 6 Saturday, for a weekly schedule. */
  weeklyDay: z.number().int().min(0).max(6),
  minimumCents: cents,
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;

export const MIN_PAYOUT_CENTS = 100;
export const MAX_PAYOUT_MINIMUM_CENTS = 1_000_000;

export const payoutScheduleSchema = z.object({
  schedule: z.enum(["daily", "weekly"], { message: "Choose daily or weekly" }),
  weeklyDay: z.number().int().min(0).max(6).default(1),
  minimumCents: z
    .number({ message: "Enter a minimum amount" })
    .int()
    .min(MIN_PAYOUT_CENTS, "The minimum payout is at least $1.00")
    .max(MAX_PAYOUT_MINIMUM_CENTS, "The minimum payout is at most $10,000.00"),
});
export type PayoutSchedule = z.infer<typeof payoutScheduleSchema>;

/**
 * POST /api/my/payments/onboarding: with the sandbox provider, the bank details themselves (the
 * sandbox's own onboarding page); with Stripe, an empty body answers the Express account link.
 */
export const sandboxOnboardingSchema = z.object({
  holderName: z.string().trim().min(2, "Enter the account holder's name").max(100),
  bankName: z.string().trim().min(2, "Enter the bank's name").max(100),
  /** Digits only; 6 to 17 of them. Stripe's failing test numbers fail the payout later. */
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{6,17}$/, "Enter the account number: 6 to 17 digits"),
  routingNumber: z
    .string()
    .trim()
    .regex(/^\d{9}$/, "Enter the 9-digit routing number"),
});
export type SandboxOnboarding = z.infer<typeof sandboxOnboardingSchema>;

export const onboardingResponseSchema = z.object({
  /** Where to send the seller next: Stripe's hosted onboarding, or back to the settings page. */
  redirectUrl: z.string(),
  onboarding: z.enum(["not_started", "pending", "enabled"]),
});

/** POST /api/admin/money/sellers/{id}/hold { reason } and DELETE .../hold { reason }. */
export const payoutHoldSchema = z.object({
  reason: z.string().trim().min(3, "Give the reason").max(500),
});

/** Lines per page of GET /api/my/payments/transactions (the CSV has every line the filters keep). */
export const TRANSACTIONS_PAGE_SIZE = 25;

/** GET /api/my/payments/transactions: a page of lines, newest first. */
export const transactionPageSchema = z.object({
  items: z.array(transactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

/** A statement's month in the path: YYYY-MM. */
export const statementMonthParam = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "month must be a month (YYYY-MM)")
    .refine((m) => Number(m.slice(0, 4)) >= 2000 && Number(m.slice(0, 4)) <= 2100, {
      message: "month must be between 2000-01 and 2100-12",
    }),
});
