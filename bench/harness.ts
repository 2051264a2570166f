/**
 * What the benches share around their measurements: the PostgreSQL server, a scratch database, app
 * processes, users with sessions, auctions, JSON requests (the bid among them), live connections
 * parsed into events, percentiles and clean-up. Setup and plumbing only: each bench keeps its own
 * phases, timing and figures.
 */

import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { type Agent, type ClientRequest, request } from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../server/db/client";
import { hashToken, newToken } from "../server/plugins/session";
import { seedDatabase } from "../server/seed/seed";

// The benches reach the server the same way: by its Unix socket when it has one here, as an app on
// the database's machine would (a query then costs the app about a third less CPU than over
// loopback TCP on this 2-core VM), else over TCP.
const unixSocketDir = "/var/run/postgresql";
/** The server that holds the scratch databases: BENCH_DATABASE_URL, else the local one. */
export const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  (fs.existsSync(path.join(unixSocketDir, ".s.PGSQL.5432"))
    ? `postgres://postgres@localhost/postgres?host=${unixSocketDir}`
    : "postgres://postgres@127.0.0.1:5432/postgres");

/** How the benches reach the server ("/var/run/postgresql" or "TCP"), for their headings. */
export const serverVia = () => new URL(serverUrl).searchParams.get("host") ?? "TCP";

/** The value at fraction `p` of an ascending list, 0 when it is empty. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** "p50 … p95 … p99 … max …" of latencies in ms, in any order. */
export const latencySummary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return `p50 ${ms(percentile(sorted, 0.5))}  p95 ${ms(percentile(sorted, 0.95))}  p99 ${ms(percentile(sorted, 0.99))}  max ${ms(sorted.at(-1) ?? 0)}`;
};

/**
 * Runs a bench's `body`, then `cleanUp` (stop what it started, drop its database) once however it
 * ends: SIGINT and SIGTERM run it too, then exit with 130.
 */
export async function withCleanUp(
  cleanUp: () => Promise<void>,
  body: () => Promise<void>,
): Promise<void> {
  let cleaning: Promise<void> | null = null;
  const once = () => {
    cleaning ??= cleanUp();
    return cleaning;
  };
  // Kept for the whole run: Ctrl-C reaches the bench twice (from the terminal, and relayed by
  // tsx), and a second signal with no listener left would kill it in the middle of cleaning up.
  const onSignal = () => {
    once().finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    await body();
  } finally {
    await once();
  }
}

/** Runs a bench's main function; should it fail, prints the error and exits with 1. */
export function run(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

/** A fresh database for one run, migrated and seeded as `npm start` leaves one, dropped afterwards. */
export interface ScratchDatabase {
  url: string;
  /** The apps' DATA_DIR (uploads, outbox), removed with the database. */
  dataDir: string;
  database: Database;
  /** The bench's own connections, for setup and checks. */
  pool: pg.Pool;
  /** Migrates and seeds it; apart from creation so that a failure there still drops it. */
  prepare(): Promise<void>;
  /** Closes the connections, drops the database (forcing out any app left) and removes dataDir. */
  drop(): Promise<void>;
}

/** Creates a scratch database named `<prefix><random>` on the server; the caller must drop() it. */
export async function createScratchDatabase(
  prefix: string,
  poolSize: number,
): Promise<ScratchDatabase> {
  const name = `${prefix}${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = path.join(os.tmpdir(), name);
  const database = await openDatabase({ url: url.toString() });
  const pool = new pg.Pool({ connectionString: url.toString(), max: poolSize });
  pool.on("error", () => undefined);
  return {
    url: url.toString(),
    dataDir,
    database,
    pool,
    async prepare() {
      await database.migrate();
      await seedDatabase(database.db, {});
    },
    async drop() {
      await pool.end().catch(() => undefined);
      await database.close().catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      await admin.end();
    },
  };
}

interface AppSettings {
  /** Named in the error should it exit before listening. */
  name?: string;
  databaseUrl: string;
  dataDir: string;
  softCloseMinutes: number;
  /** Its pool to the database (BENCH_APP_POOL_SIZE); unset, the app's default. */
  poolSize?: number;
  /** Where to write a V8 CPU profile of the process, for finding its hot spots. */
  cpuProfileDir?: string;
}

/** An app process started by startApp. */
export interface AppProcess {
  name: string;
  port: number;
  child: ChildProcess;
  /** The CPU time (µs) the process has used so far, for CPU-per-request figures. */
  cpuMicros(): Promise<number>;
  /** Asks the app to stop; kills it by its pid if it has not exited within 10 s. */
  stop(): Promise<void>;
}

/**
 * Starts the app in its own process through app-process.ts, as `npm start` runs it: the load
 * generator shares neither its event loop, nor its heap, nor its thread pool.
 */
export async function startApp(settings: AppSettings): Promise<AppProcess> {
  const child = fork(new URL("./app-process.ts", import.meta.url), [], {
    execArgv: [
      "--import",
      "tsx",
      ...(settings.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${settings.cpuProfileDir}`] : []),
    ],
    env: {
      ...process.env,
      BENCH_APP_DATABASE_URL: settings.databaseUrl,
      BENCH_APP_DATA_DIR: settings.dataDir,
      BENCH_APP_SOFT_CLOSE_MINUTES: String(settings.softCloseMinutes),
      ...(settings.poolSize === undefined
        ? {}
        : { BENCH_APP_POOL_SIZE: String(settings.poolSize) }),
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: { port: number }) => resolve(m.port));
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(
        new Error(
          `${settings.name === undefined ? "the app" : `app ${settings.name}`} exited with code ${code}`,
        ),
      ),
    );
  });
  return {
    name: settings.name ?? "",
    port,
    child,
    cpuMicros() {
      return new Promise<number>((resolve) => {
        const onMessage = (m: { cpu?: NodeJS.CpuUsage }) => {
          if (!m.cpu) return;
          child.off("message", onMessage);
          resolve(m.cpu.user + m.cpu.system);
        };
        child.on("message", onMessage);
        child.send("cpu");
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      if (child.connected) child.send("stop");
      const timer = setTimeout(() => {
        if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, "SIGKILL");
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Starts one app instance per name on the scratch database at once (soft close 2 minutes, the
 * app's default, unless `settings` say otherwise). Should one fail, those started are stopped.
 */
export async function startApps(
  scratch: ScratchDatabase,
  names: string[],
  settings: Partial<AppSettings> = {},
): Promise<AppProcess[]> {
  const started = await Promise.allSettled(
    names.map((name) =>
      startApp({
        name,
        databaseUrl: scratch.url,
        dataDir: scratch.dataDir,
        softCloseMinutes: 2,
        ...settings,
      }),
    ),
  );
  const apps = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await Promise.allSettled(apps.map((a) => a.stop()));
    throw failed.reason;
  }
  return apps;
}

/** The CSRF token every bench bidder sends, as cookie and header alike. */
const CSRF = "benchcsrfbenchcsrfbenchcsrf";

/** A user who acts through the app (bids, messages), signed in by a session made straight in the database. */
export interface Bidder {
  id: string;
  username: string;
  cookie: string;
}

/**
 * Creates `count` confirmed users `<prefix>1`... (`<prefix>1@bench.example`, full name
 * `<label> 1`), each with a day-long session: signing in over HTTP would cost more than the run.
 */
export async function createBidders(
  pool: pg.Pool,
  prefix: string,
  label: string,
  count: number,
): Promise<Bidder[]> {
  const { rows: users } = await pool.query<{ id: string; username: string }>(
    `insert into users (email, username, full_name, email_confirmed_at)
     select $1::text || i || '@bench.example', $1::text || i, $2::text || ' ' || i, now()
       from generate_series(1, $3::int) i
     returning id, username`,
    [prefix, label, count],
  );
  const tokens = users.map(() => newToken());
  await pool.query(
    "insert into sessions (token_hash, user_id, expires_at) select unnest($1::text[]), unnest($2::uuid[]), now() + interval '1 day'",
    [tokens.map((t) => hashToken(t)), users.map((u) => u.id)],
  );
  return users.map((u, i) => ({
    id: u.id,
    username: u.username,
    cookie: `tw_session=${tokens[i]}; tw_csrf=${CSRF}`,
  }));
}

/**
 * Answers a function that opens an auction (a day long, so soft close never extends it) by the
 * seeded seller marcus at `startPriceCents`, and answers its listing id.
 */
export async function auctionMaker(
  pool: pg.Pool,
  startPriceCents: number,
): Promise<(title: string) => Promise<string>> {
  const {
    rows: [seller],
  } = await pool.query<{ id: string }>("select id from users where username = 'marcus'");
  const {
    rows: [cat],
  } = await pool.query<{ id: string }>("select id from categories where parent_id is null limit 1");
  const {
    rows: [terr],
  } = await pool.query<{ id: string }>("select id from territories limit 1");
  return async (title) => {
    const {
      rows: [l],
    } = await pool.query<{ id: string }>(
      `insert into listings (seller_id, title, description, kind, category_id, territory_id, price_cents, quantity, condition)
       values ($1, $2, 'Benchmark lot', 'auction', $3, $4, $5, 1, 'new') returning id`,
      [seller?.id, title, cat?.id, terr?.id, startPriceCents],
    );
    await pool.query(
      "insert into auction_settings (listing_id, start_price_cents, end_time) values ($1, $2, now() + interval '1 day')",
      [l?.id, startPriceCents],
    );
    return l?.id as string;
  };
}

/** The app's answer to a JSON request, with the body typed as far as the bench reads it. */
export interface JsonAnswer<B> {
  status: number;
  /** performance.now() when the answer's last byte arrived. */
  at: number;
  body: B & { error?: { code?: string; fields?: Record<string, string> } };
}

/**
 * POSTs `payload` as JSON to `path` as `user` (session cookie and CSRF header), over `agent`'s
 * keep-alive connections. node:http rather than fetch: the load generator shares the machine's two
 * cores with the app and the database, and fetch costs it several times more CPU per request, CPU
 * the app would otherwise get.
 */
export function postJson<B>(
  agent: Agent,
  port: number,
  path: string,
  user: Bidder,
  payload: unknown,
): Promise<JsonAnswer<B>> {
  const json = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: {
          cookie: user.cookie,
          "x-csrf-token": CSRF,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(json),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => {
          const at = performance.now();
          try {
            resolve({ status: res.statusCode ?? 0, at, body: JSON.parse(body) });
          } catch (err) {
            reject(err);
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(json);
  });
}

/** The app's answer to a bid, as far as the benches read it. */
export type BidAnswer = JsonAnswer<{ auction?: { bidCount: number; minNextBidCents: number } }>;

/** POSTs a bid of `amountCents` on `listingId` as `bidder` (see postJson). */
export const postBid = (
  agent: Agent,
  port: number,
  listingId: string,
  bidder: Bidder,
  amountCents: number,
): Promise<BidAnswer> =>
  postJson(agent, port, `/api/listings/${listingId}/bids`, bidder, { amountCents });

/** The minimum (cents) a 422 refusal names in its amountCents field ("... $12.50 ..."), else 0. */
export const namedMinimumCents = (answer: BidAnswer) =>
  Math.round(Number(answer.body.error?.fields?.amountCents?.replace(/[^0-9.]/g, "") ?? 0) * 100);

/** A GET /api/live connection, read as it arrives. */
export interface EventStream {
  req: ClientRequest;
  /** Set once the connection closed or failed (onLost was told why). */
  lost: boolean;
}

/**
 * Opens the server-sent events at `path` (as the user of `cookie`, when given) and parses the
 * stream (lines; an empty line ends an event; `:` starts a comment), handing each event's name and
 * data to `onEvent` with the time its chunk arrived. Resolves once the server has answered 200 with
 * `text/event-stream`.
 */
export function openEventStream(
  agent: Agent,
  port: number,
  path: string,
  cookie: string | undefined,
  onEvent: (name: string, data: string, at: number) => void,
  onLost: (why: string) => void,
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const stream: EventStream = {
      lost: false,
      req: request(
        {
          agent,
          host: "127.0.0.1",
          port,
          path,
          headers: { accept: "text/event-stream", ...(cookie ? { cookie } : {}) },
        },
        (res) => {
          const type = String(res.headers["content-type"] ?? "");
          if (res.statusCode !== 200 || !type.startsWith("text/event-stream")) {
            res.resume();
            reject(new Error(`GET ${path} answered ${res.statusCode} ${type}`));
            return;
          }
          resolve(stream);
          res.setEncoding("utf8");
          let buffer = "";
          let event = "";
          let data: string[] = [];
          res.on("data", (chunk: string) => {
            const now = performance.now();
            buffer += chunk;
            const lines = buffer.split("\n");
            buffer = lines.pop() ?? "";
            for (const raw of lines) {
              const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
              if (line === "") {
                if (event !== "" && data.length > 0) onEvent(event, data.join("\n"), now);
                event = "";
                data = [];
                continue;
              }
              if (line.startsWith(":")) continue;
              const colon = line.indexOf(":");
              const field = colon < 0 ? line : line.slice(0, colon);
              let value = colon < 0 ? "" : line.slice(colon + 1);
              if (value.startsWith(" ")) value = value.slice(1);
              if (field === "event") event = value;
              else if (field === "data") data.push(value);
            }
          });
          res.on("close", () => {
            if (!stream.lost) {
              stream.lost = true;
              onLost("closed by the server");
            }
          });
        },
      ),
    };
    stream.req.on("error", (err) => {
      if (!stream.lost) {
        stream.lost = true;
        onLost((err as { code?: string }).code ?? err.message);
      }
      reject(err);
    });
    stream.req.end();
  });
}
