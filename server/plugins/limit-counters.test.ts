import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "../modules/accounts/sign-in-guard";
import { Agent } from "../test/agent";
import { secondInstance, setUpTestApp, type TestApp } from "../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../test/factories";
import { databaseCounters, type LimitCounters, leaseSize, memoryCounters } from "./limit-counters";

const t = setUpTestApp();

const kinds: [string, () => LimitCounters][] = [
  ["memory", () => memoryCounters()],
  ["database", () => databaseCounters(t.database)],
];

describe.each(kinds)("%s counters", (_name, make) => {
  it("count within a window, peek without counting, and start again after a reset", async () => {
    const counters = make();
    const key = `k-${Math.random()}`;
    expect((await counters.peek(key)).count).toBe(0);
    expect((await counters.hit(key, 60_000)).count).toBe(1);
    const second = await counters.hit(key, 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(50_000);
    expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await counters.peek(key)).count).toBe(2);
    await counters.reset(key);
    expect((await counters.peek(key)).count).toBe(0);
    expect((await counters.hit(key, 60_000)).count).toBe(1);
  });

  it("start a new window once the last one ended, and prune ended ones", async () => {
    const counters = make();
    const key = `k-${Math.random()}`;
    await counters.hit(key, 1);
    await new Promise((r) => setTimeout(r, 20));
    expect((await counters.peek(key)).count).toBe(0);
    expect((await counters.hit(key, 60_000)).count).toBe(1);
    await counters.prune();
    expect((await counters.peek(key)).count).toBe(1);
  });

  it("count every one of many hits at once", async () => {
    const counters = make();
    const key = `k-${Math.random()}`;
    const counts = await Promise.all(Array.from({ length: 40 }, () => counters.hit(key, 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });
});

describe("leased takes from shared counters", () => {
  it("never let two instances together allow more than the limit, and waste at most one lease", async () => {
    const a = databaseCounters(t.database);
    const b = databaseCounters(t.database);
    const key = `k-${Math.random()}`;
    const max = 60;
    let allowed = 0;
    for (let i = 0; i < 80; i++) {
      const hit = await (i % 3 ? a : b).take(key, 60_000, max);
      if (hit.count <= max) allowed++;
    }
    expect(allowed).toBeLessThanOrEqual(max);
    expect(allowed).toBeGreaterThanOrEqual(max - leaseSize(max));
  });

  it("hand out distinct slots to many requests at once on one instance", async () => {
    const counters = databaseCounters(t.database);
    const key = `k-${Math.random()}`;
    const hits = await Promise.all(
      Array.from({ length: 40 }, () => counters.take(key, 60_000, 60)),
    );
    expect(new Set(hits.map((h) => h.count)).size).toBe(40);
    expect(hits.every((h) => h.count <= 60)).toBe(true);
    const more = await Promise.all(
      Array.from({ length: 30 }, () => counters.take(key, 60_000, 60)),
    );
    expect(more.filter((h) => h.count <= 60)).toHaveLength(20);
  });

  it("once a leased limit's window is spent, answer past it without the database", async () => {
    let statements = 0;
    const counting = {
      ...t.database,
      run: ((statement, params) => {
        statements++;
        return t.database.run(statement, params);
      }) as typeof t.database.run,
    };
    const a = databaseCounters(counting);
    const b = databaseCounters(t.database);
    const key = `k-${Math.random()}`;
    // Another instance spends most of the window; this one takes what is left.
    for (let i = 0; i < 55; i++) await b.take(key, 60_000, 60);
    const allowed: number[] = [];
    for (let i = 0; i < 10; i++) {
      const hit = await a.take(key, 60_000, 60);
      if (hit.count <= 60) allowed.push(hit.count);
      expect(hit.resetInMs).toBeGreaterThan(0);
    }
    expect(allowed.length).toBeLessThanOrEqual(5);
    const spent = statements;
    const refused = await Promise.all(Array.from({ length: 50 }, () => a.take(key, 60_000, 60)));
    expect(refused.every((h) => h.count > 60)).toBe(true);
    expect(statements).toBe(spent);
  });

  it("count small limits exactly, one statement per request", async () => {
    expect(leaseSize(20)).toBe(1);
    const a = databaseCounters(t.database);
    const b = databaseCounters(t.database);
    const key = `k-${Math.random()}`;
    const counts: number[] = [];
    for (let i = 0; i < 22; i++) counts.push((await (i % 2 ? a : b).take(key, 60_000, 20)).count);
    expect(counts).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
  });
});

// Two instances need a shared database server; PGlite lives inside one process.
describe("limits across two instances", { tags: ["postgres"] }, () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other?.close();
  });

  it("count sign-in attempts per address once, whichever instance answers", async () => {
    const address = "198.51.100.99";
    const limit = t.app.config.signInLimitPerMinute;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 2; i++) {
      const app = i % 2 ? other.app : t.app;
      const res = await new Agent(app, address).post("/api/auth/login", {
        email: `nobody-${i}@nowhere.example`,
        password: "Wrong-pass1",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429]);
  });

  it("count an account's failures from one address once, whichever instance answers", async () => {
    const address = "198.51.100.98";
    const email = "tamika@demo.tradewinds.test";
    const { max } = SIGN_IN_LIMITS.perAccountAndAddress;
    for (let i = 0; i < max; i++) {
      const app = i % 2 ? other.app : t.app;
      const res = await new Agent(app, address).post("/api/auth/login", {
        email,
        password: "Wrong-pass1",
      });
      expect(res.statusCode).toBe(401);
    }
    for (const app of [t.app, other.app]) {
      const res = await new Agent(app, address).post("/api/auth/login", {
        email,
        password: "Wrong-pass1",
      });
      expect(res.statusCode).toBe(429);
    }
  });

  it("count a bidder's bids per minute once, whichever instance answers", async () => {
    const listing = await createListing(t.database.db, {
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const bidder = await createUser(t.database.db, "eager");
    const here = await signedInAgent(t.app, t.database.db, bidder.id);
    const there = new Agent(other.app);
    there.cookies.set("tw_session", here.cookies.get("tw_session") as string);
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const agent = i % 2 ? there : here;
      // Each a cent above the last: accepted or refused, every bid counts against the limit.
      const res = await agent.post(`/api/listings/${listing.id}/bids`, {
        amountCents: 1000 + i * 100,
      });
      statuses.push(res.statusCode);
    }
    // Each instance takes slots a lease at a time: together never more than 60, at most one lease unused.
    const allowed = statuses.filter((s) => s !== 429).length;
    expect(allowed).toBeLessThanOrEqual(60);
    expect(allowed).toBeGreaterThanOrEqual(60 - leaseSize(60));
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  });
});
