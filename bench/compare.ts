/**
 * npm run bench:compare — two versions of the app under the same load, for "did this change make
 * the app faster?" on a machine whose speed drifts from minute to minute (a run of bench:search
 * moves by up to a factor of two with the machine's other work).
 *
 * A is a git revision (BENCH_BASE, default HEAD), exported with `git archive` into a temporary
 * folder that uses this checkout's node_modules; B is the working tree. Both are started at once,
 * each through its own bench/app-process.ts, on the 1,000,000-listing database that bench:search
 * builds and keeps (run it once first). Each path (BENCH_PATHS, comma-separated; default the seven
 * shapes of bench:search) is then driven by 10 clients in 1 s slices alternating between A and B,
 * BENCH_SLICES (8) each, so whatever else the machine does weighs on both alike. It prints for each
 * version p50/p95 latency, requests answered and the app process's CPU per request (user + system,
 * from process.cpuUsage), and B against A.
 */

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { Agent } from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import * as harness from "./harness";
import { DB_NAME, dbUrl, getStatus, SHAPES } from "./search-shapes";

const BASE = process.env.BENCH_BASE ?? "HEAD";
const SLICES = Number(process.env.BENCH_SLICES ?? 8);
const SLICE_MS = 1000;
const CLIENTS = 10;
const repo = path.resolve(import.meta.dirname, "..");

const paths: { name: string; path: string }[] = process.env.BENCH_PATHS
  ? process.env.BENCH_PATHS.split(",").map((p) => ({ name: p, path: p }))
  : SHAPES;

interface Side {
  label: string;
  app: harness.AppProcess;
  agent: Agent;
  latencies: number[];
  cpuMicros: number;
}

/** The revision's files in a temporary folder, with this checkout's installed packages. */
function exportRevision(revision: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw_bench_compare_"));
  const archive = execFileSync("git", ["archive", revision], {
    cwd: repo,
    maxBuffer: 1 << 30,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  fs.symlinkSync(path.join(repo, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

async function databaseReady(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(
      "select 1 from information_schema.tables where table_name = 'bench_search_marker'",
    );
    return rows.length > 0;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One slice: CLIENTS closed loops on `side` for SLICE_MS, its latencies and CPU added to it. */
async function slice(side: Side, urlPath: string): Promise<void> {
  const cpuBefore = await side.app.cpuMicros();
  const until = performance.now() + SLICE_MS;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const status = await getStatus(side.agent, side.app.port, urlPath);
        if (status !== 200) throw new Error(`${side.label} ${urlPath} answered ${status}`);
        side.latencies.push(performance.now() - started);
      }
    }),
  );
  side.cpuMicros += (await side.app.cpuMicros()) - cpuBefore;
}

async function main() {
  const url = dbUrl(DB_NAME);
  if (!(await databaseReady(url))) {
    throw new Error(`${DB_NAME} is not built: run npm run bench:search once first`);
  }
  const revision = execFileSync("git", ["rev-parse", "--short", BASE], { cwd: repo })
    .toString()
    .trim();
  const baseDir = exportRevision(BASE);
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "tw_bench_compare_")));
  const sides: Side[] = [];
  await harness.withCleanUp(
    async () => {
      for (const side of sides) side.agent.destroy();
      await Promise.all(sides.map((side) => side.app.stop()));
      for (const dir of [baseDir, ...dataDirs]) fs.rmSync(dir, { recursive: true, force: true });
    },
    async () => {
      // The revision's own harness starts the revision's own app-process.ts.
      const baseHarness = (await import(
        path.join(baseDir, "bench", "harness.ts")
      )) as typeof harness;
      const settings = (dataDir: string) => ({
        databaseUrl: url,
        dataDir,
        softCloseMinutes: 2,
        poolSize: CLIENTS + 2,
      });
      const [a, b] = await Promise.all([
        baseHarness.startApp({ name: "A", ...settings(dataDirs[0] as string) }),
        harness.startApp({ name: "B", ...settings(dataDirs[1] as string) }),
      ]);
      for (const [label, app] of [
        [`A (${revision})`, a],
        ["B (working tree)", b],
      ] as const) {
        sides.push({
          label,
          app,
          agent: new Agent({ keepAlive: true, maxSockets: CLIENTS }),
          latencies: [],
          cpuMicros: 0,
        });
      }
      const load = os.loadavg().map((l) => l.toFixed(2));
      console.log(
        `bench:compare — A ${revision} against B the working tree, ${CLIENTS} clients, ${SLICES} slices of ${SLICE_MS} ms each, alternating; load average at start ${load.join(" ")}`,
      );
      console.log(
        `\n${"shape".padEnd(18)}${"A p50".padStart(8)}${"B p50".padStart(8)}${"A p95".padStart(8)}${"B p95".padStart(8)}${"A n".padStart(7)}${"B n".padStart(7)}${"A CPU/req".padStart(11)}${"B CPU/req".padStart(11)}${"B/A CPU".padStart(9)}`,
      );
      for (const shape of paths) {
        for (const side of sides) {
          side.latencies = [];
          side.cpuMicros = 0;
          // Warm-up, not counted: the first requests compile code and fill caches.
          for (let i = 0; i < 50; i++) await getStatus(side.agent, side.app.port, shape.path);
        }
        for (let i = 0; i < SLICES * 2; i++) {
          await slice(sides[i % 2] as Side, shape.path);
        }
        const [sa, sb] = sides as [Side, Side];
        const figures = [sa, sb].map((side) => {
          side.latencies.sort((x, y) => x - y);
          return {
            p50: harness.percentile(side.latencies, 0.5),
            p95: harness.percentile(side.latencies, 0.95),
            n: side.latencies.length,
            cpu: side.cpuMicros / 1000 / side.latencies.length,
          };
        });
        const [fa, fb] = figures as [(typeof figures)[number], (typeof figures)[number]];
        const ms = (v: number, width = 8) => v.toFixed(1).padStart(width);
        console.log(
          `${shape.name.padEnd(18)}${ms(fa.p50)}${ms(fb.p50)}${ms(fa.p95)}${ms(fb.p95)}${String(fa.n).padStart(7)}${String(fb.n).padStart(7)}${fa.cpu.toFixed(3).padStart(11)}${fb.cpu.toFixed(3).padStart(11)}${(fb.cpu / fa.cpu).toFixed(2).padStart(9)}`,
        );
      }
      console.log(
        `\nCPU/req: the app process's user + system CPU per answered request, ms. Load average at the end ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
      );
    },
  );
}

harness.run(main);
