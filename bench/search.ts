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
 * Any shape whose API p99 is 50 ms or more gets the EXPLAIN (ANALYZE, BUFFERS) of its slowest
 * statement printed.
 *
 * Issue 32: beside the pool, a second SQL baseline with no JavaScript in it: pgbench replays the
 * captured statements (search-pgbench.ts) at the same client count for the same time, on
 * connections started as the app's; the table gives each shape's throughput (API, pool, pgbench)
 * and the ratios API/pool and API/pgbench (goal: 0.7), with p99 (goal: under 50 ms).
 * A statement the app sends by name (preparedRows, decision 0030) is replayed by name on both
 * sides: the pool's connections parse it once, and pgbench runs such a shape with `-M prepared`.
 * BENCH_PGBENCH=0 leaves pgbench out; BENCH_PGBENCH_SCRIPTS=dir only writes each shape's script.
 * BENCH_MODE=cold measures first requests instead: for each shape, BENCH_ROUNDS (3) times, a fresh
 * app process (started as `npm start` starts it, warm-up included; BENCH_WARM_UP=0 leaves that
 * out), its first request of the shape and then a second; home also per territory, each the first
 * of its territory in that instance. Median and max of the firsts (goal: every first under 100 ms).
 *
 * BENCH_DATABASE_URL as bench:bids.
 */

import { createHash } from "node:crypto";
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
import {
  browseOptions,
  type PgbenchResult,
  script as pgbenchScript,
  runPgbench,
  type Statement,
} from "./search-pgbench";
import { DB_NAME, dbUrl, getStatus, HEAP_ORDER, SHAPES, type Shape } from "./search-shapes";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 1_000_000);
/** BENCH_SHAPES: only the shapes of these names (comma-separated), e.g. "best match,typo". */
const ONLY = process.env.BENCH_SHAPES?.split(",").map((name) => name.trim());
const shapes = ONLY ? SHAPES.filter((shape) => ONLY.includes(shape.name)) : SHAPES;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = 10;
/** Warm: every shape's API p99 under this (issue 32). */
const GOAL_MS = 50;
/** Cold: every first request under this (issue 32). */
const COLD_GOAL_MS = 100;
/** Warm: the API's throughput at least this share of pgbench's on the same statements (issue 32). */
const RATIO_GOAL = 0.7;
/** BENCH_MODE=cold: first requests of fresh instances (coldMode); else warm, closed loops. */
const MODE = process.env.BENCH_MODE === "cold" ? "cold" : "warm";
/** BENCH_ROUNDS: how many fresh instances per shape in cold mode, for a median and a max. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** BENCH_PGBENCH=0 leaves the pgbench baseline out (warm mode). */
const PGBENCH_ON = process.env.BENCH_PGBENCH !== "0";
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

const hashOf = (text: string) => createHash("sha1").update(text).digest("hex").slice(0, 16);

/** The statements the service runs for one shape, in order, as drizzle sends them. */
async function capture(url: string, shape: Shape): Promise<Statement[]> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const statements: Statement[] = [];
  // The texts the service sends by name (preparedRows, decision 0030), seen on the driver's own
  // calls: the replay sends those by name too.
  const named = new Set<string>();
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const config = args[0] as { name?: string; text?: string } | string;
      if (typeof config === "object" && config.name && config.text) named.add(config.text);
      return query(...args);
    };
  });
  const db = drizzle(pool, {
    logger: { logQuery: (text, params) => statements.push({ text, params, prepared: false }) },
  }) as unknown as Db;
  try {
    await shape.service(db, () => statements.splice(0));
  } finally {
    await pool.end();
  }
  for (const s of statements) s.prepared = named.has(s.text);
  return statements;
}

interface Timed {
  /** Each operation's latency (ms), ascending. */
  latencies: number[];
  /** Operations a second over the loop's whole time. */
  rate: number;
}

/** CLIENTS closed loops of `op` for SECONDS (each finishes its last one). */
async function closedLoop(op: () => Promise<void>): Promise<Timed> {
  await op();
  await op();
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      do {
        const t = performance.now();
        await op();
        latencies.push(performance.now() - t);
      } while (performance.now() < until);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { latencies: latencies.sort((a, b) => a - b), rate: latencies.length / elapsed };
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

/** Territory slugs of the scratch database, for the cold home per territory. */
async function territorySlugs(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ slug: string }>("select slug from territories order by slug");
  return rows.map((r) => r.slug);
}

/** The median of a list of numbers (the mean of the middle two of an even list). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid)
    ? ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
    : (sorted[Math.floor(mid)] ?? 0);
};

/**
 * BENCH_MODE=cold: for each shape, BENCH_ROUNDS times, a fresh app process (its pools empty, its
 * caches empty, its statements never planned), its first request of the shape timed and then a
 * second; home asks /api/home, then /api/home?territory= each territory once, each the first of
 * its territory in that instance. PostgreSQL itself stays warm (its buffers and the OS cache):
 * what is measured is what an instance pays after a start.
 */
async function coldMode(url: string, pool: pg.Pool): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const territories = await territorySlugs(pool);
  const rows: { name: string; first: number[]; second: number[] }[] = [];
  const row = (name: string) => {
    let r = rows.find((x) => x.name === name);
    if (!r) {
      r = { name, first: [], second: [] };
      rows.push(r);
    }
    return r;
  };
  const timed = async (port: number, urlPath: string) => {
    const t = performance.now();
    const status = await getStatus(agent, port, urlPath);
    if (status !== 200) throw new Error(`${urlPath} answered ${status}`);
    return performance.now() - t;
  };
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const shape of shapes) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw_bench_search_cold_"));
        const app = await harness.startApp({
          name: "cold",
          databaseUrl: url,
          dataDir,
          softCloseMinutes: 2,
          poolSize: CLIENTS + 2,
        });
        try {
          const first = await timed(app.port, shape.path);
          const second = await timed(app.port, shape.path);
          row(shape.name).first.push(first);
          row(shape.name).second.push(second);
          if (shape.name === "home") {
            const perTerritory = row("home per territory");
            for (const slug of territories) {
              const path = `/api/home?territory=${slug}`;
              perTerritory.first.push(await timed(app.port, path));
              perTerritory.second.push(await timed(app.port, path));
            }
          }
        } finally {
          await app.stop();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      }
      console.log(`  round ${round} of ${ROUNDS} done`);
    }
  } finally {
    agent.destroy();
  }
  const ms = (v: number) => `${v.toFixed(1)}`.padStart(10);
  console.log(
    `\n${"shape (cold)".padEnd(20)}${"1st med".padStart(10)}${"1st max".padStart(10)}${"2nd med".padStart(10)}${"2nd max".padStart(10)}${"n".padStart(5)}  goal (every first < ${COLD_GOAL_MS} ms)`,
  );
  for (const r of rows) {
    const max = Math.max(...r.first);
    console.log(
      `${r.name.padEnd(20)}${ms(median(r.first))}${ms(max)}${ms(median(r.second))}${ms(Math.max(...r.second))}${String(r.first.length).padStart(5)}  ${max < COLD_GOAL_MS ? "met" : "MISSED"}`,
    );
  }
}

async function main() {
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `bench:search ${MODE} — PostgreSQL via ${harness.serverVia()}, ${LISTINGS.toLocaleString("en-US")} listings (rows on disk in ${HEAP_ORDER === "created" ? "creation" : "drawn"} order), ${CLIENTS} connections, ${MODE === "cold" ? `${ROUNDS} rounds of a fresh instance per shape` : `${SECONDS} s a side, pool baseline on ${PLAIN_SQL ? "plain connections" : "connections set as the app's"}${PGBENCH_ON ? ", pgbench baseline" : ""}`}; load average at start ${load.join(" ")}`,
  );
  await prepare();
  const url = dbUrl(DB_NAME);
  if (MODE === "cold") {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await coldMode(url, pool);
    } finally {
      await pool.end();
    }
    console.log(
      `\nload average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    return;
  }
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
        api: Timed;
        sql: Timed;
        pgbench: PgbenchResult | null;
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
      if (process.env.BENCH_PGBENCH_SCRIPTS) {
        // Only writes each shape's pgbench script (and its PGOPTIONS) to look at or run by hand.
        fs.mkdirSync(process.env.BENCH_PGBENCH_SCRIPTS, { recursive: true });
        for (const shape of shapes) {
          const file = path.join(
            process.env.BENCH_PGBENCH_SCRIPTS,
            `${shape.name.replace(/\W+/g, "-")}.sql`,
          );
          const head = shape.browse ? `-- PGOPTIONS='${browseOptions()}'\n` : "";
          fs.writeFileSync(file, head + pgbenchScript(await capture(url, shape)));
          console.log(`  wrote ${file}`);
        }
        return;
      }
      const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw_bench_pgbench_"));
      try {
        for (const shape of shapes) {
          const statements = await capture(url, shape);
          const api = await closedLoop(async () => {
            const status = await getStatus(agent, app.port, shape.path);
            if (status !== 200) throw new Error(`${shape.path} answered ${status}`);
          });
          const sqlTimes = await closedLoop(async () => {
            const client = await poolFor(shape).connect();
            try {
              // Sent as the app sends it: by name when the app names it (preparedRows).
              for (const s of statements)
                await client.query(
                  s.prepared
                    ? { name: `bench_${hashOf(s.text)}`, text: s.text, values: s.params }
                    : { text: s.text, values: s.params },
                );
            } finally {
              client.release();
            }
          });
          const bench = PGBENCH_ON
            ? await runPgbench(url, statements, {
                clients: CLIENTS,
                seconds: SECONDS,
                browse: shape.browse && !PLAIN_SQL,
                workDir,
                name: shape.name,
              })
            : null;
          results.push({ shape, api, sql: sqlTimes, pgbench: bench, statements });
          console.log(
            `  ${shape.name}: API ${harness.latencySummary(api.latencies)} ${api.rate.toFixed(0)}/s; pool ${harness.latencySummary(sqlTimes.latencies)} ${sqlTimes.rate.toFixed(0)}/s${bench ? `; pgbench ${harness.latencySummary(bench.latencies)} ${bench.tps.toFixed(0)}/s` : ""}`,
          );
        }
      } finally {
        fs.rmSync(workDir, { recursive: true, force: true });
      }
      const ms = (v: number) => `${v.toFixed(1)}`.padStart(9);
      const rate = (v: number) => `${v.toFixed(0)}`.padStart(8);
      const ratio = (v: number) => `${v.toFixed(2)}`.padStart(8);
      console.log(
        `\n${"shape".padEnd(20)}${"API p50".padStart(9)}${"API p99".padStart(9)}${"pool p99".padStart(9)}${"pgb p99".padStart(9)}${"API/s".padStart(8)}${"pool/s".padStart(8)}${"pgb/s".padStart(8)}${"API/pool".padStart(9)}${"API/pgb".padStart(8)}  goals (API p99 < ${GOAL_MS} ms; API/pgbench >= ${RATIO_GOAL})`,
      );
      for (const r of results) {
        const apiP99 = harness.percentile(r.api.latencies, 0.99);
        const vsPgbench = r.pgbench ? r.api.rate / r.pgbench.tps : Number.NaN;
        console.log(
          `${r.shape.name.padEnd(20)}${ms(harness.percentile(r.api.latencies, 0.5))}${ms(apiP99)}${ms(harness.percentile(r.sql.latencies, 0.99))}${r.pgbench ? ms(harness.percentile(r.pgbench.latencies, 0.99)) : "        -"}${rate(r.api.rate)}${rate(r.sql.rate)}${r.pgbench ? rate(r.pgbench.tps) : "       -"}${ratio(r.api.rate / r.sql.rate).padStart(9)}${r.pgbench ? ratio(vsPgbench) : "       -"}  p99 ${apiP99 < GOAL_MS ? "met" : "MISSED"}${r.pgbench ? `, ratio ${vsPgbench >= RATIO_GOAL ? "met" : "MISSED"}` : ""}`,
        );
      }
      for (const r of results) {
        if (harness.percentile(r.api.latencies, 0.99) < GOAL_MS) continue;
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
