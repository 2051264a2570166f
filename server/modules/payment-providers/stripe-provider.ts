import Stripe from "stripe";
import { type PaymentEvent, type PaymentProvider, RefundRefusedError } from "./payment-provider";
import { verifiedStripeEvent } from "./stripe-events";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The site's public address: Stripe's page is off-site, so its ways back must be absolute. */
  publicUrl: string;
  /** Where Stripe's API is; tests point it at a local stand-in. */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

/** Stripe Checkout through the official SDK; events are verified with the endpoint's secret. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.api ?? {}),
  });
  // Services hand over site paths; Stripe sends the buyer back from its own site, where only an
  // absolute URL can point home.
  const base = settings.publicUrl.replace(/\/+$/, "");
  const absolute = (sitePath: string) =>
    sitePath.startsWith("/") ? `${base}${sitePath}` : sitePath;
  return {
    id: "stripe",
    name: "Stripe",
    async createCheckout(request) {
      const lineItems = request.items.map((item) => ({
        quantity: item.quantity,
        price_data: {
          currency: "usd",
          unit_amount: item.unitPriceCents,
          product_data: { name: item.title },
        },
      }));
      // Shipping and tax are computed by us, so they travel as their own lines.
      for (const [name, cents] of [
        ["Shipping", request.shippingCents],
        ["Tax", request.taxCents],
      ] as const) {
        if (cents > 0)
          lineItems.push({
            quantity: 1,
            price_data: { currency: "usd", unit_amount: cents, product_data: { name } },
          });
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: lineItems,
          client_reference_id: request.paymentSessionId,
          metadata: { paymentSessionId: request.paymentSessionId, orderId: request.orderId },
          customer_email: request.customerEmail,
          success_url: absolute(request.successUrl),
          cancel_url: absolute(request.cancelUrl),
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        // A retried request must not open a second session for the same attempt.
        { idempotencyKey: `checkout-${request.paymentSessionId}` },
      );
      if (!session.url) throw new Error("Stripe returned a session without a URL");
      return { providerSessionId: session.id, redirectUrl: session.url };
    },
    async resumeCheckout(providerSessionId) {
      const session = await stripe.checkout.sessions.retrieve(providerSessionId);
      return session.status === "open" && session.url ? session.url : null;
    },
    async expireCheckout(providerSessionId) {
      await stripe.checkout.sessions.expire(providerSessionId);
    },
    async refund(request) {
      if (!request.paymentId)
        throw new RefundRefusedError("The payment's PaymentIntent id was not recorded.");
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentId, amount: request.amountCents },
          // Our refund row's id: a retry after a lost answer gets the same refund back.
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled")
          throw new RefundRefusedError(`Stripe refund ${refund.id} is ${refund.status}`);
        return { providerRefundId: refund.id };
      } catch (error) {
        // 4xx about the request itself (unknown or fully refunded payment, amount too large):
        // asking again will not change the answer. Network errors and 5xx are retried.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError ||
          error instanceof Stripe.errors.StripeIdempotencyError
        )
          throw new RefundRefusedError(error.message);
        throw error;
      }
    },
    parseWebhook(rawBody, headers): PaymentEvent {
      const event = verifiedStripeEvent(stripe, rawBody, headers, settings.webhookSecret);
      if (!event.type.startsWith("checkout.session.")) {
        return {
          id: event.id,
          kind: "ignored",
          type: event.type,
          paymentSessionId: null,
          amountTotalCents: null,
        };
      }
      const session = event.data.object as Stripe.Checkout.Session;
      const paymentSessionId =
        session.metadata?.paymentSessionId ?? session.client_reference_id ?? null;
      let kind: PaymentEvent["kind"] = "ignored";
      // A completed session may still await an asynchronous payment method.
      if (
        (event.type === "checkout.session.completed" && session.payment_status === "paid") ||
        event.type === "checkout.session.async_payment_succeeded"
      )
        kind = "completed";
      else if (
        event.type === "checkout.session.expired" ||
        event.type === "checkout.session.async_payment_failed"
      )
        kind = "expired";
      return {
        id: event.id,
        kind,
        type: event.type,
        paymentSessionId,
        amountTotalCents: session.amount_total ?? null,
        providerPaymentId:
          typeof session.payment_intent === "string"
            ? session.payment_intent
            : (session.payment_intent?.id ?? null),
      };
    },
  };
}
