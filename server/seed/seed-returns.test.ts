import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { rows } from "../db/rows";
import { getOrderReturns, listCases } from "../modules/returns/returns.service";
import { openTestDatabase } from "../test/build-test-app";
import { seedDatabase } from "./seed";

describe("demo returns and cases", () => {
  let database: Database;
  let dispose: (() => Promise<void>) | undefined;
  const now = new Date();

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    await seedDatabase(database.db, { now });
  });
  afterAll(async () => {
    await dispose?.();
  });

  it("gives keisha an open return, a refunded one, a missing parcel and a case for staff", async () => {
    const found = await rows<{
      orderId: string;
      kind: string;
      status: string;
      refund: string | null;
    }>(
      database.db,
      sql`select a.order_id as "orderId", a.kind, a.status, r.status as refund
          from after_sale_requests a join users u on u.id = a.buyer_id
          left join refunds r on r.id = a.refund_id
          where u.username = 'keisha' order by a.created_at`,
    );
    expect(found.map(({ kind, status, refund }) => ({ kind, status, refund }))).toEqual(
      expect.arrayContaining([
        { kind: "return", status: "open", refund: null },
        { kind: "return", status: "refunded", refund: "succeeded" },
        { kind: "not_received", status: "open", refund: null },
        { kind: "not_received", status: "escalated", refund: null },
      ]),
    );
    // The services read them as the pages will; the case waits in the admin area.
    const cases = await listCases(database.db, "open", now);
    expect(cases.items.map((c) => c.status)).toEqual(["escalated"]);
    const [keisha] = await rows<{ id: string }>(
      database.db,
      sql`select id from users where username = 'keisha'`,
    );
    for (const r of found) {
      const view = await getOrderReturns(database.db, keisha?.id as string, r.orderId, now);
      expect(view.items).toHaveLength(1);
    }
  });
});
