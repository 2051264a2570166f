import { createBrowserRouter, type RouteObject } from "react-router";
import { RootLayout } from "./root-layout";
import { RootError, RouteError } from "./route-error";
import { AccountSettingsPage } from "./routes/account-settings-page";
import { CartPage } from "./routes/cart-page";
import { CategoryPage } from "./routes/category-page";
import { CheckoutPage } from "./routes/checkout-page";
import { CheckoutSuccessPage } from "./routes/checkout-success-page";
import { DealsPage, EndingSoonPage, TrendingPage } from "./routes/collection-pages";
import { ConfirmEmailPage } from "./routes/confirm-email-page";
import { DevOutboxPage } from "./routes/dev-outbox-page";
import { EditListingPage } from "./routes/edit-listing-page";
import { ForgotPasswordPage } from "./routes/forgot-password-page";
import { HomePage } from "./routes/home-page";
import { ListingDetailPage } from "./routes/listing-detail-page";
import { ListingsPage } from "./routes/listings-page";
import { LoginPage } from "./routes/login-page";
import { MyBidsPage } from "./routes/my-bids-page";
import { MyPurchasesPage } from "./routes/my-purchases-page";
import { MySellingPage } from "./routes/my-selling-page";
import { NotFoundPage } from "./routes/not-found-page";
import { RegisterPage } from "./routes/register-page";
import { ResetPasswordPage } from "./routes/reset-password-page";
import { SandboxPayPage } from "./routes/sandbox-pay-page";
import { SellCalculatorPage } from "./routes/sell-calculator-page";
import { SellCreatePage } from "./routes/sell-create-page";
import { SellPage } from "./routes/sell-page";
import { StorePage } from "./routes/store-page";
import { SignedInOnly } from "./signed-in-only";

// Pages that need an account but are not built yet: a visitor is still sent to sign in, and a
// signed-in user sees the 404 page until the page is registered in `signedInOnly` below.
const COMING_SOON = [
  "messages",
  "chat",
  "watchlist/items",
  "watchlist/searches",
  "watchlist/sellers",
];

/** Every page that needs an account (spec section 2) registers here. */
const signedInOnly: RouteObject[] = [
  { path: "account/settings", element: <AccountSettingsPage /> },
  { path: "my/bids", element: <MyBidsPage /> },
  { path: "sell", element: <SellPage /> },
  { path: "sell/create", element: <SellCreatePage /> },
  { path: "my/selling", element: <MySellingPage /> },
  { path: "listing/:id/edit", element: <EditListingPage /> },
  { path: "my/purchases", element: <MyPurchasesPage /> },
  { path: "checkout", element: <CheckoutPage /> },
  { path: "checkout/success", element: <CheckoutSuccessPage /> },
  { path: "pay/sandbox/:session", element: <SandboxPayPage /> },
  ...COMING_SOON.map((path) => ({ path, element: <NotFoundPage /> })),
];

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: "listings", element: <ListingsPage /> },
          { path: "sell/calculator", element: <SellCalculatorPage /> },
          { path: "store/:id", element: <StorePage /> },
          { path: "cart", element: <CartPage /> },
          { path: "listing/:id", element: <ListingDetailPage variant="listing" /> },
          { path: "product/:id", element: <ListingDetailPage variant="product" /> },
          { path: "products/:id", element: <ListingDetailPage variant="product" /> },
          { path: "category/:slug/:sub?", element: <CategoryPage /> },
          { path: "deals", element: <DealsPage /> },
          { path: "trending", element: <TrendingPage /> },
          { path: "ending-soon", element: <EndingSoonPage /> },
          { path: "login", element: <LoginPage /> },
          { path: "register", element: <RegisterPage /> },
          { path: "confirm-email", element: <ConfirmEmailPage /> },
          { path: "forgot-password", element: <ForgotPasswordPage /> },
          { path: "reset-password", element: <ResetPasswordPage /> },
          { path: "dev/outbox", element: <DevOutboxPage /> },
          { element: <SignedInOnly />, children: signedInOnly },
          { path: "404", element: <NotFoundPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
