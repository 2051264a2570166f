import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors";

/**
 * Per-IP limits, switched on route by route (`config.rateLimit`). The store is in memory: each
 * instance counts for itself, so with N instances an IP gets up to N times the limit.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          "rate_limited",
          `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
        ),
    });
  },
  { name: "rate-limit" },
);

/**
 * A route's limit per signed-in user (per IP for visitors): for actions a person takes in bursts
 * (photos, bids, checkouts) where people behind one shared address must not block each other.
 */
export function perUserRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: "1 minute",
      keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
    },
  };
}

/** Counts attempts per key (an account's email) in a sliding window; in memory, per instance. */
export class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Records an attempt; throws 429 when the key already used up its window. */
  hit(key: string): void {
    const now = Date.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      const wait = Math.ceil((this.windowMs - (now - (recent[0] ?? now))) / 1000);
      throw new AppError(
        429,
        "rate_limited",
        `Too many attempts for this account. Please wait ${wait} seconds and try again.`,
      );
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(now);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(now: number) {
    for (const [key, times] of this.hits)
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(key);
  }
}
