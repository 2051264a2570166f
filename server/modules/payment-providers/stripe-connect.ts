import Stripe from "stripe";
import { type PayoutEvent, type PayoutProvider, PayoutRefusedError } from "./payout-provider";
import { verifiedStripeEvent } from "./stripe-events";
import type { StripeSettings } from "./stripe-provider";

/** Stripe pays a connected account's balance to its bank on its own schedule; this is our guess. */
const ESTIMATED_ARRIVAL_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stripe Connect with Express accounts and separate charges and transfers: the buyer's payment
 * lands in the platform's balance (stripe-provider.ts), and a payout is a transfer of the seller's
 * available balance to their connected account, which Stripe then pays to their bank. Onboarding is
 * Stripe's hosted account link; `account.updated` says when payouts are enabled, and `payout.paid`
 * / `payout.failed` (sent with the connected account) settle the transfers sent before them.
 */
export function stripeConnect(settings: StripeSettings): PayoutProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.api ?? {}),
  });
  const base = settings.publicUrl.replace(/\/+$/, "");
  return {
    id: "stripe",
    outcomes: "webhook",
    async startOnboarding(request) {
      let accountId = request.accountId;
      if (!accountId) {
        const account = await stripe.accounts.create(
          {
            type: "express",
            email: request.email,
            capabilities: { transfers: { requested: true } },
            metadata: { sellerId: request.sellerId },
          },
          // A retried start must not open a second account for the seller.
          { idempotencyKey: `connect-account-${request.sellerId}` },
        );
        accountId = account.id;
      }
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: `${base}${request.returnPath}`,
        refresh_url: `${base}${request.refreshPath}`,
      });
      return { accountId, status: "pending", redirectUrl: link.url };
    },
    async accountStatus(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return account.payouts_enabled ? "enabled" : "pending";
    },
    async sendPayout(request) {
      let transfer: Stripe.Transfer;
      try {
        transfer = await stripe.transfers.create(
          {
            amount: request.amountCents,
            currency: "usd",
            destination: request.accountId,
            metadata: { payoutId: request.idempotencyKey },
          },
          // Our payouts row's id: a retry after a crash or a lost answer finds the same transfer.
          { idempotencyKey: `payout-${request.idempotencyKey}` },
        );
      } catch (error) {
        // A 4xx about the request itself (no such destination, not enough platform balance):
        // asking again will not change the answer. Network errors and 5xx are retried.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          throw new PayoutRefusedError(error.message);
        throw error;
      }
      return {
        providerPayoutId: transfer.id,
        arrivalDate: new Date(request.now.getTime() + ESTIMATED_ARRIVAL_DAYS * DAY_MS),
      };
    },
    async reverseFailedPayout(providerPayoutId, idempotencyKey) {
      // The bank refused Stripe's payout: the money is back in the connected account's Stripe
      // balance. Reversing the transfer brings it to the platform, where our ledger returns it to
      // the seller's available balance, to be sent again once their bank is fixed.
      await stripe.transfers.createReversal(
        providerPayoutId,
        { metadata: { payoutId: idempotencyKey } },
        { idempotencyKey: `reverse-${idempotencyKey}` },
      );
    },
    payoutOutcome() {
      // In transit until Stripe's payout event for the connected account says otherwise.
      return null;
    },
    parseWebhook(rawBody, headers): PayoutEvent {
      const event = verifiedStripeEvent(stripe, rawBody, headers, settings.webhookSecret);
      if (event.type === "account.updated") {
        const account = event.data.object as Stripe.Account;
        return {
          id: event.id,
          type: event.type,
          kind: "account_updated",
          accountId: account.id,
          payoutsEnabled: account.payouts_enabled === true,
        };
      }
      if ((event.type === "payout.paid" || event.type === "payout.failed") && event.account) {
        const payout = event.data.object as Stripe.Payout;
        return {
          id: event.id,
          type: event.type,
          kind: event.type === "payout.paid" ? "payout_paid" : "payout_failed",
          accountId: event.account,
          reason:
            event.type === "payout.failed"
              ? (payout.failure_message ?? payout.failure_code ?? "The bank refused the payout")
              : null,
          createdAt: new Date((payout.created ?? event.created) * 1000),
        };
      }
      return { id: event.id, type: event.type, kind: "ignored" };
    },
  };
}
