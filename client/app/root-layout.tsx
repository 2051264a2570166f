import { Outlet, ScrollRestoration } from "react-router";
import { SiteLayout } from "../components/layouts/site-layout";
import { AuthModal } from "../features/auth/components/auth-modal";
import { useCartCount } from "../features/cart/hooks/use-cart";
import { useCategories } from "../features/catalog/api/get-categories";
import { NotificationBell } from "../features/notifications/components/notification-bell";
import { ProfileModal } from "../features/profile/components/profile-modal";
import { ProfileListings } from "../features/selling/components/profile-listings";

/**
 * Feeds the shared layout with the category tree (nav bar and mega-menu) and the cart's item count
 * (header badge) and the notification bell; hosts the auth modal and the profile modal, with
 * selling's listings inside it.
 */
export function RootLayout() {
  const categories = useCategories();
  const cartCount = useCartCount();
  return (
    <SiteLayout
      categories={categories.data?.items ?? []}
      cartCount={cartCount}
      notifications={<NotificationBell />}
    >
      <ScrollRestoration />
      <Outlet />
      <AuthModal />
      <ProfileModal listings={<ProfileListings />} />
    </SiteLayout>
  );
}
