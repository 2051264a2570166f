import { Outlet, ScrollRestoration } from "react-router";
import { SiteLayout } from "../components/layouts/site-layout";
import { AuthModal } from "../features/auth/components/auth-modal";
import { useCategories } from "../features/catalog/api/get-categories";

/** Feeds the shared layout with the category tree (nav bar and mega-menu); hosts the auth modal. */
export function RootLayout() {
  const categories = useCategories();
  return (
    <SiteLayout categories={categories.data?.items ?? []}>
      <ScrollRestoration />
      <Outlet />
      <AuthModal />
    </SiteLayout>
  );
}
