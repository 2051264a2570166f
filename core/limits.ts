/** Constants of the spec that both sides read. */
export const HOME_SECTION_SIZE = 4;
export const DAILY_PICKS_SIZE = 12;
export const BID_HISTORY_SHOWN = 5;
export const NAV_TOP_CATEGORIES = 8;
export const MEGA_MENU_COLUMNS = 4;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;
export const TAX_RATE_PERCENT = 10;
export const MAX_PHOTOS_PER_LISTING = 12;
export const AUCTION_DURATIONS_DAYS = [1, 3, 5, 7, 10] as const;
export const DEFAULT_AUCTION_DAYS = 7;
export const RETURN_POLICY_DAYS = [30, 14, 7, 0] as const;

/** What one user may keep on their watchlists (issue: watching). */
export const MAX_WATCHED_ITEMS = 500;
export const MAX_SAVED_SEARCHES = 100;
export const MAX_FOLLOWED_SELLERS = 1_000;
/** A watcher is told an auction is ending when it is this many minutes from its end. */
export const WATCH_ENDING_SOON_MINUTES = 60;
/** The watchlist's "ending soon" filter: auctions ending within this many hours. */
export const WATCHLIST_ENDING_SOON_HOURS = 24;
