import type { RouteObject } from "react-router";

const load = () => import("./admin-pages");

/**
 * The admin area (/admin/*), staff only: its own layout, the app's not-found page for anyone else.
 * Not under SignedInOnly: a visitor must not learn that the area exists (the API answers 404 too).
 */
export const adminRoutes: RouteObject[] = [
  {
    path: "admin",
    lazy: () => load().then((m) => ({ Component: m.AdminLayoutPage })),
    children: [
      { index: true, lazy: () => load().then((m) => ({ Component: m.AdminDashboardPage })) },
      { path: "reports", lazy: () => load().then((m) => ({ Component: m.AdminReportsPage })) },
      { path: "reports/:id", lazy: () => load().then((m) => ({ Component: m.AdminReportPage })) },
      { path: "users", lazy: () => load().then((m) => ({ Component: m.AdminUsersPage })) },
      { path: "users/:id", lazy: () => load().then((m) => ({ Component: m.AdminUserPage })) },
      { path: "listings", lazy: () => load().then((m) => ({ Component: m.AdminListingsPage })) },
      { path: "orders", lazy: () => load().then((m) => ({ Component: m.AdminOrdersPage })) },
      { path: "orders/:id", lazy: () => load().then((m) => ({ Component: m.AdminOrderPage })) },
      { path: "money", lazy: () => load().then((m) => ({ Component: m.AdminMoneyPage })) },
      { path: "audit", lazy: () => load().then((m) => ({ Component: m.AdminAuditPage })) },
      { path: "rules", lazy: () => load().then((m) => ({ Component: m.AdminRulesPage })) },
      { path: "rates", lazy: () => load().then((m) => ({ Component: m.AdminRatesPage })) },
      { path: "cases", lazy: () => load().then((m) => ({ Component: m.AdminCasesPage })) },
      { path: "cases/:id", lazy: () => load().then((m) => ({ Component: m.AdminCasePage })) },
    ],
  },
];
