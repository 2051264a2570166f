import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createUser, signedInAgent } from "../../test/factories";

// Every admin route of this module, asked by a visitor, an ordinary user, a moderator and an
// admin: the first two must not learn the area exists (404), a moderator is refused only the
// admin-only actions (403), an admin may do everything.

const t = setUpTestApp();
let visitor: Agent;
let user: Agent;
let moderator: Agent;
let admin: Agent;
let paidOrderId: string;

async function staff(role: "moderator" | "admin") {
  const u = await createUser(t.database.db, role);
  await t.database.db.execute(sql`update users set staff_role = ${role} where id = ${u.id}`);
  return signedInAgent(t.app, t.database.db, u.id);
}

beforeAll(async () => {
  visitor = new Agent(t.app);
  user = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db, "plain")).id);
  moderator = await staff("moderator");
  admin = await staff("admin");
  // A paid demo order (seed): refundable in part.
  const [order] = await rows<{ id: string }>(
    t.database.db,
    sql`select o.id from orders o where o.status = 'paid'
          and not exists (select 1 from refunds r where r.order_id = o.id)
        order by o.created_at limit 1`,
  );
  if (!order) throw new Error("the demo data has no paid order");
  paidOrderId = order.id;
});

type Call = (who: Agent) => Promise<{ statusCode: number; body: string }>;
interface Route {
  name: string;
  /** A fresh call each time: actions need their own subject per caller. */
  call: () => Promise<Call>;
  adminOnly?: boolean;
  ok?: number;
}

const REASON = { reason: "Policy test" };
const subject = async () => (await createUser(t.database.db, "subject")).id;

const ROUTES: Route[] = [
  { name: "GET /api/admin/dashboard", call: async () => (a) => a.get("/api/admin/dashboard") },
  { name: "GET /api/admin/users", call: async () => (a) => a.get("/api/admin/users?q=a") },
  {
    name: "GET /api/admin/users/{id}",
    call: async () => {
      const id = await subject();
      return (a) => a.get(`/api/admin/users/${id}`);
    },
  },
  {
    name: "POST /api/admin/users/{id}/warn",
    call: async () => {
      const id = await subject();
      return (a) => a.post(`/api/admin/users/${id}/warn`, REASON);
    },
  },
  {
    name: "POST /api/admin/users/{id}/suspend",
    call: async () => {
      const id = await subject();
      return (a) => a.post(`/api/admin/users/${id}/suspend`, REASON);
    },
  },
  {
    name: "POST /api/admin/users/{id}/reinstate",
    call: async () => {
      const id = await subject();
      await t.database.db.execute(
        sql`update users set suspended_at = now(), suspension_reason = 'x' where id = ${id}`,
      );
      return (a) => a.post(`/api/admin/users/${id}/reinstate`, REASON);
    },
  },
  {
    name: "PUT /api/admin/users/{id}/role",
    adminOnly: true,
    call: async () => {
      const id = await subject();
      return (a) => a.put(`/api/admin/users/${id}/role`, { staffRole: "moderator", ...REASON });
    },
  },
  { name: "GET /api/admin/orders", call: async () => (a) => a.get("/api/admin/orders?q=a") },
  {
    name: "GET /api/admin/orders/{id}",
    call: async () => (a) => a.get(`/api/admin/orders/${paidOrderId}`),
  },
  {
    name: "POST /api/admin/orders/{id}/refunds",
    adminOnly: true,
    ok: 201,
    call: async () => (a) =>
      a.post(`/api/admin/orders/${paidOrderId}/refunds`, { amountCents: 1, ...REASON }),
  },
  { name: "GET /api/admin/audit", call: async () => (a) => a.get("/api/admin/audit") },
  {
    name: "GET /api/admin/money/revenue",
    call: async () => (a) => a.get("/api/admin/money/revenue?by=month"),
  },
  {
    name: "GET /api/admin/money/payouts",
    call: async () => (a) => a.get("/api/admin/money/payouts"),
  },
  { name: "GET /api/admin/money/holds", call: async () => (a) => a.get("/api/admin/money/holds") },
  {
    name: "GET /api/admin/money/negative",
    call: async () => (a) => a.get("/api/admin/money/negative"),
  },
  {
    name: "GET /api/admin/orders/{id}/ledger",
    call: async () => (a) => a.get(`/api/admin/orders/${paidOrderId}/ledger`),
  },
];

describe("the admin routes' policy", () => {
  for (const route of ROUTES) {
    it(`${route.name}: visitor 404, user 404, moderator ${route.adminOnly ? 403 : "allowed"}, admin allowed`, async () => {
      for (const [who, expected] of [
        [visitor, 404],
        [user, 404],
      ] as const) {
        const res = await (await route.call())(who);
        expect(res.statusCode, res.body).toBe(expected);
        // The same answer as a path that does not exist: nothing tells the area is there.
        expect(JSON.parse(res.body).error.code).toBe("not_found");
      }
      const byModerator = await (await route.call())(moderator);
      expect(byModerator.statusCode, byModerator.body).toBe(
        route.adminOnly ? 403 : (route.ok ?? 200),
      );
      if (route.adminOnly)
        expect(JSON.parse(byModerator.body).error.message).toBe("Only an admin can do that.");
      const byAdmin = await (await route.call())(admin);
      expect(byAdmin.statusCode, byAdmin.body).toBe(route.ok ?? 200);
    });
  }

  it("answers 404 before it validates: bad input from a non-staff caller still gets 404", async () => {
    expect((await user.get("/api/admin/users?page=nope")).statusCode).toBe(404);
    expect((await user.post("/api/admin/users/not-a-uuid/suspend", {})).statusCode).toBe(404);
    expect((await moderator.get("/api/admin/users?page=nope")).statusCode).toBe(400);
  });
});
