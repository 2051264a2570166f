import { sql } from "drizzle-orm";
import {
  type PayoutSchedule,
  type PayoutSettings,
  sandboxOnboardingSchema,
} from "../../../core/contracts/seller-payments";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";
import { AppError, badRequest, notFound } from "../../errors";
import type { PayoutEvent, PayoutProvider } from "../payment-providers/payout-provider";
import { settlePayout } from "./payout-runs";

// How a seller is paid: their connected account at the provider (onboarding) and their schedule.
// A seller may list and sell before onboarding; their money waits in the ledger until they finish.

export interface PayoutAccountsDeps {
  db: Db;
  provider: PayoutProvider;
  now: Date;
  log?: (err: unknown, msg: string) => void;
}

interface AccountRow {
  provider: "sandbox" | "stripe";
  providerAccountId: string | null;
  status: "pending" | "enabled";
  holderName: string | null;
  bankName: string | null;
  bankLast4: string | null;
  schedule: "daily" | "weekly";
  weeklyDay: number;
  minimumCents: number;
}

async function accountOf(db: Db, sellerId: string): Promise<AccountRow | null> {
  const [row] = await rows<AccountRow>(
    db,
    sql`select provider, provider_account_id as "providerAccountId", status,
          holder_name as "holderName", bank_name as "bankName", bank_last4 as "bankLast4",
          schedule, weekly_day as "weeklyDay", minimum_cents as "minimumCents"
        from payout_accounts where seller_id = ${sellerId}`,
  );
  return row ?? null;
}

/**
 * The seller's payout settings. A row made by another provider (the site switched from the sandbox
 * to Stripe) is onboarding not started with this one: its account cannot be paid by it.
 */
export async function getPayoutSettings(
  db: Db,
  provider: PayoutProvider,
  sellerId: string,
): Promise<PayoutSettings> {
  const row = await accountOf(db, sellerId);
  const ours = row && row.provider === provider.id && row.providerAccountId !== null;
  return {
    provider: provider.id,
    onboarding: ours ? row.status : "not_started",
    holderName: ours ? row.holderName : null,
    bankName: ours ? row.bankName : null,
    bankLast4: ours ? row.bankLast4 : null,
    schedule: row?.schedule ?? "daily",
    weeklyDay: row?.weeklyDay ?? 1,
    minimumCents: row?.minimumCents ?? 100,
  };
}

/** Sets when the seller is paid (their own row only: the seller is the session's user). */
export async function updatePayoutSchedule(
  db: Db,
  provider: PayoutProvider,
  sellerId: string,
  input: PayoutSchedule,
): Promise<PayoutSettings> {
  await db.execute(sql`
    insert into payout_accounts (seller_id, provider, schedule, weekly_day, minimum_cents)
    values (${sellerId}, ${provider.id}, ${input.schedule}, ${input.weeklyDay}, ${input.minimumCents})
    on conflict (seller_id) do update
      set schedule = excluded.schedule, weekly_day = excluded.weekly_day,
          minimum_cents = excluded.minimum_cents, updated_at = now()`);
  return getPayoutSettings(db, provider, sellerId);
}

/** Where Stripe sends the seller back to (server routes that read the account, then redirect). */
export const ONBOARDING_RETURN_PATH = "/api/my/payments/onboarding/return";
export const ONBOARDING_REFRESH_PATH = "/api/my/payments/onboarding/refresh";

/**
 * Starts (or continues) onboarding. The sandbox takes the bank details from the body (its own
 * form) and is enabled at once, keeping only the last 4 digits and the outcome the number implies;
 * Stripe opens an Express account (once) and answers its hosted onboarding link.
 */
export async function startOnboarding(
  deps: PayoutAccountsDeps,
  seller: { id: string; email: string },
  body: unknown,
): Promise<{ redirectUrl: string; onboarding: "pending" | "enabled" }> {
  let bank: ReturnType<typeof sandboxOnboardingSchema.parse> | undefined;
  if (deps.provider.id === "sandbox") {
    const parsed = sandboxOnboardingSchema.safeParse(body ?? {});
    if (!parsed.success)
      throw badRequest(parsed.error.issues[0]?.message ?? "Check the bank details");
    bank = parsed.data;
  }
  const existing = await accountOf(deps.db, seller.id);
  let result: Awaited<ReturnType<PayoutProvider["startOnboarding"]>>;
  try {
    result = await deps.provider.startOnboarding({
      sellerId: seller.id,
      email: seller.email,
      accountId:
        existing?.provider === deps.provider.id && deps.provider.id === "stripe"
          ? existing.providerAccountId
          : null,
      bank,
      returnPath: ONBOARDING_RETURN_PATH,
      refreshPath: ONBOARDING_REFRESH_PATH,
    });
  } catch (error) {
    // The provider's fault, not the seller's: say so (502) and let them try again.
    deps.log?.(error, "payout onboarding could not start at the provider");
    throw new AppError(
      502,
      ERROR_CODES.paymentProviderError,
      "The payment provider could not start onboarding. Please try again in a few minutes.",
    );
  }
  await deps.db.execute(sql`
    insert into payout_accounts (seller_id, provider, provider_account_id, status, holder_name,
      bank_name, bank_last4, sandbox_failure)
    values (${seller.id}, ${deps.provider.id}, ${result.accountId}, ${result.status},
      ${result.holderName ?? null}, ${result.bankName ?? null}, ${result.bankLast4 ?? null},
      ${result.sandboxFailure ?? null})
    on conflict (seller_id) do update
      set provider = excluded.provider, provider_account_id = excluded.provider_account_id,
          status = excluded.status, holder_name = excluded.holder_name,
          bank_name = excluded.bank_name, bank_last4 = excluded.bank_last4,
          sandbox_failure = excluded.sandbox_failure, updated_at = now()`);
  return { redirectUrl: result.redirectUrl, onboarding: result.status };
}

/**
 * The seller came back from Stripe's onboarding: ask Stripe whether payouts are enabled (the
 * account.updated event says so too, perhaps later). Answers the settings page to go to.
 */
export async function refreshOnboarding(deps: PayoutAccountsDeps, sellerId: string) {
  const row = await accountOf(deps.db, sellerId);
  if (!row?.providerAccountId || row.provider !== deps.provider.id) return;
  const status = await deps.provider.accountStatus(row.providerAccountId);
  await setAccountStatus(deps.db, row.providerAccountId, status);
}

async function setAccountStatus(db: Db, accountId: string, status: "pending" | "enabled") {
  await db.execute(sql`update payout_accounts set status = ${status}, updated_at = now()
    where provider_account_id = ${accountId} and status <> ${status}`);
}

/**
 * A Connect event: an account's payouts enabled (or disabled again), or Stripe's payout to the
 * seller's bank paid or failed, which settles the transfers to that account still in transit.
 * Replays change nothing (settling is once per payout).
 */
export async function handlePayoutEvent(deps: PayoutAccountsDeps, event: PayoutEvent) {
  if (event.kind === "ignored") return;
  if (event.kind === "account_updated") {
    await setAccountStatus(deps.db, event.accountId, event.payoutsEnabled ? "enabled" : "pending");
    return;
  }
  const open = await rows<{ id: string; providerPayoutId: string | null }>(
    deps.db,
    sql`select p.id, p.provider_payout_id as "providerPayoutId" from payouts p
        where p.provider_account_id = ${event.accountId} and p.status = 'in_transit'
        order by p.created_at`,
  );
  for (const payout of open) {
    // A failure answered with an error here is answered 500: Stripe delivers the event again.
    if (event.kind === "payout_failed" && payout.providerPayoutId)
      await deps.provider.reverseFailedPayout?.(payout.providerPayoutId, payout.id);
    await settlePayout(
      deps.db,
      payout.id,
      event.kind === "payout_paid"
        ? { status: "paid" }
        : { status: "failed", reason: event.reason ?? "The bank refused the payout" },
      deps.now,
    );
  }
}

/** The seller's own payouts, newest first, a page at a time. */
export async function listPayouts(
  db: Db,
  sellerId: string,
  query: { page: number; pageSize: number },
) {
  const offset = (query.page - 1) * query.pageSize;
  const found = await rows<{
    id: string;
    amountCents: number;
    currency: string;
    status: "sending" | "in_transit" | "paid" | "failed";
    bankLast4: string | null;
    createdAt: Date | string;
    arrivalDate: Date | string | null;
    failureReason: string | null;
    total: number;
  }>(
    db,
    sql`select id, amount_cents as "amountCents", currency, status, bank_last4 as "bankLast4",
          created_at as "createdAt", arrival_date as "arrivalDate",
          failure_reason as "failureReason", count(*) over ()::int as total
        from payouts where seller_id = ${sellerId}
        order by created_at desc, id desc
        limit ${query.pageSize} offset ${offset}`,
  );
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && offset > 0) {
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from payouts where seller_id = ${sellerId}`,
    );
    total = count?.n ?? 0;
  }
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    items: found.map(({ total: _total, ...p }) => ({
      ...p,
      createdAt: iso(p.createdAt),
      arrivalDate: p.arrivalDate === null ? null : iso(p.arrivalDate),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The seller an admin names must exist (404 otherwise). */
export async function requireSeller(db: Db, sellerId: string): Promise<void> {
  const [user] = await rows<{ id: string }>(db, sql`select id from users where id = ${sellerId}`);
  if (!user) throw notFound("No such user.");
}
