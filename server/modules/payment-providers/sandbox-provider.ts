import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import {
  InvalidSignatureError,
  type PaymentEvent,
  type PaymentProvider,
  RefundRefusedError,
  WEBHOOK_TOLERANCE_SECONDS,
} from "./payment-provider";

export const SANDBOX_SIGNATURE_HEADER = "tradewinds-signature";

export interface SandboxEventBody {
  id: string;
  type: "checkout.session.completed" | "checkout.session.expired";
  created: number;
  /** `paymentId` is the sandbox's own payment id (Stripe's PaymentIntent id plays this part). */
  data: { paymentSessionId: string; amountTotalCents: number; paymentId?: string };
}

function sign(secret: string, timestamp: number, payload: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
}

/** The header value for a payload, in Stripe's style: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export function sandboxSignature(secret: string, payload: string, timestamp = Date.now() / 1000) {
  const t = Math.floor(timestamp);
  return `t=${t},v1=${sign(secret, t, payload)}`;
}

/** A signed event body, as the sandbox's "payment network" sends it to our webhook. */
export function sandboxEvent(
  type: SandboxEventBody["type"],
  paymentSessionId: string,
  amountTotalCents: number,
): SandboxEventBody {
  return {
    id: `evt_sbx_${randomUUID()}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { paymentSessionId, amountTotalCents, paymentId: `pi_sbx_${randomUUID()}` },
  };
}

/**
 * The built-in provider: its hosted page is the app's own /pay/sandbox/{session}, and it reports
 * the outcome through a signed webhook to the same route a real provider would use.
 */
export function sandboxProvider(options: { webhookSecret: string }): PaymentProvider {
  return {
    id: "sandbox",
    name: "Tradewinds Sandbox",
    async createCheckout(request) {
      return {
        providerSessionId: request.paymentSessionId,
        // A site path, not PUBLIC_URL: the page is ours, and the buyer must stay on the host
        // (and so with the cookies) they are browsing at.
        redirectUrl: `/pay/sandbox/${request.paymentSessionId}`,
      };
    },
    async resumeCheckout(providerSessionId) {
      // The page reads the session from our database, which already says it is open.
      return `/pay/sandbox/${providerSessionId}`;
    },
    async expireCheckout() {
      // Nothing to tell: the sandbox page reads the session's state from our database.
    },
    async refund(request) {
      // No money moved, so there is none to move back: the refund is recorded on our refunds row
      // under an id made from the key, so a retry answers the same refund, as Stripe's does.
      if (request.amountCents <= 0) throw new RefundRefusedError("Nothing to refund.");
      const digest = createHash("sha256").update(request.idempotencyKey).digest("hex");
      return { providerRefundId: `re_sbx_${digest.slice(0, 24)}` };
    },
    parseWebhook(rawBody, headers): PaymentEvent {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const value = Array.isArray(header) ? header[0] : header;
      const parts = Object.fromEntries(
        (value ?? "").split(",").map((p) => p.split("=", 2) as [string, string]),
      );
      const t = Number(parts.t);
      const given = parts.v1 ?? "";
      if (!Number.isFinite(t) || !/^[0-9a-f]{64}$/.test(given)) throw new InvalidSignatureError();
      if (Math.abs(Date.now() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS)
        throw new InvalidSignatureError("Webhook signature is too old");
      const expected = sign(options.webhookSecret, t, rawBody.toString("utf8"));
      if (!timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex")))
        throw new InvalidSignatureError();
      let body: SandboxEventBody;
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        throw new InvalidSignatureError("Webhook body is not JSON");
      }
      const kind =
        body.type === "checkout.session.completed"
          ? "completed"
          : body.type === "checkout.session.expired"
            ? "expired"
            : "ignored";
      return {
        id: String(body.id),
        kind,
        type: String(body.type),
        paymentSessionId: body.data?.paymentSessionId ?? null,
        amountTotalCents: body.data?.amountTotalCents ?? null,
        providerPaymentId: body.data?.paymentId ?? null,
      };
    },
  };
}
