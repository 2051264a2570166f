import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { listingQuerySchema } from "../core/contracts/browse";
import type { Db } from "../server/db/client";
import { createOverLimitCache, searchListings } from "../server/modules/listings/listings.service";
const url = "postgres://postgres@localhost/tw_bench_search?host=/var/run/postgresql";
const pool = new pg.Pool({ connectionString: url, max: 1 });
const st: string[] = [];
const db = drizzle(pool, { logger: { logQuery: (text) => st.push(text.slice(0, 60)) } }) as unknown as Db;
const over = createOverLimitCache();
for (const q of [{ search: "vintage", sort: "newest" }, { search: "calabash" }, { search: "calabash" }, { search: "vintage" }, { category: "electronics", sort: "price_asc" }, { sort: "ending_soon" }, { shipsTo: "grenada", search: "vintage" }]) {
  const t = performance.now();
  const r = await searchListings(db, listingQuerySchema.parse(q), 10_000, over);
  console.log(JSON.stringify(q), r.total, r.totalIsLowerBound ?? false, r.items.length, `${(performance.now() - t).toFixed(1)} ms`, st.splice(0).map((x) => x.replace(/\s+/g, " ").slice(0, 30)).join(" | "));
}
await pool.end();
