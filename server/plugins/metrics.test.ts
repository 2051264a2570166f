import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../test/build-test-app";
import { type BusEvent, publish } from "./realtime-bus";

const TOKEN = "metrics-token-for-tests-0123456789";

/** One sample's value from the Prometheus text, or undefined when the series is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  const t = setUpTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });
  const scrape = async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    return res.body;
  };

  it("answers a scraper without the token as if there were no such endpoint", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("http_requests_total");
    }
  });

  it("counts requests by route pattern and status, with their latency", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const before = await scrape();
    const series = `http_requests_total{method="GET",route="/api/listings/:id",status_code="404"}`;
    const was = sample(before, series) ?? 0;
    for (let i = 0; i < 3; i++) await t.app.inject({ method: "GET", url: `/api/listings/${id}` });
    const after = await scrape();
    // The pattern, never the id: one series per route, not per listing.
    expect(sample(after, series)).toBe(was + 3);
    expect(after).not.toContain(id);
    expect(
      sample(
        after,
        `http_request_duration_seconds_count{method="GET",route="/api/listings/:id",status_code="404"}`,
      ),
    ).toBe(was + 3);
  });

  it("counts refused bids as marketplace events", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const res = await t.app.inject({
      method: "POST",
      url: `/api/listings/${id}/bids`,
      payload: { amountCents: 1000 },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(
      sample(await scrape(), `marketplace_requests_total{kind="bid",outcome="refused"}`),
    ).toBeGreaterThanOrEqual(1);
  });

  it("counts emails sent, and reports queue depths and process figures", async () => {
    await t.app.mailer.send({
      to: "someone@example.test",
      subject: "Counted",
      text: "An email the counter sees.",
      html: "<p>An email the counter sees.</p>",
    });
    const text = await scrape();
    expect(sample(text, `emails_total{outcome="sent"}`)).toBe(1);
    expect(sample(text, `job_queue_depth{queue="refunds"}`)).toBe(0);
    expect(sample(text, "live_connections")).toBe(0);
    expect(text).toContain("process_cpu_seconds_total");
  });

  it("gives every response a request id, keeping a balancer's sane one", async () => {
    const mine = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(mine.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "lb-7f3a:42" },
    });
    expect(kept.headers["x-request-id"]).toBe("lb-7f3a:42");
    const forged = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": 'x"\n{"level":60}' },
    });
    expect(forged.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the live-event bus delay", () => {
  const t = setUpTestApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });
  const count = async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    return {
      count: sample(res.body, "live_event_bus_delay_seconds_count") ?? 0,
      sum: sample(res.body, "live_event_bus_delay_seconds_sum") ?? 0,
    };
  };
  /** Waits until the bus delivered an event on `topic` to this instance. */
  const heard = (topic: string) =>
    new Promise<BusEvent>((resolve) => {
      const stop = t.app.bus.subscribe(topic, (event) => {
        stop();
        resolve(event);
      });
    });

  it("is observed for each event received, from publish() and from SQL alike", async () => {
    const before = await count();
    const topic = `user:${randomUUID()}`;
    const first = heard(topic);
    await publish(t.database.db, topic, "notifications.unread", { unreadCount: 3 });
    expect((await first).data).toEqual({ unreadCount: 3 });
    const afterOne = await count();
    expect(afterOne.count).toBe(before.count + 1);
    // Seconds, measured between clocks of one machine here: small and never negative.
    expect(afterOne.sum - before.sum).toBeGreaterThanOrEqual(0);
    expect(afterOne.sum - before.sum).toBeLessThan(5);

    // Stored payloads (too large for NOTIFY) carry the moment as well.
    const large = heard(topic);
    await publish(t.database.db, topic, "notifications.unread", {
      unreadCount: 4,
      padding: "x".repeat(8000),
    } as never);
    expect((await large).data).toMatchObject({ unreadCount: 4 });
    expect((await count()).count).toBe(before.count + 2);
  });

  it("delivers an event without the moment (an older publisher) and does not count it", async () => {
    const before = await count();
    const topic = `user:${randomUUID()}`;
    const got = heard(topic);
    await t.database.db.execute(
      sql`select pg_notify('live_events', ${`${topic}|notifications.unread|{"unreadCount":5}`})`,
    );
    expect((await got).data).toEqual({ unreadCount: 5 });
    expect((await count()).count).toBe(before.count);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  const t = setUpTestApp({ seed: false });
  it("does not exist", async () => {
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.body).not.toContain("http_requests_total");
  });
});
