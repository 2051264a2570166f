import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { preferencesSchema } from "../../../core/contracts/currencies";
import { apiErrorSchema } from "../../../core/errors";
import { requireUser } from "../../plugins/session";
import { getPreferences, updatePreferences } from "./preferences.service";

/**
 * The signed-in account's display preferences (issue 29: the currency approximate prices are
 * shown in, remembered per account as well as per browser). Display only: no price, total or
 * charge reads them.
 */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me/preferences",
    {
      schema: {
        tags: ["accounts"],
        summary: "Your display preferences (the currency of approximate prices)",
        response: { 200: preferencesSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getPreferences(app.db, requireUser(request).id);
    },
  );

  app.patch(
    "/me/preferences",
    {
      schema: {
        tags: ["accounts"],
        summary: "Change your display preferences",
        body: preferencesSchema,
        response: { 200: preferencesSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => updatePreferences(app.db, requireUser(request).id, request.body),
  );
};
