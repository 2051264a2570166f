import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { VERIFY_MESSAGES } from "../features/selling/verify-messages";
import { PageLoading } from "./page-loading";
import { RootLayout } from "./root-layout";
import { RootError, RouteError } from "./route-error";
import { adminRoutes } from "./routes/admin-routes";
import { helpRoutes } from "./routes/help-routes";
import { searchRoutes } from "./routes/search-routes";
import { watchingRoutes } from "./routes/watching-routes";
import { SignedInOnly, type SignInHandle } from "./signed-in-only";

// Only the shell (header, navigation, footer, providers) is in the first download; every page's
// code downloads when it is first opened, in parallel with the shell's start (the router asks for
// it at once). A page opened directly shows the layout with a page-sized placeholder meanwhile.
// A new page (or tree of pages, such as /admin) adds routes with `page(...)` or its own `lazy`.

/** A route's `lazy` for a page module: its component downloads when the page is first opened. */
export function page<M>(
  load: () => Promise<M>,
  component: (module: M) => ComponentType,
): Pick<RouteObject, "lazy"> {
  return { lazy: () => load().then((module) => ({ Component: component(module) })) };
}

const notFound = page(
  () => import("./routes/not-found-page"),
  (m) => m.NotFoundPage,
);

/** Every page that needs an account (spec section 2) registers here. */
const signedInOnly: RouteObject[] = [
  {
    path: "account/settings",
    lazy: () =>
      import("./routes/account-settings-page").then((m) => ({ Component: m.AccountSettingsPage })),
  },
  {
    path: "my/bids",
    lazy: () => import("./routes/my-bids-page").then((m) => ({ Component: m.MyBidsPage })),
  },
  {
    path: "notifications",
    lazy: () =>
      import("./routes/notifications-page").then((m) => ({ Component: m.NotificationsPage })),
  },
  {
    path: "sell",
    lazy: () => import("./routes/sell-page").then((m) => ({ Component: m.SellPage })),
  },
  {
    path: "sell/create",
    // The spec's toast for a visitor who opens the wizard (marketplace-core, section 6).
    handle: { signInMessage: VERIFY_MESSAGES.signedOut } satisfies SignInHandle,
    lazy: () => import("./routes/sell-create-page").then((m) => ({ Component: m.SellCreatePage })),
  },
  {
    path: "my/selling",
    lazy: () => import("./routes/my-selling-page").then((m) => ({ Component: m.MySellingPage })),
  },
  {
    path: "my/selling/offers",
    lazy: () =>
      import("./routes/my-selling-offers-page").then((m) => ({
        Component: m.MySellingOffersPage,
      })),
  },
  {
    path: "my/selling/returns",
    lazy: () =>
      import("./routes/my-returns-page").then((m) => ({ Component: m.MySellingReturnsPage })),
  },
  {
    path: "my/returns",
    lazy: () => import("./routes/my-returns-page").then((m) => ({ Component: m.MyReturnsPage })),
  },
  {
    path: "my/payments",
    lazy: () => import("./routes/my-payments-page").then((m) => ({ Component: m.MyPaymentsPage })),
  },
  {
    path: "listing/:id/edit",
    lazy: () =>
      import("./routes/edit-listing-page").then((m) => ({ Component: m.EditListingPage })),
  },
  {
    path: "my/purchases",
    lazy: () =>
      import("./routes/my-purchases-page").then((m) => ({ Component: m.MyPurchasesPage })),
  },
  {
    path: "orders/:id",
    lazy: () => import("./routes/order-page").then((m) => ({ Component: m.OrderPage })),
  },
  {
    path: "checkout",
    lazy: () => import("./routes/checkout-page").then((m) => ({ Component: m.CheckoutPage })),
  },
  {
    path: "checkout/success",
    lazy: () =>
      import("./routes/checkout-success-page").then((m) => ({ Component: m.CheckoutSuccessPage })),
  },
  // /chat is the spec's other name for /messages: the same screen.
  ...["messages", "chat"].map((path) => ({
    path,
    lazy: () => import("./routes/messages-page").then((m) => ({ Component: m.MessagesPage })),
  })),
  {
    path: "messages/new",
    // The handle comes with the page's code (the router has both before the page shows): the
    // text lives with the messages contracts, which the first page load does without.
    lazy: () =>
      import("./routes/messages-page").then((m) => ({
        Component: m.MessagesPage,
        handle: m.newConversationHandle,
      })),
  },
  {
    path: "messages/:conversationId",
    lazy: () => import("./routes/messages-page").then((m) => ({ Component: m.MessagesPage })),
  },
  {
    path: "pay/sandbox/:session",
    lazy: () => import("./routes/sandbox-pay-page").then((m) => ({ Component: m.SandboxPayPage })),
  },
  ...watchingRoutes,
];

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      {
        errorElement: <RouteError />,
        // Shown inside the layout while a page opened directly downloads its code.
        hydrateFallbackElement: <PageLoading />,
        children: [
          {
            index: true,
            ...page(
              () => import("./routes/home-page"),
              (m) => m.HomePage,
            ),
          },
          {
            path: "listings",
            ...page(
              () => import("./routes/listings-page"),
              (m) => m.ListingsPage,
            ),
          },
          {
            path: "sell/calculator",
            ...page(
              () => import("./routes/sell-calculator-page"),
              (m) => m.SellCalculatorPage,
            ),
          },
          {
            path: "store/:id",
            ...page(
              () => import("./routes/store-page"),
              (m) => m.StorePage,
            ),
          },
          {
            path: "cart",
            ...page(
              () => import("./routes/cart-page"),
              (m) => m.CartPage,
            ),
          },
          {
            path: "listing/:id",
            ...page(
              () => import("./routes/listing-detail-page"),
              (m) => m.ListingRoutePage,
            ),
          },
          {
            path: "listing/:id/bids",
            ...page(
              () => import("./routes/listing-bids-page"),
              (m) => m.ListingBidsPage,
            ),
          },
          {
            path: "product/:id",
            ...page(
              () => import("./routes/listing-detail-page"),
              (m) => m.ProductRoutePage,
            ),
          },
          {
            path: "products/:id",
            ...page(
              () => import("./routes/listing-detail-page"),
              (m) => m.ProductRoutePage,
            ),
          },
          {
            path: "category/:slug/:sub?",
            ...page(
              () => import("./routes/category-page"),
              (m) => m.CategoryPage,
            ),
          },
          {
            path: "deals",
            ...page(
              () => import("./routes/collection-pages"),
              (m) => m.DealsPage,
            ),
          },
          {
            path: "trending",
            ...page(
              () => import("./routes/collection-pages"),
              (m) => m.TrendingPage,
            ),
          },
          {
            path: "ending-soon",
            ...page(
              () => import("./routes/collection-pages"),
              (m) => m.EndingSoonPage,
            ),
          },
          {
            path: "login",
            ...page(
              () => import("./routes/login-page"),
              (m) => m.LoginPage,
            ),
          },
          {
            path: "register",
            ...page(
              () => import("./routes/register-page"),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: "confirm-email",
            ...page(
              () => import("./routes/confirm-email-page"),
              (m) => m.ConfirmEmailPage,
            ),
          },
          {
            path: "forgot-password",
            ...page(
              () => import("./routes/forgot-password-page"),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: "reset-password",
            ...page(
              () => import("./routes/reset-password-page"),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: "dev/outbox",
            ...page(
              () => import("./routes/dev-outbox-page"),
              (m) => m.DevOutboxPage,
            ),
          },
          ...helpRoutes,
          ...searchRoutes,
          ...adminRoutes,
          { element: <SignedInOnly />, children: signedInOnly },
          { path: "404", ...notFound },
          { path: "*", ...notFound },
        ],
      },
    ],
  },
]);
