import type { RouteObject } from "react-router";

/** Help centre, fees, policies and contact pages (public). */
export const helpRoutes: RouteObject[] = [];
