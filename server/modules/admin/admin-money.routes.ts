import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminHoldsSchema,
  adminPayoutPageSchema,
  adminPayoutsQuerySchema,
  negativeBalancesSchema,
  orderLedgerSchema,
  revenueQuerySchema,
  revenueSchema,
} from "../../../core/contracts/admin-money";
import { idParam } from "../../../core/contracts/common";
import { apiErrorSchema } from "../../../core/errors";
import { requireStaff } from "../staff/staff.policy";
import {
  listAdminPayouts,
  listHolds,
  listNegativeBalances,
  orderLedger,
  platformRevenue,
} from "./admin-money.service";

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * The admin area's money pages (issue 26), registered inside adminRoutes so its staff-only hook
 * (404 to anyone else, before validation) covers them too. Reading is for all staff; holding and
 * releasing a seller's payouts are the payouts module's (POST/DELETE /admin/money/sellers/:id/hold).
 */
export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/money/revenue",
    {
      schema: {
        tags: ["admin"],
        summary: "Platform fee revenue by kind, per day or month, from the ledger",
        querystring: revenueQuerySchema,
        response: { 200: revenueSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return platformRevenue(app.db, request.query, app.clock.now());
    },
  );

  app.get(
    "/admin/money/payouts",
    {
      schema: {
        tags: ["admin"],
        summary: "Payouts to sellers: failed first, then newest",
        querystring: adminPayoutsQuerySchema,
        response: { 200: adminPayoutPageSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return listAdminPayouts(app.db, request.query.page);
    },
  );

  app.get(
    "/admin/money/holds",
    {
      schema: {
        tags: ["admin"],
        summary: "Sellers whose payouts are on hold, with the reason and since when",
        response: { 200: adminHoldsSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return listHolds(app.db);
    },
  );

  app.get(
    "/admin/money/negative",
    {
      schema: {
        tags: ["admin"],
        summary: "Sellers whose available balance is below zero",
        response: { 200: negativeBalancesSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return listNegativeBalances(app.db);
    },
  );

  app.get(
    "/admin/orders/:id/ledger",
    {
      schema: {
        tags: ["admin"],
        summary: "Every ledger journal and entry of an order",
        params: idParam,
        response: { 200: orderLedgerSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return orderLedger(app.db, request.params.id);
    },
  );
};
