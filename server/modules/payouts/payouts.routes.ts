import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam, pageOf, paginationQuery } from "../../../core/contracts/common";
import {
  onboardingResponseSchema,
  payoutHoldSchema,
  payoutScheduleSchema,
  payoutSchema,
  payoutSettingsSchema,
} from "../../../core/contracts/seller-payments";
import { apiErrorSchema, ERROR_CODES } from "../../../core/errors";
import { notFound } from "../../errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { withRawJsonBody } from "../../plugins/raw-json-body";
import { requireUser } from "../../plugins/session";
import { readSignedWebhook } from "../payment-providers/signed-webhook";
import { requireStaff } from "../staff/staff.policy";
import {
  getPayoutSettings,
  handlePayoutEvent,
  listPayouts,
  refreshOnboarding,
  startOnboarding,
  updatePayoutSchedule,
} from "./payout-accounts.service";
import { holdPayouts, releasePayouts } from "./payout-holds.service";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export const payoutPageSchema = pageOf(payoutSchema);
export const payoutHoldStateSchema = z.object({
  sellerId: z.string(),
  held: z.boolean(),
  reason: z.string().nullable(),
  since: z.string().nullable(),
  onHoldCents: z.number().int(),
  availableCents: z.number().int(),
});

/**
 * The seller's payout settings, onboarding and payouts (/api/my/payments/*), the admin's hold
 * (/api/admin/money/sellers/{id}/hold) and the payout provider's webhook. Amounts never come from
 * the client; a seller only ever reads and changes their own (the session's user).
 */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.db,
    provider: app.payouts,
    now: app.clock.now(),
    log: (err: unknown, msg: string) => app.log.error({ err }, msg),
  });

  app.get(
    "/my/payments/settings",
    {
      schema: {
        tags: ["seller payments"],
        summary: "How and when you are paid: onboarding status, bank ending, schedule",
        response: { 200: payoutSettingsSchema, ...errors },
      },
    },
    async (request) => getPayoutSettings(app.db, app.payouts, requireUser(request).id),
  );

  app.put(
    "/my/payments/settings",
    {
      config: perUserRateLimit(30),
      schema: {
        tags: ["seller payments"],
        summary: "Set your payout schedule (daily, or weekly on a day) and minimum",
        body: payoutScheduleSchema,
        response: { 200: payoutSettingsSchema, ...errors },
      },
    },
    async (request) =>
      updatePayoutSchedule(app.db, app.payouts, requireUser(request).id, request.body),
  );

  app.post(
    "/my/payments/onboarding",
    {
      config: perUserRateLimit(10),
      schema: {
        tags: ["seller payments"],
        summary: "Start payouts onboarding",
        description:
          "Sandbox: the bank details (holderName, bankName, accountNumber, routingNumber); enabled at once. " +
          "Stripe's test numbers 000111111116, 000111111113 and 000222222227 make payouts fail on arrival. " +
          "Stripe: an empty body; answers the Express account's onboarding link.",
        response: { 200: onboardingResponseSchema, ...errors, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return startOnboarding(deps(), { id: user.id, email: user.email }, request.body);
    },
  );

  // Stripe sends the seller back here (finished, or the link expired); both go on to the page.
  app.get(
    "/my/payments/onboarding/return",
    { schema: { tags: ["seller payments"], summary: "Back from Stripe's onboarding", hide: true } },
    async (request, reply) => {
      const user = requireUser(request);
      await refreshOnboarding(deps(), user.id);
      return reply.redirect("/my/payments?onboarding=returned", 303);
    },
  );
  app.get(
    "/my/payments/onboarding/refresh",
    { schema: { tags: ["seller payments"], summary: "A new Stripe onboarding link", hide: true } },
    async (request, reply) => {
      const user = requireUser(request);
      if (app.payouts.id !== "stripe") return reply.redirect("/my/payments", 303);
      const { redirectUrl } = await startOnboarding(deps(), { id: user.id, email: user.email }, {});
      return reply.redirect(redirectUrl, 303);
    },
  );

  app.get(
    "/my/payments/payouts",
    {
      schema: {
        tags: ["seller payments"],
        summary: "Your payouts, newest first",
        querystring: z.object(paginationQuery),
        response: { 200: payoutPageSchema, ...errors },
      },
    },
    async (request) => listPayouts(app.db, requireUser(request).id, request.query),
  );

  // The admin's hold: 404 to anyone but staff, before the request is even validated.
  await app.register(async (admin) => {
    admin.addHook("preValidation", async (request) => {
      requireStaff(request);
    });
    const route = {
      config: perUserRateLimit(60),
      schema: {
        tags: ["admin"],
        params: idParam,
        body: payoutHoldSchema,
        response: { 200: payoutHoldStateSchema, ...errors, 409: apiErrorSchema },
      },
    };
    admin
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/admin/money/sellers/:id/hold",
        { ...route, schema: { ...route.schema, summary: "Put a seller's payouts on hold" } },
        async (request) =>
          holdPayouts(
            app.db,
            requireStaff(request),
            request.params.id,
            request.body.reason,
            app.clock.now(),
            app.payouts.id,
          ),
      );
    admin
      .withTypeProvider<ZodTypeProvider>()
      .delete(
        "/admin/money/sellers/:id/hold",
        { ...route, schema: { ...route.schema, summary: "Release a seller's payouts hold" } },
        async (request) =>
          releasePayouts(
            app.db,
            requireStaff(request),
            request.params.id,
            request.body.reason,
            app.clock.now(),
          ),
      );
  });

  // Connect events are verified over the exact bytes Stripe signed: this scope keeps the body raw.
  await withRawJsonBody(app, (raw) => {
    raw.withTypeProvider<ZodTypeProvider>().post(
      "/payouts/webhook/:provider",
      {
        config: { rateLimit: { max: 600, timeWindow: "1 minute" }, csrfExempt: true },
        schema: {
          tags: ["seller payments"],
          summary: "Payout provider (Stripe Connect) webhooks: account.updated, payout.paid/failed",
          params: z.object({ provider: z.string() }),
          response: {
            200: z.object({ received: z.literal(true) }),
            400: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => {
        if (request.params.provider !== app.payouts.id || app.payouts.outcomes !== "webhook")
          throw notFound("Unknown payout provider.", ERROR_CODES.unknownProvider);
        const event = readSignedWebhook(request.body, (raw) =>
          app.payouts.parseWebhook(raw, request.headers),
        );
        await handlePayoutEvent(deps(), event);
        return { received: true as const };
      },
    );
  });
};
