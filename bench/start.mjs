#!/usr/bin/env node
/**
 * npm run bench:start — how long the site takes to answer /readyz: the first start on an empty data
 * folder (migrations, demo data, pictures) and a restart on the data that first start left.
 *
 * Plain JavaScript run by node, so that timing it adds no compiler's start-up of its own. With no
 * arguments it times `node dist/server/server.js` (what `npm start` runs; `npm run build` first):
 * 1 first start and 5 restarts, on a scratch data folder it removes afterwards, and prints each
 * time and the median. Options: --runs N (restarts), --first N (first starts), --keep (leave the data
 * folder), --data DIR (default .tmp-bench-start), and `-- COMMAND ...` to time another command (it is
 * given PORT, DATA_DIR and LOG_LEVEL=warn). --first 0 --runs 1 times one start on whatever DIR holds,
 * for an outside timer.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const args = process.argv.slice(2);
const dash = args.indexOf("--");
const options = dash < 0 ? args : args.slice(0, dash);
const command = dash < 0 ? ["node", "dist/server/server.js"] : args.slice(dash + 1);
const option = (name, fallback) => {
  const at = options.indexOf(name);
  return at < 0 ? fallback : options[at + 1];
};
const restarts = Number(option("--runs", 5));
const firsts = Number(option("--first", 1));
const dataDir = path.resolve(option("--data", ".tmp-bench-start"));
const keep = options.includes("--keep");

/** A port nobody listens on now: the OS picks it. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * CPU seconds (user + system) the process has used so far, from /proc on Linux (null elsewhere). Unlike
 * the wall time it hardly moves with the machine's load, so it compares starts on a busy machine.
 */
function cpuSecondsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticksPerSecond = 100;
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Starts the command, waits for /readyz to answer 200, stops it; answers the time to ready. */
async function timeOneStart() {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  let exited = null;
  const done = new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      exited = code ?? signal;
      resolve();
    }),
  );
  let readyMs = null;
  let cpu = null;
  while (exited === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.status === 200) {
        readyMs = performance.now() - started;
        cpu = cpuSecondsOf(child.pid);
        break;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  if (exited === null) process.kill(-child.pid, "SIGTERM");
  await done;
  if (readyMs === null)
    throw new Error(`${command.join(" ")} exited (${exited}) before it was ready`);
  return { readyMs, cpu };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function series(label, count, before) {
  const runs = [];
  for (let i = 0; i < count; i++) {
    before?.();
    runs.push(await timeOneStart());
  }
  if (count === 0) return;
  const wall = runs.map((r) => r.readyMs);
  let line = `${label.padEnd(26)} median ${seconds(median(wall))}  (${wall.map(seconds).join(", ")})`;
  // The command's own process only: for `npm start` that is npm, not the server it runs.
  if (runs.every((r) => r.cpu !== null))
    line += `  cpu median ${median(runs.map((r) => r.cpu)).toFixed(2)} s`;
  console.log(line);
}

console.log(`bench:start  ${command.join(" ")}  data ${path.relative(".", dataDir) || "."}`);
await series("first start (empty data)", firsts, () =>
  fs.rmSync(dataDir, { recursive: true, force: true }),
);
await series("restart (existing data)", restarts);
if (!keep && firsts > 0) fs.rmSync(dataDir, { recursive: true, force: true });
