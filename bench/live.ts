/**
 * npm run bench:live — how fast an accepted bid reaches the browsers watching its auction, and what
 * the database does for it, with two app instances on one PostgreSQL database.
 *
 * It starts two instances of the real app (A and B), each in its own process with its background
 * workers, as `npm start` runs them, on a fresh database. 500 clients, half on each instance, follow
 * one auction on GET /api/live (server-sent events), while bids arrive over HTTP on instance A at a
 * steady pace (20 a second for 15 s, after a warm-up), from a few bidders in turn who each bid the
 * minimum the previous answer named, so that every bid is accepted and outbids. A client's delivery
 * latency for a bid is the time it received the first `auction.updated` event whose
 * `auction.bidCount` reached that bid's, minus the time the bid's HTTP answer arrived (the event can
 * beat the answer: such deliveries count as 0 ms and are counted). It prints p50/p95/p99/max for the
 * clients of each instance, the deliveries missed (never received 2 s after the last bid), and the
 * database work per accepted bid (transactions; scans of `listings` and `auction_settings`) from
 * PostgreSQL's statistics, next to the same figures for as many bids on an auction nobody watches,
 * placed in the same run (the baseline), and for a window as long with no bids at all (what the
 * background workers cost). Watching minus baseline is what the live updates cost the database: a
 * re-read of the listing per instance or per client shows there.
 *
 * It relies only on the event's name and `auction.bidCount`, so it measures any version of the live
 * plugin. BENCH_DATABASE_URL as bench:bids; BENCH_CLIENTS, BENCH_SECONDS and BENCH_RATE override
 * 500, 15 and 20 (bids a second).
 */

import { Agent } from "node:http";
import os from "node:os";
import type pg from "pg";
import type { AppProcess, Bidder } from "./harness";
import * as harness from "./harness";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const BIDS = Math.round(SECONDS * RATE);
const WARMUP_BIDS = Math.round(3 * RATE);
/** How long after the last bid a delivery may still arrive before it counts as missed. */
const GRACE_MS = 2000;
/**
 * How long to wait, with the app idle, before reading PostgreSQL's statistics. A backend reports
 * its counts when a transaction ends, but at most once a second; counts held back by that limit are
 * reported only when it next ends a transaction or, idle, 10 s later (PGSTAT_IDLE_INTERVAL in
 * PostgreSQL 15, checked here: a scan on an idle connection showed up 10.2 s later). So a window's
 * edges wait 12 s: the warm-up's counts stay out of it and its own last ones are in.
 */
const STATS_SETTLE_MS = 12_000;
/**
 * The bidders take turns. Enough of them that none comes near the per-bidder limit (60 bids a
 * minute, counted across instances): each bids at most RATE / BIDDERS times a second.
 */
const BIDDERS = Math.max(4, Math.ceil(RATE * 2));
/** Every auction here opens at $1.00, the first bid's minimum. */
const START_PRICE_CENTS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** One browser following the auction: when it first heard of each bid count. */
interface LiveClient {
  instance: string;
  /** `heardAt[n]`: when an update with bidCount >= n first arrived. */
  heardAt: number[];
  stream: harness.EventStream;
}

/**
 * All clients receive the same frames: each distinct payload is parsed once. Only
 * `auction.bidCount` is read, so the bench works whatever else the update carries.
 */
let lastData = "";
let lastBidCount = 0;
function bidCountOf(data: string): number {
  if (data !== lastData) {
    const update = JSON.parse(data) as { auction?: { bidCount?: number } };
    lastData = data;
    lastBidCount = update.auction?.bidCount ?? 0;
  }
  return lastBidCount;
}

/**
 * Opens GET /api/live?listings=<id>, recording when each bid count was first heard. Resolves once
 * the server has answered 200 with `text/event-stream`.
 */
async function openLive(
  agent: Agent,
  app: AppProcess,
  listingId: string,
  onLost: (why: string) => void,
): Promise<LiveClient> {
  const heardAt: number[] = [];
  let heard = 0;
  const stream = await harness.openEventStream(
    agent,
    app.port,
    `/api/live?listings=${listingId}`,
    undefined,
    (name, data, at) => {
      if (name !== "auction.updated") return;
      const count = bidCountOf(data);
      for (let n = heard + 1; n <= count; n++) heardAt[n] = at;
      heard = Math.max(heard, count);
    },
    onLost,
  );
  return { instance: app.name, heardAt, stream };
}

/** An auction the bench bids on, and where its bidding stands: the next minimum, whose turn. */
interface Auction {
  id: string;
  minimum: number;
  turn: number;
}

interface BidRun {
  /** Each accepted bid's count (the answer's auction.bidCount) and when its answer arrived. */
  accepted: { bidCount: number; answeredAt: number; latency: number }[];
  /** Refusals and errors by status and code: each must be explained. */
  problems: Map<string, number>;
  elapsedMs: number;
}

/**
 * Places `count` bids on `auction` through `app`, one at a time, starting one every 1/RATE s (or
 * as soon as the previous answer arrived when that took longer): each bidder in turn bids the
 * minimum the last answer named, so each bid is accepted and outbids the last.
 */
async function placeBids(
  agent: Agent,
  app: AppProcess,
  auction: Auction,
  bidders: Bidder[],
  count: number,
): Promise<BidRun> {
  const run: BidRun = { accepted: [], problems: new Map(), elapsedMs: 0 };
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await sleep(started + (i * 1000) / RATE - performance.now());
    const bidder = bidders[auction.turn++ % bidders.length] as Bidder;
    const sent = performance.now();
    const res = await harness.postBid(agent, app.port, auction.id, bidder, auction.minimum);
    const { body } = res;
    if (res.status === 201 && body.auction) {
      auction.minimum = body.auction.minNextBidCents;
      run.accepted.push({
        bidCount: body.auction.bidCount,
        answeredAt: res.at,
        latency: res.at - sent,
      });
      continue;
    }
    const kind = `status ${res.status} ${body.error?.code ?? ""}`.trim();
    run.problems.set(kind, (run.problems.get(kind) ?? 0) + 1);
    if (res.status === 422)
      auction.minimum = Math.max(auction.minimum, harness.namedMinimumCents(res));
  }
  run.elapsedMs = performance.now() - started;
  return run;
}

interface DbStats {
  transactions: number;
  listingScans: number;
  auctionScans: number;
}

/** The scratch database's committed transactions and the scans of the two tables a re-read touches. */
async function readStats(pool: pg.Pool): Promise<DbStats> {
  const client = await pool.connect();
  try {
    await client.query("select pg_stat_clear_snapshot()");
    const {
      rows: [row],
    } = await client.query<{ xact: string; listings: string; auctions: string }>(
      `select (select xact_commit from pg_stat_database where datname = current_database()) as xact,
              coalesce(sum(seq_scan + coalesce(idx_scan, 0)) filter (where relname = 'listings'), 0) as listings,
              coalesce(sum(seq_scan + coalesce(idx_scan, 0)) filter (where relname = 'auction_settings'), 0) as auctions
         from pg_stat_user_tables where relname in ('listings', 'auction_settings')`,
    );
    return {
      transactions: Number(row?.xact),
      listingScans: Number(row?.listings),
      auctionScans: Number(row?.auctions),
    };
  } finally {
    client.release();
  }
}

/** Waits for the statistics to settle, then reads them. */
async function settledStats(pool: pg.Pool): Promise<DbStats> {
  await sleep(STATS_SETTLE_MS);
  return readStats(pool);
}

const perBid = (before: DbStats, after: DbStats, bids: number) => ({
  transactions: (after.transactions - before.transactions) / bids,
  listingScans: (after.listingScans - before.listingScans) / bids,
  auctionScans: (after.auctionScans - before.auctionScans) / bids,
});

async function main() {
  const load = os.loadavg();
  const scratch = await harness.createScratchDatabase("tw_bench_live_", 2);
  const { pool } = scratch;
  const apps: AppProcess[] = [];
  const clients: LiveClient[] = [];
  const agents: Agent[] = [];
  // Everything started is stopped, and the scratch database dropped, however the run ends.
  await harness.withCleanUp(
    async () => {
      for (const c of clients) c.stream.req.destroy();
      for (const a of agents) a.destroy();
      await Promise.allSettled(apps.map((a) => a.stop()));
      await scratch.drop();
    },
    async () => {
      await scratch.prepare();
      apps.push(...(await harness.startApps(scratch, ["A", "B"])));
      const [appA, appB] = apps as [AppProcess, AppProcess];

      const newAuction = await harness.auctionMaker(pool, START_PRICE_CENTS);
      const makeAuction = async (title: string): Promise<Auction> => ({
        id: await newAuction(title),
        minimum: START_PRICE_CENTS,
        turn: 0,
      });
      const bidders = await harness.createBidders(pool, "live", "Live", BIDDERS);
      const bidAgent = new Agent({ keepAlive: true, maxSockets: 2 });
      agents.push(bidAgent);

      // Baseline: the same bids at the same pace on an auction nobody watches, after a warm-up that
      // loads and compiles the bid path.
      const baselineListing = await makeAuction("Baseline lot");
      await placeBids(bidAgent, appA, await makeAuction("Warm-up lot"), bidders, WARMUP_BIDS);
      // The workers' own polling, in a window of the same shape with no bids at all.
      const idleBefore = await settledStats(pool);
      await sleep(SECONDS * 1000);
      const baselineBefore = await settledStats(pool);
      const baseline = await placeBids(bidAgent, appA, baselineListing, bidders, BIDS);
      const baselineAfter = await settledStats(pool);

      // The watched auction: CLIENTS connections split between A and B, a warm-up on the auction
      // itself, then the measured bids.
      const liveListing = await makeAuction("Live lot");
      const lost = new Map<string, number>();
      const onLost = (why: string) => lost.set(why, (lost.get(why) ?? 0) + 1);
      const perInstance = Math.ceil(CLIENTS / 2);
      const liveAgents = apps.map(
        () => new Agent({ keepAlive: true, maxSockets: perInstance + 10 }),
      );
      agents.push(...liveAgents);
      for (let i = 0; i < CLIENTS; i += 50) {
        const batch = Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) => {
          const k = (i + j) % 2;
          return openLive(liveAgents[k] as Agent, apps[k] as AppProcess, liveListing.id, onLost);
        });
        clients.push(...(await Promise.all(batch)));
      }
      await placeBids(bidAgent, appA, liveListing, bidders, WARMUP_BIDS);
      const liveBefore = await settledStats(pool);
      const live = await placeBids(bidAgent, appA, liveListing, bidders, BIDS);
      await sleep(GRACE_MS);
      const latencies = new Map<string, number[]>([
        [appA.name, []],
        [appB.name, []],
      ]);
      let early = 0;
      let missed = 0;
      for (const c of clients) {
        const list = latencies.get(c.instance) as number[];
        for (const bid of live.accepted) {
          const heardAt = c.heardAt[bid.bidCount];
          if (heardAt === undefined) {
            missed++;
            continue;
          }
          const latency = heardAt - bid.answeredAt;
          if (latency < 0) early++;
          list.push(Math.max(0, latency));
        }
      }
      const liveAfter = await sleep(STATS_SETTLE_MS - GRACE_MS).then(() => readStats(pool));

      const idle = perBid(idleBefore, baselineBefore, BIDS);
      const base = perBid(baselineBefore, baselineAfter, baseline.accepted.length);
      const withLive = perBid(liveBefore, liveAfter, live.accepted.length);
      const minus = (a: DbStats, b: DbStats): DbStats => ({
        transactions: a.transactions - b.transactions,
        listingScans: a.listingScans - b.listingScans,
        auctionScans: a.auctionScans - b.auctionScans,
      });
      const row = (label: string, s: DbStats) =>
        `  ${label.padEnd(38)}${s.transactions.toFixed(2).padStart(13)}${s.listingScans.toFixed(2).padStart(16)}${s.auctionScans.toFixed(2).padStart(24)}`;
      const rate = (r: BidRun) => (r.accepted.length / (r.elapsedMs / 1000)).toFixed(1);
      const problems = (r: BidRun) =>
        r.problems.size === 0
          ? ""
          : `  not accepted: ${[...r.problems].map(([k, n]) => `${k} x${n}`).join(", ")}`;
      const deliveries = live.accepted.length * clients.length;
      const p99 = (values: number[]) =>
        harness.percentile(
          [...values].sort((a, b) => a - b),
          0.99,
        );
      const baselineP99 = p99(baseline.accepted.map((b) => b.latency));
      const worstP99 = Math.max(...[...latencies.values()].map(p99));

      console.log(
        `bench:live  ${new Date().toISOString()}  load average at start ${load.map((l) => l.toFixed(2)).join(" ")} (${os.availableParallelism()} cores)`,
      );
      console.log(
        `${clients.length} SSE clients on one auction (${clients.filter((c) => c.instance === "A").length} on A, ` +
          `${clients.filter((c) => c.instance === "B").length} on B); ${BIDS} bids on A at ${RATE}/s from ${BIDDERS} bidders in turn ` +
          `after ${WARMUP_BIDS} warm-up bids; 2 app instances, PostgreSQL via ${harness.serverVia()}`,
      );
      console.log(
        `bid answer, nobody watching (baseline)  ${String(baseline.accepted.length).padStart(4)} accepted at ${rate(baseline)}/s  ${harness.latencySummary(baseline.accepted.map((b) => b.latency))}${problems(baseline)}`,
      );
      console.log(
        `bid answer, ${clients.length} watching`.padEnd(41) +
          `${String(live.accepted.length).padStart(4)} accepted at ${rate(live)}/s  ${harness.latencySummary(live.accepted.map((b) => b.latency))}${problems(live)}`,
      );
      for (const [instance, list] of latencies) {
        console.log(
          `delivery to clients on ${instance}`.padEnd(41) +
            `${String(list.length).padStart(6)} deliveries  ${harness.latencySummary(list)}`,
        );
      }
      console.log(
        `deliveries before the bid's answer (counted as 0 ms): ${early}; missed (not received ${GRACE_MS / 1000} s after the last bid): ${missed} of ${deliveries}` +
          `; connections lost: ${lost.size === 0 ? 0 : [...lost].map(([k, n]) => `${k} x${n}`).join(", ")}`,
      );
      console.log(
        `ratio delivery p99 (worse instance) / baseline bid answer p99: ${(worstP99 / baselineP99).toFixed(2)}`,
      );
      console.log(
        `database per accepted bid (pg_stat, ${SECONDS} s windows)`.padEnd(40) +
          " transactions  listings scans  auction_settings scans",
      );
      console.log(row(`no bids (workers only; per ${BIDS} bids)`, idle));
      console.log(row("nobody watching (baseline)", base));
      console.log(row(`${clients.length} watching`, withLive));
      console.log(row("the bid itself (baseline - no bids)", minus(base, idle)));
      console.log(row("live updates (watching - baseline)", minus(withLive, base)));
      console.log("goal: p99 < 100 ms, no per-client or per-instance re-read of the listing");
      if (missed > 0 || lost.size > 0 || live.problems.size > 0 || baseline.problems.size > 0)
        process.exitCode = 1;
    },
  );
}

harness.run(main);
