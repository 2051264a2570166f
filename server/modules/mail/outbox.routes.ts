import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { outboxSchema } from "../../../core/contracts/accounts";
import { outboxEmails } from "../../db/schema/accounts";

/** The local outbox for developers; registered only outside production. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dev/outbox",
    {
      schema: {
        tags: ["dev"],
        summary: "Emails kept locally (not in production)",
        response: { 200: outboxSchema },
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
