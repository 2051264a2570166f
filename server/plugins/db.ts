import fp from "fastify-plugin";
import type { Database, Db } from "../db/client";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Hands the already-open database to every module; the process that opened it closes it. */
export const dbPlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate("database", database);
    app.decorate("db", database.db);
  },
  { name: "db" },
);
