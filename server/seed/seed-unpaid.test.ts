import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { rows } from "../db/rows";
import { openTestDatabase } from "../test/build-test-app";
import { seedDatabase } from "./seed";

describe("demo unpaid checkout", () => {
  let database: Database;
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    await seedDatabase(database.db, { now: new Date() });
  });
  afterAll(async () => {
    await dispose?.();
  });

  it("leaves tamika one checkout awaiting payment whose session lapsed, holding no stock", async () => {
    const found = await rows<{ source: string; sessions: string[]; quantity: number }>(
      database.db,
      sql`select o.source, array(select ps.status::text from payment_sessions ps
                                 where ps.order_id = o.id) as sessions,
            (select sum(quantity)::int from order_lines ol where ol.order_id = o.id) as quantity
          from orders o join users u on u.id = o.buyer_id
          where u.username = 'tamika' and o.status = 'pending'`,
    );
    expect(found).toEqual([{ source: "checkout", sessions: ["expired"], quantity: 2 }]);
  });
});
