/** What a hosted checkout needs to show and charge; amounts are integer cents in USD. */
export interface HostedCheckoutRequest {
  /** Our payment session id: the provider hands it back in its events. */
  paymentSessionId: string;
  orderId: string;
  items: { title: string; unitPriceCents: number; quantity: number }[];
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  customerEmail: string;
  /**
   * Where the buyer returns after paying, and after giving up: site paths (`/checkout/success?...`).
   * They stay relative so the buyer comes back to the host they browse at, where their cookies
   * are; a provider whose page is on another site makes them absolute itself.
   */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** A webhook event, reduced to what settles an order. */
export interface PaymentEvent {
  /** The provider's event id: a replay carries the same one. */
  id: string;
  kind: "completed" | "expired" | "ignored";
  /** Our payment session id, when the event is about a checkout session. */
  paymentSessionId: string | null;
  /** What the provider says it charged; checked against the order. */
  amountTotalCents: number | null;
  /** The provider's own name of the event, kept for the record. */
  type: string;
  /** The payment a completion settled (Stripe's PaymentIntent id): what a refund later names. */
  providerPaymentId?: string | null;
}

/** Money sent back for a payment; `idempotencyKey` (our refund row's id) makes a retry harmless. */
export interface RefundRequest {
  /** The provider's payment id stored at completion; null for a payment made before it was kept. */
  paymentId: string | null;
  amountCents: number;
  idempotencyKey: string;
}

/**
 * The provider will never make this refund (no such payment, already refunded in full...): retrying
 * cannot help, so the refund is marked failed for a person to look at.
 */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefundRefusedError";
  }
}

/**
 * A card payment provider with a hosted checkout page. Two exist: Stripe Checkout and the
 * built-in sandbox; the app picks one at start from the configuration.
 */
export interface PaymentProvider {
  readonly id: "sandbox" | "stripe";
  /** Shown after "Secure checkout powered by". */
  readonly name: string;
  createCheckout(
    request: HostedCheckoutRequest,
  ): Promise<{ providerSessionId: string; redirectUrl: string }>;
  /**
   * The hosted page of a session that is still open at the provider, to send a buyer back to
   * (Pay now on an unpaid order); null when the provider has closed it.
   */
  resumeCheckout(providerSessionId: string): Promise<string | null>;
  /** Ends an open hosted session early (buyer cancelled); best effort. */
  expireCheckout(providerSessionId: string): Promise<void>;
  /**
   * Sends money back to the buyer's card. Throws `RefundRefusedError` when the provider refuses for
   * good; any other error is worth retrying (with the same key, so nothing is refunded twice).
   */
  refund(request: RefundRequest): Promise<{ providerRefundId: string }>;
  /** Checks the signature and reads the event; throws `InvalidSignatureError` when forged or stale. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentEvent;
}

export class InvalidSignatureError extends Error {
  constructor(message = "Invalid webhook signature") {
    super(message);
    this.name = "InvalidSignatureError";
  }
}

/** Signatures older than this are refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
