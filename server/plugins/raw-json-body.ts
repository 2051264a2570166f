import type { FastifyInstance } from "fastify";

/**
 * Registers `routes` in a scope of their own whose JSON bodies arrive as the exact bytes sent (a
 * Buffer), not parsed: a webhook's signature is computed over those bytes, and re-serialising a
 * parsed body would not give them back. Only the routes registered here are affected.
 */
export async function withRawJsonBody(
  app: FastifyInstance,
  routes: (raw: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) =>
      done(null, body),
    );
    await routes(raw);
  });
}
