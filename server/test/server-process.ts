import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "../db/client";
import { rows } from "../db/rows";

// The real server process for fault tests that kill it (SIGKILL) and start it again, on a
// PostgreSQL test database (PGlite cannot be shared by two processes).

export interface ServerProcess {
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  /** http://127.0.0.1:<port>, when it was started on a port of its own (`http`). */
  baseUrl: string | null;
}

const started: ChildProcess[] = [];

/** A port nobody listens on now, for a server (or a database cluster) a test starts. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * The server as `npm run dev:server` runs it, on `databaseUrl` (null: the embedded database in
 * `dataDir`), with `env` beside the test defaults. With `http`, it listens on a free port and this
 * waits until it answers /healthz.
 */
export async function startServer(options: {
  databaseUrl: string | null;
  dataDir: string;
  env?: Record<string, string>;
  http?: boolean;
}): Promise<ServerProcess> {
  const port = options.http ? await freePort() : 0;
  // node itself, not npx or tsx's launcher: SIGKILL must reach the process that holds the connection.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    cwd: process.cwd(),
    env: {
      ...inherited,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const server: ServerProcess = {
    child,
    output: () => output,
    baseUrl: options.http ? `http://127.0.0.1:${port}` : null,
  };
  if (server.baseUrl) {
    const health = `${server.baseUrl}/healthz`;
    await until(
      "the server to listen",
      () =>
        fetch(health).then(
          (res) => res.ok,
          () => false,
        ),
      server,
    );
  }
  return server;
}

/** Kills whatever a test started and left running (a failed test's server). */
export function killLeftoverServers(): void {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
}

/** Polls `check` until it holds; fails with `what` (and the server's output) if it never does. */
export async function until(
  what: string,
  check: () => Promise<boolean>,
  server?: ServerProcess,
): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!(await check())) {
    if (server && server.child.exitCode !== null)
      throw new Error(
        `the server exited (${server.child.exitCode}) before ${what}:\n${server.output()}`,
      );
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${server?.output() ?? ""}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once the process has exited. */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

/**
 * The backend of a transaction that has written (it has a transaction id) and whose last statement
 * starts with `statement` (ILIKE pattern); with `waiting`, only while that statement waits on a lock.
 */
export async function backendOf(
  db: Db,
  statement: string,
  options: { waiting: boolean },
): Promise<number | undefined> {
  const found = await rows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity
          where datname = current_database() and backend_xid is not null
            and query ilike ${statement}
            ${options.waiting ? sql`and wait_event_type = 'Lock'` : sql``}`,
  );
  return found[0]?.pid;
}

/**
 * kill -9 of the server while `backend` (one of its connections) is in a transaction, then lets
 * that transaction go: the lock `holder` held (if any) is released, and this waits until the
 * backend, finding its client gone, has rolled back and ended.
 */
export async function killMidway(
  db: Db,
  server: ServerProcess,
  backend: number | undefined,
  holder?: pg.Client,
): Promise<void> {
  if (backend === undefined) throw new Error("no backend to cut off");
  server.child.kill("SIGKILL");
  await exited(server.child);
  if (server.child.signalCode !== "SIGKILL")
    throw new Error(`the server ended by ${server.child.exitCode} instead:\n${server.output()}`);
  if (holder) {
    await holder.query("rollback");
    await holder.end();
  }
  await until("the killed process's connection to end", async () => {
    const left = await rows(db, sql`select 1 from pg_stat_activity where pid = ${backend}`);
    return left.length === 0;
  });
}

/** Stops a server as a deployment would (SIGTERM: running jobs finish) and waits for it. */
export async function stopServer(server: ServerProcess): Promise<void> {
  server.child.kill("SIGTERM");
  await exited(server.child);
}

/** The URL of a test's own database on the PostgreSQL server, for a server process to open it. */
export async function databaseUrlOf(db: Db): Promise<string> {
  const [current] = await rows<{ db: string }>(db, sql`select current_database() as db`);
  const target = new URL(process.env.TEST_DATABASE_URL ?? "");
  target.pathname = `/${current?.db}`;
  return target.toString();
}
