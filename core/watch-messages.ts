import { MAX_FOLLOWED_SELLERS, MAX_SAVED_SEARCHES, MAX_WATCHED_ITEMS } from "./limits";

// Apart from contracts/watching.ts (which re-exports them) so that the heart on every listing card
// can say them without downloading the watching schemas and zod with them.

/** The spec's watchlist, saved search and saved seller texts, word for word, and ours beside them. */
export const WATCH_MESSAGES = {
  itemRemoved: "Item removed from watchlist",
  removeFailed: "Failed to remove item",
  searchDeleted: "Search deleted",
  deleteSearchFailed: "Failed to delete search",
  notificationsEnabled: "Notifications enabled",
  notificationsDisabled: "Notifications disabled",
  notificationsFailed: "Failed to update notifications",
  sellerUnfollowed: "Seller unfollowed",
  unfollowFailed: "Failed to unfollow seller",
  // Ours: the spec shows no text for these.
  itemAdded: "Added to your watchlist",
  addFailed: "Failed to add item to watchlist",
  searchSaved: "Search saved",
  saveSearchFailed: "Failed to save search",
  searchUpdated: "Search updated",
  sellerFollowed: "Seller followed",
  followFailed: "Failed to follow seller",
  cannotWatchOwn: "You can't watch your own listing.",
  cannotFollowSelf: "You can't follow yourself.",
  watchlistFull: `Your watchlist is full (${MAX_WATCHED_ITEMS} items). Remove some to add more.`,
  savedSearchesFull: `You have ${MAX_SAVED_SEARCHES} saved searches, the most there can be. Delete one to save another.`,
  followsFull: `You follow ${MAX_FOLLOWED_SELLERS.toLocaleString("en-US")} sellers, the most there can be. Unfollow one to follow another.`,
  searchNameRequired: "Please enter a name for this search",
  searchAlreadySaved: "You have already saved this search.",
} as const;
