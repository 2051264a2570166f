import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays } from "../../core/business-days";
import type { Database } from "../db/client";
import { rows } from "../db/rows";
import { flagLateShipments } from "../modules/shipping/late-shipments";
import { openTestDatabase } from "../test/build-test-app";
import { seedDatabase } from "./seed";

// A Wednesday: sales of the last three business days stay unshipped.
const NOW = new Date("2026-11-25T12:00:00.000Z");

describe("demo shipping", () => {
  let database: Database;
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    await seedDatabase(database.db, { now: NOW });
  });
  afterAll(async () => {
    await dispose?.();
  });

  it("ships every demo sale past its handling time, so nothing is flagged late", async () => {
    expect(await flagLateShipments(database.db, NOW)).toBe(0);
    const unshipped = await rows<{ paidAt: Date | string }>(
      database.db,
      sql`select o.paid_at as "paidAt" from orders o
          where o.status = 'paid' and not exists (select 1 from shipments s where s.order_id = o.id)`,
    );
    expect(unshipped.length).toBeGreaterThan(0);
    for (const o of unshipped) expect(addBusinessDays(new Date(o.paidAt), 3) > NOW).toBe(true);
  });

  it("gives the demo buyer a package on its way with a tracking link, and one received", async () => {
    const keisha = await rows<{ carrier: string | null; number: string | null; received: boolean }>(
      database.db,
      sql`select s.carrier, s.tracking_number as number, s.received_at is not null as received
          from shipments s join orders o on o.id = s.order_id join users u on u.id = o.buyer_id
          where u.username = 'keisha' and s.carrier in ('ups', 'fedex', 'dhl_express', 'usps')`,
    );
    expect(keisha.some((s) => !s.received && s.number)).toBe(true);
    expect(keisha.some((s) => s.received)).toBe(true);
  });
});
