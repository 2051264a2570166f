import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, ScrollRestoration, useSearchParams } from "react-router";
import { SiteLayout } from "../components/layouts/site-layout";
import { SavedCartSyncSlot } from "../features/cart/components/saved-cart-sync-slot";
import { useCartCount } from "../features/cart/hooks/use-cart";
import { useCategories } from "../features/catalog/api/get-categories";
import { WatchHeart } from "../features/watching/components/watch-heart";
import { type ListingCardAction, ListingCardActionProvider } from "../lib/listing-card-action";
import { useAuthModal, useSession } from "../lib/session";

// What only a signed-in user or an opened dialog needs downloads when it is first needed, not
// with the first page: the sign-in modal (with its forms and their validation), the profile
// modal, the notification bell and the messages badge.
const AuthModal = lazy(() =>
  import("../features/auth/components/auth-modal").then((m) => ({ default: m.AuthModal })),
);
const ProfileModal = lazy(() =>
  import("./profile-modal-slot").then((m) => ({ default: m.ProfileModalSlot })),
);
const NotificationBell = lazy(() =>
  import("../features/notifications/components/notification-bell").then((m) => ({
    default: m.NotificationBell,
  })),
);
const UnreadMessagesLink = lazy(() =>
  import("./unread-messages-link").then((m) => ({ default: m.UnreadMessagesLink })),
);

/** Every listing card's heart: watching, wired into listings' cards without them knowing it. */
const watchHeart: ListingCardAction = (listing) => (
  <WatchHeart listingId={listing.id} title={listing.title} sellerId={listing.seller.id} />
);

/** True from the first time `value` is true on: a dialog, once loaded, stays mounted. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  useEffect(() => {
    if (value) setSeen(true);
  }, [value]);
  return seen || value;
}

function AuthModalSlot() {
  const wanted = useOnceTrue(useAuthModal().open);
  return wanted ? (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  ) : null;
}

/** The profile modal opens on `?profile` (the account menu's Profile item) for a signed-in user. */
function ProfileModalGate() {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const wanted = useOnceTrue(user !== null && searchParams.has("profile"));
  return wanted ? (
    <Suspense fallback={null}>
      <ProfileModal />
    </Suspense>
  ) : null;
}

/** The room a header icon takes, held while its code downloads so the header does not move. */
function HeaderIconSpace({ className }: { className: string }) {
  return <span aria-hidden="true" className={className} />;
}

/**
 * Feeds the shared layout with the category tree (nav bar and mega-menu), the cart's item count
 * (header badge; a signed-in user's cart is saved with the account), the notification bell and the
 * unread message count (header link and account menu); hosts the auth modal and the profile modal,
 * with selling's listings inside it; gives every listing card its watchlist heart.
 */
export function RootLayout() {
  const categories = useCategories();
  const cartCount = useCartCount();
  const { user } = useSession();
  const [messagesUnread, setMessagesUnread] = useState(0);
  return (
    <SiteLayout
      categories={categories.data?.items ?? []}
      cartCount={cartCount}
      notifications={
        user && (
          <Suspense fallback={<HeaderIconSpace className="inline-flex h-10 w-9 sm:w-10" />}>
            <NotificationBell />
          </Suspense>
        )
      }
      messages={
        user && (
          <Suspense fallback={<HeaderIconSpace className="hidden h-10 w-10 sm:inline-flex" />}>
            <UnreadMessagesLink onCount={setMessagesUnread} />
          </Suspense>
        )
      }
      messagesUnread={user ? messagesUnread : 0}
    >
      <ScrollRestoration />
      <ListingCardActionProvider action={watchHeart}>
        <Outlet />
      </ListingCardActionProvider>
      <AuthModalSlot />
      <ProfileModalGate />
      <SavedCartSyncSlot />
    </SiteLayout>
  );
}
