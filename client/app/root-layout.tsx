import { Outlet, ScrollRestoration } from "react-router";
import { SiteLayout } from "../components/layouts/site-layout";
import { AuthModal } from "../features/auth/components/auth-modal";
import { useCartCount } from "../features/cart/hooks/use-cart";
import { useSavedCartSync } from "../features/cart/hooks/use-saved-cart-sync";
import { useCategories } from "../features/catalog/api/get-categories";
import { useUnreadMessageCount } from "../features/messages/api/get-conversations";
import { MessagesHeaderLink } from "../features/messages/components/messages-header-link";
import { NotificationBell } from "../features/notifications/components/notification-bell";
import { ProfileModal } from "../features/profile/components/profile-modal";
import { ProfileListings } from "../features/selling/components/profile-listings";
import { WatchHeart } from "../features/watching/components/watch-heart";
import { type ListingCardAction, ListingCardActionProvider } from "../lib/listing-card-action";

/** Every listing card's heart: watching, wired into listings' cards without them knowing it. */
const watchHeart: ListingCardAction = (listing) => (
  <WatchHeart listingId={listing.id} title={listing.title} sellerId={listing.seller.id} />
);

/**
 * Feeds the shared layout with the category tree (nav bar and mega-menu), the cart's item count
 * (header badge; a signed-in user's cart is saved with the account), the notification bell and the unread message count (header link and account
 * menu); hosts the auth modal and the profile modal, with selling's listings inside it; gives
 * every listing card its watchlist heart.
 */
export function RootLayout() {
  const categories = useCategories();
  const cartCount = useCartCount();
  useSavedCartSync(); // a signed-in user's cart is also kept on the server
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
      <ListingCardActionProvider action={watchHeart}>
        <Outlet />
      </ListingCardActionProvider>
      <AuthModal />
      <ProfileModal listings={<ProfileListings />} />
    </SiteLayout>
  );
}
