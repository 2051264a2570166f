/**
 * npm run bench:search — browse and search at 1,000,000 listings (issue 18): the API's p50/p95 per
 * query shape at 10 connections, against the same SQL through a pg pool at 10 connections in the
 * same run.
 *
 * The scratch database (BENCH_SEARCH_DB, `tw_bench_search`) is kept between runs: building it takes
 * minutes, measuring it one. It is migrated with the app's own migrate() on every run (so a new
 * migration is applied to the million rows as it would be in production) and seeded with the demo
 * data; BENCH_LISTINGS (1,000,000) listings are then generated in SQL once, and a marker row
 * (bench_search_marker) says they are there. BENCH_REBUILD=1 drops it and builds it again.
 *
 * The listings come from server/test/generate-listings.ts (the demo titles and descriptions drawn
 * with a skew, a rare word a handful of times, 45% auctions mostly over, skewed territories), with
 * 5,000 bench sellers and no pictures (the cards' image query runs and finds none).
 *
 * Shapes: a common word, a rare word, a word nothing matches (newest first), Best Match of a common
 * and a rare word and a misspelling (issue 30), a category sorted by price, ending soon, a
 * territory, offers, "ships to" and "delivery by" alone, with a near date, a category or words (issue
 * 29), and the home API (BENCH_SHAPES picks some by name). For each, the API (an app process started by the bench on
 * the scratch database, with its background jobs, as `npm start` runs it) is driven by 10 clients in
 * a closed loop for BENCH_SECONDS (8) after a warm-up; then the statements the service runs for that
 * shape (captured once through drizzle's logger, from a second request so that what an instance
 * remembers counts as it does for the API) are replayed the same way through a pg pool of 10.
 * BENCH_EXPLAIN=1 prints every statement's plan instead of measuring; BENCH_CPU_PROF=dir writes a V8
 * CPU profile of the app process.
 * The SQL side of a browse shape runs on connections started as the app's browse connections are
 * (BROWSE_PLANNER_SETTINGS: joins planned in the order written); BENCH_SQL_POOL=plain replays every
 * shape on plain connections, as this bench did before the app's connections had settings.
 * Ratio: SQL p95 / API p95 (1 means the API adds nothing to its SQL). Any shape whose API p95 is
 * 50 ms or more gets the EXPLAIN (ANALYZE, BUFFERS) of its slowest statement printed.
 *
 * BENCH_DATABASE_URL as bench:bids.
 */

import fs from "node:fs";
import { Agent } from "node:http";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../server/db/client";
import { browseConnection, openDatabase } from "../server/db/client";
import { seedDatabase } from "../server/seed/seed";
import { generateListings } from "../server/test/generate-listings";
import * as harness from "./harness";
import { DB_NAME, dbUrl, getStatus, HEAP_ORDER, SHAPES, type Shape } from "./search-shapes";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 1_000_000);
/** BENCH_SHAPES: only the shapes of these names (comma-separated), e.g. "best match,typo". */
const ONLY = process.env.BENCH_SHAPES?.split(",").map((name) => name.trim());
const shapes = ONLY ? SHAPES.filter((shape) => ONLY.includes(shape.name)) : SHAPES;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = 10;
const GOAL_MS = 50;
/** BENCH_SQL_POOL=plain: the SQL side on plain connections, this bench's model before. */
const PLAIN_SQL = process.env.BENCH_SQL_POOL === "plain";
/** Bumped when the generator changes, so a database built by an older one is rebuilt. */
// 2: a fifth of fixed-price listings take offers (issue 27), for the "accepts offers" shapes.
// The heap order is part of what was built (BENCH_HEAP_ORDER).
const GENERATOR_VERSION = HEAP_ORDER === "created" ? "2-created" : "2";

async function exists(admin: pg.Client): Promise<boolean> {
  const { rows } = await admin.query("select 1 from pg_database where datname = $1", [DB_NAME]);
  return rows.length > 0;
}

async function built(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ ok: boolean }>(
    `select exists (select 1 from information_schema.tables where table_name = 'bench_search_marker') as ok`,
  );
  if (!rows[0]?.ok) return false;
  const marker = await pool.query(
    "select 1 from bench_search_marker where version = $1 and listings = $2",
    [GENERATOR_VERSION, LISTINGS],
  );
  return marker.rows.length > 0;
}

async function generate(pool: pg.Pool): Promise<void> {
  const started = Date.now();
  const say = (what: string) =>
    console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  ${what}`);
  const client = await pool.connect();
  try {
    await client.query("set maintenance_work_mem = '1GB'");
    await client.query("set work_mem = '256MB'");
    await client.query("set synchronous_commit = off");
    // Bulk load without the secondary indexes, then build them as the migrations define them.
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename in ('listings', 'auction_settings')
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );
    for (const index of indexes) await client.query(`drop index ${index.indexname}`);
    await generateListings(drizzle(client) as unknown as Db, {
      listings: LISTINGS,
      sellers: 5_000,
      log: say,
      heapOrder: HEAP_ORDER,
    });
    for (const index of indexes) {
      await client.query(index.indexdef);
      say(`index ${index.indexname}`);
    }
    await client.query("vacuum analyze listings");
    await client.query("vacuum analyze auction_settings");
    await client.query("vacuum analyze users");
    await client.query(
      "create table if not exists bench_search_marker (version text not null, listings int not null, built_at timestamptz not null default now())",
    );
    await client.query("insert into bench_search_marker (version, listings) values ($1, $2)", [
      GENERATOR_VERSION,
      LISTINGS,
    ]);
    say("vacuumed and analysed");
  } finally {
    client.release();
  }
}

/** The scratch database, built if needed and migrated. */
async function prepare(): Promise<void> {
  const admin = new pg.Client({ connectionString: harness.serverUrl });
  await admin.connect();
  try {
    if (process.env.BENCH_REBUILD === "1") {
      await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    }
    if (!(await exists(admin))) await admin.query(`create database ${DB_NAME}`);
    const database = await openDatabase({ url: dbUrl(DB_NAME) });
    const pool = new pg.Pool({ connectionString: dbUrl(DB_NAME), max: 2 });
    try {
      const migrated = Date.now();
      await database.migrate();
      console.log(`migrated in ${((Date.now() - migrated) / 1000).toFixed(1)} s`);
      if (await built(pool)) return;
      const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from listings");
      if ((rows[0]?.n ?? 0) > 0) {
        // A build that stopped half way: start again from an empty database.
        await pool.end();
        await database.close();
        await admin.query(`drop database ${DB_NAME} with (force)`);
        await admin.query(`create database ${DB_NAME}`);
        return prepare();
      }
      console.log(
        `building ${DB_NAME}: ${LISTINGS.toLocaleString("en-US")} listings (kept for later runs)`,
      );
      await seedDatabase(database.db, {});
      await generate(pool);
    } finally {
      await pool.end().catch(() => undefined);
      await database.close().catch(() => undefined);
    }
  } finally {
    await admin.end();
  }
}

interface Statement {
  text: string;
  params: unknown[];
}

/** The statements the service runs for one shape, in order, as drizzle sends them. */
async function capture(url: string, shape: Shape): Promise<Statement[]> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const statements: Statement[] = [];
  const db = drizzle(pool, {
    logger: { logQuery: (text, params) => statements.push({ text, params }) },
  }) as unknown as Db;
  try {
    await shape.service(db, () => statements.splice(0));
  } finally {
    await pool.end();
  }
  return statements;
}

/** CLIENTS closed loops of `op` for SECONDS (each finishes its last one); latencies in ms. */
async function closedLoop(op: () => Promise<void>): Promise<number[]> {
  await op();
  await op();
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      do {
        const t = performance.now();
        await op();
        latencies.push(performance.now() - t);
      } while (performance.now() < until);
    }),
  );
  return latencies.sort((a, b) => a - b);
}

async function explain(pool: pg.Pool, statements: Statement[]): Promise<string> {
  let worst = { ms: -1, plan: "" };
  for (const s of statements) {
    const { rows } = await pool.query<{ "QUERY PLAN": string }>(
      `explain (analyze, buffers) ${s.text}`,
      s.params,
    );
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    const ms = Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? 0);
    if (ms > worst.ms) worst = { ms, plan: `${s.text.replace(/\s+/g, " ")}\n${plan}` };
  }
  return worst.plan;
}

async function main() {
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `bench:search — PostgreSQL via ${harness.serverVia()}, ${LISTINGS.toLocaleString("en-US")} listings (rows on disk in ${HEAP_ORDER === "created" ? "creation" : "drawn"} order), ${CLIENTS} connections, ${SECONDS} s a side, SQL side on ${PLAIN_SQL ? "plain connections" : "connections set as the app's"}; load average at start ${load.join(" ")}`,
  );
  await prepare();
  const url = dbUrl(DB_NAME);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw_bench_search_"));
  const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
  pool.on("error", () => undefined);
  const browsePool = PLAIN_SQL ? pool : new pg.Pool({ ...browseConnection(url), max: CLIENTS });
  browsePool.on("error", () => undefined);
  const poolFor = (shape: Shape) => (shape.browse ? browsePool : pool);
  const app = await harness.startApp({
    name: "A",
    databaseUrl: url,
    dataDir,
    softCloseMinutes: 2,
    poolSize: CLIENTS + 2,
    cpuProfileDir: process.env.BENCH_CPU_PROF,
  });
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  await harness.withCleanUp(
    async () => {
      agent.destroy();
      await app.stop();
      await pool.end().catch(() => undefined);
      if (browsePool !== pool) await browsePool.end().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async () => {
      const results: {
        shape: Shape;
        api: number[];
        sql: number[];
        statements: Statement[];
      }[] = [];
      if (process.env.BENCH_EXPLAIN === "1") {
        for (const shape of shapes) {
          const statements = await capture(url, shape);
          console.log(`\n--- ${shape.name} (${shape.path}): ${statements.length} statements ---`);
          for (const s of statements) console.log(await explain(poolFor(shape), [s]));
        }
        return;
      }
      for (const shape of shapes) {
        const statements = await capture(url, shape);
        const api = await closedLoop(async () => {
          const status = await getStatus(agent, app.port, shape.path);
          if (status !== 200) throw new Error(`${shape.path} answered ${status}`);
        });
        const sqlTimes = await closedLoop(async () => {
          const client = await poolFor(shape).connect();
          try {
            for (const s of statements) await client.query(s.text, s.params);
          } finally {
            client.release();
          }
        });
        results.push({ shape, api, sql: sqlTimes, statements });
        console.log(
          `  ${shape.name}: API ${harness.latencySummary(api)}; SQL ${harness.latencySummary(sqlTimes)}`,
        );
      }
      const ms = (v: number) => `${v.toFixed(1)}`.padStart(9);
      console.log(
        `\n${"shape".padEnd(18)}${"API p50".padStart(9)}${"API p95".padStart(9)}${"API p99".padStart(9)}${"SQL p50".padStart(9)}${"SQL p95".padStart(9)}${"SQL p99".padStart(9)}${"SQL/API".padStart(9)}${"n API".padStart(7)}${"n SQL".padStart(7)}  goal (API p95 < ${GOAL_MS} ms)`,
      );
      for (const r of results) {
        const apiP95 = harness.percentile(r.api, 0.95);
        const sqlP95 = harness.percentile(r.sql, 0.95);
        console.log(
          `${r.shape.name.padEnd(18)}${ms(harness.percentile(r.api, 0.5))}${ms(apiP95)}${ms(harness.percentile(r.api, 0.99))}${ms(harness.percentile(r.sql, 0.5))}${ms(sqlP95)}${ms(harness.percentile(r.sql, 0.99))}${(sqlP95 / apiP95).toFixed(2).padStart(9)}${String(r.api.length).padStart(7)}${String(r.sql.length).padStart(7)}  ${apiP95 < GOAL_MS ? "met" : "MISSED"}`,
        );
      }
      for (const r of results) {
        if (harness.percentile(r.api, 0.95) < GOAL_MS) continue;
        console.log(`\n--- ${r.shape.name} (${r.shape.path}): its slowest statement ---`);
        console.log(await explain(poolFor(r.shape), r.statements));
      }
      console.log(
        `\nload average at the end ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
      );
    },
  );
}

harness.run(main);
