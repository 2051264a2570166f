/**
 * `npm run bench:pages`: Lighthouse (mobile and desktop) on the home page, /listings, a category and
 * an auction page of the production build served by our own server, against a bare Vite + React page
 * built and served (same precompression, same static handler) in the same run. Prints the scores,
 * LCP/CLS/TBT, each page's LCP against the bare page's (a phone's first paint, which the score ratio
 * cannot show while the bare page scores 100), the JavaScript the page loaded (bytes on the wire and
 * bytes the browser parsed), the ratio of each page's performance score to the baseline's, and every
 * audit of the three categories that failed, those of weight 0 included.
 *
 * BENCH_PAGES_URL=http://host:port measures a server already running instead of starting one;
 * BENCH_RUNS=n measures each page n times and keeps the median (default 1);
 * BENCH_CHROMIUM overrides /usr/bin/chromium;
 * BENCH_PAGES_FORMS=mobile (or desktop) measures only that form factor (default both);
 * BENCH_PAGES_SAVE=dir writes each Lighthouse report there (JSON), to read what a figure came from.
 *
 * Two throttling models, each form factor measured under both (BENCH_PAGES_THROTTLING=simulate or
 * devtools picks one):
 * - simulate (Lighthouse's default, the model issue 32's goal was set on): the page is loaded at full
 *   speed and Lantern estimates a phone's figures from the trace. It charges a paint for every request
 *   that had ended before the paint was observed, module scripts included, so on this local server
 *   (scripts answered in 100-200 ms) a paint written into the HTML is charged for the app's scripts
 *   whenever the machine paints later than they arrive (docs/benchmarks.md, issue 32, evening).
 * - devtools: the browser itself is slowed as the form factor's settings say (mobile: 562.5 ms per
 *   request, 1.4 Mbit/s down, CPU 4 times slower) and LCP is what it observed. Nothing is estimated;
 *   the figure moves with the machine's load more than the simulation's does, for the page and the
 *   bare page alike.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import react from "@vitejs/plugin-react";
import Fastify from "fastify";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { build } from "vite";
import { precompress } from "../client/build/precompress";
import { run, withCleanUp } from "./harness";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chromiumPath = process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium";
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 1);
const saveDir = process.env.BENCH_PAGES_SAVE;
const forms = (["mobile", "desktop"] as const).filter(
  (form) =>
    !process.env.BENCH_PAGES_FORMS || process.env.BENCH_PAGES_FORMS.split(",").includes(form),
);
/** Lighthouse's throttling models (see above); both unless BENCH_PAGES_THROTTLING names one. */
const methods = (["simulate", "devtools"] as const).filter(
  (method) =>
    !process.env.BENCH_PAGES_THROTTLING ||
    process.env.BENCH_PAGES_THROTTLING.split(",").includes(method),
);
type Throttling = (typeof methods)[number];
let saved = 0;
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

type FormFactor = "mobile" | "desktop";

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  /** The largest paint as the browser saw it in this run, before any simulation (ms). */
  observedLcpMs: number;
  cls: number;
  tbtMs: number;
  /** Scripts as transferred (compressed when the server compressed them), in KiB. */
  jsKiB: number;
  /** Scripts as the browser parsed them (decoded), in KiB. */
  jsParsedKiB: number;
  jsFiles: number;
  /** Audits that failed, for the reader: those that count toward a category's score. */
  failing: string[];
  /** Failed audits of weight 0 (diagnostics and insights, which move no score). */
  failingWeight0: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the server exited early`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** The production client build (dist/client), as `npm run build` makes it. */
async function buildClient(): Promise<void> {
  await build({ configFile: path.join(repo, "vite.config.ts"), logLevel: "warn" });
}

/** Our server in production mode on a fresh data folder (PGlite), seeded as on a first start. */
async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    cwd: repo,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      // The pages measured are the demo's (an auction, a category with listings): production
      // writes no demo data unless asked.
      DEMO_DATA: "1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child, 300_000);
  return { url, child };
}

const BARE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A bare Vite and React page." />
    <title>Vite + React</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.jsx"></script>
  </body>
</html>
`;

const BARE_MAIN = `import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";

function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Vite + React</h1>
      <button type="button" onClick={() => setCount((c) => c + 1)}>count is {count}</button>
      <p>Edit <code>src/App.jsx</code> and save to test HMR.</p>
    </main>
  );
}

createRoot(document.getElementById("root")).render(<StrictMode><App /></StrictMode>);
`;

/** The baseline: Vite's React starter reduced to its page, built and served like ours. */
async function startBaseline(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const src = path.join(dir, "src");
  const out = path.join(dir, "dist");
  fs.mkdirSync(src, { recursive: true });
  fs.writeFileSync(path.join(src, "index.html"), BARE_HTML);
  fs.writeFileSync(path.join(src, "main.jsx"), BARE_MAIN);
  // Resolves react and react-dom from our own node_modules.
  fs.symlinkSync(path.join(repo, "node_modules"), path.join(dir, "node_modules"), "dir");
  await build({
    root: src,
    configFile: false,
    logLevel: "warn",
    plugins: [react(), precompress()],
    build: { outDir: out, emptyOutDir: true },
  });
  const app = Fastify();
  await app.register(fastifyStatic, {
    root: out,
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header(
        "cache-control",
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? "public, max-age=31536000, immutable"
          : "no-cache",
      );
    },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => app.close() };
}

/** Chromium with a DevTools port for Lighthouse. */
async function startChromium(profileDir: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    chromiumPath,
    [
      ...CHROMIUM_FLAGS,
      "--remote-debugging-port=0",
      `--user-data-dir=${profileDir}`,
      "about:blank",
    ],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error("Chromium did not start")), 30_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = seen.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited with ${code}: ${seen}`)));
  });
  return { port, child };
}

interface Mode {
  form: FormFactor;
  throttling: Throttling;
}

async function measureOnce(
  url: string,
  port: number,
  { form, throttling }: Mode,
): Promise<Measure> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      throttlingMethod: throttling,
    },
    form === "desktop" ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (saveDir) {
    fs.mkdirSync(saveDir, { recursive: true });
    const name = `${String(++saved).padStart(3, "0")}-${form}-${throttling}-${new URL(url).pathname.replace(/[^a-z0-9]+/gi, "_")}.json`;
    fs.writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (
      lhr.audits["network-requests"]?.details as
        | { items: { resourceType?: string; transferSize?: number; resourceSize?: number }[] }
        | undefined
    )?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === "Script");
  // A failed audit: scored below 1. Informative, manual and not-applicable audits have no score.
  const failed = (weighted: boolean) =>
    CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 === weighted && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcpMs: numeric("largest-contentful-paint"),
    observedLcpMs:
      (lhr.audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] })
        ?.items?.[0]?.observedLargestContentfulPaint ?? Number.NaN,
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    jsKiB: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    jsParsedKiB: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0) / 1024,
    jsFiles: scripts.length,
    failing: [...new Set(failed(true))],
    failingWeight0: [...new Set(failed(false))],
  };
}

/**
 * One measurement, tried up to three times: on a loaded machine Lighthouse now and then loses the
 * trace (NO_NAVSTART, NO_FCP), which says nothing about the page.
 */
async function measureWithRetry(url: string, port: number, mode: Mode): Promise<Measure> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(url, port, mode);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(
        `  ${mode.form} (${mode.throttling}) ${url}: ${(err as Error).message.slice(0, 120)}; measuring again`,
      );
    }
  }
}

/** The run with the median performance score of `runs`, with the median LCP of the runs. */
async function measure(url: string, port: number, mode: Mode): Promise<Measure> {
  const all: Measure[] = [];
  for (let i = 0; i < runs; i++) all.push(await measureWithRetry(url, port, mode));
  const middle = Math.floor(all.length / 2);
  const lcps = all.map((m) => m.lcpMs).sort((a, b) => a - b);
  all.sort((a, b) => a.performance - b.performance);
  return { ...(all[middle] as Measure), lcpMs: lcps[middle] as number };
}

/** A category slug and an open auction's id, found through the API as a visitor would. */
async function pickPages(base: string): Promise<{ name: string; path: string }[]> {
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as {
    items: { slug: string }[];
  };
  const category = categories.items[0]?.slug;
  const auctions = (await (await fetch(`${base}/api/listings?kind=auction&pageSize=1`)).json()) as {
    items: { id: string }[];
  };
  const auction = auctions.items[0]?.id;
  if (!category || !auction) throw new Error("the server has no category or no auction to measure");
  return [
    { name: "home", path: "/" },
    { name: "/listings", path: "/listings" },
    { name: "category", path: `/category/${category}` },
    { name: "auction", path: `/listing/${auction}` },
  ];
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

function printTable({ form, throttling }: Mode, baseline: Measure, rows: [string, Measure][]) {
  console.log(
    `\n${form}, ${throttling === "simulate" ? "simulated (Lantern)" : "devtools throttling (observed)"}`,
  );
  console.log(
    `${"page".padEnd(10)}${pad("perf", 6)}${pad("a11y", 6)}${pad("bp", 5)}${pad("LCP ms", 9)}${pad("LCP x", 7)}${pad("seen", 6)}${pad("CLS", 7)}${pad("TBT ms", 8)}${pad("JS KiB", 8)}${pad("parsed", 8)}${pad("files", 6)}${pad("ratio", 7)}`,
  );
  for (const [name, m] of [["baseline", baseline] as [string, Measure], ...rows]) {
    const ratio = baseline.performance > 0 ? m.performance / baseline.performance : Number.NaN;
    const lcpRatio = m.lcpMs / baseline.lcpMs;
    console.log(
      `${name.padEnd(10)}${pad(m.performance, 6)}${pad(m.accessibility, 6)}${pad(m.bestPractices, 5)}${pad(Math.round(m.lcpMs), 9)}${pad(lcpRatio.toFixed(2), 7)}${pad(Math.round(m.observedLcpMs), 6)}${pad(m.cls.toFixed(3), 7)}${pad(Math.round(m.tbtMs), 8)}${pad(m.jsKiB.toFixed(1), 8)}${pad(m.jsParsedKiB.toFixed(1), 8)}${pad(m.jsFiles, 6)}${pad(ratio.toFixed(2), 7)}`,
    );
  }
  for (const [name, m] of [["baseline", baseline] as [string, Measure], ...rows]) {
    if (m.failing.length > 0) console.log(`  ${name}: failing ${m.failing.join(", ")}`);
    if (m.failingWeight0.length > 0) {
      console.log(`  ${name}: failing, weight 0: ${m.failingWeight0.join(", ")}`);
    }
  }
}

async function main() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
  let server: ChildProcess | null = null;
  let chromium: ChildProcess | null = null;
  let baselineClose: (() => Promise<void>) | null = null;
  await withCleanUp(
    async () => {
      await baselineClose?.().catch(() => undefined);
      await stopProcess(chromium);
      await stopProcess(server);
      fs.rmSync(scratch, { recursive: true, force: true });
    },
    async () => {
      console.log(
        `load average at start: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
      );
      let base = process.env.BENCH_PAGES_URL?.replace(/\/$/, "");
      if (!base) {
        console.log("building the client (production) ...");
        await buildClient();
        console.log("starting the server on a fresh data folder ...");
        const started = await startServer(path.join(scratch, "data"));
        server = started.child;
        base = started.url;
      }
      console.log("building the baseline (bare Vite + React) ...");
      const baseline = await startBaseline(path.join(scratch, "baseline"));
      baselineClose = baseline.close;
      const pages = await pickPages(base);
      const browser = await startChromium(path.join(scratch, "chromium"));
      chromium = browser.child;
      // One unmeasured visit per server, so start-up work (first queries, caches) is not measured.
      const warmUp: Mode = { form: "desktop", throttling: "simulate" };
      await measureWithRetry(baseline.url, browser.port, warmUp);
      await measureWithRetry(`${base}/`, browser.port, warmUp);
      for (const form of forms) {
        for (const throttling of methods) {
          const mode = { form, throttling };
          const baselineMeasure = await measure(baseline.url, browser.port, mode);
          const rows: [string, Measure][] = [];
          for (const page of pages) {
            rows.push([page.name, await measure(`${base}${page.path}`, browser.port, mode)]);
          }
          printTable(mode, baselineMeasure, rows);
        }
      }
      console.log(
        `\nLighthouse 12 (${runs} run${runs > 1 ? "s, median" : ""} a page); LCP x = LCP / baseline's; seen = the LCP the browser observed (ms); JS KiB = scripts transferred, parsed = decoded; ratio = performance / baseline's, same run.`,
      );
      console.log(
        `load average at end: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
      );
    },
  );
}

run(main);
