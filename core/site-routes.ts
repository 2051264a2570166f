/**
 * Every page path of the web app, in React Router's pattern syntax (`:id` one segment, `:sub?`
 * an optional one). The server reads this list to answer unknown paths with HTTP 404 (the page is
 * the same not-found screen either way) and to write robots.txt and the sitemap; a test checks
 * that the client's router and this list agree (client/app/site-routes.test.ts), so a page added
 * to one must be added to the other.
 */

/** Pages anyone may open. `sitemap` marks the ones worth a search engine's visit. */
export const PUBLIC_PAGES: readonly { path: string; sitemap?: true }[] = [
  { path: "/", sitemap: true },
  { path: "/listings", sitemap: true },
  { path: "/search" },
  { path: "/advanced-search", sitemap: true },
  { path: "/deals", sitemap: true },
  { path: "/trending", sitemap: true },
  { path: "/ending-soon", sitemap: true },
  // Listing, category and store pages: the server checks the database for these.
  { path: "/listing/:id" },
  { path: "/product/:id" },
  { path: "/products/:id" },
  { path: "/listing/:id/bids" },
  { path: "/category/:slug/:sub?" },
  { path: "/store/:id" },
  { path: "/cart" },
  { path: "/sell/calculator", sitemap: true },
  { path: "/login" },
  { path: "/register" },
  { path: "/confirm-email" },
  { path: "/forgot-password" },
  { path: "/reset-password" },
  // Help, fees, contact and policies.
  { path: "/help", sitemap: true },
  { path: "/help/buying", sitemap: true },
  { path: "/help/selling", sitemap: true },
  { path: "/help/security", sitemap: true },
  { path: "/help/settings", sitemap: true },
  { path: "/help/selling-fees", sitemap: true },
  ...["basic", "real-estate", "upgrades", "additional", "dispute", "international", "currency"].map(
    (page) => ({ path: `/help/selling-fees/${page}`, sitemap: true as const }),
  ),
  { path: "/contact", sitemap: true },
  { path: "/privacy", sitemap: true },
  { path: "/terms", sitemap: true },
  { path: "/user-agreement", sitemap: true },
  { path: "/policies", sitemap: true },
  { path: "/security", sitemap: true },
  { path: "/how-to-sell", sitemap: true },
  { path: "/seller-protection", sitemap: true },
  { path: "/seller-center", sitemap: true },
  { path: "/seller-hub" },
  { path: "/seller/promotions" },
  { path: "/seller/analytics" },
  { path: "/seller/support" },
  { path: "/seller/faq" },
  { path: "/account/returns", sitemap: true },
];

/** Pages that send a visitor to sign in first. */
export const SIGNED_IN_PAGES: readonly string[] = [
  "/account/settings",
  "/my/bids",
  "/my/purchases",
  "/orders/:id",
  "/my/selling",
  "/my/selling/offers",
  "/my/selling/returns",
  "/my/returns",
  "/my/payments",
  "/notifications",
  "/sell",
  "/sell/create",
  "/listing/:id/edit",
  "/checkout",
  "/checkout/success",
  "/messages",
  "/messages/new",
  "/messages/:conversationId",
  "/chat",
  "/pay/sandbox/:session",
  "/watchlist/items",
  "/watchlist/searches",
  "/watchlist/sellers",
  "/saved-searches/:id/edit",
];

/**
 * The admin area, for staff only. The server answers these with 404 to everyone (it does not look
 * up sessions for pages, and nobody should learn the area exists by probing); staff still get
 * the app, which asks the API, and the API answers them.
 */
export const STAFF_PAGES: readonly string[] = [
  "/admin",
  "/admin/reports",
  "/admin/reports/:id",
  "/admin/users",
  "/admin/users/:id",
  "/admin/listings",
  "/admin/orders",
  "/admin/orders/:id",
  "/admin/money",
  "/admin/audit",
  "/admin/rules",
  "/admin/rates",
  "/admin/cases",
  "/admin/cases/:id",
];

/** Pages only a developer's machine has (the server answers 404 for them in production). */
export const DEV_PAGES: readonly string[] = ["/dev/outbox"];

/** The not-found page's own address: a page, but never a found one. */
export const NOT_FOUND_PATH = "/404";

export interface RouteMatch {
  pattern: string;
  params: Record<string, string>;
}

/** Matches a path (no query, already decoded) against one pattern, case-insensitively. */
export function matchPattern(pattern: string, pathname: string): RouteMatch | null {
  const want = pattern.split("/").filter(Boolean);
  const have = pathname.split("/").filter(Boolean);
  const params: Record<string, string> = {};
  let i = 0;
  for (const segment of want) {
    const value = have[i];
    if (segment.startsWith(":")) {
      const optional = segment.endsWith("?");
      const name = segment.slice(1, optional ? -1 : undefined);
      if (value === undefined) {
        if (optional) continue;
        return null;
      }
      params[name] = value;
      i++;
    } else {
      if (value === undefined || value.toLowerCase() !== segment.toLowerCase()) return null;
      i++;
    }
  }
  return i === have.length ? { pattern, params } : null;
}

/** The first page pattern (public, signed-in or developer) a path matches, or null. */
export function matchPage(pathname: string): RouteMatch | null {
  const all = [
    ...PUBLIC_PAGES.map((p) => p.path),
    ...SIGNED_IN_PAGES,
    ...DEV_PAGES,
    ...STAFF_PAGES,
    NOT_FOUND_PATH,
  ];
  for (const pattern of all) {
    const match = matchPattern(pattern, pathname);
    if (match) return match;
  }
  return null;
}
