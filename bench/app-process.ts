/**
 * Runs the real app in its own process for a benchmark, as `npm start` would, so the load generator
 * shares neither its event loop nor its process. Started by startApp() in bench/harness.ts through
 * `fork` with its settings in BENCH_APP_* variables; sends `{ port }` once listening and exits on
 * "stop".
 */
import type { AddressInfo } from "node:net";
import { buildApp, warmUp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { startJobs } from "../server/jobs/start-jobs";

const send = (message: unknown) => process.send?.(message);
const database = await openDatabase({
  url: process.env.BENCH_APP_DATABASE_URL ?? "",
  poolSize: Number(process.env.BENCH_APP_POOL_SIZE) || undefined,
});
const config = loadConfig({
  NODE_ENV: "production",
  SESSION_SECRET: "bench-secret",
  LOG_LEVEL: "error",
  DATA_DIR: process.env.BENCH_APP_DATA_DIR ?? "",
  SOFT_CLOSE_MINUTES: process.env.BENCH_APP_SOFT_CLOSE_MINUTES ?? "2",
});
const app = await buildApp({ config, database, logger: false });
// The background workers run as under `npm start` (outbid emails leave through one): their work
// counts in the run.
const stopJobs = startJobs(app);
// As server.ts: BENCH_WARM_UP=0 leaves it out, to measure what it saves.
if (process.env.BENCH_WARM_UP !== "0") await warmUp(app);
await app.listen({ port: 0, host: "127.0.0.1" });
send({ port: (app.server.address() as AddressInfo).port });
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await stopJobs();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("message", (message) => {
  if (message === "stop") void stop();
  // The CPU time this process has used so far (µs), for the benchmark's CPU-per-request figure.
  if (message === "cpu") send({ cpu: process.cpuUsage() });
});
// Should the benchmark die, its channel closes: do not outlive it.
process.on("disconnect", () => void stop());
