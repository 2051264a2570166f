/**
 * npm run bench:request-cpu — the app's own CPU per request, in process (issue 30): the app built as
 * bench/app-process.ts builds it, on the 1,000,000-listing database that bench:search keeps (run it
 * once first), each path answered through fastify's inject() one request at a time, and
 * process.cpuUsage() (user + system, this process only: PostgreSQL's work is not in it) divided by
 * the requests. Unlike a V8 profile's wall time, it counts what the process burns, not what it
 * waits for.
 *
 * BENCH_PATHS (comma-separated; default Best Match of a common word, a word nothing matches and the
 * home API), BENCH_ROUNDS (5) rounds of BENCH_REQUESTS (300) each, the paths taking turns in each
 * round so that the machine's drift weighs on all alike; the median round and the lowest are
 * printed. BENCH_PERF_WAIT=1 prints the process id and waits for Enter before measuring, for
 * `perf record -F 999 -g -p PID` (start node with --perf-basic-prof for JavaScript's names).
 */
import { buildApp, warmUp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import * as harness from "./harness";
import { DB_NAME, dbUrl } from "./search-shapes";

const PATHS = (
  process.env.BENCH_PATHS ??
  "/api/listings?search=vintage,/api/listings?search=xylophonist&sort=newest,/api/home"
).split(",");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

harness.run(async () => {
  const database = await openDatabase({ url: dbUrl(DB_NAME) });
  const config = loadConfig({
    NODE_ENV: "production",
    SESSION_SECRET: "bench-secret",
    LOG_LEVEL: "error",
    DATA_DIR: "",
  });
  const app = await buildApp({ config, database, logger: false });
  await warmUp(app);
  const get = async (url: string) => {
    const res = await app.inject({ method: "GET", url });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    return res;
  };
  for (const url of PATHS) {
    for (let i = 0; i < 100; i++) await get(url);
    const body = (await get(url)).body;
    console.log(`${url}: ${body.length} bytes`);
  }
  if (process.env.BENCH_PERF_WAIT === "1") {
    console.log(`pid ${process.pid}: press Enter to measure`);
    await new Promise((resolve) => process.stdin.once("data", resolve));
  }
  const cpu = new Map<string, number[]>(PATHS.map((p) => [p, []]));
  const wall = new Map<string, number[]>(PATHS.map((p) => [p, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const url of PATHS) {
      const before = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i++) await get(url);
      const used = process.cpuUsage(before);
      cpu.get(url)?.push((used.user + used.system) / 1000 / REQUESTS);
      wall.get(url)?.push((performance.now() - started) / REQUESTS);
    }
  }
  console.log(
    `${"path".padEnd(50)} ${"CPU/req med".padStart(11)} ${"min".padStart(6)} ${"wall/req med".padStart(12)}`,
  );
  for (const url of PATHS) {
    const c = [...(cpu.get(url) ?? [])].sort((a, b) => a - b);
    const w = [...(wall.get(url) ?? [])].sort((a, b) => a - b);
    console.log(
      `${url.padEnd(50)} ${harness.percentile(c, 0.5).toFixed(3).padStart(11)} ${(c[0] ?? 0).toFixed(3).padStart(6)} ${harness.percentile(w, 0.5).toFixed(3).padStart(12)}`,
    );
  }
  await app.close();
  await database.close();
});
