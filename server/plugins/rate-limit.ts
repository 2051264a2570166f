import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ERROR_CODES } from "../../core/errors";
import { AppError } from "../errors";
import { countersFor, type LimitCounters } from "./limit-counters";

declare module "fastify" {
  interface FastifyInstance {
    /** The counters behind every limit: shared through the database when there are instances to share with. */
    limitCounters: LimitCounters;
  }
}

/**
 * @fastify/rate-limit's store on our counters. Each route gets its own key space (its method and
 * path), as the plugin's in-memory store would give it.
 */
function counterStore(counters: LimitCounters): FastifyRateLimitStoreCtor {
  class CounterStore implements FastifyRateLimitStore {
    private readonly scope: string;
    constructor(scope: unknown) {
      this.scope = typeof scope === "string" ? scope : "global";
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      counters.take(`${this.scope}|${key}`, timeWindow, max).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
        (err: Error) => callback(err),
      );
    }
    child(routeOptions: { method?: string | string[]; url?: string; routeInfo?: unknown }) {
      const info = (routeOptions.routeInfo ?? routeOptions) as { method?: unknown; url?: unknown };
      return new CounterStore(`route:${String(info.method)} ${String(info.url)}`);
    }
  }
  return CounterStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Per-IP limits, switched on route by route (`config.rateLimit`), counted in the database on a
 * PostgreSQL server so that two instances do not allow twice a limit.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const counters = countersFor(app.database);
    app.decorate("limitCounters", counters);
    await app.register(rateLimit, {
      global: false,
      store: counterStore(counters),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          ERROR_CODES.rateLimited,
          `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
        ),
    });
  },
  { name: "rate-limit", dependencies: ["db"] },
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

/** How long until a window ends, as the sentence a 429 gives. */
export function waitMessage(resetInMs: number, what = "Too many attempts"): string {
  return `${what}. Please wait ${Math.max(1, Math.ceil(resetInMs / 1000))} seconds and try again.`;
}

/** Counts attempts per key (an account's email) in a fixed window on the shared counters. */
export class AttemptLimiter {
  constructor(
    private readonly counters: LimitCounters,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Records an attempt; throws 429 when the key already used up its window. */
  async hit(key: string, message = "Too many attempts for this account"): Promise<void> {
    const hit = await this.counters.hit(this.key(key), this.windowMs);
    if (hit.count > this.max)
      throw new AppError(429, ERROR_CODES.rateLimited, waitMessage(hit.resetInMs, message));
  }

  /** Throws 429 if the key's window is used up, without counting this attempt. */
  async check(key: string, message = "Too many attempts for this account"): Promise<void> {
    const hit = await this.counters.peek(this.key(key));
    if (hit.count >= this.max)
      throw new AppError(429, ERROR_CODES.rateLimited, waitMessage(hit.resetInMs, message));
  }

  /** Counts one attempt and answers the count so far (the caller decides what it means). */
  async count(key: string): Promise<number> {
    return (await this.counters.hit(this.key(key), this.windowMs)).count;
  }

  /** Starts the key afresh (after a success). */
  async reset(key: string): Promise<void> {
    await this.counters.reset(this.key(key));
  }

  private key(key: string) {
    return `${this.name}|${key.toLowerCase()}`;
  }
}
