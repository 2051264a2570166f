import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../server/db/client";
import { createHomeCache } from "../server/modules/home/home-cache";
const url = "postgres://postgres@localhost/tw_bench_search?host=/var/run/postgresql";
const pool = new pg.Pool({ connectionString: url, max: 1 });
const orig = pool.query;
(pool as any).query = function (...args: any[]) {
  const t = performance.now();
  const text = typeof args[0] === "string" ? args[0] : args[0]?.text;
  const r = (orig as any).apply(pool, args);
  if (r && typeof (r as any).then === "function")
    (r as any).then(() => console.log(`   ${(performance.now() - t).toFixed(1).padStart(7)} ms  ${String(text).replace(/\s+/g, " ").slice(0, 110)}`));
  return r;
};
const db = drizzle(pool) as unknown as Db;
const cache = createHomeCache(db, 60_000);
for (const t of [undefined, "jamaica", "barbados", "montserrat", undefined]) {
  const s = performance.now();
  await cache.get(t);
  console.log(`${t ?? "all"}: ${(performance.now() - s).toFixed(1)} ms`);
}
await pool.end();
