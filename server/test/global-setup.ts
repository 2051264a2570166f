import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where this run keeps its migrated PGlite database (server/test/build-test-app.ts). */
    pgliteTemplate: string;
    /** The name of this run's migrated template database on the PostgreSQL server. */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global set-up: names the file this run's migrated PGlite database is dumped to (its
 * seeded copy goes beside it, with ".seeded"), and the
 * template database it makes on the PostgreSQL server when TEST_DATABASE_URL is set (each made by
 * the first test file that needs it, so a run of files without a database pays nothing), and
 * removes them when the run ends, with the workers' seeded templates named after it. A new run
 * makes new ones: the migrations may have changed.
 */
export default function setup(project: TestProject) {
  const run = `${process.pid}_${Date.now()}`;
  const file = path.join(os.tmpdir(), `tw-pglite-migrated-${run}.tar`);
  const template = `tw_tmpl_${run}`;
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", template);
  return async () => {
    fs.rmSync(file, { force: true });
    fs.rmSync(`${file}.seeded`, { force: true });
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const made = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${template}%`],
      );
      for (const { datname } of made.rows) {
        await admin.query(`drop database if exists ${datname} with (force)`);
      }
    } finally {
      await admin.end();
    }
  };
}
