import { useDeferredValue } from "react";

/**
 * Server data for a large subtree (a page of cards, a listing's page), handed to React at low
 * priority. A query's answer reaches components through useSyncExternalStore, which React always
 * renders in one uninterrupted task; on a phone, drawing 24 cards that way held the main thread for
 * a few hundred milliseconds, time in which a tap or a scroll waited. Through useDeferredValue the
 * same render is a transition, which React does in slices and yields between, so the page answers
 * input while it draws. The first answer keeps the placeholder until it is drawn (this returns
 * undefined until then); a newer answer keeps the older one on screen meanwhile. Undefined (a new
 * key still loading) is passed at once, so a placeholder never waits behind another page's data.
 */
export function useDeferredData<T>(data: T | undefined): T | undefined {
  const deferred = useDeferredValue(data);
  return data === undefined ? undefined : deferred;
}
