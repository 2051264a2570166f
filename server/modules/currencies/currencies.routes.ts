import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminRatesSchema,
  currencyRatesSchema,
  rateParamsSchema,
  updateRateSchema,
} from "../../../core/contracts/currencies";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import { requireStaff } from "../staff/staff.policy";
import { requireRateKeeper } from "./currencies.policy";
import { adminRates, currencyRates, updateRate } from "./currencies.service";

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

// Rates change a few times a week and are the same for everyone: five minutes in any cache.
const CACHE = "public, max-age=300";

/**
 * The rates approximate prices are shown at (issue 29): the public read, and the admin area's
 * page of floating rates. Display only: nothing here is read by what charges a buyer.
 */
export const currenciesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/currencies",
    {
      schema: {
        tags: ["browse"],
        summary:
          "The currencies approximate prices can be shown in, with their rates to the US dollar",
        response: { 200: currencyRatesSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", CACHE);
      return currencyRates(app.db);
    },
  );

  // The admin area: 404 to anyone but staff, before the request is even validated.
  await app.register(async (admin) => {
    admin.addHook("preValidation", async (request) => {
      requireStaff(request);
    });
    const typed = admin.withTypeProvider<ZodTypeProvider>();
    typed.get(
      "/admin/rates",
      {
        schema: {
          tags: ["admin"],
          summary: "The floating exchange rates staff keep, with their as-of dates",
          response: { 200: adminRatesSchema, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return adminRates(app.db, app.clock.now());
      },
    );
    typed.put(
      "/admin/rates/:currency",
      {
        config: perUserRateLimit(60),
        schema: {
          tags: ["admin"],
          summary: "Set a floating currency's rate and as-of date (written to the audit log)",
          params: rateParamsSchema,
          body: updateRateSchema,
          response: { 200: adminRatesSchema, ...errors },
        },
      },
      async (request) =>
        updateRate(
          app.db,
          requireRateKeeper(request),
          request.params.currency,
          request.body,
          app.clock.now(),
        ),
    );
  });
};
