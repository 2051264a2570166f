import { createBrowserRouter, type RouteObject } from "react-router";
import { CHAT_MESSAGES } from "../../core/contracts/messages";
import { VERIFY_MESSAGES } from "../features/selling/hooks/use-seller-verification";
import { PageLoading } from "./page-loading";
import { RootLayout } from "./root-layout";
import { RootError, RouteError } from "./route-error";
import { CategoryPage } from "./routes/category-page";
import { DealsPage, EndingSoonPage, TrendingPage } from "./routes/collection-pages";
import { helpRoutes } from "./routes/help-routes";
import { HomePage } from "./routes/home-page";
import { ListingDetailPage } from "./routes/listing-detail-page";
import { ListingsPage } from "./routes/listings-page";
import { NotFoundPage } from "./routes/not-found-page";
import { searchRoutes } from "./routes/search-routes";
import { watchingRoutes } from "./routes/watching-routes";
import { SignedInOnly, type SignInHandle } from "./signed-in-only";

// Browsing pages are in the first download; the rest (account, selling, checkout, ...) load when
// first visited: about 110 kB less script before the first page shows on a phone.

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
    handle: { signInMessage: CHAT_MESSAGES.signInToStart } satisfies SignInHandle,
    lazy: () => import("./routes/messages-page").then((m) => ({ Component: m.MessagesPage })),
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
    // Shown only while a page opened directly (not by navigation) downloads its code.
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: "listings", element: <ListingsPage /> },
          {
            path: "sell/calculator",
            lazy: () =>
              import("./routes/sell-calculator-page").then((m) => ({
                Component: m.SellCalculatorPage,
              })),
          },
          {
            path: "store/:id",
            lazy: () => import("./routes/store-page").then((m) => ({ Component: m.StorePage })),
          },
          {
            path: "cart",
            lazy: () => import("./routes/cart-page").then((m) => ({ Component: m.CartPage })),
          },
          { path: "listing/:id", element: <ListingDetailPage variant="listing" /> },
          { path: "product/:id", element: <ListingDetailPage variant="product" /> },
          { path: "products/:id", element: <ListingDetailPage variant="product" /> },
          { path: "category/:slug/:sub?", element: <CategoryPage /> },
          { path: "deals", element: <DealsPage /> },
          { path: "trending", element: <TrendingPage /> },
          { path: "ending-soon", element: <EndingSoonPage /> },
          {
            path: "login",
            lazy: () => import("./routes/login-page").then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: "register",
            lazy: () =>
              import("./routes/register-page").then((m) => ({ Component: m.RegisterPage })),
          },
          {
            path: "confirm-email",
            lazy: () =>
              import("./routes/confirm-email-page").then((m) => ({
                Component: m.ConfirmEmailPage,
              })),
          },
          {
            path: "forgot-password",
            lazy: () =>
              import("./routes/forgot-password-page").then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: "reset-password",
            lazy: () =>
              import("./routes/reset-password-page").then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            path: "dev/outbox",
            lazy: () =>
              import("./routes/dev-outbox-page").then((m) => ({ Component: m.DevOutboxPage })),
          },
          ...helpRoutes,
          ...searchRoutes,
          { element: <SignedInOnly />, children: signedInOnly },
          { path: "404", element: <NotFoundPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
