import { createHash, randomBytes } from "node:crypto";
import { InvalidSignatureError } from "./payment-provider";
import type { PayoutOutcome, PayoutProvider } from "./payout-provider";

/** A sandbox payout reaches the bank this long after it is sent (as a standard bank payout). */
export const SANDBOX_ARRIVAL_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stripe's test bank account numbers that fail, and why, in Stripe's words; any other number
 * succeeds (000123456789 is Stripe's succeeding one).
 * https://docs.stripe.com/connect/testing#account-numbers
 */
export const SANDBOX_FAILING_ACCOUNTS: Record<string, { failure: string; reason: string }> = {
  "000111111116": { failure: "no_account", reason: "The bank account could not be found" },
  "000111111113": { failure: "account_closed", reason: "The bank account has been closed" },
  "000222222227": {
    failure: "insufficient_funds",
    reason: "The bank account has insufficient funds to cover the payout",
  },
};

const REASONS: Record<string, string> = Object.fromEntries(
  Object.values(SANDBOX_FAILING_ACCOUNTS).map((f) => [f.failure, f.reason]),
);

/**
 * The built-in payout provider. Onboarding is our own form and is enabled at once; a payout's
 * outcome is decided when it arrives, by the clock: the failure a test number implies is carried
 * in the account's id and then the payout's, so the provider keeps no state of its own (as
 * Stripe's test mode, the number's failure shows only when money is sent).
 */
export function sandboxPayouts(): PayoutProvider {
  return {
    id: "sandbox",
    outcomes: "clock",
    async startOnboarding(request) {
      if (!request.bank) throw new Error("the sandbox's onboarding needs the bank details");
      const number = request.bank.accountNumber.trim();
      const failure = SANDBOX_FAILING_ACCOUNTS[number]?.failure ?? null;
      const suffix = randomBytes(8).toString("hex");
      return {
        accountId: `acct_sbx_${failure ?? "ok"}_${suffix}`,
        status: "enabled",
        redirectUrl: "/my/payments",
        holderName: request.bank.holderName.trim(),
        bankName: request.bank.bankName.trim(),
        bankLast4: number.slice(-4),
        sandboxFailure: failure,
      };
    },
    async accountStatus() {
      return "enabled";
    },
    async sendPayout(request) {
      if (request.amountCents <= 0) throw new Error("a payout must be positive");
      const failure = /^acct_sbx_([a-z_]+)_[0-9a-f]+$/.exec(request.accountId)?.[1] ?? "ok";
      // The same key answers the same payout, as a provider's idempotency does.
      const digest = createHash("sha256").update(request.idempotencyKey).digest("hex");
      return {
        providerPayoutId: `po_sbx_${failure}_${digest.slice(0, 24)}`,
        arrivalDate: new Date(request.now.getTime() + SANDBOX_ARRIVAL_DAYS * DAY_MS),
      };
    },
    payoutOutcome(payout, now): PayoutOutcome | null {
      if (now.getTime() < payout.arrivalDate.getTime()) return null;
      const code = /^po_sbx_([a-z_]+)_[0-9a-f]+$/.exec(payout.providerPayoutId)?.[1] ?? "ok";
      if (code === "ok") return { status: "paid" };
      return { status: "failed", reason: REASONS[code] ?? "The bank refused the payout" };
    },
    parseWebhook() {
      // The sandbox tells nothing by webhook: its outcomes come by the clock.
      throw new InvalidSignatureError("The sandbox sends no payout events");
    },
  };
}
