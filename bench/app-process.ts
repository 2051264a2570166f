/**
 * Runs the real app in its own process for a benchmark, as `npm start` would, so the load generator
 * shares neither its event loop nor its process. Started by bench/bids.ts through `fork` with its
 * settings in BENCH_APP_* variables; sends `{ port }` once listening and exits on "stop".
 */
import type { AddressInfo } from "node:net";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";

const send = (message: unknown) => process.send?.(message);
const database = await openDatabase({ url: process.env.BENCH_APP_DATABASE_URL ?? "" });
const config = loadConfig({
  NODE_ENV: "production",
  SESSION_SECRET: "bench-secret",
  LOG_LEVEL: "error",
  DATA_DIR: process.env.BENCH_APP_DATA_DIR ?? "",
  SOFT_CLOSE_MINUTES: process.env.BENCH_APP_SOFT_CLOSE_MINUTES ?? "2",
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
send({ port: (app.server.address() as AddressInfo).port });
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("message", (message) => {
  if (message === "stop") void stop();
});
// Should the benchmark die, its channel closes: do not outlive it.
process.on("disconnect", () => void stop());
