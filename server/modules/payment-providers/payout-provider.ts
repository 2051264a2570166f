/**
 * Sending sellers their money (issue 26), beside the card payment provider: a seller's connected
 * account (onboarding), a payout to it, and how a payout's outcome comes back. Two exist: the
 * built-in sandbox and Stripe Connect (Express accounts, separate charges and transfers); the app
 * picks the one that matches its payment provider.
 */

/** What a seller typed on the sandbox's own onboarding page (core/contracts/seller-payments.ts). */
export interface BankDetails {
  holderName: string;
  bankName: string;
  accountNumber: string;
  routingNumber: string;
}

export interface OnboardingRequest {
  sellerId: string;
  email: string;
  /** The connected account made by an earlier start, to continue rather than open another. */
  accountId: string | null;
  /** The sandbox's form; Stripe collects the bank itself on its hosted pages. */
  bank?: BankDetails;
  /** Site paths Stripe sends the seller back to (finished, or the link expired). */
  returnPath: string;
  refreshPath: string;
}

export interface OnboardingResult {
  accountId: string;
  status: "pending" | "enabled";
  /** Where to send the seller next. */
  redirectUrl: string;
  /** What may be kept of the bank (never the number itself). */
  holderName?: string;
  bankName?: string;
  bankLast4?: string;
  /** The sandbox: how payouts to this account will end (Stripe's test numbers); null succeeds. */
  sandboxFailure?: string | null;
}

export interface PayoutRequest {
  accountId: string;
  amountCents: number;
  /** Our payouts row's id: a retry after a crash or a lost answer sends nothing twice. */
  idempotencyKey: string;
  /** The money rules' clock (tests move it): the sandbox's arrival date counts from it. */
  now: Date;
}

export interface SentPayout {
  providerPayoutId: string;
  /** When the bank should have it. */
  arrivalDate: Date;
}

/** A payout's end, as the provider tells it. */
export type PayoutOutcome = { status: "paid" } | { status: "failed"; reason: string };

/** A Connect webhook event, reduced to what changes an account or a payout. */
export type PayoutEvent =
  | {
      id: string;
      type: string;
      kind: "account_updated";
      accountId: string;
      payoutsEnabled: boolean;
    }
  | {
      id: string;
      type: string;
      kind: "payout_paid" | "payout_failed";
      accountId: string;
      /** The provider's failure message, for the seller; null when paid. */
      reason: string | null;
      /** When the provider made the payout: it covers the transfers sent before then. */
      createdAt: Date;
    }
  | { id: string; type: string; kind: "ignored" };

export interface PayoutProvider {
  readonly id: "sandbox" | "stripe";
  /** Opens (or continues) the seller's connected account. */
  startOnboarding(request: OnboardingRequest): Promise<OnboardingResult>;
  /** Whether the provider lets the account be paid yet (read after the seller comes back). */
  accountStatus(accountId: string): Promise<"pending" | "enabled">;
  /** Sends money to the account; the same idempotency key answers the same payout. */
  sendPayout(request: PayoutRequest): Promise<SentPayout>;
  /**
   * How a payout's outcome arrives: "clock" — the provider answers it by time (payoutOutcome, read
   * by each payout run); "webhook" — events tell it (parseWebhook).
   */
  readonly outcomes: "clock" | "webhook";
  /**
   * Takes back the money of a payout whose bank payout failed, when it rests with the provider in
   * the seller's account (Stripe: the transfer is reversed to the platform), so that returning it
   * to the seller's available balance does not pay it twice. Absent when nothing needs moving.
   */
  reverseFailedPayout?(providerPayoutId: string, idempotencyKey: string): Promise<void>;
  /** The outcome of a payout in transit by `now`, or null while it is still on its way. */
  payoutOutcome(
    payout: { providerPayoutId: string; arrivalDate: Date },
    now: Date,
  ): PayoutOutcome | null;
  /** Checks the signature and reads a Connect event; throws InvalidSignatureError when forged. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PayoutEvent;
}

/**
 * The provider will never make this payout (the account is gone, the amount refused): retrying
 * cannot help, so the payout fails and its money returns to the seller's available balance.
 * Any other error is retried with the same key on the next run.
 */
export class PayoutRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PayoutRefusedError";
  }
}
