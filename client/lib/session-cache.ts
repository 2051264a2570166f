import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { Session, SessionUser } from "../../core/contracts/accounts";
import { invalidate } from "./invalidate";
import { queryKeys } from "./query-keys";

/**
 * What reads differently depending on who is signed in. Left out on purpose: the session (set
 * directly), the category tree and territories, the sign-in and payment providers, the dev
 * outbox, and an emailed link's confirmation (refetching it would post a one-time token again).
 */
const viewerDependent: readonly QueryKey[] = [
  queryKeys.listings.all, // the viewer's standing on a listing, own listings, the edit form
  queryKeys.home.all, // listings may read differently for a signed-in user
  queryKeys.store.all, // as above
  queryKeys.cart.all, // own listings can't be bought
  queryKeys.orders.all,
  queryKeys.sales.all,
  queryKeys.myListings.all,
  queryKeys.myBids.all,
  queryKeys.offers.all, // a buyer's offers and a seller's received ones
  queryKeys.notifications.all, // lists, unread count and preferences are the user's
  queryKeys.messages.all, // conversations are the user's
  queryKeys.payments.sandboxSessions,
  queryKeys.selling.all,
  queryKeys.watching.all, // watchlist, saved searches and follows are the user's
  queryKeys.admin.all, // staff only
];

/** Signed in (password form): the page switches at once, then the viewer's data is refetched. */
export function afterSignIn(client: QueryClient, user: SessionUser): Promise<void> {
  client.setQueryData<Session>(queryKeys.session.current, { user });
  return invalidate(client, viewerDependent);
}

/** Signed out (whatever the server answered): the page forgets the user, then refetches. */
export function afterSignOut(client: QueryClient): Promise<void> {
  client.setQueryData<Session>(queryKeys.session.current, { user: null });
  return invalidate(client, viewerDependent);
}

/** The server said nobody is signed in (the wizard's own check): the header learns it too. */
export function afterSignedOutFound(client: QueryClient): void {
  client.setQueryData<Session>(queryKeys.session.current, { user: null });
}

/** A call was answered "not signed in": the page's idea of the session is stale, ask again. */
export function afterUnauthorizedAnswer(client: QueryClient): Promise<void> {
  return invalidate(client, [queryKeys.session.current]);
}
