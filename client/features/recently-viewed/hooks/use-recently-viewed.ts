import { useSyncExternalStore } from "react";
import { RECENTLY_VIEWED_SIZE } from "../../../../core/listing";

/**
 * The listings this browser viewed last, newest first: kept in local storage (not on the server),
 * so a returning visitor finds them on the home page whether or not they sign in.
 */
export const RECENTLY_VIEWED_STORAGE_KEY = "tradewinds:recently-viewed";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMPTY: readonly string[] = Object.freeze([]);

/** The list after viewing `id`: it moves to the front, once, and the oldest beyond the limit go. */
export function withViewed(ids: readonly string[], id: string): string[] {
  return [id, ...ids.filter((other) => other !== id)].slice(0, RECENTLY_VIEWED_SIZE);
}

/** What storage holds, trusted only as far as it parses: anything else is dropped. */
export function parseRecentlyViewed(raw: string | null): readonly string[] {
  if (!raw) return EMPTY;
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return EMPTY;
    const ids = data.filter((id): id is string => typeof id === "string" && UUID.test(id));
    return [...new Set(ids)].slice(0, RECENTLY_VIEWED_SIZE);
  } catch {
    return EMPTY;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(RECENTLY_VIEWED_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy settings): nothing is remembered, nothing breaks.
    return null;
  }
}

// useSyncExternalStore wants the same snapshot object while nothing changed: parse once per text.
let cachedRaw: string | null | undefined;
let cachedIds: readonly string[] = EMPTY;

function snapshot(): readonly string[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedIds = parseRecentlyViewed(raw);
  }
  return cachedIds;
}

const listeners = new Set<() => void>();

function write(ids: readonly string[]) {
  try {
    if (ids.length === 0) window.localStorage.removeItem(RECENTLY_VIEWED_STORAGE_KEY);
    else window.localStorage.setItem(RECENTLY_VIEWED_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Full or disabled storage: the history is a convenience, so it is quietly not kept.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Other tabs viewing listings or clearing the list.
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENTLY_VIEWED_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Remembers that this browser viewed the listing (its page was shown). */
export function recordRecentlyViewed(id: string) {
  if (!UUID.test(id)) return;
  const ids = snapshot();
  if (ids[0] === id) return;
  write(withViewed(ids, id));
}

export function clearRecentlyViewed() {
  write(EMPTY);
}

/** The remembered listing ids, newest first. */
export function useRecentlyViewedIds(): readonly string[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}
