import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "sonner";
import { WATCH_MESSAGES } from "../../../../core/watch-messages";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import { followSeller } from "../api/follow-seller";
import { useFollowedIds } from "../api/get-followed-ids";
import { unfollowSeller } from "../api/unfollow-seller";
import { afterFollowChanged, showFollowing } from "../cache";
import { watchErrorMessage } from "./watch-errors";

/**
 * Following one seller: whether they are followed, and a toggle shown at once, confirmed in a
 * toast and put back if refused. A visitor signs in first, then the seller is followed.
 */
export function useToggleFollow(sellerId: string) {
  const client = useQueryClient();
  const requireSignIn = useRequireSignIn();
  const following = useFollowedIds().has(sellerId);

  const mutation = useMutation({
    mutationFn: async (follow: boolean) => {
      if (follow) await followSeller(sellerId);
      else await unfollowSeller(sellerId);
      return follow;
    },
    onMutate: (follow) => showFollowing(client, sellerId, follow),
    onError: (error, follow, undo) => {
      undo?.();
      toast.error(
        watchErrorMessage(
          error,
          follow ? WATCH_MESSAGES.followFailed : WATCH_MESSAGES.unfollowFailed,
        ),
      );
    },
    onSuccess: (follow) => {
      void afterFollowChanged(client, sellerId, follow);
      toast.success(follow ? WATCH_MESSAGES.sellerFollowed : WATCH_MESSAGES.sellerUnfollowed);
    },
  });

  const { mutate } = mutation;
  const toggle = useCallback(() => {
    if (requireSignIn("follow", () => mutate(true))) mutate(!following);
  }, [requireSignIn, mutate, following]);

  /** Unfollows whatever the buttons think (the saved sellers page's Unfollow). */
  const unfollow = useCallback(() => mutate(false), [mutate]);

  return { following, toggle, unfollow, pending: mutation.isPending };
}
