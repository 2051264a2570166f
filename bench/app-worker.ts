/**
 * Runs the real app in a worker thread for a benchmark, so the load generator in the main thread
 * does not share the server's event loop. Posts `{ port }` once listening; closes on "stop".
 */
import type { AddressInfo } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";

const { databaseUrl, dataDir, softCloseMinutes } = workerData as {
  databaseUrl: string;
  dataDir: string;
  softCloseMinutes: number;
};
const database = await openDatabase({ url: databaseUrl });
const config = loadConfig({
  NODE_ENV: "production",
  SESSION_SECRET: "bench-secret",
  LOG_LEVEL: "error",
  DATA_DIR: dataDir,
  SOFT_CLOSE_MINUTES: String(softCloseMinutes),
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
parentPort?.postMessage({ port: (app.server.address() as AddressInfo).port });
parentPort?.on("message", async (msg) => {
  if (msg === "stop") {
    await app.close();
    await database.close();
    parentPort?.postMessage("stopped");
  }
});
