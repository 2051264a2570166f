import { Navigate, type RouteObject } from "react-router";
import {
  CONTENT_PAGES,
  type ContentEntry,
  loadAllPages,
} from "../../features/help/components/content-pages";

/**
 * A content page's route: the page's code and its text (built from Markdown) download together
 * when it is first opened, and the text is the route's data.
 */
function contentRoute(entry: ContentEntry): RouteObject {
  return {
    path: entry.path.slice(1),
    loader: async () => (await entry.load()).default,
    lazy: () => import("./content-route-page").then((m) => ({ Component: m.ContentRoutePage })),
  };
}

/** The seller hub's old addresses, as sections of the Seller Center. */
const SELLER_CENTER_SECTIONS: Record<string, string> = {
  "seller-hub": "/seller-center",
  "seller/promotions": "/seller-center#promotions",
  "seller/analytics": "/seller-center#analytics",
  "seller/support": "/seller-center#support",
  "seller/faq": "/seller-center#faq",
};

/** Help centre, fees, policies and contact pages (public). */
export const helpRoutes: RouteObject[] = [
  {
    path: "help",
    // Every page, for the search: each is its own small chunk, fetched side by side.
    loader: loadAllPages,
    lazy: () => import("./help-centre-page").then((m) => ({ Component: m.HelpCentrePage })),
  },
  ...CONTENT_PAGES.map(contentRoute),
  {
    path: "contact",
    lazy: () => import("./contact-page").then((m) => ({ Component: m.ContactPage })),
  },
  ...Object.entries(SELLER_CENTER_SECTIONS).map(([path, to]) => ({
    path,
    element: <Navigate to={to} replace />,
  })),
];
