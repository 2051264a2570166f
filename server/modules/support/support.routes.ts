import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  SUPPORT_LIMITS,
  supportRequestCreatedSchema,
  supportRequestSchema,
} from "../../../core/contracts/support";
import { apiErrorSchema } from "../../../core/errors";
import { AttemptLimiter } from "../../plugins/rate-limit";
import { createSupportRequest } from "./support.service";

/** The Contact Us form: open to visitors and signed-in users alike. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const copiesPerAddress = new AttemptLimiter(
    app.limitCounters,
    "support-copies",
    SUPPORT_LIMITS.copiesPerAddressPerHour,
    60 * 60_000,
  );

  app.post(
    "/support-requests",
    {
      config: {
        // Per signed-in user, else per address: people behind one shared address (a mobile
        // carrier's NAT) must not use up each other's requests.
        rateLimit: {
          max: SUPPORT_LIMITS.requestsPerHour,
          timeWindow: "1 hour",
          keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
        },
      },
      schema: {
        tags: ["support"],
        summary:
          "Send a Contact Us request: stored, emailed to the support address, and a copy with its reference to the sender",
        description:
          "`email` is required from visitors; a signed-in sender who leaves it out is answered at their account's address. " +
          `429 past ${SUPPORT_LIMITS.requestsPerHour} requests an hour from one user or address, or ` +
          `${SUPPORT_LIMITS.copiesPerAddressPerHour} an hour to one email address.`,
        body: supportRequestSchema,
        response: {
          201: supportRequestCreatedSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await createSupportRequest(
        { db: app.db, copiesPerAddress },
        request.user?.id ?? null,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );
};
