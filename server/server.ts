import path from "node:path";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedDatabase } from "./db/seed";
import { startJobs } from "./jobs/start-jobs";

/** The process: read config, open and migrate the database, seed an empty one, listen, and stop cleanly. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { pgliteDir: path.join(config.dataDir, "pglite") },
  );
  await database.migrate();
  const app = await buildApp({ config, database });
  const seeded = await seedDatabase(database.db, {
    uploadsDir: config.uploadsDir,
    storage: app.storage,
    log: (msg) => app.log.info(msg),
  });
  if (seeded.seeded) app.log.info("demo data created");

  const stopJobs = startJobs(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    try {
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

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Tradewinds is running at ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
