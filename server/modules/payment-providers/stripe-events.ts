import type { IncomingHttpHeaders } from "node:http";
import type Stripe from "stripe";
import { InvalidSignatureError, WEBHOOK_TOLERANCE_SECONDS } from "./payment-provider";

/**
 * A Stripe event read from a webhook's exact bytes, after its `Stripe-Signature` is checked against
 * the endpoint's secret (and found no older than WEBHOOK_TOLERANCE_SECONDS). Checkout's webhook and
 * Connect's use the same check; anything forged, stale or unsigned is InvalidSignatureError.
 */
export function verifiedStripeEvent(
  stripe: Stripe,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  webhookSecret: string,
): Stripe.Event {
  const header = headers["stripe-signature"];
  const signature = Array.isArray(header) ? header[0] : header;
  if (!signature) throw new InvalidSignatureError();
  try {
    return stripe.webhooks.constructEvent(
      rawBody,
      signature,
      webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch {
    throw new InvalidSignatureError();
  }
}
