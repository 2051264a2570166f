import type { RouteObject } from "react-router";

/** Watchlist items, saved searches and saved sellers: signed-in only. */
export const watchingRoutes: RouteObject[] = [
  {
    path: "watchlist/items",
    lazy: () => import("./watchlist-items-page").then((m) => ({ Component: m.WatchlistItemsPage })),
  },
  {
    path: "watchlist/searches",
    lazy: () =>
      import("./watchlist-searches-page").then((m) => ({ Component: m.WatchlistSearchesPage })),
  },
  {
    path: "watchlist/sellers",
    lazy: () =>
      import("./watchlist-sellers-page").then((m) => ({ Component: m.WatchlistSellersPage })),
  },
  {
    path: "saved-searches/:id/edit",
    lazy: () =>
      import("./saved-search-edit-page").then((m) => ({ Component: m.SavedSearchEditPage })),
  },
];
