import path from "node:path";
import { buildApp, warmUp } from "./app";
import { settableClock } from "./clock";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import type { ReplicaStatus } from "./db/read-replica";
import { runMoneyJobs } from "./jobs/money-jobs";
import { startJobs } from "./jobs/start-jobs";
import { seedDatabase } from "./seed/seed";

/** How long a stop may take after the drain: the slowest request or job run still finishing. */
const SHUTDOWN_LIMIT_MS = 30_000;

/** Milliseconds since the process started, and since the last lap: where a start spends its time. */
function stopwatch() {
  const laps: string[] = [];
  // performance.now() counts from the process's start, so the first lap is the code's loading.
  let last = 0;
  return {
    lap(name: string) {
      const now = performance.now();
      laps.push(`${name} ${Math.round(now - last)} ms`);
      last = now;
    },
    summary: () =>
      `ready ${Math.round(performance.now())} ms after the process started (${laps.join(", ")})`,
  };
}

/** The process: read config, open and migrate the database, seed an empty one, listen, and stop cleanly. */
async function main() {
  const timing = stopwatch();
  timing.lap("loading the code");
  const config = loadConfig();
  // The replica's state changes are logged once the app's logger exists; until then, to stderr.
  let replicaLog = (status: ReplicaStatus) => console.error("read replica", status);
  const database = await openDatabase(
    config.databaseUrl
      ? {
          url: config.databaseUrl,
          poolSize: config.databasePoolSize,
          read: config.databaseReadUrl
            ? {
                url: config.databaseReadUrl,
                maxLagMs: config.databaseReadMaxLagMs,
                onChange: (status) => replicaLog(status),
              }
            : undefined,
        }
      : { pgliteDir: path.join(config.dataDir, "pglite") },
  );
  timing.lap("opening the database");
  await database.migrate();
  timing.lap("migrations");
  // Outside production the end-to-end suite (and a developer) may run on a money clock that POST
  // /api/dev/clock moves, to see a hold period end without waiting days.
  const clock =
    !config.isProduction && process.env.MONEY_CLOCK === "settable" ? settableClock() : undefined;
  const app = await buildApp({ config, database, clock, moneyJobs: runMoneyJobs });
  timing.lap("the app");
  replicaLog = (status) =>
    status.healthy
      ? app.log.info({ replica: status }, "read replica in use")
      : app.log.warn({ replica: status }, "read replica skipped: public reads go to the primary");
  // The reference data (categories, territories, bid increments) always; the demo data, whose
  // accounts share a published password, only outside production or when DEMO_DATA=1 asks for it.
  const seeded = await seedDatabase(database.db, {
    uploadsDir: config.uploadsDir,
    storage: app.storage,
    log: (msg) => app.log.info(msg),
    demo: config.demoData,
  });
  if (seeded.seeded && config.isProduction)
    app.log.warn("demo data created (DEMO_DATA=1): its accounts share a published password");
  else if (seeded.seeded) app.log.info("demo data created");
  timing.lap("seeding");

  const stopJobs = startJobs(app);

  let closing = false;
  // A graceful stop, in the order a load balancer needs: /readyz answers 503 at once, and requests
  // keep being served for shutdownDrainMs while the balancer's checks notice; then the jobs finish
  // their runs (which ends their leases: nothing waits for a lease to run out), the live streams
  // are closed with a hint to reconnect soon (elsewhere), and close() lets the requests in flight
  // finish while new ones are refused. A stop that hangs is cut off rather than waited on forever.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.stopping = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, "shutting down");
    setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, config.shutdownDrainMs + SHUTDOWN_LIMIT_MS).unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await stopJobs();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await warmUp(app);
  timing.lap("warm-up");
  await app.listen({ port: config.port, host: config.host });
  timing.lap("listening");
  app.log.info(timing.summary());
  app.log.info(`Tradewinds is running at ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
