/**
 * npm run bench:bids — bids per second over HTTP against the raw SQL ceiling, on a PostgreSQL server.
 *
 * Phase 1 starts the real app on a fresh database and fires bids over HTTP from 32 concurrent
 * clients for 20 s at one auction. Phase 2 sends the app's bid statement (`place_bid()`: lock the
 * auction row, decide, write) straight through a pg pool at the same concurrency on a second auction. It prints accepted bids per second, p50/p99 latency, their
 * ratio, and checks the invariants on the data of both phases.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names a server where a
 * scratch database may be created and dropped. BENCH_SECONDS and BENCH_CONCURRENCY override 20 and 32.
 */
import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import { Worker } from "node:worker_threads";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { type IncrementBand, incrementFor } from "../core/bidding";
import { openDatabase } from "../server/db/client";
import { seedDatabase } from "../server/db/seed";
import { type PlaceBidRow, placeBidQuery } from "../server/modules/bidding/bidding.service";
import { loadIncrementBands } from "../server/modules/listings/listings.service";
import { hashToken, newToken } from "../server/plugins/session";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
// Enough bidders that none reaches the per-bidder rate limit (60 bids a minute) in a run.
const BIDDERS = 1000;
// The app's default; both phases use it (the auctions end in a day, so it never extends them).
const SOFT_CLOSE_MINUTES = 2;
const dialect = new PgDialect();

interface PhaseResult {
  accepted: number;
  refused: number;
  errors: number;
  latencies: number[];
  elapsedMs: number;
}

/**
 * POSTs JSON over a keep-alive connection. node:http rather than fetch: the load generator shares
 * the machine's two cores with the app and the database, and fetch costs it several times more CPU
 * per request, CPU the app under test would otherwise get.
 */
function post(
  agent: Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
  payload: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function runClients(attempt: () => Promise<"accepted" | "refused">): Promise<PhaseResult> {
  const result: PhaseResult = { accepted: 0, refused: 0, errors: 0, latencies: [], elapsedMs: 0 };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const outcome = await attempt();
          result[outcome]++;
        } catch {
          result.errors++;
        }
        result.latencies.push(performance.now() - t0);
      }
    }),
  );
  result.elapsedMs = performance.now() - started;
  result.latencies.sort((a, b) => a - b);
  return result;
}

async function checkInvariants(
  pool: pg.Pool,
  listingId: string,
  bands: IncrementBand[],
): Promise<string[]> {
  const problems: string[] = [];
  const { rows: history } = await pool.query<{
    amount_cents: number;
    bidder_id: string;
    max_amount_cents: number | null;
  }>(
    "select amount_cents, bidder_id, max_amount_cents from bids where listing_id = $1 order by placed_at, amount_cents",
    [listingId],
  );
  for (let i = 1; i < history.length; i++) {
    if ((history[i]?.amount_cents ?? 0) <= (history[i - 1]?.amount_cents ?? 0)) {
      problems.push(
        `bid ${i} at ${history[i]?.amount_cents} does not climb above ${history[i - 1]?.amount_cents}`,
      );
    }
  }
  const { rows } = await pool.query<{
    current_bid_cents: number;
    leader_max_cents: number;
    bid_count: number;
  }>(
    "select current_bid_cents, leader_max_cents, bid_count from auction_settings where listing_id = $1",
    [listingId],
  );
  const state = rows[0];
  if (!state) return ["auction missing"];
  if (state.bid_count !== history.length)
    problems.push(`bid_count ${state.bid_count} but ${history.length} bids`);
  const maxes = new Map<string, number>();
  for (const h of history)
    maxes.set(
      h.bidder_id,
      Math.max(maxes.get(h.bidder_id) ?? 0, h.max_amount_cents ?? h.amount_cents),
    );
  const ranked = [...maxes.values()].sort((a, b) => b - a);
  const second = ranked[1] ?? 0;
  if (
    ranked.length > 1 &&
    state.current_bid_cents > Math.min(ranked[0] ?? 0, second + incrementFor(second, bands))
  ) {
    problems.push(
      `price ${state.current_bid_cents} above second maximum ${second} plus one increment`,
    );
  }
  return problems;
}

async function main() {
  const name = `tw_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: concurrency });
  pool.on("error", () => undefined);
  try {
    await database.migrate();
    await seedDatabase(database.db, {});
    // The app gets its own thread, as it would its own process: the clients must not slow it down.
    const worker = new Worker(new URL("./app-worker-entry.mjs", import.meta.url), {
      workerData: {
        databaseUrl: url.toString(),
        dataDir: `/tmp/${name}`,
        softCloseMinutes: SOFT_CLOSE_MINUTES,
      },
    });
    const port = await new Promise<number>((resolve, reject) => {
      worker.once("message", (m: { port: number }) => resolve(m.port));
      worker.once("error", reject);
    });
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
    const bands = await loadIncrementBands(database.db);

    const {
      rows: [seller],
    } = await pool.query<{ id: string }>("select id from users where username = 'marcus'");
    const {
      rows: [cat],
    } = await pool.query<{ id: string }>(
      "select id from categories where parent_id is null limit 1",
    );
    const {
      rows: [terr],
    } = await pool.query<{ id: string }>("select id from territories limit 1");
    const makeAuction = async (title: string) => {
      const {
        rows: [l],
      } = await pool.query<{ id: string }>(
        `insert into listings (seller_id, title, description, kind, category_id, territory_id, price_cents, quantity, condition)
         values ($1, $2, 'Benchmark lot', 'auction', $3, $4, 100, 1, 'new') returning id`,
        [seller?.id, title, cat?.id, terr?.id],
      );
      await pool.query(
        "insert into auction_settings (listing_id, start_price_cents, end_time) values ($1, 100, now() + interval '1 day')",
        [l?.id],
      );
      return l?.id as string;
    };
    const { rows: users } = await pool.query<{ id: string }>(
      `insert into users (email, username, full_name, email_confirmed_at)
       select 'bench' || i || '@bench.example', 'bench' || i, 'Bench ' || i, now() from generate_series(1, ${BIDDERS}) i
       returning id`,
    );
    const bidders = users
      .map((u) => ({ id: u.id, token: newToken() }))
      .map((b) => ({
        id: b.id,
        token: b.token,
        cookie: `tw_session=${b.token}; tw_csrf=benchcsrfbenchcsrfbenchcsrf`,
      }));
    await pool.query(
      "insert into sessions (token_hash, user_id, expires_at) select unnest($1::text[]), unnest($2::uuid[]), now() + interval '1 day'",
      [bidders.map((b) => hashToken(b.token)), bidders.map((b) => b.id)],
    );
    const pick = () =>
      bidders[Math.floor(Math.random() * bidders.length)] as (typeof bidders)[number];

    // Phase 1: over HTTP, through the real app.
    const httpListing = await makeAuction("HTTP benchmark lot");
    let known = 100;
    const http = await runClients(async () => {
      const b = pick();
      const amount = known + Math.floor(Math.random() * 3) * incrementFor(known, bands);
      const res = await post(
        agent,
        port,
        `/api/listings/${httpListing}/bids`,
        { cookie: b.cookie, "x-csrf-token": "benchcsrfbenchcsrfbenchcsrf" },
        JSON.stringify({ amountCents: amount }),
      );
      const body = JSON.parse(res.body) as {
        auction?: { minNextBidCents: number };
        error?: { fields?: { amountCents?: string } };
      };
      if (res.status === 201) {
        known = Math.max(known, body.auction?.minNextBidCents ?? known);
        return "accepted";
      }
      if (res.status === 422) {
        const min = Number(body.error?.fields?.amountCents?.replace(/[^0-9.]/g, "") ?? 0) * 100;
        known = Math.max(known, Math.round(min));
        return "refused";
      }
      throw new Error(`status ${res.status}`);
    });

    // Phase 2: the same statement straight through a pg pool.
    const rawListing = await makeAuction("Raw SQL benchmark lot");
    let rawKnown = 100;
    const raw = await runClients(async () => {
      const b = pick();
      const amount = rawKnown + Math.floor(Math.random() * 3) * incrementFor(rawKnown, bands);
      // Exactly the app's statement, compiled to SQL text and sent through the bare pool.
      const query = dialect.sqlToQuery(
        placeBidQuery(rawListing, b.id, { amountCents: amount }, SOFT_CLOSE_MINUTES),
      );
      const {
        rows: [r],
      } = await pool.query<PlaceBidRow>(query.sql, query.params);
      if (r?.outcome === "accepted") {
        rawKnown = Math.max(rawKnown, r.min_next_cents);
        return "accepted";
      }
      if (r?.outcome === "too_low" || r?.outcome === "already_leading") {
        rawKnown = Math.max(rawKnown, r.minimum_cents ?? 0);
        return "refused";
      }
      throw new Error(`outcome ${r?.outcome}`);
    });

    const problems = [
      ...(await checkInvariants(pool, httpListing, bands)).map((p) => `http: ${p}`),
      ...(await checkInvariants(pool, rawListing, bands)).map((p) => `raw: ${p}`),
    ];
    const rate = (r: PhaseResult) => r.accepted / (r.elapsedMs / 1000);
    const line = (label: string, r: PhaseResult) =>
      `${label.padEnd(8)} accepted ${String(r.accepted).padStart(6)}  refused ${String(r.refused).padStart(6)}  errors ${r.errors}  ` +
      `${rate(r).toFixed(1).padStart(8)} accepted bids/s  p50 ${percentile(r.latencies, 0.5).toFixed(1)} ms  p99 ${percentile(r.latencies, 0.99).toFixed(1)} ms`;
    console.log(
      `bench:bids  ${seconds}s per phase, ${concurrency} concurrent clients, ${BIDDERS} bidders, PostgreSQL`,
    );
    console.log(line("http", http));
    console.log(line("raw sql", raw));
    console.log(`ratio http/raw: ${(rate(http) / rate(raw)).toFixed(2)} (goal >= 0.70)`);
    console.log(
      `invariants: ${problems.length === 0 ? "OK" : `FAILED\n  ${problems.join("\n  ")}`}`,
    );
    worker.postMessage("stop");
    await new Promise((resolve) => worker.once("message", resolve));
    await worker.terminate();
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    await pool.end();
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
