/**
 * What bench:search and bench:compare share: the scratch database of 1,000,000 listings that
 * bench:search builds and keeps, and the query shapes both drive.
 */
import { type Agent, request } from "node:http";
import { EXACT_TOTAL_LIMIT, listingQuerySchema } from "../core/contracts/browse";
import type { Db } from "../server/db/client";
import { createHomeCache } from "../server/modules/home/home-cache";
import {
  createDestinationMemo,
  createOverLimitCache,
  searchListings,
} from "../server/modules/listings/listings.service";
import * as harness from "./harness";

/**
 * BENCH_HEAP_ORDER=created: listings written oldest first, as a live table fills (the newest
 * together at its end); "drawn" (the default, this bench's model before) scatters their dates.
 * Each has its own scratch database.
 */
export const HEAP_ORDER: "drawn" | "created" =
  process.env.BENCH_HEAP_ORDER === "created" ? "created" : "drawn";
export const DB_NAME =
  process.env.BENCH_SEARCH_DB ??
  (HEAP_ORDER === "created" ? "tw_bench_search_created" : "tw_bench_search");

export interface Shape {
  name: string;
  path: string;
  /**
   * The API runs it on its browse connections (withQueryLimits), which start with the planner
   * settings of BROWSE_PLANNER_SETTINGS; the SQL side replays it on connections set the same way.
   */
  browse: boolean;
  /**
   * Runs the service as the route does, on a database that records its statements; `restart`
   * forgets those recorded so far (work a request does not repeat, such as filling a cache).
   */
  service(db: Db, restart: () => void): Promise<unknown>;
}

/**
 * A /api/listings shape: its path is the query, and its service runs as the route does, with its
 * instance's memory of searches over the exact-total limit and of "delivery by" destinations: the statements of a second request
 * (a first may count what the second knows). Browse routes run on the browse connections.
 */
function listingsShape(name: string, query: Record<string, string>): Shape {
  const q = listingQuerySchema.parse(query);
  return {
    name,
    path: `/api/listings?${new URLSearchParams(query)}`,
    browse: true,
    service: async (db, restart) => {
      const overLimit = createOverLimitCache();
      const destinations = createDestinationMemo();
      // As the route: the first page pins matching featured listings (decision 0019).
      await searchListings(db, q, EXACT_TOTAL_LIMIT, overLimit, destinations, true);
      restart();
      return searchListings(db, q, EXACT_TOTAL_LIMIT, overLimit, destinations, true);
    },
  };
}

/** The calendar date (UTC) `days` from now, as the "delivery by" filter takes it. */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export const SHAPES: Shape[] = [
  // Newest first, as these three were measured before words got Best Match by default (issue 30).
  listingsShape("common word", { search: "vintage", sort: "newest" }),
  listingsShape("rare word", { search: "calabash", sort: "newest" }),
  listingsShape("no match", { search: "xylophonist", sort: "newest" }),
  // Issue 30: the default order with words, on a common word (its newest BEST_MATCH_CANDIDATES
  // matches ranked) and a rare one (every match ranked), and a misspelling that finds nothing and
  // so pays for "Did you mean" (the nearest title word, then a check that it finds something).
  listingsShape("best match", { search: "vintage" }),
  listingsShape("best match rare", { search: "calabash" }),
  listingsShape("typo", { search: "vintgae" }),
  listingsShape("category + price", { category: "electronics", sort: "price_asc" }),
  listingsShape("ending soon", { sort: "ending_soon" }),
  listingsShape("territory", { territory: "barbados" }),
  listingsShape("accepts offers", { acceptsOffers: "true" }),
  listingsShape("offers + category", { acceptsOffers: "true", category: "electronics" }),
  // Issue 29: "ships to my territory", and with "delivery by" a date 12 days ahead (most of the
  // Caribbean's listings fit; the capped count has to find its limit among those that do).
  listingsShape("ships to", { shipsTo: "grenada" }),
  listingsShape("delivery by", { shipsTo: "grenada", deliveryBy: inDays(12) }),
  // A near date, which few listings meet (their count is exact, so every request counts it), and
  // "delivery by" and "ships to" narrowed by a category and by words.
  listingsShape("delivery soon", { shipsTo: "grenada", deliveryBy: inDays(4) }),
  listingsShape("delivery + category", {
    shipsTo: "grenada",
    deliveryBy: inDays(12),
    category: "electronics",
  }),
  listingsShape("ships to + words", { shipsTo: "grenada", search: "vintage" }),
  {
    name: "home",
    path: "/api/home",
    browse: false,
    // What a request costs once the instance has chosen the sections (home-cache.ts): the
    // statements of a second request, the first's choosing left out.
    service: async (db, restart) => {
      const cache = createHomeCache(db, 60_000);
      await cache.get();
      restart();
      return cache.get();
    },
  },
];

/** The URL of database `name` on the benches' server. */
export const dbUrl = (name: string) => {
  const url = new URL(harness.serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** GETs `urlPath` from the app on `port`, reads the answer to its end and resolves its status. */
export function getStatus(agent: Agent, port: number, urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: "127.0.0.1", port, path: urlPath }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
