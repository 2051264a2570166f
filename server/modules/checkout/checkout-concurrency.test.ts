import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

// Runs on PGlite and, with TEST_DATABASE_URL, on the PostgreSQL server where the requests truly
// overlap: 200 buyers race for 10 units, each checking out and paying as fast as it can.
const BUYERS = 200;
const STOCK = 10;

const t = setUpTestApp();
let agents: Agent[];

beforeAll(async () => {
  agents = [];
  for (let i = 0; i < BUYERS; i++) {
    const user = await createUser(t.database.db, "racer");
    agents.push(await signedInAgent(t.app, t.database.db, user.id));
  }
}, 120_000);

describe("200 buyers, 10 units", () => {
  it("sells exactly 10 units, never below zero, one paid order per unit", async () => {
    const seller = await createUser(t.database.db, "popular");
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      priceCents: 2500,
      quantity: STOCK,
    });

    const outcomes = await Promise.all(
      agents.map(async (agent) => {
        const started = await agent.post("/api/checkout", {
          lines: [{ listingId: listing.id, quantity: 1 }],
        });
        if (started.statusCode !== 201) return { checkout: started.statusCode, paid: false };
        const session = (started.json().redirectUrl as string).split("/pay/sandbox/")[1];
        const paid = await agent.post(`/api/payments/sandbox/sessions/${session}/pay`, {
          cardNumber: "4242424242424242",
          expiry: "12/40",
          cvc: "123",
          name: "Racer",
        });
        return { checkout: 201, paid: paid.statusCode === 200 };
      }),
    );

    expect(outcomes.filter((o) => o.checkout === 201)).toHaveLength(STOCK);
    expect(outcomes.filter((o) => o.paid)).toHaveLength(STOCK);
    // Everyone else was told plainly, never with a 5xx.
    expect(outcomes.filter((o) => o.checkout !== 201).every((o) => o.checkout === 422)).toBe(true);

    const [after] = await rows<{ quantity: number; paid: number; units: number }>(
      t.database.db,
      sql`select l.quantity,
            (select count(*) from orders o join order_lines ol on ol.order_id = o.id
             where ol.listing_id = l.id and o.status = 'paid')::int as paid,
            (select coalesce(sum(ol.quantity), 0) from orders o join order_lines ol on ol.order_id = o.id
             where ol.listing_id = l.id and o.status = 'paid')::int as units
          from listings l where l.id = ${listing.id}`,
    );
    expect(after).toEqual({ quantity: 0, paid: STOCK, units: STOCK });
  }, 120_000);
});
