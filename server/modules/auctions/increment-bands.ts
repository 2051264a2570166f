import { sql } from "drizzle-orm";
import type { IncrementBand } from "../../../core/bidding";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";

// The increment bands live in the table bid_increments (seeded from BID_INCREMENT_BANDS in
// server/seed/seed-data.ts). The database reads them with bid_increment_for() (auction-rules.sql);
// TypeScript reads them here, for the benchmark and the tests that replay the rule.

/** The bid increment bands, lowest first. */
export async function loadIncrementBands(db: Db): Promise<IncrementBand[]> {
  const result = await rows<{ s: number; e: number | null; i: number }>(
    db,
    sql`
    select price_range_start_cents as s, price_range_end_cents as e, minimum_increment_cents as i
    from bid_increments order by price_range_start_cents`,
  );
  return result.map((r) => ({ startCents: r.s, endCents: r.e, incrementCents: r.i }));
}
