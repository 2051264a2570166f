import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  actionReasonSchema,
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrdersQuerySchema,
  adminRefundSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  dashboardSchema,
  setStaffRoleSchema,
} from "../../../core/contracts/admin";
import { idParam } from "../../../core/contracts/common";
import { apiErrorSchema } from "../../../core/errors";
import { perUserRateLimit } from "../../plugins/rate-limit";
import type { RefundDeps } from "../cancellations/refunds.service";
import { requireAdmin, requireStaff } from "../staff/staff.policy";
import {
  reinstateUser,
  setStaffRole,
  suspendUser,
  warnUser,
} from "../staff/user-moderation.service";
import { adminMoneyRoutes } from "./admin-money.routes";
import { getAdminOrder, listAdminOrders, refundOrder } from "./admin-orders.service";
import { getAdminUser, getAdminUserDetail, listAdminUsers } from "./admin-users.service";
import { listAuditEntries } from "./audit.service";
import { getDashboard } from "./dashboard.service";

const errors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/**
 * The admin area's dashboard, users, orders and refunds, and audit log (the reports queue,
 * listings and listing rules are the moderation module's). Everything under /admin is 404 to
 * anyone but staff, checked before the request is even validated, so probing it teaches nothing.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ deps: () => RefundDeps }> = async (
  app,
  { deps },
) => {
  app.addHook("preValidation", async (request) => {
    requireStaff(request);
  });

  app.get(
    "/admin/dashboard",
    {
      schema: {
        tags: ["admin"],
        summary: "New users, listings, orders, GMV and open reports: today, 7 and 30 days, daily",
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return getDashboard(app.db);
    },
  );

  app.get(
    "/admin/users",
    {
      schema: {
        tags: ["admin"],
        summary: "Users whose email or username contains q, newest first",
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserPageSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return listAdminUsers(app.db, request.query);
    },
  );

  app.get(
    "/admin/users/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "A user with their listings, orders, feedback and reports about them",
        params: idParam,
        response: { 200: adminUserDetailSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return getAdminUserDetail(app.db, request.params.id);
    },
  );

  const userActions = {
    warn: { summary: "Warn a user (emailed with the reason)", run: warnUser },
    suspend: {
      summary: "Suspend a user: no sign-in, sessions ended, listings hidden",
      run: suspendUser,
    },
    reinstate: {
      summary: "Reinstate a suspended user and their hidden listings",
      run: reinstateUser,
    },
  } as const;
  for (const [action, { summary, run }] of Object.entries(userActions)) {
    app.post(
      `/admin/users/:id/${action}`,
      {
        // A suspension ends the user's sessions: at once on this instance (session.ts).
        config: { ...perUserRateLimit(60), changesAccount: "others" },
        schema: {
          tags: ["admin"],
          summary,
          params: idParam,
          body: actionReasonSchema,
          response: { 200: adminUserSchema, ...errors },
        },
      },
      async (request) => {
        const staff = requireStaff(request);
        await run(app.db, staff, request.params.id, request.body.reason);
        return getAdminUser(app.db, request.params.id);
      },
    );
  }

  app.put(
    "/admin/users/:id/role",
    {
      config: { ...perUserRateLimit(60), changesAccount: "others" },
      schema: {
        tags: ["admin"],
        summary: "Make a user a moderator or an admin, or take the role away (admins only)",
        params: idParam,
        body: setStaffRoleSchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await setStaffRole(
        app.db,
        admin,
        request.params.id,
        request.body.staffRole,
        request.body.reason,
      );
      return getAdminUser(app.db, request.params.id);
    },
  );

  app.get(
    "/admin/orders",
    {
      schema: {
        tags: ["admin"],
        summary: "Orders by number or buyer email, newest first",
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderPageSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return listAdminOrders(app.db, request.query);
    },
  );

  app.get(
    "/admin/orders/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "An order with its lines, payment history and refunds",
        params: idParam,
        response: { 200: adminOrderDetailSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return getAdminOrder(app.db, request.params.id);
    },
  );

  app.post(
    "/admin/orders/:id/refunds",
    {
      config: perUserRateLimit(30),
      schema: {
        tags: ["admin"],
        summary: "Refund an order through the payment provider, whole or in part (admins only)",
        params: idParam,
        body: adminRefundSchema,
        response: { 201: adminOrderDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const order = await refundOrder(deps(), admin, request.params.id, request.body);
      return reply.code(201).send(order);
    },
  );

  // Revenue, payouts, holds, negative balances and an order's ledger (issue 26).
  await app.register(adminMoneyRoutes);

  app.get(
    "/admin/audit",
    {
      schema: {
        tags: ["admin"],
        summary: "The audit log of staff actions, newest first",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => {
      requireStaff(request);
      return listAuditEntries(app.db, request.query);
    },
  );
};
