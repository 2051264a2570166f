import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminListingSchema } from "../../../../core/contracts/admin";
import { apiRequest } from "../../../lib/api-client";
import { afterStaffAction } from "../cache";

export type ListingAction = "remove" | "restore" | "approve";

/** POST /api/admin/listings/{id}/remove | restore | approve, with the reason sent to the seller. */
export function moderateListing(id: string, action: ListingAction, reason: string) {
  return apiRequest(`/api/admin/listings/${encodeURIComponent(id)}/${action}`, adminListingSchema, {
    method: "POST",
    body: { reason },
  });
}

export function useModerateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: ListingAction; reason: string }) =>
      moderateListing(input.id, input.action, input.reason),
    onSuccess: () => {
      void afterStaffAction(queryClient);
    },
  });
}
