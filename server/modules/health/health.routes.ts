import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

/** Liveness and readiness, outside /api so load balancers need not know the API. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const status = z.object({ status: z.string() });
  app.get(
    "/healthz",
    { schema: { tags: ["health"], summary: "The process is up", response: { 200: status } } },
    async () => ({ status: "ok" }),
  );
  app.get(
    "/readyz",
    {
      schema: {
        tags: ["health"],
        summary: "The instance takes work: not stopping, and the database answers",
        response: { 200: status, 503: status },
      },
    },
    async (request, reply) => {
      // A stopping instance says so first, so the balancer sends new requests elsewhere while it
      // finishes the ones it has (server.ts).
      if (app.lifecycle.stopping) return reply.status(503).send({ status: "stopping" });
      try {
        await app.database.ping();
        return { status: "ready" };
      } catch (err) {
        request.log.warn({ err }, "database not reachable");
        return reply.status(503).send({ status: "database unavailable" });
      }
    },
  );
};
