import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../server/db/client";
import { getHomeSections } from "../server/modules/home/home.service";
const url = "postgres://postgres@localhost/tw_bench_search?host=/var/run/postgresql";
const pool = new pg.Pool({ connectionString: url, max: 4 });
const db = drizzle(pool) as unknown as Db;
try { const r = await getHomeSections(db, "jamaica"); console.log(r.dailyPicks.length); } catch (e) { console.error(e); }
await pool.end();
