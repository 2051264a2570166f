import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { ERROR_CODES } from "../../core/errors";
import { rows } from "../db/rows";

/**
 * What an instance counts for its operator. One registry per app (not prom-client's global one):
 * tests build many apps in one process, and each must count only its own requests.
 */
export interface Metrics {
  registry: Registry;
  /** Open live-update streams (SSE) on this instance. */
  liveConnections: Gauge;
  /** Background job runs by job and outcome ("ok" or "failed"). */
  jobRuns: Counter<"job" | "outcome">;
  /** Emails handed to the mail transport, by outcome ("sent" or "failed"). */
  emails: Counter<"outcome">;
  /** Seconds from publishing a live event to this instance receiving it (realtime-bus.ts). */
  busDelay: Histogram;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Requests whose outcome is a marketplace event, counted as such so a dashboard need not know the
 * routes: a 2xx is the event happening, a 4xx its refusal.
 */
const DOMAIN_ROUTES: Record<string, string> = {
  "POST /api/listings/:id/bids": "bid",
  "POST /api/checkout": "checkout",
  "POST /api/me/conversations/:id/messages": "message",
};

/** Seconds; a browse answer is tens of milliseconds, a bid a few, a photo upload up to seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Seconds; an event crosses the bus in a millisecond or two on a quiet database, and one seconds
 * late is a page showing a stale price.
 */
const BUS_DELAY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Work waiting in the database's queues, counted at scrape time (each is a partial index). */
const QUEUE_DEPTHS = sql`select
    (select count(*) from notifications where email_due_at is not null)::int as "notificationEmails",
    (select count(*) from support_requests where email_due_at is not null)::int as "supportEmails",
    (select count(*) from refunds where status = 'pending')::int as "refunds",
    (select count(*) from listing_alert_queue)::int as "listingAlerts"`;

/** The route's pattern, never the raw URL: ids in paths would make a series per listing. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? "unmatched";
}

/** Whether the request carries the metrics token (compared in constant time). */
function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const given = Buffer.from(header.startsWith("Bearer ") ? header.slice(7) : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts requests (by route pattern and status, with latency histograms), marketplace events,
 * database pool use, live connections, job runs, emails and queue depths, and serves them at
 * /metrics in the Prometheus text format to a scraper holding METRICS_TOKEN. Without the token
 * configured the endpoint does not exist: the figures (routes, volumes) are not for the public.
 */
export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    const requests = new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status code",
      labelNames: ["method", "route", "status_code"] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method, route pattern and status code",
      labelNames: ["method", "route", "status_code"] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const events = new Counter({
      name: "marketplace_requests_total",
      help: "Bids, checkouts and messages asked for, by kind and outcome (accepted or refused)",
      labelNames: ["kind", "outcome"] as const,
      registers: [registry],
    });
    const metrics: Metrics = {
      registry,
      liveConnections: new Gauge({
        name: "live_connections",
        help: "Open live-update streams (server-sent events) on this instance",
        registers: [registry],
      }),
      jobRuns: new Counter({
        name: "job_runs_total",
        help: "Background job runs, by job and outcome",
        labelNames: ["job", "outcome"] as const,
        registers: [registry],
      }),
      emails: new Counter({
        name: "emails_total",
        help: "Emails handed to the mail transport, by outcome",
        labelNames: ["outcome"] as const,
        registers: [registry],
      }),
      busDelay: new Histogram({
        name: "live_event_bus_delay_seconds",
        help: "Time from publishing a live event (database clock) to this instance receiving it through LISTEN/NOTIFY",
        buckets: BUS_DELAY_BUCKETS,
        registers: [registry],
      }),
    };
    app.decorate("metrics", metrics);

    app.addHook("onResponse", async (request, reply) => {
      const route = routeOf(request);
      const labels = {
        method: request.method,
        route,
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
      const kind = DOMAIN_ROUTES[`${request.method} ${route}`];
      if (kind && reply.statusCode < 500)
        events.inc({ kind, outcome: reply.statusCode < 400 ? "accepted" : "refused" });
    });

    const token = app.config.metricsToken;
    if (!token) return;

    // Process figures (CPU seconds, memory, event-loop delay) only where someone reads them: the
    // CPU counter is what the cost per request is computed from with several instances.
    collectDefaultMetrics({ register: registry });
    new Gauge({
      name: "db_pool_connections",
      help: "The PostgreSQL pool's connections, by state (total, idle, waiting requests)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = app.database.poolStats?.();
        if (!stats) return;
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
    new Gauge({
      name: "db_replica_lag_seconds",
      help: "Time since the read replica was last seen caught up with the primary (DATABASE_READ_URL)",
      registers: [registry],
      collect() {
        const lag = app.database.replica?.status().lagMs;
        if (lag !== undefined && lag !== null) this.set(lag / 1000);
      },
    });
    new Gauge({
      name: "db_replica_healthy",
      help: "1 while public reads may use the read replica, 0 while they go to the primary",
      registers: [registry],
      collect() {
        // status(), not healthy(): a scrape is not a read, and must not keep the monitor busy.
        if (app.database.replica) this.set(app.database.replica.status().healthy ? 1 : 0);
      },
    });
    new Gauge({
      name: "job_queue_depth",
      help: "Work waiting in the database's queues, by queue",
      labelNames: ["queue"] as const,
      registers: [registry],
      async collect() {
        const [depths] = await rows<Record<string, number>>(app.db, QUEUE_DEPTHS);
        for (const [queue, depth] of Object.entries(depths ?? {})) this.set({ queue }, depth);
      },
    });

    app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
      if (!hasToken(request, token)) {
        // Same answer as a missing route: a scanner learns nothing.
        return reply
          .status(404)
          .send({ error: { code: ERROR_CODES.notFound, message: "No such endpoint." } });
      }
      reply.header("content-type", registry.contentType);
      reply.header("cache-control", "no-store");
      return registry.metrics();
    });
  },
  { name: "metrics", dependencies: ["db"] },
);
