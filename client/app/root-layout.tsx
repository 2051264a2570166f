import { Outlet, ScrollRestoration } from "react-router";
import { SiteLayout } from "../components/layouts/site-layout";
import { AuthModal } from "../features/auth/components/auth-modal";
import { useCartCount } from "../features/cart/hooks/use-cart";
import { useCategories } from "../features/catalog/api/get-categories";
import { useUnreadMessageCount } from "../features/messages/api/get-conversations";
import { MessagesHeaderLink } from "../features/messages/components/messages-header-link";
import { NotificationBell } from "../features/notifications/components/notification-bell";
import { ProfileModal } from "../features/profile/components/profile-modal";
import { ProfileListings } from "../features/selling/components/profile-listings";

/**
 * Feeds the shared layout with the category tree (nav bar and mega-menu), the cart's item count
 * (header badge), the notification bell and the unread message count (header link and account
 * menu); hosts the auth modal and the profile modal, with selling's listings inside it.
 */
export function RootLayout() {
  const categories = useCategories();
  const cartCount = useCartCount();
  const messagesUnread = useUnreadMessageCount();
  return (
    <SiteLayout
      categories={categories.data?.items ?? []}
      cartCount={cartCount}
      notifications={<NotificationBell />}
      messages={<MessagesHeaderLink count={messagesUnread} />}
      messagesUnread={messagesUnread}
    >
      <ScrollRestoration />
      <Outlet />
      <AuthModal />
      <ProfileModal listings={<ProfileListings />} />
    </SiteLayout>
  );
}
