import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "sonner";
import { WATCH_MESSAGES } from "../../../../core/watch-messages";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import { useWatchedIds } from "../api/get-watched-ids";
import { unwatchListing } from "../api/unwatch-listing";
import { watchListing } from "../api/watch-listing";
import { watchErrorMessage } from "./watch-errors";

// Every card's heart uses this hook, so the cache rules load only when a heart is pressed (a
// signed-in page has them already: the session fetches them).
const loadInvalidations = () => import("../cache");

/**
 * Watching one listing: whether it is watched, and a toggle that shows the change at once, says
 * so in a toast and goes back (with the error's toast) if the server refuses. A visitor gets the
 * sign-in modal; once signed in the listing is added (not toggled: it may already be watched).
 */
export function useToggleWatch(listingId: string) {
  const client = useQueryClient();
  const requireSignIn = useRequireSignIn();
  const watching = useWatchedIds().has(listingId);

  const mutation = useMutation({
    mutationFn: (watch: boolean) => (watch ? watchListing(listingId) : unwatchListing(listingId)),
    onMutate: async (watch) => (await loadInvalidations()).showWatching(client, listingId, watch),
    onError: (error, watch, undo) => {
      undo?.();
      toast.error(
        watchErrorMessage(error, watch ? WATCH_MESSAGES.addFailed : WATCH_MESSAGES.removeFailed),
      );
    },
    onSuccess: (state) => {
      void loadInvalidations().then(({ afterWatchChanged }) => afterWatchChanged(client, state));
      toast.success(state.watching ? WATCH_MESSAGES.itemAdded : WATCH_MESSAGES.itemRemoved);
    },
  });

  const { mutate } = mutation;
  const toggle = useCallback(() => {
    if (requireSignIn("watch", () => mutate(true))) mutate(!watching);
  }, [requireSignIn, mutate, watching]);

  /** Takes it off the watchlist whatever the hearts think (the watchlist page's Remove). */
  const remove = useCallback(() => mutate(false), [mutate]);

  return { watching, toggle, remove, pending: mutation.isPending };
}
