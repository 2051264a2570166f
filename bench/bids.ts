/**
 * npm run bench:bids — bids per second over HTTP against the raw SQL ceiling, on a PostgreSQL server.
 *
 * It starts the real app on a fresh database, one instance per core, each in its own process with
 * its background workers, as `npm start` runs it. The HTTP phase fires bids at one auction from 32
 * concurrent clients through the app, shared round-robin between the instances; the raw phase sends the app's bid statement
 * (`place_bid()`: lock the auction row, decide, write) straight through a pg pool at the same
 * concurrency at a second auction. That raw baseline is weaker than the app: it sends every bid,
 * beaten or not, from 32 connections that queue on one row lock. The fair ceiling (issue 32) runs
 * the app's own bid path without HTTP: placeBid() of bidding.service.ts in this process, with the
 * app's admission (decision 0014: one bid per auction at a time per instance, as many gates as app
 * instances, and the floor that refuses beaten bids without the database; one floor shared by
 * them, as if the bus were instant), its statement (place_bid(), the delivery checked inside) sent
 * through the same bare pool, at the same concurrency at a third auction. Each phase lasts 20 s,
 * run in rotating slices after a short warm-up. It prints accepted bids per second, p50/p99
 * latency, the app against both baselines, the CPU per request and per accepted bid, and checks
 * the invariants on the data of every auction.
 *
 * BENCH_DATABASE_URL (default: the local server's Unix socket in /var/run/postgresql, else
 * postgres://postgres@127.0.0.1:5432/postgres) names a server where a scratch database may be
 * created and dropped. BENCH_SECONDS, BENCH_CONCURRENCY, BENCH_SLICES, BENCH_SPREAD and
 * BENCH_INSTANCES override 20, 32, 3, 10 and the number of cores.
 */

import { Agent } from "node:http";
import os from "node:os";
import type pg from "pg";
import { type IncrementBand, incrementFor } from "../core/bidding";
import { KeyedLimiter } from "../server/concurrency";
import { AppError } from "../server/errors";
import { BidFloors } from "../server/modules/auctions/bid-floors";
import {
  BIDS_AT_ONCE,
  PLACE_BID,
  type PlaceBidRow,
  placeBid,
  placeBidParams,
} from "../server/modules/auctions/bidding.service";
import { loadIncrementBands } from "../server/modules/auctions/increment-bands";
import * as harness from "./harness";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const slices = Number(process.env.BENCH_SLICES ?? 3);
const WARMUP_MS = 3000;
// Enough bidders that none reaches the per-bidder rate limit (60 bids a minute per instance) in a
// run: at about 1,200 requests a second per instance, 1000 bidders reached it hundreds of times.
const BIDDERS = 4000;
// The app's default; both phases use it (the auctions end in a day, so it never extends them).
const SOFT_CLOSE_MINUTES = 2;
/**
 * A bid is the latest minimum the client has heard of plus 0 to SPREAD - 1 increments, chosen at
 * random: people in a crowded auction bid round amounts, often several steps over the minimum. The
 * smaller the spread, the more bids arrive too low for a price that moved while they travelled,
 * and the more accepted bids per second measure the latency of the path rather than how fast the
 * database takes bids: with up to 2 increments (BENCH_SPREAD=3, this bench's first model) about
 * nine bids in ten are refused (docs/benchmarks.md).
 */
const SPREAD = Number(process.env.BENCH_SPREAD ?? 10);
// One app process per core, as Node is deployed (each is single-threaded; the app is built to run as
// several instances on one database), behind the load generator's round-robin as a balancer would.
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? os.availableParallelism());

interface PhaseResult {
  accepted: number;
  refused: number;
  /** How many errors of each kind ("status 429 rate_limited", "ECONNRESET", ...): an error must be explained. */
  errorKinds: Map<string, number>;
  latencies: number[];
  elapsedMs: number;
  /** CPU time (µs) the load generator, this process, spent in the phase. */
  clientCpuMicros: number;
}

const errorCount = (r: PhaseResult) => [...r.errorKinds.values()].reduce((a, b) => a + b, 0);

function emptyResult(): PhaseResult {
  return {
    accepted: 0,
    refused: 0,
    errorKinds: new Map(),
    latencies: [],
    elapsedMs: 0,
    clientCpuMicros: 0,
  };
}

/** Runs `concurrency` clients in a closed loop for `ms`, adding their outcomes to `result`. */
async function runClients(
  attempt: () => Promise<"accepted" | "refused">,
  ms: number,
  result: PhaseResult = emptyResult(),
): Promise<PhaseResult> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const outcome = await attempt();
          result[outcome]++;
        } catch (err) {
          const kind = (err as { code?: string }).code ?? (err as Error).message;
          result.errorKinds.set(kind, (result.errorKinds.get(kind) ?? 0) + 1);
        }
        result.latencies.push(performance.now() - t0);
      }
    }),
  );
  result.elapsedMs += performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  result.clientCpuMicros += cpu.user + cpu.system;
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
    const [before, bid] = [history[i - 1], history[i]];
    // A tie shows the earlier maximum's automatic bid at the challenger's amount, once
    // (decision record 0009); any other repeat or fall is a fault.
    const tie =
      bid?.amount_cents === before?.amount_cents &&
      bid?.bidder_id !== before?.bidder_id &&
      (history[i - 2]?.amount_cents ?? 0) < (bid?.amount_cents ?? 0);
    if (!tie && (bid?.amount_cents ?? 0) <= (before?.amount_cents ?? 0)) {
      problems.push(
        `bid ${i} at ${bid?.amount_cents} does not climb above ${before?.amount_cents}`,
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
  const scratch = await harness.createScratchDatabase("tw_bench_", concurrency);
  const { database, pool } = scratch;
  try {
    await scratch.prepare();
    const apps = await Promise.all(
      Array.from({ length: INSTANCES }, () =>
        harness.startApp({
          databaseUrl: scratch.url,
          dataDir: scratch.dataDir,
          softCloseMinutes: SOFT_CLOSE_MINUTES,
          // As many connections as the raw phase's pool: the same concurrency reaches the database.
          poolSize: Math.ceil(concurrency / INSTANCES),
          // BENCH_CPU_PROF=dir writes a V8 CPU profile of each app process there.
          cpuProfileDir: process.env.BENCH_CPU_PROF,
        }),
      ),
    );
    const cpuMicros = async () =>
      (await Promise.all(apps.map((a) => a.cpuMicros()))).reduce((x, y) => x + y, 0);
    const stop = async () => {
      await Promise.all(apps.map((a) => a.stop()));
    };
    const targets = apps.map((a) => ({
      port: a.port,
      agent: new Agent({ keepAlive: true, maxSockets: Math.ceil(concurrency / INSTANCES) }),
    }));
    let nextTarget = 0;
    const bands = await loadIncrementBands(database.db);

    const makeAuction = await harness.auctionMaker(pool, 100);
    const bidders = await harness.createBidders(pool, "bench", "Bench", BIDDERS);
    const pick = () =>
      bidders[Math.floor(Math.random() * bidders.length)] as (typeof bidders)[number];

    // Each side's clients bid at or above the latest minimum they have heard of (see SPREAD).
    const httpBidder = (listing: string) => {
      let known = 100;
      return async (): Promise<"accepted" | "refused"> => {
        const b = pick();
        const amount = known + Math.floor(Math.random() * SPREAD) * incrementFor(known, bands);
        const target = targets[nextTarget++ % targets.length] as (typeof targets)[number];
        const res = await harness.postBid(target.agent, target.port, listing, b, amount);
        if (res.status === 201) {
          known = Math.max(known, res.body.auction?.minNextBidCents ?? known);
          return "accepted";
        }
        if (res.status === 422) {
          known = Math.max(known, harness.namedMinimumCents(res));
          return "refused";
        }
        throw new Error(`status ${res.status} ${res.body.error?.code ?? ""}`.trim());
      };
    };
    const rawBidder = (listing: string) => {
      let known = 100;
      return async (): Promise<"accepted" | "refused"> => {
        const b = pick();
        const amount = known + Math.floor(Math.random() * SPREAD) * incrementFor(known, bands);
        // Exactly the app's named statement, sent through the bare pool.
        const {
          rows: [r],
        } = await pool.query<PlaceBidRow>({
          ...PLACE_BID,
          values: placeBidParams(listing, b.id, { amountCents: amount }, SOFT_CLOSE_MINUTES),
        });
        if (r?.outcome === "accepted") {
          known = Math.max(known, r.min_next_cents);
          return "accepted";
        }
        if (r?.outcome === "too_low" || r?.outcome === "already_leading") {
          known = Math.max(known, r.minimum_cents ?? 0);
          return "refused";
        }
        throw new Error(`outcome ${r?.outcome}`);
      };
    };

    // The fair ceiling: the app's bid path in this process, as many "instances" as the apps (each
    // with its own turns per auction), one floor for all of them (heard from every answer at once,
    // as if the bus took no time), the statements through the bare pool. Only HTTP is missing.
    const viaPool = {
      run: async <T extends Record<string, unknown>>(
        statement: { name: string; text: string },
        params: unknown[],
      ) => (await pool.query<T>({ ...statement, values: params })).rows,
    };
    const noBus = { subscribe: () => () => undefined };
    const floors = new BidFloors(viaPool, noBus);
    const gates = Array.from({ length: INSTANCES }, () => new KeyedLimiter(BIDS_AT_ONCE));
    let nextGate = 0;
    const ceilingBidder = (listing: string) => {
      let known = 100;
      return async (): Promise<"accepted" | "refused"> => {
        const b = pick();
        const amount = known + Math.floor(Math.random() * SPREAD) * incrementFor(known, bands);
        const gate = gates[nextGate++ % gates.length] as KeyedLimiter;
        try {
          const r = await placeBid(
            { database: viaPool, softCloseMinutes: SOFT_CLOSE_MINUTES, floors, gate },
            listing,
            b.id,
            { amountCents: amount },
          );
          known = Math.max(known, r.auction.minNextBidCents ?? known);
          return "accepted";
        } catch (err) {
          if (!(err instanceof AppError) || err.statusCode !== 422) throw err;
          const named = err.fields?.amountCents?.replace(/[^0-9.]/g, "") ?? "0";
          known = Math.max(known, Math.round(Number(named) * 100));
          return "refused";
        }
      };
    };

    // Warm-up, not counted: the app's first requests load and compile its code.
    const warmHttp = await makeAuction("HTTP warm-up lot");
    const warmRaw = await makeAuction("Raw SQL warm-up lot");
    const warmCeiling = await makeAuction("Ceiling warm-up lot");
    await runClients(httpBidder(warmHttp), WARMUP_MS);
    await runClients(rawBidder(warmRaw), WARMUP_MS);
    await runClients(ceilingBidder(warmCeiling), WARMUP_MS);

    // The phases run in rotating slices (http, raw, ceiling; raw, ceiling, http; ...): other work
    // on a shared machine then weighs on all alike. HTTP goes through the real app; raw sends the
    // statement straight through a pg pool; the ceiling runs the app's bid path without HTTP; each
    // side bids on an auction of its own.
    const httpListing = await makeAuction("HTTP benchmark lot");
    const rawListing = await makeAuction("Raw SQL benchmark lot");
    const ceilingListing = await makeAuction("Ceiling benchmark lot");
    const sides: [() => Promise<"accepted" | "refused">, PhaseResult][] = [
      [httpBidder(httpListing), emptyResult()],
      [rawBidder(rawListing), emptyResult()],
      [ceilingBidder(ceilingListing), emptyResult()],
    ];
    const [, http] = sides[0] as [unknown, PhaseResult];
    const [, raw] = sides[1] as [unknown, PhaseResult];
    const [, ceiling] = sides[2] as [unknown, PhaseResult];
    const sliceMs = (seconds * 1000) / slices;
    let appCpuMicros = 0;
    for (let i = 0; i < slices; i++) {
      for (let j = 0; j < sides.length; j++) {
        const [attempt, result] = sides[(i + j) % sides.length] as (typeof sides)[number];
        const cpuBefore = result === http ? await cpuMicros() : 0;
        await runClients(attempt, sliceMs, result);
        if (result === http) appCpuMicros += (await cpuMicros()) - cpuBefore;
      }
    }
    floors.close();
    http.latencies.sort((a, b) => a - b);
    raw.latencies.sort((a, b) => a - b);
    ceiling.latencies.sort((a, b) => a - b);

    const problems = [
      ...(await checkInvariants(pool, httpListing, bands)).map((p) => `http: ${p}`),
      ...(await checkInvariants(pool, rawListing, bands)).map((p) => `raw: ${p}`),
      ...(await checkInvariants(pool, ceilingListing, bands)).map((p) => `ceiling: ${p}`),
      ...(await checkInvariants(pool, warmHttp, bands)).map((p) => `http warm-up: ${p}`),
      ...(await checkInvariants(pool, warmRaw, bands)).map((p) => `raw warm-up: ${p}`),
      ...(await checkInvariants(pool, warmCeiling, bands)).map((p) => `ceiling warm-up: ${p}`),
    ];
    const rate = (r: PhaseResult) => r.accepted / (r.elapsedMs / 1000);
    const line = (label: string, r: PhaseResult) =>
      `${label.padEnd(8)} accepted ${String(r.accepted).padStart(6)}  refused ${String(r.refused).padStart(6)}  errors ${errorCount(r)}  ` +
      `${rate(r).toFixed(1).padStart(8)} accepted bids/s  p50 ${harness.percentile(r.latencies, 0.5).toFixed(1)} ms  p99 ${harness.percentile(r.latencies, 0.99).toFixed(1)} ms`;
    console.log(
      `bench:bids  ${new Date().toISOString()}  load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(" ")} at the end (${os.availableParallelism()} cores)`,
    );
    console.log(
      `${seconds}s per side in ${slices} rotating slices, ${concurrency} concurrent clients, ${BIDDERS} bidders, ` +
        `bids up to ${SPREAD - 1} increments above the known minimum, ${INSTANCES} app instance(s), PostgreSQL via ${harness.serverVia()}`,
    );
    console.log(line("http", http));
    console.log(line("raw sql", raw));
    console.log(line("ceiling", ceiling));
    for (const [label, r] of [
      ["http", http],
      ["raw sql", raw],
      ["ceiling", ceiling],
    ] as const) {
      if (r.errorKinds.size > 0) {
        const kinds = [...r.errorKinds].map(([kind, n]) => `${kind} x${n}`).join(", ");
        console.log(`${label} errors: ${kinds}`);
      }
    }
    // Where the machine's CPU goes, per request: the load generator (this process), the app, and
    // the rest of the machine (the database, mostly). The ceiling's process is its load generator
    // and its "app" at once.
    const requests = (r: PhaseResult) => r.accepted + r.refused + errorCount(r);
    const perRequest = (micros: number, r: PhaseResult) =>
      `${(micros / 1000 / requests(r)).toFixed(3)} ms`;
    const perAccepted = (micros: number, r: PhaseResult) =>
      `${(micros / 1000 / Math.max(1, r.accepted)).toFixed(3)} ms`;
    console.log(
      `CPU per request: http client ${perRequest(http.clientCpuMicros, http)}, app ${perRequest(appCpuMicros, http)} (${((appCpuMicros / 1000 / http.elapsedMs) * 100).toFixed(0)}% of one core); raw client ${perRequest(raw.clientCpuMicros, raw)}; ceiling process ${perRequest(ceiling.clientCpuMicros, ceiling)}`,
    );
    console.log(
      `CPU per accepted bid: app ${perAccepted(appCpuMicros, http)}; ceiling process ${perAccepted(ceiling.clientCpuMicros, ceiling)}`,
    );
    console.log(`ratio http/raw: ${(rate(http) / rate(raw)).toFixed(2)} (the old baseline)`);
    console.log(
      `ratio http/ceiling: ${(rate(http) / rate(ceiling)).toFixed(2)} (goal >= 0.80; ceiling/raw ${(rate(ceiling) / rate(raw)).toFixed(2)})`,
    );
    console.log(
      `invariants: ${problems.length === 0 ? "OK" : `FAILED\n  ${problems.join("\n  ")}`}`,
    );
    for (const t of targets) t.agent.destroy();
    await stop();
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
