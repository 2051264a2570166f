/**
 * Playwright's global setup: the server the specs run against, on a data folder prepared once per
 * run. Playwright's `webServer` gives its command one time limit for everything, and the first start
 * on an empty folder (migrations, demo data, the demo pictures) can outlast any fixed limit on a
 * busy machine; so the folder is prepared here, step by step, and the tests begin when the server
 * answers /readyz. It returns the teardown that stops the server.
 *
 * 1. The build (`node scripts/build.mjs --if-stale`): nothing to do when `npm test` just built.
 * 2. The data folder is emptied, and the compiled server's first start migrates and seeds it, demo
 *    pictures included, exactly as `npm start` does for a new user. With E2E_DATABASE_URL (a
 *    PostgreSQL server's URL) the server runs on a new database there instead of PGlite: CI runs the
 *    money stories (buying, bidding, cancellation and refunds) that way too.
 * 3. Readiness is polled: there is no fixed wait. A server that exits first fails the run with the
 *    end of its log (kept in <data folder>/server.log).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { e2eServerEnv } from "./fixtures/server-env";

/** A bound so that a server that never becomes ready cannot hang the run; not a pacing. */
const READY_LIMIT_MS = 15 * 60_000;

async function waitUntilReady(url: string, child: ChildProcess, logFile: string) {
  const started = Date.now();
  let exitCode: number | null = null;
  child.once("exit", (code) => {
    exitCode = code ?? -1;
  });
  while (Date.now() - started < READY_LIMIT_MS) {
    if (exitCode !== null) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
      throw new Error(
        `the e2e server exited (${exitCode}) before it was ready; the end of ${logFile}:\n${log.slice(-4000)}`,
      );
    }
    try {
      const response = await fetch(url);
      if (response.ok) return Date.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the e2e server was not ready after ${READY_LIMIT_MS / 60_000} minutes`);
}

export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, "..");
  const { port, dataDir, env } = e2eServerEnv();
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], {
    cwd: root,
    stdio: "inherit",
  });

  const dataPath = path.resolve(root, dataDir);
  fs.rmSync(dataPath, { recursive: true, force: true });
  fs.mkdirSync(dataPath, { recursive: true });
  const database = await freshServerDatabase();
  const logFile = path.join(dataPath, "server.log");
  const log = fs.openSync(logFile, "a");
  const server = spawn(process.execPath, ["dist/server/server.js"], {
    cwd: root,
    env: { ...process.env, ...env, ...(database ? { DATABASE_URL: database.url } : {}) },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const tookMs = await waitUntilReady(`http://127.0.0.1:${port}/readyz`, server, logFile);
  console.log(
    `e2e server ready on port ${port} in ${(tookMs / 1000).toFixed(1)} s (${dataDir}${database ? `, PostgreSQL database ${database.name}` : ", PGlite"})`,
  );

  return async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      // It closes its connections and database first; one that hangs is not left behind.
      const hung = setTimeout(() => server.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(hung);
    }
    await database?.drop();
  };
}

/** A new, empty database on the server E2E_DATABASE_URL names (none when it is unset). */
async function freshServerDatabase() {
  const serverUrl = process.env.E2E_DATABASE_URL;
  if (!serverUrl) return null;
  const name = `tw_e2e_${process.pid}_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}
