/**
 * npm run bench:instance-cost: where the CPU per request of several instances goes (issue 31). The
 * soak measured 1.62 ms per request on one instance and 2.61 ms with three; this separates what
 * an instance costs while idle from what a request costs, with the soak's set-up (the built
 * server, a PostgreSQL primary and a streaming replica, three instances) and a fixed request rate
 * (open loop), so that one and three instances answer the same requests:
 *
 * 1. Idle: each instance's CPU over COST_IDLE_SECONDS with no request at all.
 * 2. Live clients: the same with COST_LIVE server-sent-event clients open on each instance.
 * 3. Load, alternating (A B A B ...): COST_RATE browse requests a second, all to the first
 *    instance (A) or spread over the three (B), COST_ROUND_SECONDS each, after a warm-up that
 *    sends requests to every instance (each process compiles its own code).
 *
 * CPU is read from /proc (utime + stime), not from /metrics, so that measuring costs nothing.
 * BENCH_CPU_PROF=dir writes a V8 CPU profile of each instance there (at exit).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { Agent, request } from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../server/db/client";
import { seedDatabase } from "../server/seed/seed";
import { type ReplicaPair, startReplicaPair } from "../server/test/pg-replica";
import { freePort } from "../server/test/server-process";
import { auctionMaker, run, withCleanUp } from "./harness";

const IDLE_SECONDS = Number(process.env.COST_IDLE_SECONDS ?? 20);
const ROUND_SECONDS = Number(process.env.COST_ROUND_SECONDS ?? 15);
const ROUNDS = Number(process.env.COST_ROUNDS ?? 2);
const RATE = Number(process.env.COST_RATE ?? 60);
const LIVE = Number(process.env.COST_LIVE ?? 10);
const WARM_SECONDS = Number(process.env.COST_WARM_SECONDS ?? 10);
const INSTANCES = 3;
const TICK = 100; // clock ticks a second: /proc/<pid>/stat counts CPU in them (USER_HZ)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds a process has used (user + system). */
function cpuOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICK;
}

/** Context switches of a process so far: voluntary (it waited) and not (it was preempted). */
function switchesOf(pid: number): { voluntary: number; forced: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
  return {
    voluntary: field("voluntary_ctxt_switches"),
    forced: field("nonvoluntary_ctxt_switches"),
  };
}

function get(agent: Agent, port: number, urlPath: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ agent, host: "127.0.0.1", port, path: urlPath }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    req.end();
  });
}

async function main() {
  execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { stdio: "inherit" });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tw-cost-"));
  let pair: ReplicaPair | null = null;
  const children: ChildProcess[] = [];
  const streams = new Set<ReturnType<typeof request>>();
  await withCleanUp(
    async () => {
      for (const s of streams) s.destroy();
      await Promise.all(
        children.map(
          (c) =>
            new Promise((resolve) => {
              if (c.exitCode !== null || c.signalCode !== null) return resolve(null);
              c.once("exit", resolve);
              c.kill("SIGTERM");
            }),
        ),
      );
      await pair?.dispose().catch(() => undefined);
      fs.rmSync(scratch, { recursive: true, force: true });
    },
    async () => {
      pair = await startReplicaPair();
      const setup = await openDatabase({ url: pair.primaryUrl });
      await setup.migrate();
      await seedDatabase(setup.db, {});
      await setup.close();
      const pool = new pg.Pool({ connectionString: pair.primaryUrl, max: 2 });
      pool.on("error", () => undefined);
      const makeAuction = await auctionMaker(pool, 1000);
      const auctions: string[] = [];
      for (let i = 0; i < 6; i++) auctions.push(await makeAuction(`Cost auction ${i + 1}`));
      await pool.end();

      const env = {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        DATA_DIR: path.join(scratch, "data"),
        DATABASE_URL: pair.primaryUrl,
        DATABASE_READ_URL: pair.replicaUrl,
        DATABASE_POOL_SIZE: "10",
        SESSION_SECRET: randomBytes(32).toString("hex"),
        PUBLIC_URL: "http://127.0.0.1",
        LOG_LEVEL: "error",
        ...(process.env.COST_ENV ? JSON.parse(process.env.COST_ENV) : {}),
      };
      const prof = process.env.BENCH_CPU_PROF;
      const ports: number[] = [];
      // COST_SERVERS=a,b,c runs instance i from build i (another checkout's dist/server/server.js),
      // to compare two versions' idle cost in one run.
      const servers = (process.env.COST_SERVERS ?? "").split(",").filter(Boolean);
      for (let i = 0; i < INSTANCES; i++) {
        const port = await freePort();
        const child = spawn(
          process.execPath,
          [
            ...(prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : []),
            servers[i] ?? "dist/server/server.js",
          ],
          { env: { ...process.env, ...env, PORT: String(port) }, stdio: "inherit" },
        );
        children.push(child);
        ports.push(port);
      }
      const agent = new Agent({ keepAlive: true, maxSockets: 64 });
      for (const port of ports)
        while ((await get(agent, port, "/readyz")) !== 200) await sleep(200);
      const pids = children.map((c) => c.pid as number);
      const cpus = () => pids.map(cpuOf);
      const diff = (a: number[], b: number[]) => b.map((x, i) => x - (a[i] ?? 0));
      const fmt = (xs: number[]) => xs.map((x) => (x * 1000).toFixed(0).padStart(5)).join(" ");

      const words = ["bike", "vintage", "phone", "table", "guitar", "camera", "lamp", "shoes"];
      const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
      const browseUrl = () => {
        const r = Math.random();
        return r < 0.4
          ? `/api/listings?search=${pick(words)}`
          : r < 0.6
            ? "/api/home"
            : r < 0.8
              ? `/api/listings/${pick(auctions)}`
              : `/api/listings?page=${1 + Math.floor(Math.random() * 5)}`;
      };
      /** RATE requests a second for `seconds` to `targets` in turn (open loop). */
      const load = async (targets: number[], seconds: number, rate = RATE) => {
        const pending: Promise<number>[] = [];
        const start = performance.now();
        let n = 0;
        let errors = 0;
        while (performance.now() - start < seconds * 1000) {
          const port = targets[n % targets.length] as number;
          pending.push(
            get(agent, port, browseUrl()).then((status) => {
              if (status !== 200) errors++;
              return status;
            }),
          );
          n++;
          const due = start + (n * 1000) / rate;
          await sleep(Math.max(0, due - performance.now()));
        }
        await Promise.all(pending);
        return { n, errors };
      };

      console.log(
        `instance-cost ${new Date().toISOString()}: ${INSTANCES} instances, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
      );
      // Warm every process: its own JIT, its own caches.
      if (WARM_SECONDS > 0) await load(ports, WARM_SECONDS);
      await sleep(3000);

      let before = cpus();
      await sleep(IDLE_SECONDS * 1000);
      const idle = diff(before, cpus()).map((c) => c / IDLE_SECONDS);
      console.log(`idle, CPU ms per second per instance: ${fmt(idle)}`);

      for (const [i, port] of LIVE > 0 ? ports.entries() : [])
        for (let j = 0; j < LIVE; j++) {
          const req = request({
            agent: new Agent(),
            host: "127.0.0.1",
            port,
            path: `/api/live?listings=${auctions[(i + j) % auctions.length]}`,
          });
          req.on("response", (res) => res.resume());
          req.on("error", () => undefined);
          streams.add(req);
          req.end();
        }
      await sleep(2000);
      before = cpus();
      await sleep(IDLE_SECONDS * 1000);
      const withLive = diff(before, cpus()).map((c) => c / IDLE_SECONDS);
      console.log(
        `idle with ${LIVE} live clients each, CPU ms per second per instance: ${fmt(withLive)}`,
      );
      for (const s of streams) s.destroy();
      streams.clear();
      await sleep(1000);

      const results: { mode: string; n: number; cpu: number[] }[] = [];
      for (let round = 0; round < ROUNDS; round++)
        for (const mode of round % 2 === 0 ? ["A", "B", "C"] : ["C", "B", "A"]) {
          const targets = mode === "B" ? ports : [ports[0] as number];
          before = cpus();
          const switchesBefore = pids.map(switchesOf);
          const { n, errors } = await load(
            targets,
            ROUND_SECONDS,
            mode === "C" ? RATE / INSTANCES : RATE,
          );
          const cpu = diff(before, cpus());
          const switches = pids.map((pid, i) => {
            const now = switchesOf(pid);
            const was = switchesBefore[i] ?? { voluntary: 0, forced: 0 };
            return `${now.voluntary - was.voluntary}/${now.forced - was.forced}`;
          });
          results.push({ mode, n, cpu });
          const total = cpu.reduce((a, b) => a + b, 0);
          const idleShare = idle.reduce((a, b) => a + b, 0) * ROUND_SECONDS;
          console.log(`  context switches (voluntary/forced) by instance: ${switches.join(" ")}`);
          console.log(
            `${mode} (${({ A: "one instance", B: "three", C: "one instance, a third of the rate" } as Record<string, string>)[mode]}): ${n} requests (${errors} not 200), CPU ms by instance ${fmt(cpu)}; all instances ${((total * 1000) / n).toFixed(2)} ms per request, less their idle cost ${(((total - idleShare) * 1000) / n).toFixed(2)} ms; the instances serving ${(((mode === "B" ? total : (cpu[0] ?? 0)) * 1000) / n).toFixed(2)} ms`,
          );
        }
      for (const mode of ["A", "B", "C"]) {
        const of = results.filter((r) => r.mode === mode);
        const n = of.reduce((a, r) => a + r.n, 0);
        const serving = of.reduce(
          (a, r) => a + (mode === "B" ? r.cpu.reduce((x, y) => x + y, 0) : (r.cpu[0] ?? 0)),
          0,
        );
        const all = of.reduce((a, r) => a + r.cpu.reduce((x, y) => x + y, 0), 0);
        console.log(
          `${mode} overall: serving instances ${((serving * 1000) / n).toFixed(2)} ms per request, all three ${((all * 1000) / n).toFixed(2)} ms`,
        );
      }
      console.log(
        `load average at the end ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
      );
    },
  );
}

run(main);
