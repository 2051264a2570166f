import { isIP } from "node:net";
import { desc } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { outboxSchema } from "../../../core/contracts/accounts";
import { apiErrorSchema } from "../../../core/errors";
import { outboxEmails } from "../../db/schema/accounts";
import { notFound } from "../../errors";

/** True for 127.0.0.0/8 and ::1, written as IPv4, IPv6 or IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, "");
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return plain === "::1" || plain === "0:0:0:0:0:0:0:1";
}

/**
 * The outbox holds every account email, reset links included: whoever reads it can take over any
 * account. Only someone on this machine may: the socket must be loopback, and so must the client
 * a trusted proxy names (a reverse proxy on this machine makes every visitor's socket loopback).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}

/** The local outbox for developers; registered only outside production, answered only locally. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", async (request) => {
    // 404 rather than 403: from elsewhere the outbox does not exist.
    if (!isLocalRequest(request)) throw notFound("No such endpoint.");
  });

  app.get(
    "/dev/outbox",
    {
      schema: {
        tags: ["dev"],
        summary: "Emails kept locally (not in production; only from this machine)",
        response: { 200: outboxSchema, 404: apiErrorSchema },
      },
    },
    async () => {
      const rows = await app.db
        .select()
        .from(outboxEmails)
        .orderBy(desc(outboxEmails.createdAt))
        .limit(100);
      return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },
  );
};
