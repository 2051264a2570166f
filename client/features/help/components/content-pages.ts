import type { ContentPage } from "../../../../content/content-page";

/** A content page and the route that shows it. */
export interface ContentEntry {
  path: string;
  /** Its group in the help centre: help articles, fee pages, policies. */
  group: "help" | "fees" | "policies";
  /** Its short name in menus (the page's own title is in its file). */
  label: string;
  load: () => Promise<{ default: ContentPage }>;
}

// Each page is its own chunk: opening /privacy downloads the privacy notice, not every page.
export const HELP_ARTICLES = [
  {
    path: "/help/buying",
    label: "Buying",
    group: "help",
    load: () => import("../../../../content/help/buying.md"),
  },
  {
    path: "/help/selling",
    label: "Selling",
    group: "help",
    load: () => import("../../../../content/help/selling.md"),
  },
  {
    path: "/help/security",
    label: "Account security",
    group: "help",
    load: () => import("../../../../content/help/security.md"),
  },
  {
    path: "/help/settings",
    label: "Account settings",
    group: "help",
    load: () => import("../../../../content/help/settings.md"),
  },
] as const satisfies readonly ContentEntry[];

/** /help/selling-fees and its subpages, in the order the fee pages list them. */
export const FEE_PAGES = [
  {
    path: "/help/selling-fees",
    label: "Overview",
    group: "fees",
    load: () => import("../../../../content/fees/overview.md"),
  },
  {
    path: "/help/selling-fees/basic",
    label: "Basic fees",
    group: "fees",
    load: () => import("../../../../content/fees/basic.md"),
  },
  {
    path: "/help/selling-fees/real-estate",
    label: "Real estate",
    group: "fees",
    load: () => import("../../../../content/fees/real-estate.md"),
  },
  {
    path: "/help/selling-fees/upgrades",
    label: "Listing upgrades",
    group: "fees",
    load: () => import("../../../../content/fees/upgrades.md"),
  },
  {
    path: "/help/selling-fees/additional",
    label: "Additional fees",
    group: "fees",
    load: () => import("../../../../content/fees/additional.md"),
  },
  {
    path: "/help/selling-fees/dispute",
    label: "Dispute fees",
    group: "fees",
    load: () => import("../../../../content/fees/dispute.md"),
  },
  {
    path: "/help/selling-fees/international",
    label: "International sales",
    group: "fees",
    load: () => import("../../../../content/fees/international.md"),
  },
  {
    path: "/help/selling-fees/currency",
    label: "Currency",
    group: "fees",
    load: () => import("../../../../content/fees/currency.md"),
  },
] as const satisfies readonly ContentEntry[];

export const POLICY_PAGES = [
  {
    path: "/policies",
    label: "All policies",
    group: "policies",
    load: () => import("../../../../content/policies/index.md"),
  },
  {
    path: "/terms",
    label: "Terms of Use",
    group: "policies",
    load: () => import("../../../../content/policies/terms.md"),
  },
  {
    path: "/user-agreement",
    label: "User Agreement",
    group: "policies",
    load: () => import("../../../../content/policies/user-agreement.md"),
  },
  {
    path: "/privacy",
    label: "Privacy Notice",
    group: "policies",
    load: () => import("../../../../content/policies/privacy.md"),
  },
  {
    path: "/security",
    label: "Security Center",
    group: "policies",
    load: () => import("../../../../content/policies/security.md"),
  },
  {
    path: "/seller-protection",
    label: "Seller Protection",
    group: "policies",
    load: () => import("../../../../content/policies/seller-protection.md"),
  },
  {
    path: "/account/returns",
    label: "Returns",
    group: "policies",
    load: () => import("../../../../content/policies/returns.md"),
  },
  {
    path: "/how-to-sell",
    label: "How to Sell",
    group: "policies",
    load: () => import("../../../../content/policies/how-to-sell.md"),
  },
  {
    path: "/seller-center",
    label: "Seller Center",
    group: "policies",
    load: () => import("../../../../content/policies/seller-center.md"),
  },
] as const satisfies readonly ContentEntry[];

export const CONTENT_PAGES: readonly ContentEntry[] = [
  ...HELP_ARTICLES,
  ...FEE_PAGES,
  ...POLICY_PAGES,
];

/** Every page with its content, for the help centre's search. */
export async function loadAllPages(): Promise<{ path: string; page: ContentPage }[]> {
  return Promise.all(
    CONTENT_PAGES.map(async (entry) => ({ path: entry.path, page: (await entry.load()).default })),
  );
}
