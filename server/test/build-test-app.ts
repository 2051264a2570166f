import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyServerOptions } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type App, buildApp } from "../app";
import type { Clock } from "../clock";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { rows } from "../db/rows";
import type { PaymentProvider } from "../modules/payment-providers/payment-provider";
import type { PayoutProvider } from "../modules/payment-providers/payout-provider";
import { seedDatabase } from "../seed/seed";

let migrated: Promise<Blob> | undefined;

/**
 * A migrated PGlite database, dumped, for each test file to start from: PGlite's own start on an
 * empty database (an initdb in WebAssembly) and the migrations took most of every API test file's
 * set-up; loading a dump takes a fraction of it. Made once per run (server/test/global-setup.ts
 * names the file and removes it at the end) by the first file that needs it; a second worker that
 * finds none yet makes its own, and the last rename wins, which is the same database either way.
 */
function migratedPglite(): Promise<Blob> {
  migrated ??= (async () => {
    const file = inject("pgliteTemplate");
    if (file && fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({ memory: true });
    await database.migrate();
    const dump = await database.dumpDataDir?.();
    await database.close();
    if (!dump) throw new Error("PGlite could not dump its database");
    if (file) {
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    }
    return dump;
  })();
  return migrated;
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and, on the PostgreSQL server, drops the database. */
  dispose(): Promise<void>;
}

/**
 * How long a seeded template serves new test files. The demo seed is written relative to its `now`
 * (its soonest auction ends 10 minutes after it), so a file must start from a seed about as fresh
 * as the one it used to make itself: two minutes old at most. Seeding took 3-9 s of every API test
 * file's set-up; with this, a run seeds about once every two minutes.
 */
const SEEDED_TEMPLATE_MAX_AGE_MS = 2 * 60_000;

/**
 * A migrated PGlite database with the demo data: loaded from the run's seeded dump (a file beside
 * the migrated one) while it is fresh; otherwise seeded here and dumped for the next files, as the
 * migrated dump is made (each file runs in its own process, so only files outlive it).
 */
async function seededPgliteDatabase(): Promise<Database> {
  const migratedFile = inject("pgliteTemplate");
  const file = migratedFile ? `${migratedFile}.seeded` : undefined;
  const age = file && fs.existsSync(file) ? Date.now() - fs.statSync(file).mtimeMs : Infinity;
  if (file && age <= SEEDED_TEMPLATE_MAX_AGE_MS) {
    return openDatabase({ memory: true, from: new Blob([fs.readFileSync(file)]) });
  }
  const database = await openDatabase({ memory: true, from: await migratedPglite() });
  await seedDatabase(database.db, {});
  const dump = await database.dumpDataDir?.();
  if (file && dump) {
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return database;
}

// Any constant: it only has to differ from the app's advisory lock keys (client.ts, seed.ts).
const TEMPLATE_LOCK_KEY = 727_276;

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on the PostgreSQL server copied from this run's templates (named by the global
 * set-up, which drops them at the end): the migrated one, made by the first file that needs it,
 * and, for `seeded`, a seeded copy of it remade when older than SEEDED_TEMPLATE_MAX_AGE_MS. Copying
 * takes a fraction of a second where the migrations and the seed took seconds for every file. All
 * under an advisory lock: one worker makes a template while the other waits for it, and no
 * template is dropped while another copies it.
 */
async function copyPostgresTemplate(serverUrl: string, name: string, seeded: boolean) {
  const template = inject("postgresTemplate");
  await withAdmin(serverUrl, async (admin) => {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      const exists = async (db: string) =>
        ((await admin.query("select 1 from pg_database where datname = $1", [db])).rowCount ?? 0) >
        0;
      const build = async (
        db: string,
        from: string | null,
        fill: (d: Database) => Promise<void>,
      ) => {
        await admin.query(`drop database if exists ${db} with (force)`);
        await admin.query(`create database ${db}${from ? ` template ${from}` : ""}`);
        const database = await openDatabase({ url: databaseUrl(serverUrl, db) });
        try {
          await fill(database);
        } catch (error) {
          await database.close();
          await admin.query(`drop database if exists ${db} with (force)`);
          throw error;
        }
        await database.close();
      };
      if (!(await exists(template))) await build(template, null, (d) => d.migrate());
      let source = template;
      if (seeded) {
        // Seeded templates are named after when they were made: <template>_s_<ms>.
        const prefix = `${template}_s_`;
        const made = (
          await admin.query<{ datname: string }>(
            "select datname from pg_database where starts_with(datname, $1)",
            [prefix],
          )
        ).rows.map((r) => ({ db: r.datname, at: Number(r.datname.slice(prefix.length)) }));
        const fresh = made.find((m) => Date.now() - m.at <= SEEDED_TEMPLATE_MAX_AGE_MS);
        source = fresh?.db ?? `${prefix}${Date.now()}`;
        if (!fresh) await build(source, template, (d) => seedDatabase(d.db, {}).then(() => {}));
        for (const stale of made) {
          if (stale.db !== source)
            await admin.query(`drop database if exists ${stale.db} with (force)`);
        }
      }
      await admin.query(`create database ${name} template ${source}`);
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
    }
  });
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again by dispose). With `seeded`,
 * it holds the demo data (rows only, no image files), as seedDatabase writes it.
 */
export async function openTestDatabase(
  kind: "pglite" | "postgres" = process.env.TEST_DATABASE_URL ? "postgres" : "pglite",
  { seeded = false }: { seeded?: boolean } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (kind === "pglite" || !serverUrl) {
    const database = seeded
      ? await seededPgliteDatabase()
      : await openDatabase({ memory: true, from: await migratedPglite() });
    return { database, dispose: () => database.close() };
  }
  const name = `tw_test_${randomBytes(6).toString("hex")}`;
  await copyPostgresTemplate(serverUrl, name, seeded);
  const database = await openDatabase({ url: databaseUrl(serverUrl, name) });
  return {
    database,
    async dispose() {
      await database.close();
      await withAdmin(serverUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

export interface TestApp {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** The whole app on a fresh database seeded with the demo data (rows only, no image files). */
export async function buildTestApp(
  options: {
    seed?: boolean;
    payments?: PaymentProvider;
    /** A payout provider pointed at a local stand-in (Stripe Connect tests). */
    payouts?: PayoutProvider;
    /** Settings beside the test defaults, as environment variables (TRUST_PROXY, NODE_ENV...). */
    env?: Record<string, string>;
    /** The app's logger options; silent unless a test reads the log. */
    logger?: FastifyServerOptions["logger"];
    /** The money rules' clock, for tests that move time (server/clock.ts). */
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  const { database, dispose } = await openTestDatabase(undefined, {
    seeded: options.seed !== false,
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    payments: options.payments,
    payouts: options.payouts,
    clock: options.clock,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type TestAppOptions = NonNullable<Parameters<typeof buildTestApp>[0]>;

/**
 * The app for the tests of one file (or describe block): built in a beforeAll registered here,
 * closed in an afterAll. Call it before the file's own beforeAll, which then sees the app built
 * (Vitest runs hooks in order). Options may be a function, for set-up the app needs first (a fake
 * Stripe server); `when: false` builds nothing, for files whose tests all skip without PostgreSQL.
 */
export function setUpTestApp(
  options: TestAppOptions | (() => Promise<TestAppOptions> | TestAppOptions) = {},
  { when = true }: { when?: boolean } = {},
): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    if (!when) return;
    built = await buildTestApp(typeof options === "function" ? await options() : options);
  });
  afterAll(async () => {
    await built?.close();
    built = undefined;
  });
  // Tests hold the handle from the file's top, before beforeAll has built anything.
  const current = (): TestApp => {
    if (!built) throw new Error("the test app is built in beforeAll: read it in a hook or a test");
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    close: () => current().close(),
  };
}

/**
 * Another instance of the app on the test's PostgreSQL database, as a second server process
 * would be: its own pool, listeners and caches. Needs TEST_DATABASE_URL (PGlite lives in one process).
 */
export async function secondInstance(t: TestApp): Promise<TestApp> {
  const [current] = await rows<{ db: string }>(t.database.db, sql`select current_database() as db`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${current?.db}`;
  const database = await openDatabase({ url: url.toString() });
  const app = await buildApp({ config: t.app.config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
