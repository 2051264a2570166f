import Fastify from "fastify";
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiErrorSchema } from "../../core/errors";
import { openApiPlugin, operationIdFor, securityFor } from "./openapi";

describe("operationIdFor", () => {
  it("is the method and the path's words, parameters as By<Name>, without /api", () => {
    expect(operationIdFor("GET", "/api/listings/:id/bids")).toBe("getListingsByIdBids");
    expect(operationIdFor("post", "/api/me/notifications/read-all")).toBe(
      "postMeNotificationsReadAll",
    );
    expect(operationIdFor("GET", "/api/my/payments/transactions.csv")).toBe(
      "getMyPaymentsTransactionsCsv",
    );
    expect(operationIdFor("GET", "/api/orders/{orderId}/lines/{lineId}")).toBe(
      "getOrdersByOrderIdLinesByLineId",
    );
    expect(operationIdFor("GET", "/auth/callback")).toBe("getAuthCallback");
  });
});

describe("securityFor", () => {
  const signedIn = { 200: {}, 401: {} };
  it("asks for the session where the route answers 401, and in the admin area", () => {
    expect(securityFor("GET", "/api/me/orders", signedIn, {})).toEqual([{ session: [] }]);
    expect(securityFor("GET", "/api/admin/money/payouts", { 200: {}, 404: {} }, {})).toEqual([
      { session: [] },
    ]);
  });
  it("adds the CSRF cookie and header to every write, signed in or not", () => {
    expect(securityFor("POST", "/api/me/blocks", signedIn, {})).toEqual([
      { session: [], csrfCookie: [], csrfHeader: [] },
    ]);
    expect(securityFor("POST", "/api/support-requests", { 201: {} }, {})).toEqual([
      { csrfCookie: [], csrfHeader: [] },
    ]);
  });
  it("asks nothing of public reads and of CSRF-exempt webhooks", () => {
    expect(securityFor("GET", "/api/listings", { 200: {}, 400: {} }, {})).toEqual([]);
    expect(
      securityFor("POST", "/api/payments/webhook/:provider", { 200: {} }, { csrfExempt: true }),
    ).toEqual([]);
  });
  it("never asks for a session on the sign-in routes, whose 401 is a wrong password", () => {
    expect(securityFor("POST", "/api/auth/login", signedIn, {})).toEqual([
      { csrfCookie: [], csrfHeader: [] },
    ]);
  });
  it("offers a bearer token where the route names the scope a token needs", () => {
    expect(securityFor("GET", "/api/me/orders", signedIn, { apiTokenScope: "orders" })).toEqual([
      { session: [] },
      { bearer: [] },
    ]);
  });
});

/**
 * Routes written the way every module writes them, with nothing for the document beyond tags and a
 * summary (as a new module would be): the document must still be complete.
 */
const newModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/my/payments/payouts",
    {
      schema: {
        tags: ["seller payments"],
        summary: "Your payouts",
        response: { 200: z.object({ items: z.array(z.string()) }), 401: apiErrorSchema },
      },
    },
    async () => ({ items: [] }),
  );
  app.post(
    "/admin/money/holds/:sellerId",
    {
      schema: {
        tags: ["admin"],
        summary: "Put a seller's payouts on hold",
        params: z.object({ sellerId: z.uuid() }),
        body: z.object({ reason: z.string() }),
        response: { 204: z.null() },
      },
    },
    async (_request, reply) => reply.code(204).send(null),
  );
  app.get(
    "/things/named",
    {
      schema: {
        tags: ["browse"],
        summary: "A route that names its own operation",
        operationId: "listNamedThings",
        response: { 200: z.array(z.string()) },
      },
    },
    async () => [],
  );
  app.get(
    "/things",
    {
      schema: {
        tags: ["browse"],
        summary: "Public things",
        response: { 200: z.array(z.string()) },
      },
    },
    async () => [],
  );
};

async function documentOf(routes: FastifyPluginAsyncZod) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("publicUrl", "https://tradewinds.test");
  await app.register(openApiPlugin);
  await app.register(routes, { prefix: "/api" });
  await app.ready();
  const doc = (await app.inject("/api/openapi.json")).json();
  await app.close();
  return doc as {
    servers: { url: string }[];
    components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
}

describe("the document of routes that say nothing of it", () => {
  it("gives each an operationId, its security, a 4xx and no body on a 204", async () => {
    const doc = await documentOf(newModuleRoutes);
    expect(doc.servers).toEqual([{ url: "https://tradewinds.test", description: "This site" }]);

    const payouts = doc.paths["/api/my/payments/payouts"]?.get;
    expect(payouts).toMatchObject({
      operationId: "getMyPaymentsPayouts",
      security: [{ session: [] }],
    });
    expect(Object.keys(payouts?.responses as object)).toEqual(["200", "401"]);

    const hold = doc.paths["/api/admin/money/holds/{sellerId}"]?.post;
    expect(hold).toMatchObject({
      operationId: "postAdminMoneyHoldsBySellerId",
      security: [{ session: [], csrfCookie: [], csrfHeader: [] }],
      responses: {
        "204": { description: "Done; no content" },
        "4XX": {
          description: "Refused; the error envelope says why",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
        },
      },
    });

    expect(doc.paths["/api/things"]?.get).toMatchObject({ operationId: "getThings", security: [] });
    expect(doc.paths["/api/things/named"]?.get?.operationId).toBe("listNamedThings");
    // Published because used; and no bearer scheme while no route takes a token.
    expect(Object.keys(doc.components.schemas)).toEqual(["ApiError"]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      "csrfCookie",
      "csrfHeader",
      "session",
    ]);
  });
});
