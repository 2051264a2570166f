import { createBrowserRouter } from "react-router";
import { RootLayout } from "./root-layout";
import { RootError, RouteError } from "./route-error";
import { CategoryPage } from "./routes/category-page";
import { DealsPage, EndingSoonPage, TrendingPage } from "./routes/collection-pages";
import { HomePage } from "./routes/home-page";
import { ListingDetailPage } from "./routes/listing-detail-page";
import { ListingsPage } from "./routes/listings-page";
import { NotFoundPage } from "./routes/not-found-page";

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
          { path: "listing/:id", element: <ListingDetailPage variant="listing" /> },
          { path: "product/:id", element: <ListingDetailPage variant="product" /> },
          { path: "products/:id", element: <ListingDetailPage variant="product" /> },
          { path: "category/:slug/:sub?", element: <CategoryPage /> },
          { path: "deals", element: <DealsPage /> },
          { path: "trending", element: <TrendingPage /> },
          { path: "ending-soon", element: <EndingSoonPage /> },
          { path: "404", element: <NotFoundPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
