/**
 * npx tsx bench/image-bomb.ts — what a burst of small but huge images does to the server.
 *
 * It starts the app in a process of its own (in-memory PGlite, seeded with the demo data, a temp
 * upload directory), signs in a seeded seller over HTTP, then sends BOMB_COUNT (default 8) uploads
 * at once of a BOMB_WIDTH × BOMB_HEIGHT (default 6000 × 6000) solid-colour PNG, about 100 KB on the
 * wire, while polling /healthz every 20 ms. BOMB_KIND=photo sends a noisy JPEG instead (about 7.5 MB
 * at 6000 × 4000, as a camera photo): the load an honest burst of large photos puts on the server. It prints how long until every upload was answered, their
 * statuses, the /healthz latency meanwhile and the app process's RSS before, at its peak and after.
 * Not part of `npm test`: timing does not belong in tests on shared machines.
 */

import { fork } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { DEMO_PASSWORD } from "../server/seed/seed";

const COUNT = Number(process.env.BOMB_COUNT ?? 8);
const WIDTH = Number(process.env.BOMB_WIDTH ?? 6000);
const HEIGHT = Number(process.env.BOMB_HEIGHT ?? 6000);
const KIND = process.env.BOMB_KIND === "photo" ? "photo" : "png";
const POLL_MS = 20;

type FromApp = { port: number } | { rss: number; peakRss: number };

/** The app's side: build, seed, listen, then answer RSS questions until told to stop. */
async function runApp() {
  const { buildApp } = await import("../server/app");
  const { loadConfig } = await import("../server/config");
  const { openDatabase } = await import("../server/db/client");
  const { seedDatabase } = await import("../server/seed/seed");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-image-bomb-"));
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await seedDatabase(database.db, {});
  const config = loadConfig({
    NODE_ENV: "production",
    SESSION_SECRET: "bench-secret",
    LOG_LEVEL: "error",
    DATA_DIR: dataDir,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  // RSS is sampled rather than read once: the harm is the peak, which is gone by the time the
  // last upload is answered.
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 10);
  const send = (message: FromApp) => process.send?.(message);
  send({ port: (app.server.address() as AddressInfo).port });
  process.on("message", async (message) => {
    if (message === "rss") {
      const rss = process.memoryUsage.rss();
      send({ rss, peakRss: Math.max(peakRss, rss) });
      peakRss = rss;
    }
    if (message === "stop") {
      clearInterval(sampler);
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.on("disconnect", () => process.exit(0));
}

/** A tiny cookie jar: the session and CSRF cookies, echoed as the web app does. */
class Client {
  readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async send(method: string, url: string, body?: BodyInit, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + url, {
      method,
      body,
      headers: {
        ...headers,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(method === "GET" ? {} : { "x-csrf-token": this.cookies.get("tw_csrf") ?? "" }),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
}

/** The image every upload sends. */
async function testImage(): Promise<Buffer> {
  const size = { width: WIDTH, height: HEIGHT, channels: 3 as const };
  if (KIND === "png") {
    return (
      sharp({ create: { ...size, background: "#0f766e" } })
        // The highest level, as an attacker would: one colour then deflates about 1000:1.
        .png({ compressionLevel: 9 })
        .toBuffer()
    );
  }
  // Noise over a colour: a camera photo's entropy, so decoding costs what a real one does.
  const noise = await sharp({
    create: { ...size, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 20 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { ...size, background: "#6a8f3c" } })
    .composite([{ input: noise, blend: "overlay" }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function main() {
  const child = fork(new URL(import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, IMAGE_BOMB_APP: "1" },
  });
  const next = () =>
    new Promise<FromApp>((resolve, reject) => {
      child.once("message", (m: FromApp) => resolve(m));
      child.once("exit", (code) => reject(new Error(`the app exited with code ${code}`)));
    });
  const rss = async () => {
    child.send("rss");
    return (await next()) as { rss: number; peakRss: number };
  };
  try {
    const { port } = (await next()) as { port: number };
    const client = new Client(`http://127.0.0.1:${port}`);
    await client.send("GET", "/api/auth/session");
    const login = await client.send(
      "POST",
      "/api/auth/login",
      JSON.stringify({
        email: "kwame@demo.tradewinds.test",
        password: DEMO_PASSWORD,
      }),
      { "content-type": "application/json" },
    );
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);

    const file = await testImage();
    console.log(
      `${COUNT} uploads of a ${WIDTH}×${HEIGHT} ${KIND === "png" ? "PNG" : "JPEG"} of ${Math.round(
        file.length / 1024,
      )} KB`,
    );

    // Let the seeding's garbage settle so "before" is the idle process.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await rss();

    let polling = true;
    const health: number[] = [];
    const poller = (async () => {
      while (polling) {
        const t0 = performance.now();
        await (await client.send("GET", "/healthz")).arrayBuffer();
        health.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    })();

    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: COUNT }, async () => {
        const form = new FormData();
        form.append(
          "file",
          new Blob([new Uint8Array(file)], { type: `image/${KIND === "png" ? "png" : "jpeg"}` }),
          "bomb",
        );
        const res = await client.send("POST", "/api/uploads", form);
        const body = (await res.json()) as { error?: { code: string } };
        return { status: res.status, code: body.error?.code, ms: performance.now() - started };
      }),
    );
    const elapsed = performance.now() - started;
    polling = false;
    await poller;
    const after = await rss();

    const sorted = [...health].sort((a, b) => a - b);
    const statuses = new Map<string, number>();
    for (const a of answers) {
      const key = `${a.status}${a.code ? ` ${a.code}` : ""}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    console.log(`all ${COUNT} answered in ${(elapsed / 1000).toFixed(2)} s`);
    console.log(
      `statuses: ${[...statuses].map(([k, n]) => `${n} × ${k}`).join(", ")}; answered at ${answers
        .map((a) => `${(a.ms / 1000).toFixed(2)}`)
        .join(", ")} s`,
    );
    console.log(
      `/healthz during it: ${health.length} polls, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, max ${(
        sorted.at(-1) ?? 0
      ).toFixed(1)} ms`,
    );
    console.log(
      `app RSS: before ${mb(before.rss)}, peak ${mb(after.peakRss)}, after ${mb(after.rss)}`,
    );
  } finally {
    child.send("stop");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

if (process.env.IMAGE_BOMB_APP === "1") await runApp();
else await main();
