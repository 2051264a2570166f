import type { RouteObject } from "react-router";

/** Watchlist items, saved searches and saved sellers: signed-in only. */
export const watchingRoutes: RouteObject[] = [];
