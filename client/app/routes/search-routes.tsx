import type { RouteObject } from "react-router";

/** Advanced search and /search (public). */
export const searchRoutes: RouteObject[] = [
  {
    path: "advanced-search",
    lazy: () => import("./advanced-search-page").then((m) => ({ Component: m.AdvancedSearchPage })),
  },
  {
    path: "search",
    lazy: () => import("./search-redirect-page").then((m) => ({ Component: m.SearchRedirectPage })),
  },
];
