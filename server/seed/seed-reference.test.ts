import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { rows } from "../db/rows";
import { createAdmin } from "../modules/admin/admin-create";
import { openTestDatabase, type TestDatabase } from "../test/build-test-app";
import { databaseUrlOf, startServer, stopServer } from "../test/server-process";
import { DEMO_USER_EMAILS, seedDatabase } from "./seed";
import { BID_INCREMENT_BANDS, CATEGORY_TREE, TERRITORIES } from "./seed-data";

// Production seeds the reference data only (issue 31): the demo's accounts share a published
// password, staff included, and must never appear on a real site unless the operator asks.

const CATEGORY_COUNT =
  CATEGORY_TREE.length + CATEGORY_TREE.reduce((n, c) => n + c.subcategories.length, 0);

async function counts(database: Database) {
  const [row] = await rows<Record<string, number>>(
    database.db,
    sql`select
      (select count(*)::int from categories) as categories,
      (select count(*)::int from territories) as territories,
      (select count(*)::int from bid_increments) as "bidIncrements",
      (select count(*)::int from users) as users,
      (select count(*)::int from listings) as listings,
      (select count(*)::int from orders) as orders,
      (select count(*)::int from exchange_rates) as "exchangeRates",
      (select count(*)::int from listing_rules) as "listingRules"`,
  );
  return row;
}

const REFERENCE_ONLY = {
  categories: CATEGORY_COUNT,
  territories: TERRITORIES.length,
  bidIncrements: BID_INCREMENT_BANDS.length,
  users: 0,
  listings: 0,
  orders: 0,
  exchangeRates: 0,
  listingRules: 0,
};

describe("seedDatabase without the demo (production)", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("writes the reference data and nothing else, once", async () => {
    const logged: string[] = [];
    const first = await seedDatabase(test.database.db, {
      demo: false,
      log: (m) => logged.push(m),
    });
    expect(first).toEqual({ seeded: false });
    expect(await counts(test.database)).toEqual(REFERENCE_ONLY);
    expect(logged.join("\n")).toMatch(/^Reference data: \d+ categories/);
    expect(await seedDatabase(test.database.db, { demo: false })).toEqual({ seeded: false });
    expect(await counts(test.database)).toEqual(REFERENCE_ONLY);
  });

  it("keeps the demo out of a database with real accounts, even when asked for it", async () => {
    await createAdmin(test.database.db, {
      email: "owner@example.com",
      password: async () => "Harbour-Lights9",
    });
    expect(await seedDatabase(test.database.db, { demo: true })).toEqual({ seeded: false });
    expect(await counts(test.database)).toMatchObject({ users: 1, listings: 0 });
  });
});

describe("the demo asked for later (DEMO_DATA=1) on a database with only the reference data", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("is written on top of the reference rows, which stay as they were", async () => {
    await seedDatabase(test.database.db, { demo: false });
    const before = await rows<{ id: string; slug: string }>(
      test.database.db,
      sql`select id, slug from categories order by slug`,
    );
    expect(await seedDatabase(test.database.db, { demo: true })).toEqual({ seeded: true });
    const after = await counts(test.database);
    expect(after).toMatchObject({ categories: CATEGORY_COUNT, territories: TERRITORIES.length });
    expect(after?.listings).toBeGreaterThan(100);
    expect(after?.exchangeRates).toBeGreaterThan(0);
    expect(
      await rows(test.database.db, sql`select id, slug from categories order by slug`),
    ).toEqual(before);
  }, 120_000);
});

/**
 * The real server process with NODE_ENV=production on an empty database: on the PostgreSQL test
 * server when TEST_DATABASE_URL is set (its own database), else the embedded one in a folder.
 */
describe("a production start on an empty database", () => {
  let test: TestDatabase | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-production-start-"));
  afterAll(async () => {
    await test?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("has the categories, territories and bid increments, and no demo account", async () => {
    const postgres = Boolean(process.env.TEST_DATABASE_URL);
    if (postgres) test = await openTestDatabase("postgres");
    const databaseUrl = test ? await databaseUrlOf(test.database.db) : null;
    const server = await startServer({
      databaseUrl,
      dataDir,
      http: true,
      env: {
        NODE_ENV: "production",
        SESSION_SECRET: randomBytes(32).toString("hex"),
        LOG_LEVEL: "info",
      },
    });
    try {
      const base = server.baseUrl as string;
      const tree = (await (await fetch(`${base}/api/categories`)).json()) as {
        items: unknown[];
      };
      expect(tree.items).toHaveLength(CATEGORY_TREE.length);
      const places = (await (await fetch(`${base}/api/territories`)).json()) as {
        items: unknown[];
      };
      expect(places.items).toHaveLength(TERRITORIES.length);
      // No floating rate until an admin enters one: only the pegged currencies are offered.
      const currencies = (await (await fetch(`${base}/api/currencies`)).json()) as {
        currencies: { pegged: boolean }[];
      };
      expect(currencies.currencies.every((c) => c.pegged)).toBe(true);
      expect(server.output()).toContain("Reference data:");
      expect(server.output()).not.toContain("demo data created");
    } finally {
      await stopServer(server);
    }
    const database = test
      ? test.database
      : await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      expect(await counts(database)).toEqual(REFERENCE_ONLY);
      const demo = await rows(
        database.db,
        sql`select 1 from users where email = any(${`{${DEMO_USER_EMAILS.join(",")}}`}::text[])`,
      );
      expect(demo).toEqual([]);
      // Nor the demo's pictures in the uploads folder.
      const uploads = path.join(dataDir, "uploads");
      const files = fs.existsSync(uploads)
        ? fs
            .readdirSync(uploads, { recursive: true, withFileTypes: true })
            .filter((f) => f.isFile())
        : [];
      expect(files).toEqual([]);
    } finally {
      if (!test) await database.close();
    }
  }, 180_000);
});
