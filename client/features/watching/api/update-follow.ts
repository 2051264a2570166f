import { useMutation, useQueryClient } from "@tanstack/react-query";
import { followedSellerSchema, type UpdateFollow } from "../../../../core/contracts/watching";
import { apiRequest } from "../../../lib/api-client";
import { afterFollowUpdated, showFollowNotifications } from "../cache";

/** PATCH /api/me/followed-sellers/{sellerId}: whether their new listings notify the caller. */
export function updateFollow({ sellerId, ...change }: UpdateFollow & { sellerId: string }) {
  return apiRequest(
    `/api/me/followed-sellers/${encodeURIComponent(sellerId)}`,
    followedSellerSchema,
    { method: "PATCH", body: change },
  );
}

/** Saves the switch, showing it at once and putting it back if the server refuses. */
export function useUpdateFollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateFollow,
    onMutate: ({ sellerId, notificationsEnabled }) =>
      showFollowNotifications(client, sellerId, notificationsEnabled),
    onError: (_error, _change, undo) => undo?.(),
    onSuccess: (followed) => afterFollowUpdated(client, followed),
  });
}
