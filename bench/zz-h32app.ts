import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { startJobs } from "../server/jobs/start-jobs";
const database = await openDatabase({ url: "postgres://postgres@localhost/tw_bench_search?host=/var/run/postgresql" });
const config = loadConfig({ NODE_ENV: "production", SESSION_SECRET: "x", LOG_LEVEL: "error", DATA_DIR: "/tmp/h32search-dd" });
const app = await buildApp({ config, database });
const stop = startJobs(app);
await app.listen({ port: 0, host: "127.0.0.1" });
for (const url of ["/api/home", "/api/home", "/api/home?territory=jamaica"]) {
  const r = await app.inject({ method: "GET", url });
  console.log(url, r.statusCode, r.body.slice(0, 300));
}
await stop(); await app.close(); await database.close();
