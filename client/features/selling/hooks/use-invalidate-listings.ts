import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

// Every list or page that may show a listing the seller just changed: browse and home lists,
// the detail page, the seller's own lists and stores.
const LISTING_KEYS = new Set(["listings", "listing", "home", "me", "store"]);

/** Returns a function that refreshes whatever may show a created, edited or deleted listing. */
export function useInvalidateListings() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.invalidateQueries({
        predicate: (query) => LISTING_KEYS.has(String(query.queryKey[0])),
      }),
    [queryClient],
  );
}
