import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  paymentProviderSchema,
  sandboxPayRequestSchema,
  sandboxResultSchema,
  sandboxSessionSchema,
} from "../../../core/contracts/buying";
import { apiErrorSchema, ERROR_CODES } from "../../../core/errors";
import { AppError, notFound } from "../../errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { withRawJsonBody } from "../../plugins/raw-json-body";
import { requireUser } from "../../plugins/session";
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from "../payment-providers/sandbox-provider";
import { readSignedWebhook } from "../payment-providers/signed-webhook";
import { cancelOrderPayment, handlePaymentEvent, type PaymentsDeps } from "./payments.service";
import { getSandboxSession, paySandboxSession, sandboxSessionOrder } from "./sandbox.service";

const sessionParam = z.object({ session: z.uuid({ message: "session must be a UUID" }) });

export const paymentsRoutes: FastifyPluginAsyncZod<{
  deps: () => PaymentsDeps;
  sandboxWebhookSecret: string;
}> = async (app, { deps, sandboxWebhookSecret }) => {
  app.get(
    "/payments/provider",
    {
      schema: {
        tags: ["buying"],
        summary: 'The active card payment provider ("Secure checkout powered by ...")',
        response: { 200: paymentProviderSchema },
      },
    },
    async () => ({ id: app.payments.id, name: app.payments.name }),
  );

  // Webhooks are verified over the exact bytes the provider signed, so this scope keeps the body raw.
  await withRawJsonBody(app, (raw) => {
    raw.withTypeProvider<ZodTypeProvider>().post(
      "/payments/webhook/:provider",
      {
        // Providers call without our cookies; their signature protects the route instead.
        config: { rateLimit: { max: 600, timeWindow: "1 minute" }, csrfExempt: true },
        schema: {
          tags: ["buying"],
          summary: "Payment provider webhooks (signature checked; replays change nothing)",
          description:
            'Stripe signs with `Stripe-Signature`, the sandbox with `Tradewinds-Signature` (`t=<unix>,v1=<HMAC-SHA256 of "t.body">`). ' +
            "A forged or stale (over 5 minutes) signature gets 400.",
          params: z.object({ provider: z.string() }),
          response: {
            200: z.object({ received: z.literal(true) }),
            400: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => {
        if (request.params.provider !== app.payments.id)
          throw notFound("Unknown payment provider.", ERROR_CODES.unknownProvider);
        const event = readSignedWebhook(request.body, (raw) =>
          app.payments.parseWebhook(raw, request.headers),
        );
        await handlePaymentEvent(deps(), event);
        return { received: true as const };
      },
    );
  });

  if (app.payments.id !== "sandbox") return;

  app.get(
    "/payments/sandbox/sessions/:session",
    {
      schema: {
        tags: ["buying"],
        summary: "The sandbox's hosted checkout page data (the buyer's own session only)",
        params: sessionParam,
        response: {
          200: sandboxSessionSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => getSandboxSession(app.db, requireUser(request).id, request.params.session),
  );

  app.post(
    "/payments/sandbox/sessions/:session/pay",
    {
      config: perUserRateLimit(20),
      schema: {
        tags: ["buying"],
        summary: "Pay a sandbox session with a test card",
        description:
          "4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds (402). " +
          "A success is delivered as a signed webhook to POST /api/payments/webhook/sandbox before this answers.",
        params: sessionParam,
        body: sandboxPayRequestSchema,
        response: {
          200: sandboxResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          402: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { event, orderId } = await paySandboxSession(
        app.db,
        user.id,
        request.params.session,
        request.body,
      );
      const payload = JSON.stringify(event);
      const delivered = await app.inject({
        method: "POST",
        url: "/api/payments/webhook/sandbox",
        headers: {
          "content-type": "application/json",
          [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(sandboxWebhookSecret, payload),
        },
        payload,
      });
      if (delivered.statusCode !== 200) {
        request.log.error({ body: delivered.body }, "sandbox webhook delivery failed");
        throw new AppError(502, ERROR_CODES.paymentDeliveryFailed, "Failed to process checkout");
      }
      return { redirectUrl: `/checkout/success?order=${orderId}` };
    },
  );

  app.post(
    "/payments/sandbox/sessions/:session/cancel",
    {
      schema: {
        tags: ["buying"],
        summary: "Leave a sandbox session: the cart order is cancelled and its stock released",
        params: sessionParam,
        response: {
          200: sandboxResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const orderId = await sandboxSessionOrder(app.db, user.id, request.params.session);
      await cancelOrderPayment(deps(), user.id, orderId);
      // The same way back as Stripe's cancel_url, so the cart tells the buyer the same thing.
      return { redirectUrl: `/cart?cancelled=${orderId}` };
    },
  );
};
