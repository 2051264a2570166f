import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { ENTRY_KINDS, LEDGER_ACCOUNTS, SELLER_ACCOUNTS } from "../../../core/ledger";
import { oneOf } from "./checks";
import { orders } from "./orders";
import { users } from "./users";

/**
 * The money ledger, double-entry and append-only (server/modules/ledger). A journal is one movement
 * of money: its entries sum to zero (a deferred constraint trigger checks it at commit), and it is
 * posted once per (source kind, source id, purpose), so an event handled twice posts once. A
 * balance is always a sum of entries; nothing here is ever updated or deleted (triggers refuse it).
 */
export const ledgerJournals = pgTable(
  "ledger_journals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What caused it: "order", "refund", "listing", "seller_sale", "payout", "hold", "after_sale_request"... */
    sourceKind: text("source_kind").notNull(),
    sourceId: text("source_id").notNull(),
    /** "sale", "insertion_fee", "release", "refund:<seller>", "sent", "paid", "failed", "hold", "expedite"... */
    purpose: text("purpose").notNull(),
    /** The order it concerns, to show an order's ledger; null for payouts and listing fees. */
    orderId: uuid("order_id").references(() => orders.id),
    /** When the event happened by the money rules' clock (tests move it). */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    memo: text("memo").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    unique("ledger_journals_source_key").on(t.sourceKind, t.sourceId, t.purpose),
    index("ledger_journals_order_idx").on(t.orderId),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: uuid("journal_id")
      .notNull()
      .references(() => ledgerJournals.id),
    account: text("account").notNull(),
    /** The seller whose balance this is; set exactly for the seller accounts. */
    sellerId: uuid("seller_id").references(() => users.id),
    /**
     * Signed integer minor units; positive is a credit: the account's holder (a seller, the
     * platform's revenue) is owed more. The provider clearing account, money the platform holds,
     * runs negative.
     */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("USD"),
    /** What the seller's transactions list calls it: sale, fee, refund, payout, adjustment. */
    kind: text("kind").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("ledger_entries_account_check", oneOf(t.account, LEDGER_ACCOUNTS)),
    check(
      "ledger_entries_seller_check",
      sql`(${t.sellerId} is not null) = (${t.account} in (${sql.raw(
        SELLER_ACCOUNTS.map((a) => `'${a}'`).join(", "),
      )}))`,
    ),
    check("ledger_entries_nonzero", sql`${t.amountCents} <> 0`),
    check("ledger_entries_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("ledger_entries_kind_check", oneOf(t.kind, ENTRY_KINDS)),
    index("ledger_entries_journal_idx").on(t.journalId),
    index("ledger_entries_seller_idx").on(t.sellerId, t.account, t.occurredAt),
    index("ledger_entries_account_idx").on(t.account, t.occurredAt),
  ],
);

/**
 * One seller's part of one paid order, as the money rules schedule it: what it sold for, its fees,
 * and when it becomes available. The amounts are in the ledger; this row says when to release them.
 */
export const sellerSales = pgTable(
  "seller_sales",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    /** Item plus shipping: what the final value fee is charged on. */
    saleCents: integer("sale_cents").notNull(),
    /** This part's share of the order's tax (the platform remits tax; never the seller's). */
    taxCents: integer("tax_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    /** Fewer than 5 completed sales when paid: the longer hold applies. */
    newSeller: boolean("new_seller").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    /** Set when it ships with tracking or the buyer confirms delivery: the earlier rule wins. */
    releaseAt: timestamp("release_at", { withTimezone: true }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.sellerId] }),
    index("seller_sales_due_idx").on(t.releaseAt).where(sql`${t.releasedAt} is null`),
    index("seller_sales_seller_idx").on(t.sellerId, t.paidAt),
  ],
);

/**
 * How a seller is paid: the provider's connected account and its onboarding state, the schedule,
 * and an admin's hold. One row per seller who started onboarding or was put on hold.
 */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    sellerId: uuid("seller_id")
      .primaryKey()
      .references(() => users.id),
    /** "sandbox" or "stripe". */
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id"),
    /** "pending" (started, not finished) or "enabled" (payouts allowed). */
    status: text("status").notNull().default("pending"),
    holderName: text("holder_name"),
    bankName: text("bank_name"),
    bankLast4: text("bank_last4"),
    /**
     * The sandbox only: how a payout to this account will end, as Stripe's test bank number given
     * at onboarding implies ("no_account", "account_closed", "insufficient_funds"); null succeeds.
     * Only the outcome and the last 4 digits are kept, never the number.
     */
    sandboxFailure: text("sandbox_failure"),
    /** "daily", or "weekly" on weeklyDay (0 Sunday ... 6 Saturday). */
    schedule: text("schedule").notNull().default("daily"),
    weeklyDay: integer("weekly_day").notNull().default(1),
    minimumCents: integer("minimum_cents").notNull().default(100),
    holdReason: text("hold_reason"),
    heldAt: timestamp("held_at", { withTimezone: true }),
    heldBy: uuid("held_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check("payout_accounts_status_check", oneOf(t.status, ["pending", "enabled"])),
    check("payout_accounts_schedule_check", oneOf(t.schedule, ["daily", "weekly"])),
    check("payout_accounts_weekly_day_check", sql`${t.weeklyDay} between 0 and 6`),
    check("payout_accounts_minimum_check", sql`${t.minimumCents} >= 100`),
    check("payout_accounts_hold_check", sql`(${t.holdReason} is null) = (${t.heldAt} is null)`),
  ],
);

/**
 * Money sent to a seller's bank. Written, with its journal, before the provider is called (status
 * "sending", its id the idempotency key), so a crash in between is retried, never paid twice; at
 * most one per seller per run (`runKey`, the run's date).
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    /** "sending", "in_transit", "paid" or "failed". */
    status: text("status").notNull().default("sending"),
    provider: text("provider").notNull(),
    /** The connected account it is sent to, kept so a resend goes where the first try went. */
    providerAccountId: text("provider_account_id"),
    providerPayoutId: text("provider_payout_id"),
    bankLast4: text("bank_last4"),
    runKey: text("run_key").notNull(),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    arrivalDate: timestamp("arrival_date", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    unique("payouts_seller_run_key").on(t.sellerId, t.runKey),
    check("payouts_status_check", oneOf(t.status, ["sending", "in_transit", "paid", "failed"])),
    check("payouts_amount_positive", sql`${t.amountCents} > 0`),
    index("payouts_seller_idx").on(t.sellerId, t.createdAt),
    index("payouts_open_idx").on(t.status).where(sql`${t.status} in ('sending', 'in_transit')`),
  ],
);

/** A background job's lease: one instance at a time runs it; a dead holder's lease runs out. */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
