import type { RouteObject } from "react-router";

/** Advanced search and /search (public). */
export const searchRoutes: RouteObject[] = [];
